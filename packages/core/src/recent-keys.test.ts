import { describe, expect, it } from 'vitest';
import { createRecentMap } from './recent-keys.js';

describe('createRecentMap', () => {
  it('keeps the keys set last up to its limit, forgetting the oldest first', () => {
    const recent = createRecentMap<string, number>(3);
    for (const [i, key] of ['a', 'b', 'c', 'd', 'e'].entries()) recent.set(key, i);
    expect(['a', 'b', 'c', 'd', 'e'].map((key) => recent.has(key))).toEqual([false, false, true, true, true]);
    expect(recent.get('e')).toBe(4);
  });

  it('updates a key it holds without counting it again', () => {
    const recent = createRecentMap<string, number>(2);
    recent.set('a', 1);
    recent.set('a', 2);
    recent.set('b', 3);
    expect([recent.get('a'), recent.get('b')]).toEqual([2, 3]);
  });
});
