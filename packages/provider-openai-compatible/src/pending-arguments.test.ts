import { type DisplayEvent, replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { addFragment } from './chat-calls.js';
import { openAICompatibleSource } from './source.js';
import {
  type ChatResponse,
  createOpenAICompatibleState,
  createRememberedKeys,
  MAX_ARGUMENT_CHARS,
  MAX_PENDING_CALL_CHARS,
  pendingCallChars,
} from './state.js';

/*
 * Up to 256 calls of a response wait for their arguments, each keeping up to
 * 1 Mi characters: 256 Mi characters in all. The pending calls now keep
 * 16 Mi in all (docs/memory.md); past it the oldest is announced with what it
 * has. 250 pending calls with 800 KB arguments kept 191 MiB of heap before.
 */

const response = (): ChatResponse => ({
  key: 'r1',
  sessionId: 'chatcmpl-1',
  model: 'm',
  primaryIndex: 0,
  hiddenChoices: createRememberedKeys(),
  finishReason: undefined,
  usage: undefined,
  calls: [],
  blockIds: {},
});
const pendingChars = (chat: ChatResponse) => chat.calls.reduce((sum, call) => sum + pendingCallChars(call), 0);

describe('openai-compatible: arguments of pending chat calls', () => {
  it('keeps 16 Mi characters of arguments in all, announcing the oldest calls past it', () => {
    const state = createOpenAICompatibleState();
    const chat = response();
    const events: DisplayEvent[] = [];
    // Each call's id and name count too: 1 Mi characters a call in all.
    const args = `{"a":"${'x'.repeat(MAX_ARGUMENT_CHARS - 8 - 'call_00f'.length)}"}`;
    for (let index = 0; index < 20; index += 1) addFragment(state, chat, { index, id: `call_${index}`, function: { name: 'f', arguments: args } }, false, events);
    expect(pendingChars(chat)).toBeLessThanOrEqual(MAX_PENDING_CALL_CHARS);
    expect(chat.calls.map((call) => call.id)).toEqual(Array.from({ length: 16 }, (_, n) => `call_${n + 4}`));
    expect(events.flatMap((e) => (e.kind === 'tool-use' ? [e.id] : []))).toEqual(['call_0', 'call_1', 'call_2', 'call_3']);
  });

  it('counts the ids and names of pending calls in the same budget: a line-long name or id cannot be kept 256 times', () => {
    const state = createOpenAICompatibleState();
    const chat = response();
    const events: DisplayEvent[] = [];
    const long = 'n'.repeat(4 * 1024 * 1024);
    for (let index = 0; index < 6; index += 1) addFragment(state, chat, { index, id: `call_${index}${long}`, function: { name: `f${long}`, arguments: '{' } }, false, events);
    expect(pendingChars(chat)).toBeLessThanOrEqual(MAX_PENDING_CALL_CHARS);
    // Each call keeps some 8 Mi characters of id and name: one fits, and each new one announces the one before it.
    expect(chat.calls.map((call) => call.index)).toEqual([5]);
    expect(events.filter((e) => e.kind === 'tool-use')).toHaveLength(5);
  });

  it("counts a Responses call's item id, call id and name too: past the budget the oldest are announced before their arguments end", () => {
    const long = 'n'.repeat(4 * 1024 * 1024);
    const response = { id: 'resp_1', object: 'response', created_at: 1, status: 'in_progress', model: 'm', output: [] };
    const lines = [{ type: 'response.created', sequence_number: 0, response }];
    for (let index = 0; index < 6; index += 1) {
      const item = { type: 'function_call', id: `fc_${index}`, call_id: `call_${index}`, name: `f${index}${long}`, arguments: '', status: 'in_progress' };
      lines.push({ type: 'response.output_item.added', sequence_number: index + 1, output_index: index, item } as never);
    }
    // A text delta after them: what comes before it was announced while the calls were pending, what comes after at the end.
    lines.push({ type: 'response.output_text.delta', sequence_number: 7, item_id: 'msg_1', output_index: 6, content_index: 0, delta: 'ok', logprobs: [] } as never);
    const { events } = replayLines(
      openAICompatibleSource,
      lines.map((line) => `data: ${JSON.stringify(line)}`),
    );
    // Each name is 4 Mi characters: three pending calls fit 16 Mi, so each later one announces the oldest as it is.
    expect(events.flatMap((e) => (e.kind === 'tool-use' ? [e.id] : e.kind === 'text' ? [e.text] : []))).toEqual(['call_0', 'call_1', 'call_2', 'ok', 'call_3', 'call_4', 'call_5']);
  });

  it('keeps object arguments past one call budget as their cut JSON text', () => {
    const state = createOpenAICompatibleState();
    const chat = response();
    addFragment(state, chat, { index: 0, id: 'call_0', function: { name: 'f', arguments: { a: 'x'.repeat(MAX_ARGUMENT_CHARS) } } }, false, []);
    addFragment(state, chat, { index: 1, id: 'call_1', function: { name: 'f', arguments: { a: 'small' } } }, false, []);
    expect(chat.calls.map((call) => [call.argsObject, call.args.length, call.objectChars])).toEqual([
      [undefined, MAX_ARGUMENT_CHARS, 0],
      [{ a: 'small' }, 0, 13],
    ]);
  });
});
