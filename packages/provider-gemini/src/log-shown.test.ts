import type { DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { appendMessage, checkpoint, flushHeld, rewind } from './log-rewrites.js';
import { createGeminiLogState } from './log-state.js';

/*
 * Up to 4,096 messages shown are remembered, each from a line of up to
 * 16 MiB: by the compact keys of their ids, with a type no longer than any
 * the recorder writes (docs/memory.md). 200 MB of messages with distinct
 * 50 KB ids kept 190 MiB of heap before.
 */

const long = (tag: string) => `${tag}${'q'.repeat(100_000)}`;
const record = (id: string, text: string, type = 'user') => ({ id, timestamp: '2026-01-01T00:00:00Z', type, content: [{ text }] });
const longest = (keys: Iterable<string>) => Math.max(0, ...[...keys].map((key) => key.length));
const kinds = (events: DisplayEvent[]) => events.map((event) => (event.kind === 'notice' ? `notice ${event.code}` : event.kind));

describe('gemini-log: messages shown are remembered by compact keys', () => {
  it('keeps 100 KB ids as short keys and still knows each message, for a copy, a rewind and a checkpoint', () => {
    const state = createGeminiLogState({});
    const [a, b, c] = [long('a'), long('b'), long('c')];
    const out: DisplayEvent[] = [];
    for (const id of [a, b, c]) appendMessage(state, record(id, `prompt ${id.slice(0, 1)}`), 10, out);
    flushHeld(state, out);
    expect(kinds(out)).toEqual(['prompt', 'prompt', 'prompt']);
    expect(state.shown.size).toBe(3);
    expect(longest(state.shown.keys())).toBeLessThanOrEqual(64);
    // The same copy again adds nothing; a changed copy is a rewrite.
    const again: DisplayEvent[] = [];
    appendMessage(state, record(a, 'prompt a'), 10, again);
    appendMessage(state, record(a, 'prompt A'), 10, again);
    expect(kinds(again)).toEqual(['notice message-rewritten']);
    const checked: DisplayEvent[] = [];
    checkpoint(state, [record(a, 'prompt a'), record(b, 'prompt b')], 10, checked);
    expect(kinds(checked)).toEqual(['notice checkpoint']);
    expect(state.shown.size).toBe(2);
    const rewound: DisplayEvent[] = [];
    rewind(state, b, rewound);
    expect(rewound).toMatchObject([{ kind: 'notice', code: 'rewind', message: `Rewound: 1 message(s) shown above, from ${b} on, were deleted from the session` }]);
  });

  it('keeps a type past 64 characters cut', () => {
    const state = createGeminiLogState({});
    const out: DisplayEvent[] = [];
    appendMessage(state, record('m1', '', long('kind')), 10, out);
    flushHeld(state, out);
    expect([...state.shown.values()].map((shown) => shown.type.length)).toEqual([64]);
  });
});
