// Quirk 17 of docs/formats/opencode.md: an in-stream error's message is left
// JSON-encoded. Written from the recordings (not from the parser's output):
// `run` of 1.1.65 and 1.2.27 prints `"data":{"message":"\"The server is overloaded.\""}`,
// 1.18.33 the provider's error object as a string
// (fixtures/opencode/recorded/<version>/overloaded-cut.jsonl), and 1.2.27 stores the
// same on the assistant message (fixtures/opencode-log/recorded/1.2.27/overloaded-cut/).
import { replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { S, T, replay, run, stepStart } from '../test/lines.js';
import { openCodeLogSource } from './log-source.js';

const RUN_START_OF = { kind: 'session', phase: 'start', sessionId: S, timestamp: new Date(T).toISOString() };
const END_ERROR = { kind: 'session', phase: 'end', status: 'error', sessionId: S };
const errorLine = (message: string) => run('error', { error: { name: 'UnknownError', data: { message } } });

describe('quirk 17: a JSON-encoded error message', () => {
  it('shows a quoted message without its quotes (1.1.65, 1.2.27 overloaded-cut.jsonl)', () => {
    const { events } = replay([stepStart(), errorLine('"The server is overloaded."')]);
    expect(events).toEqual([RUN_START_OF, { kind: 'error', message: 'The server is overloaded.', fatal: true, code: 'UnknownError' }, END_ERROR]);
  });

  it('shows the message of an error object sent as a string (1.18.33 overloaded-cut.jsonl)', () => {
    const body = '{"message":"The server is overloaded.","type":"server_error","code":"server_is_overloaded"}';
    const { events } = replay([stepStart(), errorLine(body)]);
    expect(events).toEqual([RUN_START_OF, { kind: 'error', message: 'The server is overloaded.', fatal: true, code: 'UnknownError' }, END_ERROR]);
  });

  it('keeps a message that only looks like JSON as it is', () => {
    const { events } = replay([stepStart(), errorLine('{not json'), errorLine('"unclosed')]);
    expect(events.filter((e) => e.kind === 'error').map((e) => (e.kind === 'error' ? e.message : ''))).toEqual(['{not json', '"unclosed']);
  });

  it('keeps a message whose JSON would build more objects than a line may, without parsing it', () => {
    // 600 KB of `{}` is 200,000 objects: past the 100,000 containers core's shape check lets JSON.parse build.
    const hostile = `{"message":"built","pad":[${'{},'.repeat(200_000)}{}]}`;
    const { events } = replay([stepStart(), errorLine(hostile)]);
    expect(events.filter((e) => e.kind === 'error').map((e) => (e.kind === 'error' ? e.message : ''))).toEqual([hostile]);
  });

  it('shows the stored message without its quotes in the session log (1.2.27 overloaded-cut/)', () => {
    const info = { id: 'msg_a1', sessionID: S, role: 'assistant', time: { created: T }, error: { name: 'UnknownError', data: { message: '"The server is overloaded."' } } };
    const doc = { info: { id: S, directory: '/w', title: 't', version: '1.2.27', time: { created: T, updated: T } }, messages: [{ info, parts: [] }] };
    const errors = replayLines(openCodeLogSource, [JSON.stringify(doc)]).events.filter((e) => e.kind === 'error');
    expect(errors.map((e) => (e.kind === 'error' ? e.message : ''))).toEqual(['The server is overloaded.']);
  });
});
