import type { DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { eventLine, outcomes, replay, resultLine, sessionStartLine } from './test-helpers.js';

// The session rules of the package README ("Events") and core's session
// lifecycle (start once, an end pairs a start, a fatal error once, zero
// figures of a failed run left out, incomplete at the end), on exact events.

const message = (messageId: string, content: string, data: Record<string, unknown> = {}) =>
  eventLine('assistant.message', { messageId, content, toolRequests: [], ...data });

const MODEL = 'claude-sonnet-4.5';
const START: DisplayEvent = {
  kind: 'session',
  phase: 'start',
  sessionId: 'sess-1',
  model: MODEL,
  agentVersion: '1.0.102',
  timestamp: '2026-01-15T10:00:00.000Z',
};
const USAGE: DisplayEvent = { kind: 'usage', cumulative: true, model: MODEL, providerMetadata: { copilot: { premiumRequests: 1, totalApiDurationMs: 900 } } };
const METADATA = { copilot: { premiumRequests: 1, codeChanges: { linesAdded: 0, linesRemoved: 0, filesModified: [] } } };

describe('sessions', () => {
  it('session.start is the session start; the result line gives the usage and the session end', () => {
    expect(replay([sessionStartLine('sess-1', { context: { cwd: '/work/demo' } }), message('m1', 'Hi', { outputTokens: 2 }), resultLine(0)]).events).toEqual([
      { ...START, cwd: '/work/demo' },
      { kind: 'text', id: 'm1', text: 'Hi' },
      { ...USAGE, outputTokens: 2 },
      { kind: 'session', phase: 'end', status: 'success', sessionId: 'sess-1', model: MODEL, durationMs: 9000, providerMetadata: METADATA },
    ]);
  });

  it('session.resume starts a session without an id of its own; the result line supplies it', () => {
    const { events } = replay([
      eventLine('session.resume', { resumeTime: '2026-01-15T10:00:00.000Z', eventCount: 12, selectedModel: 'gpt-5' }),
      resultLine(0, {}, 'sess-r'),
    ]);
    expect(events).toEqual([
      { kind: 'session', phase: 'start', model: 'gpt-5' },
      { ...USAGE, model: 'gpt-5' },
      { kind: 'session', phase: 'end', status: 'success', sessionId: 'sess-r', model: 'gpt-5', durationMs: 9000, providerMetadata: METADATA },
    ]);
  });

  it('a session starts once: a second start while one is open shows nothing', () => {
    const lines = [sessionStartLine('s1'), sessionStartLine('s2'), eventLine('session.resume', { selectedModel: 'gpt-5' })];
    expect(replay(lines).events).toEqual([
      { ...START, sessionId: 's1' },
      { kind: 'session', phase: 'end', status: 'incomplete', sessionId: 's1', model: MODEL },
    ]);
    expect(outcomes(lines)).toEqual([
      ['ignored', 'a session is already open: it starts once'],
      ['ignored', 'a session is already open: it starts once'],
    ]);
  });

  it('a result line without a session start ends a session that has a start', () => {
    expect(replay([JSON.stringify({ type: 'result', sessionId: 's', success: false })]).events).toEqual([
      { kind: 'session', phase: 'start', sessionId: 's' },
      { kind: 'error', message: 'Copilot reported failure', fatal: true },
      { kind: 'session', phase: 'end', status: 'error', sessionId: 's' },
    ]);
  });

  it('an empty stream, or one without a session, ends no session', () => {
    expect(replay([]).events).toEqual([]);
    expect(replay([message('m1', 'Hi')]).events).toEqual([{ kind: 'text', id: 'm1', text: 'Hi' }]);
  });

  it('session.error is a fatal error once; the non-zero exit that follows adds no second error; zero figures of a failed run are left out', () => {
    const error = eventLine('session.error', { errorType: 'rate_limit', message: 'Rate limit exceeded' });
    const lines = [sessionStartLine(), error, error, resultLine(1, { sessionDurationMs: 0 })];
    expect(replay(lines).events).toEqual([
      START,
      { kind: 'error', message: 'Rate limit exceeded', fatal: true, code: 'rate_limit' },
      USAGE,
      { kind: 'session', phase: 'end', status: 'error', sessionId: 'sess-1', model: MODEL, providerMetadata: METADATA },
    ]);
    expect(outcomes(lines)).toEqual([['ignored', 'the same fatal error was already reported in this session']]);
  });

  it('a non-zero exitCode alone is a fatal error and an error status', () => {
    expect(replay([sessionStartLine(), resultLine(2)]).events).toEqual([
      START,
      { kind: 'error', message: 'Copilot exited with code 2', fatal: true, code: '2' },
      USAGE,
      { kind: 'session', phase: 'end', status: 'error', sessionId: 'sess-1', model: MODEL, durationMs: 9000, providerMetadata: METADATA },
    ]);
  });

  it('abort is a warning notice and the run ends cancelled, without an error for its exit code', () => {
    expect(replay([sessionStartLine(), eventLine('abort', { reason: 'user_initiated' }), resultLine(1)]).events).toEqual([
      START,
      { kind: 'notice', level: 'warning', message: 'The run was aborted (user_initiated)', code: 'user_initiated' },
      USAGE,
      { kind: 'session', phase: 'end', status: 'cancelled', sessionId: 'sess-1', model: MODEL, durationMs: 9000, providerMetadata: METADATA },
    ]);
  });

  it('starts afresh after a result line when a second run is appended', () => {
    const { events } = replay([
      sessionStartLine('s1'),
      message('m1', 'One', { outputTokens: 1 }),
      resultLine(0, {}, 's1'),
      sessionStartLine('s2'),
      message('m2', 'Two'),
      resultLine(0, {}, 's2'),
    ]);
    expect(events.filter((event) => event.kind === 'usage' || event.kind === 'session')).toEqual([
      { ...START, sessionId: 's1' },
      { ...USAGE, outputTokens: 1 },
      { kind: 'session', phase: 'end', status: 'success', sessionId: 's1', model: MODEL, durationMs: 9000, providerMetadata: METADATA },
      { ...START, sessionId: 's2' },
      USAGE,
      { kind: 'session', phase: 'end', status: 'success', sessionId: 's2', model: MODEL, durationMs: 9000, providerMetadata: METADATA },
    ]);
  });
});
