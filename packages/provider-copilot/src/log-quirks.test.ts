import { describe, expect, it } from 'vitest';
import { detectCopilotLog } from './log-detect.js';
import { copilotLogSource } from './log-source.js';
import { type CopilotHead, visitCopilotEvent } from './session-head.js';
import { eventLine, outcomes, replayLog } from './test-helpers.js';

// Written from docs/formats/copilot.md §4 (the session-state log and its
// quirks) and the package README ("Session logs"), event by event.

const at = (second: number) => `2026-06-02T09:00:${String(second).padStart(2, '0')}.000Z`;
const line = (type: string, data: unknown, second: number, id = `e${second}`) => eventLine(type, data, { id, timestamp: at(second) });

const start = line(
  'session.start',
  {
    sessionId: 's-log',
    version: 1,
    producer: 'copilot-agent',
    copilotVersion: '1.0.60',
    startTime: at(0),
    selectedModel: 'claude-sonnet-4.6',
    context: { cwd: '/work/demo', branch: 'feature/slug' },
  },
  0,
);
const START = {
  kind: 'session',
  phase: 'start',
  sessionId: 's-log',
  model: 'claude-sonnet-4.6',
  cwd: '/work/demo',
  agentVersion: '1.0.60',
  timestamp: at(0),
  gitBranch: 'feature/slug',
} as const;
const shutdownData = {
  shutdownType: 'routine',
  totalPremiumRequests: 2,
  totalApiDurationMs: 6100,
  sessionStartTime: Date.parse(at(0)),
  codeChanges: { linesAdded: 3, linesRemoved: 1, filesModified: ['src/a.ts'] },
  modelMetrics: {
    'claude-sonnet-4.6': { requests: { count: 2, cost: 1 }, usage: { inputTokens: 21000, outputTokens: 50, cacheReadTokens: 9000, cacheWriteTokens: 0 } },
    'gpt-5': { requests: { count: 1, cost: 1 }, usage: { inputTokens: 4000, outputTokens: 11 } },
    broken: 'not an object',
  },
  currentModel: 'gpt-5',
};

describe('copilot.md §4 log quirks', () => {
  it('1, 3, 4, 5, 8. whole messages, the prompt as typed, the git branch, each line its time; a crashed session ends incomplete', () => {
    const { events } = replayLog([
      start,
      line('user.message', { content: 'Find the callers of slugify', transformedContent: '<context>…</context> Find the callers of slugify' }, 2, 'u1'),
      line('assistant.turn_start', { turnId: '0' }, 3),
      line('assistant.message', { messageId: 'm1', content: 'In src/a.ts.', toolRequests: [], outputTokens: 5 }, 4),
    ]);
    expect(events).toEqual([
      START,
      { kind: 'prompt', form: 'prompt', text: 'Find the callers of slugify', id: 'u1', timestamp: at(2) },
      { kind: 'text', id: 'm1', text: 'In src/a.ts.', timestamp: at(4) },
      // A crashed session (no shutdown) ends incomplete, with what the messages counted.
      { kind: 'usage', cumulative: true, outputTokens: 5, model: 'claude-sonnet-4.6' },
      { kind: 'session', phase: 'end', status: 'incomplete', sessionId: 's-log', model: 'claude-sonnet-4.6', turns: 1 },
    ]);
  });

  it('3, 8. session.shutdown gives usage per model, the summary notice and the session end, with what only Copilot reports under providerMetadata.copilot', () => {
    const { events } = replayLog([
      start,
      line('assistant.turn_start', { turnId: '0' }, 1),
      line('assistant.message', { messageId: 'm1', content: 'Done.', outputTokens: 61 }, 2),
      line('assistant.turn_end', { turnId: '0' }, 3),
      line('session.shutdown', shutdownData, 20),
    ]);
    expect(events.slice(2)).toEqual([
      {
        kind: 'usage',
        cumulative: false,
        model: 'claude-sonnet-4.6',
        inputTokens: 21000,
        outputTokens: 50,
        cacheReadTokens: 9000,
        cacheWriteTokens: 0,
        providerMetadata: { copilot: { requests: { count: 2, cost: 1 } } },
        timestamp: at(20),
      },
      {
        kind: 'usage',
        cumulative: false,
        model: 'gpt-5',
        inputTokens: 4000,
        outputTokens: 11,
        providerMetadata: { copilot: { requests: { count: 1, cost: 1 } } },
        timestamp: at(20),
      },
      { kind: 'notice', level: 'info', code: 'shutdown', message: 'Session ended: 2 premium request(s), code changes +3 -1 in 1 file(s)', timestamp: at(20) },
      {
        kind: 'session',
        phase: 'end',
        status: 'success',
        sessionId: 's-log',
        model: 'gpt-5',
        durationMs: 20000,
        turns: 1,
        providerMetadata: {
          copilot: { premiumRequests: 2, totalApiDurationMs: 6100, codeChanges: { linesAdded: 3, linesRemoved: 1, filesModified: ['src/a.ts'] } },
        },
        timestamp: at(20),
      },
    ]);
  });

  it('3. the session ends error after a session.error or a shutdownType "error", cancelled after an abort', () => {
    const error = line('session.error', { errorType: 'rate_limit', message: 'Rate limit exceeded', statusCode: 429 }, 5);
    const end = (lines: string[]) => replayLog(lines).events.at(-1);
    expect(end([start, error, line('session.shutdown', { shutdownType: 'routine' }, 6)])).toEqual({
      kind: 'session',
      phase: 'end',
      status: 'error',
      sessionId: 's-log',
      timestamp: at(6),
    });
    expect(end([start, line('session.shutdown', { shutdownType: 'error', errorReason: 'crash' }, 6)])).toEqual({
      kind: 'session',
      phase: 'end',
      status: 'error',
      sessionId: 's-log',
      timestamp: at(6),
    });
    expect(end([start, line('abort', { reason: 'user_initiated' }, 5), line('session.shutdown', {}, 6)])).toEqual({
      kind: 'session',
      phase: 'end',
      status: 'cancelled',
      sessionId: 's-log',
      timestamp: at(6),
    });
  });

  it('a resumed session: a shutdown with an accountingSnapshot restates the totals (only the increase is usage), one without counts its own run', () => {
    // As recorded from Copilot CLI 1.0.102 and 1.0.62 (fixtures/copilot-log/recorded/<version>/resumed).
    const metrics = (input: number, output: number) => ({ 'gpt-5.5': { requests: { count: 1, cost: 0 }, usage: { inputTokens: input, outputTokens: output } } });
    const shut = (second: number, input: number, output: number, snapshot: boolean) =>
      line('session.shutdown', { shutdownType: 'routine', sessionStartTime: Date.parse(at(0)), modelMetrics: metrics(input, output), ...(snapshot ? { accountingSnapshot: { totalUserRequests: second } } : {}) }, second);
    const usage = (lines: string[]) => replayLog(lines).events.flatMap((e) => (e.kind === 'usage' ? [[e.inputTokens, e.outputTokens]] : []));
    expect(usage([start, shut(1, 1501, 31, true), shut(2, 3003, 63, true)])).toEqual([
      [1501, 31],
      [1502, 32],
    ]);
    expect(usage([start, shut(1, 1501, 31, false), shut(2, 1502, 32, false)])).toEqual([
      [1501, 31],
      [1502, 32],
    ]);
  });

  it('10. from 1.0.70 the shutdown of a resumed session restates the totals with no accountingSnapshot: the log and the listing count them once', () => {
    // Copilot CLI 1.0.70, fixtures/copilot-log/recorded/1.0.70/resumed/ (scenario resumed): the first shutdown counts
    // 1 request and 1,501 input tokens, the second 2 requests and 3,003, the two runs together (1.0.80 and 1.0.92 too).
    const started = line('session.start', { sessionId: 's-log', copilotVersion: '1.0.70', startTime: at(0), context: { cwd: '/w' } }, 0);
    const metrics = (count: number, input: number, output: number) => ({ 'gpt-5.5': { requests: { count, cost: 0 }, usage: { inputTokens: input, outputTokens: output } } });
    const shutdowns = [
      { shutdownType: 'routine', sessionStartTime: Date.parse(at(0)), modelMetrics: metrics(1, 1501, 31) },
      { shutdownType: 'routine', sessionStartTime: Date.parse(at(0)), modelMetrics: metrics(2, 3003, 63) },
    ];
    const usage = replayLog([started, ...shutdowns.map((data, index) => line('session.shutdown', data, index + 1))]).events.flatMap((e) =>
      e.kind === 'usage' ? [[e.inputTokens, e.outputTokens]] : [],
    );
    expect(usage).toEqual([
      [1501, 31],
      [1502, 32],
    ]);
    const head: CopilotHead = { prompts: 0, shown: false };
    visitCopilotEvent(head, JSON.parse(started));
    for (const data of shutdowns) visitCopilotEvent(head, { type: 'session.shutdown', data });
    expect(head.tokens).toBe(3003 + 63);
  });

  it('2. compaction is a marker; a failed one a warning', () => {
    const { events } = replayLog([line('session.compaction_complete', { success: true }, 1), line('session.compaction_complete', { success: false }, 2)]);
    expect(events).toEqual([
      { kind: 'notice', level: 'info', code: 'compaction', message: 'Conversation compacted', timestamp: at(1) },
      { kind: 'notice', level: 'warning', code: 'compaction', message: 'Compaction failed', timestamp: at(2) },
    ]);
  });

  it('2. what the log has and shows nothing of is ignored with its reason', () => {
    const lines = [
      line('system.message', { content: 'You are…' }, 1),
      line('hook.start', { hookType: 'preToolUse' }, 2),
      line('hook.end', { hookType: 'preToolUse' }, 3),
      line('session.model_change', { newModel: 'gpt-5' }, 4),
      line('session.compaction_start', {}, 5),
      line('assistant.usage', { model: 'gpt-5', inputTokens: 1, outputTokens: 1 }, 6),
      line('session.idle', {}, 7),
      line('user.message', { attachments: [] }, 8),
    ];
    expect(replayLog(lines).events).toEqual([]);
    expect(outcomes(lines, copilotLogSource)).toEqual([
      ['ignored', 'system prompt'],
      ['ignored', 'hook run (hooks are not shown)'],
      ['ignored', 'hook run (hooks are not shown)'],
      ['ignored', 'model change (later turns name the new model)'],
      ['ignored', 'compaction started (its marker comes when it completes)'],
      ['ignored', 'per-call usage (the totals come from session.shutdown)'],
      ['ignored', 'session.idle is not written to stdout (a session-state events.jsonl line)'],
      ['ignored', "the user's prompt, without content"],
    ]);
  });

  it('a session resumed in the same log after its shutdown starts again', () => {
    const { events } = replayLog([start, line('session.shutdown', {}, 5), line('session.resume', { resumeTime: at(9), eventCount: 3 }, 9)]);
    expect(events.map((event) => (event.kind === 'session' ? `${event.phase}:${event.status ?? ''}` : event.kind))).toEqual([
      'start:',
      'end:success',
      'start:',
      'end:incomplete',
    ]);
  });

  it('a session resumed in the same log starts with the id of the session.start before it, and the cwd its resume names', () => {
    // Copilot CLI 1.0.80, fixtures/copilot-log/recorded/1.0.80/resumed (scenario resumed): session.resume names no session id.
    const resume = line('session.resume', { resumeTime: at(9), eventCount: 8, selectedModel: 'gpt-5.5', context: { cwd: '/home/lab/project' } }, 9);
    const { events } = replayLog([start, line('session.shutdown', {}, 5), resume]);
    const starts = events.filter((event) => event.kind === 'session' && event.phase === 'start');
    expect(starts[1]).toEqual({ kind: 'session', phase: 'start', sessionId: 's-log', model: 'gpt-5.5', cwd: '/home/lab/project', timestamp: at(9) });
  });

  it("6. a subagent's events nest under the task call that started it", () => {
    const { events } = replayLog([
      line('tool.execution_start', { toolCallId: 'task', toolName: 'task', arguments: { description: 'Find callers', prompt: 'List them.' } }, 1),
      line('subagent.started', { toolCallId: 'task', agentName: 'explore', agentDisplayName: 'Explore' }, 2),
      line('assistant.message', { messageId: 'sm', content: 'Two callers.', parentToolCallId: 'task' }, 3),
      line('subagent.completed', { toolCallId: 'task', agentName: 'explore', agentDisplayName: 'Explore' }, 4),
      line('tool.execution_complete', { toolCallId: 'task', success: true, result: { content: 'Two callers.' } }, 5),
    ]);
    expect(events).toEqual([
      {
        kind: 'tool-use',
        id: 'task',
        name: 'Task',
        toolName: 'task',
        toolKind: 'think',
        arg: 'Find callers',
        input: { description: 'Find callers', prompt: 'List them.' },
        timestamp: at(1),
      },
      { kind: 'text', id: 'sm', text: 'Two callers.', parentToolUseId: 'task', timestamp: at(3) },
      {
        kind: 'tool-result',
        id: 'task',
        name: 'Task',
        toolKind: 'think',
        status: 'success',
        outputState: 'text',
        details: {},
        output: 'Two callers.',
        timestamp: at(5),
      },
    ]);
  });

  it('7. lines with nothing that tells a log from stdout are left to the stdout source; a log-only type or a stdout-only line decides', () => {
    const shared = [start, line('assistant.turn_start', { turnId: '0' }, 1)];
    expect(detectCopilotLog(shared)).toEqual({ confidence: 0.4, evidence: 'Copilot session events with nothing that tells a log from stdout' });
    expect(detectCopilotLog([...shared, line('hook.start', {}, 2)])).toEqual({ confidence: 1, evidence: 'hook.start is an event stdout never carries' });
    expect(detectCopilotLog([...shared, eventLine('assistant.message_delta', { messageId: 'm', deltaContent: 'x' }, { ephemeral: true })])).toEqual({
      confidence: 0,
      evidence: 'assistant.message_delta is a line only stdout carries',
    });
  });

  // Hand-derived from 1.0.20's interrupted run (recorded: fixtures/copilot-log/recorded/1.0.20/interrupted/…/events.jsonl):
  // Ctrl-C while the answer streamed; no abort, no turn_end, no message (its deltas are not written), then a routine shutdown.
  it('9. a routine shutdown in the middle of a turn (1.0.20, Ctrl-C) ends the session cancelled, not successful', () => {
    const interrupted = { shutdownType: 'routine', totalPremiumRequests: 0, totalApiDurationMs: 0, sessionStartTime: Date.parse(at(0)), codeChanges: { linesAdded: 0, linesRemoved: 0, filesModified: [] }, modelMetrics: {}, currentModel: 'gpt-5.5' };
    const { events } = replayLog([
      start,
      line('session.model_change', { newModel: 'gpt-5.5' }, 1),
      line('user.message', { content: 'Write a long essay.', transformedContent: '<current_datetime>…</current_datetime>\n\nWrite a long essay.', attachments: [] }, 2, 'u1'),
      line('assistant.turn_start', { turnId: '0' }, 3),
      line('session.shutdown', interrupted, 10),
    ]);
    expect(events.slice(1)).toEqual([
      { kind: 'prompt', form: 'prompt', text: 'Write a long essay.', id: 'u1', timestamp: at(2) },
      { kind: 'notice', level: 'info', code: 'shutdown', message: 'Session ended: 0 premium request(s), code changes +0 -0 in 0 file(s)', timestamp: at(10) },
      {
        kind: 'session',
        phase: 'end',
        status: 'cancelled',
        sessionId: 's-log',
        model: 'gpt-5.5',
        durationMs: 10000,
        turns: 1,
        providerMetadata: { copilot: { premiumRequests: 0, totalApiDurationMs: 0, codeChanges: { linesAdded: 0, linesRemoved: 0, filesModified: [] } } },
        timestamp: at(10),
      },
    ]);
  });
});
