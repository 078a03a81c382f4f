// Flat memory (#17): every per-stream map of the parser is bounded, so a long
// stream (a server bus left open for days) keeps what it can still refer to and
// forgets the rest.
import type { DisplayEvent, LineContext } from '@x/core';
import { compactKey, type RecentMap } from '@x/core/provider-utils';
import { describe, expect, it } from 'vitest';
import { S, assistantMessage, bus, partUpdated, sessionCreated, tokens, userMessage } from '../test/lines.js';
import { parseOpenCodeLine } from './parser.js';
import { MAX_CHILD_SESSIONS, MAX_REMEMBERED, createOpenCodeState, type OpenCodeState } from './state.js';

const silent: LineContext = { lineNumber: 1, ignore() {}, malformed() {}, unknown() {} };
const LONG = 5000;
const ids = (prefix: string) => Array.from({ length: LONG }, (_, i) => `${prefix}_${String(i).padStart(5, '0')}`);
const kept = (map: RecentMap<string, unknown>, keys: readonly string[]) => keys.filter((key) => map.has(compactKey(key)));

function feed(state: OpenCodeState, lines: Iterable<string>): DisplayEvent[] {
  const events: DisplayEvent[] = [];
  for (const line of lines) events.push(...parseOpenCodeLine(state, line, silent));
  return events;
}

describe('a long stream keeps the parser state bounded', () => {
  it('remembers the newest user messages, parts and steps only', () => {
    const state = createOpenCodeState();
    const users = ids('msg_u');
    const parts = ids('prt_t');
    const steps = ids('prt_f');
    feed(state, [assistantMessage()]);
    for (let i = 0; i < LONG; i++) {
      feed(state, [
        userMessage(users[i]),
        partUpdated({ id: parts[i], type: 'text', text: 'x' }),
        partUpdated({ id: steps[i], type: 'step-finish', reason: 'tool-calls', cost: 0, tokens }),
      ]);
    }
    expect(kept(state.userMessages, users)).toEqual(users.slice(-MAX_REMEMBERED));
    expect(kept(state.partKinds, parts)).toEqual(parts.slice(-MAX_REMEMBERED));
    expect(kept(state.countedSteps, steps)).toEqual(steps.slice(-MAX_REMEMBERED));
  });

  it('remembers the newest subagent sessions only', () => {
    const state = createOpenCodeState();
    const children = ids('ses_child');
    feed(state, [assistantMessage(), ...children.map((id) => sessionCreated(id, { parentID: S }))]);
    expect(kept(state.children, children)).toEqual(children.slice(-MAX_CHILD_SESSIONS));
  });

  it('remembers a bounded number of reported errors: an old one is reported again, a recent one is not', () => {
    const state = createOpenCodeState();
    const error = (i: number) => bus('session.error', { sessionID: S, error: { name: 'UnknownError', data: { message: `failure ${i}` } } });
    const messages = (events: DisplayEvent[]) => events.flatMap((e) => (e.kind === 'error' ? [e.message] : []));
    expect(messages(feed(state, Array.from({ length: LONG }, (_, i) => error(i))))).toHaveLength(LONG);
    expect(messages(feed(state, [error(0), error(LONG - 1)]))).toEqual(['failure 0']);
  });

  // Up to 256 children are kept, each named from a line of up to 16 MiB: 250 task calls with 800 KB call ids kept 191 MiB before.
  it("keeps a child session's call id and model only when no longer than any real one", () => {
    const state = createOpenCodeState();
    const huge = (tag: string) => `${tag}${'q'.repeat(100_000)}`;
    const task = (id: string, callID: string, child: string) =>
      partUpdated({ id, type: 'tool', callID, tool: 'task', state: { status: 'running', input: { prompt: 'p' }, title: 't', metadata: { sessionId: child }, time: { start: 1 } } });
    feed(state, [assistantMessage(), task('prt_1', 'toolu_1', 'ses_c1'), task('prt_2', huge('toolu_'), 'ses_c2')]);
    feed(state, [assistantMessage({ modelID: huge('m') }, 'ses_c1', 'msg_c1')]);
    expect(state.children.get(compactKey('ses_c1'))).toMatchObject({ parentToolUseId: 'toolu_1', model: undefined });
    expect(state.children.get(compactKey('ses_c2'))?.parentToolUseId).toBeUndefined();
    feed(state, [assistantMessage({ modelID: 'sonnet', providerID: 'anthropic' }, 'ses_c1', 'msg_c2')]);
    expect(state.children.get(compactKey('ses_c1'))?.model).toBe('anthropic/sonnet');
  });
});
