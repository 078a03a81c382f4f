import { compactKey } from '@x/core/provider-utils';
import { describe, expect, it } from 'vitest';
import { onItemAdded } from './responses-item-events.js';
import { createItemIds, createOpenAICompatibleState, createRememberedKeys, itemKey, type ResponsesTurn } from './state.js';

/*
 * Up to 1,024 output items of a response are remembered by id (by index,
 * as shown, as aliases), and 64 unknown ones as reported, each id from a
 * line of up to 16 MiB: 1,000 items with 200 KB ids kept 191 MiB of heap
 * before. An id no real server sends is no longer remembered.
 */

const huge = (tag: string) => `${tag}${'q'.repeat(100_000)}`;

describe('openai-compatible: output item ids remembered', () => {
  it('remembers short ids and their aliases, not an id past 256 characters', () => {
    const items = createItemIds();
    expect(itemKey(items, 'fc_1', 0)).toBe('fc_1');
    expect(itemKey(items, 'fc_other', 0)).toBe('fc_1');
    const id = huge('fc_');
    expect(itemKey(items, id, 1)).toBe(id);
    expect(items.keys.has(id)).toBe(false);
    expect(items.byIndex.get(1)).toBeUndefined();
    expect(items.aliases.has(id)).toBe(false);
  });

  it('remembers an unknown item reported by the compact key of its id', () => {
    const state = createOpenAICompatibleState();
    const turn: ResponsesTurn = { key: 'r', sessionId: 'resp_1', model: 'm', calls: new Map(), items: createItemIds(), reported: createRememberedKeys(), errored: false };
    const id = huge('it_');
    const context = { lineNumber: 1, ignore() {}, malformed() {}, unknown() {}, hold() {}, release() {} };
    onItemAdded(state, turn, { type: 'response.output_item.added', output_index: 0, item: { id, type: 'x_item' } }, [], context);
    expect(turn.reported.has(id)).toBe(false);
    expect(turn.reported.has(compactKey(id))).toBe(true);
  });
});
