import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { setBounded } from './stream-blocks.js';

/** setBounded as it was before it skipped the delete in a map of one key. */
function setBoundedPlainly<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > limit) map.delete(map.keys().next().value as K);
}

describe('setBounded', () => {
  it('leaves the same keys, values and order as deleting before every set (seed 30)', () => {
    const steps = fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c', '__proto__', ''), fc.integer({ min: 0, max: 9 })), { maxLength: 40 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), steps, (limit, sets) => {
        const [fast, plain] = [new Map<string, number>(), new Map<string, number>()];
        for (const [key, value] of sets) {
          setBounded(fast, key, value, limit);
          setBoundedPlainly(plain, key, value, limit);
          expect([...fast]).toEqual([...plain]);
        }
      }),
      { seed: 30, numRuns: 3000 },
    );
  });
});
