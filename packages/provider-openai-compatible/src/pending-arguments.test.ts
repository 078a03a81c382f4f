import type { DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { addFragment } from './chat-calls.js';
import { type ChatResponse, createOpenAICompatibleState, createRememberedKeys, MAX_ARGUMENT_CHARS, MAX_PENDING_ARGUMENT_CHARS } from './state.js';

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
const pendingChars = (chat: ChatResponse) => chat.calls.reduce((sum, call) => sum + call.args.length + call.objectChars, 0);

describe('openai-compatible: arguments of pending chat calls', () => {
  it('keeps 16 Mi characters of arguments in all, announcing the oldest calls past it', () => {
    const state = createOpenAICompatibleState();
    const chat = response();
    const events: DisplayEvent[] = [];
    const args = `{"a":"${'x'.repeat(MAX_ARGUMENT_CHARS - 8)}"}`;
    for (let index = 0; index < 20; index += 1) addFragment(state, chat, { index, id: `call_${index}`, function: { name: 'f', arguments: args } }, false, events);
    expect(pendingChars(chat)).toBeLessThanOrEqual(MAX_PENDING_ARGUMENT_CHARS);
    expect(chat.calls.map((call) => call.id)).toEqual(Array.from({ length: 16 }, (_, n) => `call_${n + 4}`));
    expect(events.flatMap((e) => (e.kind === 'tool-use' ? [e.id] : []))).toEqual(['call_0', 'call_1', 'call_2', 'call_3']);
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
