import fc from 'fast-check';
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

  it('holds what a list of the keys first set, the oldest dropped past the limit, holds (seed 2012)', () => {
    const steps = fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), fc.integer({ min: 0, max: 9 })), { maxLength: 60 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), steps, (limit, sets) => {
        const recent = createRecentMap<string, number>(limit);
        const order: string[] = [];
        const values = new Map<string, number>();
        for (const [key, value] of sets) {
          recent.set(key, value);
          if (!values.has(key)) {
            order.push(key);
            if (order.length > limit) values.delete(order.shift() as string);
          }
          values.set(key, value);
          for (const probe of ['a', 'b', 'c', 'd', 'e', 'f']) {
            expect([recent.has(probe), recent.get(probe)]).toEqual([values.has(probe), values.get(probe)]);
          }
        }
      }),
      { seed: 2012, numRuns: 2000 },
    );
  });

  it('after clear holds what a fresh map would, full or empty (seed 2030)', () => {
    // A step is a set, or null for a clear; the model is a fresh map after each clear.
    const steps = fc.array(fc.option(fc.tuple(fc.constantFrom('a', 'b', 'c', 'd', 'e'), fc.integer({ min: 0, max: 9 })), { freq: 4 }), { maxLength: 60 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), steps, (limit, sets) => {
        const recent = createRecentMap<string, number>(limit);
        let fresh = createRecentMap<string, number>(limit);
        for (const step of sets) {
          if (step === null) {
            recent.clear();
            fresh = createRecentMap<string, number>(limit);
          } else {
            recent.set(step[0], step[1]);
            fresh.set(step[0], step[1]);
          }
          for (const probe of ['a', 'b', 'c', 'd', 'e']) {
            expect([recent.has(probe), recent.get(probe)]).toEqual([fresh.has(probe), fresh.get(probe)]);
          }
        }
      }),
      { seed: 2030, numRuns: 2000 },
    );
  });
});
