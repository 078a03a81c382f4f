import { compactKey } from '@x/core/provider-utils';
import { describe, expect, it } from 'vitest';
import { createCodexState } from './state.js';
import { keepCallDetails, withCallDetails } from './tool-calls.js';

/*
 * What a call's start knows for its end is kept for up to 100 calls, each
 * from a line of up to 16 MiB, so it is bounded by bytes too
 * (docs/memory.md): 100 `cat` commands with 400 KB ids and paths kept
 * 77 MiB of heap before.
 */

const huge = (tag: string) => `${tag}${'q'.repeat(100_000)}`;

describe('codex: what a call keeps for its end', () => {
  it('keeps a call by the compact key of a 100 KB id and still gives its end the path', () => {
    const state = createCodexState();
    const id = huge('item_');
    keepCallDetails(state, id, { path: 'src/a.ts', read: true });
    expect([...state.callDetails.keys()]).toEqual([compactKey(id)]);
    expect(withCallDetails(state, id, { status: 'success', output: 'abc' })).toMatchObject({ path: 'src/a.ts', contentLength: 3 });
    expect(state.callDetails.size).toBe(0);
  });

  it('keeps no path past 4,096 characters, and changes up to 64 Ki characters of paths (1,024 at most)', () => {
    const state = createCodexState();
    keepCallDetails(state, 'c1', { path: huge('/p'), read: true });
    expect(state.callDetails.get('c1')).toEqual({ read: true });
    const changes = [{ path: 'a.ts', change: 'modified' as const }, { path: huge('/p'), change: 'created' as const }, { path: 'b.ts', change: 'modified' as const }];
    keepCallDetails(state, 'c2', { path: 'a.ts', changes });
    expect(state.callDetails.get('c2')).toEqual({ path: 'a.ts', changes: [changes[0]] });
    // A patch of a thousand files is kept whole; past 1,024 changes, the rest is not.
    const many = Array.from({ length: 1100 }, (_, n) => ({ path: `src/f${n}.ts`, change: 'modified' as const }));
    keepCallDetails(state, 'c3', { path: 'src/f0.ts', changes: many.slice(0, 1000) });
    expect(state.callDetails.get('c3')?.changes).toEqual(many.slice(0, 1000));
    keepCallDetails(state, 'c4', { path: 'src/f0.ts', changes: many });
    expect(state.callDetails.get('c4')?.changes).toEqual(many.slice(0, 1024));
  });
});
