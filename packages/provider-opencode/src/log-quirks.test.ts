// One test per session-log quirk (docs/formats/opencode.md section 4, L1-L11),
// each on the exact events, written from the format notes.
import { replayLines, type DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { T, tokens, usage } from '../test/lines.js';
import { openCodeLogSource } from './log-source.js';
import { storageToExport } from './storage-export.js';

const ID = 'ses_log0001';
const iso = (ms: number) => new Date(ms).toISOString();
const sonnet = { providerID: 'anthropic', modelID: 'claude-sonnet-4-5' };
const user = (parts: object[], id = 'msg_u1') => ({ info: { id, sessionID: ID, role: 'user', time: { created: T }, agent: 'build', model: sonnet }, parts });
const assistant = (parts: object[], extra: object = {}, id = 'msg_a1') => ({
  info: { id, sessionID: ID, role: 'assistant', time: { created: T + 1000, completed: T + 3000 }, parentID: 'msg_u1', ...sonnet, mode: 'build', path: { cwd: '/w', root: '/w' }, cost: 0, tokens, finish: 'stop', ...extra },
  parts,
});
const doc = (messages: object[], info: object = {}) => ({ info: { id: ID, directory: '/w', title: 'Say hi', version: '1.1.30', time: { created: T, updated: T }, ...info }, messages });
const text = (id: string, value: string, extra: object = {}) => ({ id, sessionID: ID, messageID: 'msg_a1', type: 'text', text: value, time: { start: T + 1500, end: T + 2000 }, ...extra });
const finish = { id: 'prt_f', sessionID: ID, messageID: 'msg_a1', type: 'step-finish', reason: 'stop', cost: 0.01, tokens };

const events = (document: object) => replayLines(openCodeLogSource, [JSON.stringify(document)]).events;
const START = { kind: 'session', phase: 'start', sessionId: ID, model: 'anthropic/claude-sonnet-4-5', cwd: '/w', title: 'Say hi', agentVersion: '1.1.30', timestamp: iso(T) };
const end = (status: string, extra: object = { durationMs: 3000, turns: 1 }) => ({ kind: 'session', phase: 'end', status, sessionId: ID, ...extra, timestamp: iso(T + 3000) });
const prompt = (value: string) => ({ kind: 'prompt', form: 'prompt', text: value, id: 'msg_u1', timestamp: iso(T) });
const stepUsage = { ...usage, model: 'anthropic/claude-sonnet-4-5', timestamp: iso(T + 1000) };
const tail = (all: DisplayEvent[]) => all.slice(1, -1);

const HELLO = doc([user([{ id: 'prt_u', type: 'text', text: 'Say hi.' }]), assistant([{ id: 'prt_s', type: 'step-start' }, text('prt_a', 'Hi.'), finish])]);

describe('L1: a document spans many lines', () => {
  it('gives the same events pretty-printed and on one line, when its closing line arrives', () => {
    const expected = [START, prompt('Say hi.'), { kind: 'text', id: 'prt_a', text: 'Hi.', timestamp: iso(T + 1500) }, stepUsage, end('success')];
    expect(events(HELLO)).toEqual(expected);
    const lines = JSON.stringify(HELLO, null, 2).split('\n');
    const pretty = replayLines(openCodeLogSource, lines);
    expect(pretty.events).toEqual(expected);
    expect(pretty.accounting).toEqual({ lines: lines.length, events: 1, ignored: lines.length - 1, malformed: 0, unknown: 0, unexplained: 0, atEnd: 0, partial: 0 });
  });
});

describe('L2: synthetic and ignored text is not the prompt', () => {
  it('keeps only what the user typed', () => {
    const parts = [{ type: 'text', text: 'Read it.' }, { type: 'text', text: '<file>a.ts</file>', synthetic: true }, { type: 'text', text: 'old', ignored: true }];
    expect(tail(events(doc([user(parts)])))).toEqual([prompt('Read it.')]);
  });
});

describe('L3: an empty reasoning part is encrypted', () => {
  it('shows nothing of it, and the text of one that has text', () => {
    const reasoning = [text('prt_r1', '', { type: 'reasoning', metadata: { openai: { reasoningEncryptedContent: 'gAAA' } } }), text('prt_r2', 'Plan.', { type: 'reasoning' })];
    expect(tail(events(doc([assistant(reasoning)])))).toEqual([{ kind: 'reasoning', id: 'prt_r2', text: 'Plan.', timestamp: iso(T + 1500) }]);
  });
});

describe('L4: tool parts are stored in their last state', () => {
  it('announces a running call and leaves it unfinished; finishes a completed one', () => {
    const tool = (callID: string, state: object) => ({ id: `prt_${callID}`, type: 'tool', callID, tool: 'bash', state });
    const parts = [
      tool('call_done', { status: 'completed', input: { command: 'ls' }, output: 'a\n', title: 'ls', metadata: { exit: 0 }, time: { start: T + 1100, end: T + 1200 } }),
      tool('call_open', { status: 'running', input: { command: 'make' }, time: { start: T + 1300 } }),
    ];
    const use = (id: string, command: string, at: number) => ({ kind: 'tool-use', id, name: 'Bash', toolName: 'bash', toolKind: 'execute', arg: command, input: { command }, timestamp: iso(at) });
    expect(tail(events(doc([assistant(parts, { finish: 'tool-calls' })])))).toEqual([
      use('call_done', 'ls', T + 1100),
      { kind: 'tool-result', id: 'call_done', name: 'Bash', toolKind: 'execute', status: 'success', outputState: 'text', output: 'a\n', details: { exitCode: 0, durationMs: 100 }, timestamp: iso(T + 1200) },
      use('call_open', 'make', T + 1300),
    ]);
  });
});

describe('L5: the last assistant message says how the session ended', () => {
  it.each([
    [{ finish: 'stop' }, 'success'],
    [{ finish: 'tool-calls' }, 'incomplete'],
    [{ finish: undefined }, 'incomplete'],
    [{ error: { name: 'MessageAbortedError', data: { message: 'Aborted' } } }, 'cancelled'],
  ])('%j ends it %s', (extra, status) => {
    expect(events(doc([assistant([], extra)])).at(-1)).toEqual(end(status, { durationMs: 2000 }));
  });

  it('shows the error of a failed message, not fatal, and ends the session as error', () => {
    const error = { name: 'APIError', data: { message: 'Overloaded', isRetryable: true } };
    expect(tail(events(doc([assistant([], { error, finish: undefined })])))).toEqual([{ kind: 'error', message: 'Overloaded', fatal: false, code: 'APIError', timestamp: iso(T + 3000) }]);
    expect(events(doc([assistant([], { error, finish: undefined })])).at(-1)).toEqual(end('error', { durationMs: 2000 }));
  });

  it('is incomplete without any assistant message', () => {
    expect(events(doc([user([{ type: 'text', text: 'Hi?' }])])).at(-1)).toEqual({ kind: 'session', phase: 'end', status: 'incomplete', sessionId: ID, timestamp: iso(T) });
  });
});

describe('L6: a child session has parentID', () => {
  it('says so after its start', () => {
    // No message, so no model.
    const start = { kind: 'session', phase: 'start', sessionId: ID, cwd: '/w', title: 'Say hi', agentVersion: '1.1.30', timestamp: iso(T) };
    expect(events(doc([], { parentID: 'ses_parent' })).slice(0, 2)).toEqual([
      start,
      { kind: 'notice', level: 'info', message: "Child session of ses_parent (a subagent's session)", code: 'child-session' },
    ]);
  });
});

describe('L7: usage per step, cached tokens counted into input; the first model is the user message nested one', () => {
  it('reads both', () => {
    const all = events(doc([user([]), assistant([finish], { modelID: 'gpt-5', providerID: 'openai' })]));
    expect(all[0]).toEqual(START);
    expect(tail(all)).toEqual([{ ...stepUsage, model: 'openai/gpt-5' }]);
  });
});

describe('L8: stored objects come in any order', () => {
  it('puts messages and parts in id order, which is creation order', () => {
    const session = { id: ID, directory: '/w', version: '1.1.30' };
    const messages = [{ id: 'msg_b', sessionID: ID, role: 'assistant' }, { id: 'msg_a', sessionID: ID, role: 'user' }, { id: 'msg_x', sessionID: 'ses_other', role: 'user' }];
    const parts = [{ id: 'prt_2', messageID: 'msg_b', type: 'text' }, { id: 'prt_1', messageID: 'msg_b', type: 'step-start' }, { id: 'prt_0', messageID: 'msg_a', type: 'text' }];
    expect(storageToExport(session, messages, parts)).toEqual({
      info: session,
      messages: [
        { info: messages[1], parts: [parts[2]] },
        { info: messages[0], parts: [parts[1], parts[0]] },
      ],
    });
  });
});

describe('nothing dropped', () => {
  it('names a part type it does not know in a notice, since a document line that gives events cannot also be counted as unknown', () => {
    expect(tail(events(doc([assistant([{ id: 'prt_h', type: 'hologram' }])])))).toEqual([
      { kind: 'notice', level: 'warning', message: 'Unknown OpenCode part type "hologram" not shown', code: 'unknown-part', timestamp: iso(T + 1000) },
    ]);
  });
});

describe('L9: a compaction is a user message of its own', () => {
  it('shows the compaction part of a user message as a notice, and the synthetic note after it as no prompt', () => {
    // The messages 1.18.33 stored after a 400 it took for a context overflow (fixtures/opencode-log/recorded/1.18.33/api-error-400).
    const compaction = user([{ id: 'prt_c', type: 'compaction', auto: true, overflow: true }], 'msg_u2');
    const note = user([{ id: 'prt_n', type: 'text', text: 'The conversation was compacted.', synthetic: true, metadata: { compaction_continue: true } }], 'msg_u3');
    const all = events(doc([compaction, note]));
    expect(tail(all)).toEqual([{ kind: 'notice', level: 'info', message: 'Conversation compacted (auto)', code: 'compaction', timestamp: iso(T) }]);
  });

  it('says a compaction the user asked for (`auto: false`) is manual, and shows nothing of the summary but its usage', () => {
    const compaction = user([{ id: 'prt_c', type: 'compaction', auto: false }], 'msg_u2');
    const summary = assistant([text('prt_s', 'The user asked for 7.'), finish], { summary: true, mode: 'compaction' }, 'msg_a2');
    const kinds = tail(events(doc([compaction, summary]))).map((event) => (event.kind === 'notice' ? event.message : event.kind));
    expect(kinds).toEqual(['Conversation compacted (manual)', 'usage']);
  });
});

describe('L10: 1.0.0 keeps a step finish only on its step-finish part', () => {
  // As 1.0.0 stored its messages (fixtures/opencode-log/recorded/1.0.0/plain-answer/): no `finish` on the assistant message.
  const unfinished = (parts: object[]) => {
    const message = assistant(parts);
    const { finish: _, ...info } = message.info;
    return { ...message, info };
  };

  it("ends the session as its last step-finish part's reason says", () => {
    const all = events(doc([user([{ id: 'prt_u', type: 'text', text: 'Say hi.' }]), unfinished([text('prt_a', 'Hi.'), finish])]));
    expect(all.at(-1)).toEqual(end('success'));
  });

  it('leaves a session whose last step asked for tool calls, or never finished, incomplete', () => {
    const calls = unfinished([{ ...finish, reason: 'tool-calls' }]);
    expect(events(doc([calls])).at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'incomplete' });
    expect(events(doc([unfinished([text('prt_a', 'Hi.')])])).at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'incomplete' });
  });
});

describe('L11: 0.x writes no finish, and keeps a turn’s steps in one assistant message', () => {
  // As 0.5.29 stored its messages (fixtures/opencode-log/recorded/0.5.29/plain-answer/): no `finish` on the
  // message, no `reason` on its step-finish parts, `time.completed` once the turn ended.
  const old = (message: { info: object; parts: object[] }, drop: string[] = []) => {
    const info: Record<string, unknown> = { ...message.info };
    for (const key of ['finish', 'parentID', ...drop]) delete info[key];
    return { ...message, info };
  };
  const { reason: _, ...step } = finish;
  const OLD_START = { ...START, agentVersion: '0.5.29' };
  const hello = (message: { info: object; parts: object[] }) => doc([user([{ id: 'prt_u', type: 'text', text: 'Say hi.\n' }]), message], { version: '0.5.29' });

  it('ends the session in success when the last message completed without an error', () => {
    expect(events(hello(old(assistant([{ id: 'prt_s', type: 'step-start' }, text('prt_a', 'Hi.'), step]))))).toEqual([
      OLD_START,
      // `run` appends a newline and its standard input to the message; the prompt is shown without the newline.
      prompt('Say hi.'),
      { kind: 'text', id: 'prt_a', text: 'Hi.', timestamp: iso(T + 1500) },
      stepUsage,
      end('success'),
    ]);
  });

  it('leaves it incomplete when the message never completed (killed, or Ctrl-C), and in error with its error', () => {
    const killed = old(assistant([{ id: 'prt_s', type: 'step-start' }, text('prt_a', 'Hi.')]), ['time']);
    expect(events(hello(killed)).at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'incomplete' });
    const failed = old(assistant([], { error: { name: 'UnknownError', data: { message: 'AI_APICallError: prompt is too long' } } }));
    expect(events(hello(failed)).at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'error' });
  });

  it('does not take a 1.x message without a finish for a finished one', () => {
    const unmarked = old(assistant([text('prt_a', 'Hi.')]));
    expect(events(doc([unmarked])).at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'incomplete' });
  });
});
