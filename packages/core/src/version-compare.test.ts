import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareVersions } from './version-compare.js';

// The seed is the workspace's fixed one (tooling/fast-check-setup.ts), so X_FC_SEED replays another.
const RUNS = { numRuns: 500 };
const part = fc.integer({ min: 0, max: 99_999 });
const release = fc.array(part, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('.'));
const tag = fc.constantFrom('', '-beta', '-beta.2', '-rc.1', '-nightly.20251001', '-preview');
const version = fc.tuple(release, tag).map(([numbers, pre]) => numbers + pre);

describe('compareVersions', () => {
  it.each([
    ['2.0.14', '2.0.13', 1],
    ['2.0.9', '2.0.10', -1],
    ['10.0.0', '9.99.99', 1],
    ['2.1', '2.1.0', 0],
    ['v2.0.14', '2.0.14', 0],
    ['2.0.14+build.5', '2.0.14', 0],
    [' 0.46.0 ', '0.46.0', 0],
    ['2.1.0-beta', '2.1.0', -1],
    ['2.1.0', '2.1.0-beta', 1],
    ['2.1.1-beta', '2.1.0', 1],
    ['0.9.0-nightly.20251001', '0.8.2', 1],
    ['2.1.0-rc.1', '2.1.0-rc.1', 0],
  ] as const)('orders %s against %s as %i', (a, b, order) => {
    expect(compareVersions(a, b)).toBe(order);
  });

  it.each([
    ['2.1.0-beta', '2.1.0-rc'],
    ['latest', '2.0.14'],
    ['2.0.14', ''],
    ['2..1', '2.0'],
    ['2.0.x', '2.0.1'],
    ['1.2.3.4.5.6.7.8.9', '1.0'],
    ['1234567890123456.0', '1.0'],
    ['-1.0', '1.0'],
  ])('cannot order %s against %s', (a, b) => {
    expect(compareVersions(a, b)).toBeUndefined();
    expect(compareVersions(b, a)).toBeUndefined();
  });

  it('is reflexive on every version', () => {
    fc.assert(
      fc.property(version, (v) => compareVersions(v, v) === 0),
      RUNS,
    );
  });

  it('is antisymmetric: swapping the operands negates the order, or both are unknown', () => {
    fc.assert(
      fc.property(version, version, (a, b) => {
        const ab = compareVersions(a, b);
        const ba = compareVersions(b, a);
        return ab === undefined ? ba === undefined : ba === -ab || (ab === 0 && ba === 0);
      }),
      RUNS,
    );
  });

  it('agrees with the numbers of releases, part by part', () => {
    fc.assert(
      fc.property(fc.array(part, { minLength: 3, maxLength: 3 }), fc.array(part, { minLength: 3, maxLength: 3 }), (a, b) => {
        const first = a.findIndex((x, i) => x !== b[i]);
        const expected = first === -1 ? 0 : (a[first] as number) < (b[first] as number) ? -1 : 1;
        return compareVersions(a.join('.'), b.join('.')) === expected;
      }),
      RUNS,
    );
  });

  it('is transitive where it orders', () => {
    fc.assert(
      fc.property(version, version, version, (a, b, c) => {
        if (compareVersions(a, b) !== 1 || compareVersions(b, c) !== 1) return true;
        return compareVersions(a, c) === 1;
      }),
      RUNS,
    );
  });

  it('never orders a release with anything after it', () => {
    const garbage = fc.constantFrom('x', '.', '..1', '_1', ' 2', '-', '+', '-beta!', '.x', '\u0000');
    fc.assert(
      fc.property(
        release,
        garbage,
        version,
        (v, tail, other) => compareVersions(v + tail, other) === undefined && compareVersions(other, v + tail) === undefined,
      ),
      RUNS,
    );
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => [-1, 0, 1, undefined].includes(compareVersions(a, b))),
      RUNS,
    );
  });
});
