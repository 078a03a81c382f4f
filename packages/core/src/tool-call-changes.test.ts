import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactKey } from './recent-keys.js';
import { inputKey } from './tool-call-changes.js';

// Hostile pieces: controls, bidi overrides, `__proto__`, lone surrogates, and strings long enough to be hashed.
const hostileString = fc.oneof(
  fc.string({ unit: fc.constantFrom('a', '\u0000', '\u001b', '\u009b', '\u202e', '\u2066', '"', '\\', '\ud800', 'é') }),
  fc.constantFrom('__proto__', 'constructor', ''),
  fc.integer({ min: 900, max: 1200 }).map((n) => 'x'.repeat(n)),
);
const input = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

describe('inputKey', () => {
  it('keys two inputs alike exactly when their JSON is the same, the JSON being kept up to 1,024 characters (seed 30)', () => {
    fc.assert(
      fc.property(input, input, (a, b) => {
        const [jsonA, jsonB] = [JSON.stringify(a), JSON.stringify(b)];
        expect(inputKey(a) === inputKey(b)).toBe(jsonA === jsonB);
        expect(inputKey(a)).toBe(jsonA.length <= 1024 ? jsonA : compactKey(jsonA));
        expect(inputKey(a) === inputKey(structuredClone(a))).toBe(true);
      }),
      { seed: 30, numRuns: 3000 },
    );
  });

  it('keys a value JSON cannot hold by its type alone', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect([inputKey(undefined), inputKey(cyclic), inputKey(10n)]).toEqual(['<undefined>', '<object>', '<bigint>']);
  });
});
