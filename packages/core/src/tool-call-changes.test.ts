import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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

// Inputs of one string field (the fast path) from small alphabets, so that equal pairs and near misses are common.
const smallString = fc.string({ unit: fc.constantFrom('a', 'c', ':', '1', '\u0001', '\u0000', '"', '\u202e'), maxLength: 4 });
const fieldOf = (name: string, value: unknown): Record<string, unknown> => {
  const record: Record<string, unknown> = {};
  // defineProperty: a "__proto__" field stays an own field, as JSON.parse makes it.
  Object.defineProperty(record, name, { value, enumerable: true, writable: true, configurable: true });
  return record;
};
const oneField = fc.tuple(fc.constantFrom('command', 'c', '1:c', '__proto__', ''), smallString).map(([name, value]) => fieldOf(name, value));
const nearOneField = fc.oneof(
  oneField,
  oneField.map((record) => ({ ...record, more: 'a' })),
  oneField.map((record) => Object.entries(record).flat()),
  oneField.map((record) => ['\u0001', ...Object.entries(record).flat()].join('')),
  oneField.map((record) => Object.fromEntries(Object.entries(record).map(([name, value]) => [name, [value]]))),
  fc.integer({ min: 1000, max: 1100 }).map((n) => ({ command: 'x'.repeat(n) })),
);

describe('inputKey', () => {
  it('keys two inputs alike exactly when their JSON is the same (seed 30)', () => {
    fc.assert(
      fc.property(fc.oneof(input, nearOneField), fc.oneof(input, nearOneField), (a, b) => {
        expect(inputKey(a) === inputKey(b)).toBe(JSON.stringify(a) === JSON.stringify(b));
        expect(inputKey(a) === inputKey(structuredClone(a))).toBe(true);
      }),
      { seed: 30, numRuns: 3000 },
    );
  });

  it('the fast path keys one-string-field inputs as the JSON does, equal and near pairs alike (seed 31)', () => {
    let equal = 0;
    fc.assert(
      // Half the pairs are an input and a copy of it: equal, as different objects.
      fc.property(nearOneField, fc.boolean(), nearOneField, (a, copy, other) => {
        const b = copy ? structuredClone(a) : other;
        const same = JSON.stringify(a) === JSON.stringify(b);
        if (same) equal += 1;
        expect(inputKey(a) === inputKey(b)).toBe(same);
      }),
      { seed: 31, numRuns: 5000 },
    );
    expect(equal).toBeGreaterThan(2000);
  });

  it('keys one text cut into a field name and its string at two places apart (seed 32)', () => {
    fc.assert(
      fc.property(fc.tuple(fc.constantFrom('', '1', '1:', 'c'), smallString), fc.nat(8), fc.nat(8), ([head, tail], i, j) => {
        const text = head + tail;
        const [a, b] = [fieldOf(text.slice(0, i), text.slice(i)), fieldOf(text.slice(0, j), text.slice(j))];
        expect(inputKey(a) === inputKey(b)).toBe(JSON.stringify(a) === JSON.stringify(b));
      }),
      { seed: 32, numRuns: 3000 },
    );
  });

  it('keeps a key up to 1,024 characters as it is and hashes a longer one', () => {
    const json = { command: 'x', n: 1 };
    expect(inputKey(json)).toBe(JSON.stringify(json));
    expect(inputKey({ command: 'ab' })).toBe('\u00017:commandab');
    const long = { command: 'x'.repeat(2000) };
    expect(inputKey(long).length).toBeLessThan(40);
    expect(inputKey(long)).toBe(inputKey({ command: 'x'.repeat(2000) }));
    expect(inputKey(long)).not.toBe(inputKey({ command: 'x'.repeat(2001) }));
  });

  it('keys a value JSON cannot hold by its type alone', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect([inputKey(undefined), inputKey(cyclic), inputKey(10n)]).toEqual(['<undefined>', '<object>', '<bigint>']);
  });
});
