import type { LineContext } from '@x/core';
import { describe, expect, it } from 'vitest';
import { replay } from '../test/lines.js';
import { assistantEvents } from './assistant-events.js';
import { createClaudeState } from './state.js';
import { streamEvents } from './stream-events.js';
import type { ClaudeAssistantLine, ClaudeStreamEventLine } from './wire-schema.js';

/*
 * `input_json_delta` fragments are gathered per call block until its
 * `content_block_stop`. A stream that starts many call blocks and never
 * stops them held every fragment: 50 MB of such input peaked at 117 MiB, and
 * 200 MB at 258 MiB. The stream now has one budget (docs/memory.md): 64
 * gathering blocks and 16 Mi characters in all, the oldest dropped first.
 */

const event = (body: object) => ({ type: 'stream_event', event: body, parent_tool_use_id: null, session_id: 's' });
const messageStart = event({ type: 'message_start', message: { id: 'msg_1', model: 'claude-sonnet-4-5', role: 'assistant', content: [], usage: { input_tokens: 1, output_tokens: 1 } } });
const start = (index: number) => event({ type: 'content_block_start', index, content_block: { type: 'tool_use', id: `toolu_${index}`, name: 'Write', input: {} } });
const fragment = (index: number, partial_json: string) => event({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } });
const stop = (index: number) => event({ type: 'content_block_stop', index });
const inputs = (lines: object[]) => Object.fromEntries(replay(lines).events.flatMap((e) => (e.kind === 'tool-use' ? [[e.id, e.input]] : [])));

describe('claude stream: tool input gathered from fragments', () => {
  it('keeps the fragments of the 64 latest gathering blocks; an older block is announced without them', () => {
    const blocks = Array.from({ length: 65 }, (_, k) => k);
    const lines = [messageStart, ...blocks.map(start), ...blocks.map((k) => fragment(k, `{"file_path":"f${k}"}`)), stop(0), stop(1), stop(64)];
    expect(inputs(lines)).toEqual({ toolu_0: {}, toolu_1: { file_path: 'f1' }, toolu_64: { file_path: 'f64' } });
  });

  it('keeps 16 Mi characters of fragments in all, dropping the oldest block first', () => {
    const big = 'a'.repeat(9 * 1024 * 1024);
    const gather = (k: number) => [fragment(k, '{"content":"'), fragment(k, big), fragment(k, '"}')];
    const got = inputs([messageStart, start(0), start(1), ...gather(0), ...gather(1), stop(0), stop(1)]);
    expect(got.toolu_0).toEqual({});
    expect((got.toolu_1 as { content: string }).content).toHaveLength(big.length);
  });
});

describe('claude stream: threads and messages kept by compact keys', () => {
  it('keys a subagent thread of a 100 KB call id, and a 100 KB message id, by a few dozen characters', () => {
    const state = createClaudeState();
    const parent = `toolu_${'p'.repeat(100_000)}`;
    const messageId = `msg_${'m'.repeat(100_000)}`;
    const message = { id: messageId, model: 'claude-sonnet-4-5', role: 'assistant', content: [{ type: 'text', text: 'hi' }], usage: { input_tokens: 1, output_tokens: 1 } };
    const context: LineContext = { lineNumber: 1, ignore() {}, malformed() {}, unknown() {}, hold() {}, release() {} };
    streamEvents(state, { type: 'stream_event', event: { type: 'message_start', message }, parent_tool_use_id: parent } as ClaudeStreamEventLine, context);
    const [text] = assistantEvents(state, { type: 'assistant', message, parent_tool_use_id: parent } as ClaudeAssistantLine, context);
    expect(text).toMatchObject({ kind: 'text', text: 'hi', parentToolUseId: parent });
    expect(Math.max(...[...state.streams.keys(), ...state.lineBlocks.keys()].map((key) => key.length))).toBeLessThanOrEqual(64);
    expect(Math.max(...[...state.lineBlocks.values()].map((counter) => counter.messageId.length))).toBeLessThanOrEqual(64);
  });
});

// 1,024 blocks per message are kept until their stop: 1,000 call blocks with 100 KB ids and names kept 191 MiB before.
describe('claude stream: what a streamed block keeps', () => {
  const context: LineContext = { lineNumber: 1, ignore() {}, malformed() {}, unknown() {}, hold() {}, release() {} };
  const huge = (tag: string) => `${tag}${'q'.repeat(100_000)}`;
  const callStart = (index: number, id: string, name: string) =>
    event({ type: 'content_block_start', index, content_block: { type: 'tool_use', id, name, input: {} } }) as ClaudeStreamEventLine;

  it('keeps no block whose call id, tool name or type is longer than any real one', () => {
    const state = createClaudeState();
    streamEvents(state, messageStart as ClaudeStreamEventLine, context);
    streamEvents(state, callStart(0, 'toolu_0', 'Write'), context);
    streamEvents(state, callStart(1, huge('toolu_'), 'Write'), context);
    streamEvents(state, callStart(2, 'toolu_2', huge('mcp__')), context);
    streamEvents(state, event({ type: 'content_block_start', index: 3, content_block: { type: huge('kind') } }) as ClaudeStreamEventLine, context);
    const [stream] = [...state.streams.values()];
    expect([...(stream?.blocks.values() ?? [])].map((block) => [block.index, block.toolId])).toEqual([[0, 'toolu_0']]);
  });

  it('shows a call with a long id once, from its complete line', () => {
    const id = huge('toolu_');
    const complete = { type: 'assistant', session_id: 's', parent_tool_use_id: null, message: { id: 'msg_1', model: 'claude-sonnet-4-5', role: 'assistant', content: [{ type: 'tool_use', id, name: 'Write', input: { file_path: 'a' } }] } };
    expect(inputs([messageStart, callStart(0, id, 'Write'), stop(0), complete])).toEqual({ [id]: { file_path: 'a' } });
  });
});

// Up to 64 threads keep the id of the message they stream, from a line of up to 16 MiB each.
describe('claude stream: what a streamed message keeps', () => {
  it('keeps no message whose id is longer than any real one, and shows its text once, from its complete line', () => {
    const id = `msg_${'m'.repeat(100_000)}`;
    const start = event({ type: 'message_start', message: { id, model: 'claude-sonnet-4-5', role: 'assistant', content: [], usage: { input_tokens: 1, output_tokens: 1 } } });
    const textStart = event({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
    const delta = event({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hello' } });
    const complete = { type: 'assistant', session_id: 's', parent_tool_use_id: null, message: { id, model: 'claude-sonnet-4-5', role: 'assistant', content: [{ type: 'text', text: 'Hello' }] } };
    const state = createClaudeState();
    const context: LineContext = { lineNumber: 1, ignore() {}, malformed() {}, unknown() {}, hold() {}, release() {} };
    streamEvents(state, start as ClaudeStreamEventLine, context);
    expect(state.streams.size).toBe(0);
    const { events, accounting } = replay([start, textStart, delta, stop(0), complete]);
    expect(events.flatMap((e) => (e.kind === 'text' ? [e.text] : []))).toEqual(['Hello']);
    expect([accounting.unknown, accounting.malformed]).toEqual([0, 0]);
  });
});
