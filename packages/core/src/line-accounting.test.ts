import { describe, expect, it } from 'vitest';
import { DIAGNOSTIC_REASON_CHARS, MAX_DISTINCT_REASONS, OTHER_REASONS, createReasonTally, replayLines } from './line-accounting.js';
import { aggregateRun } from './run-outcome.js';
import { defineSource } from './source.js';

/** Every line is of an unknown type named by the line itself. */
const unknownTypes = defineSource({
  specificationVersion: 'v1',
  id: 'unknown-types',
  displayName: 'Unknown types',
  cadence: 'streaming',
  detect: () => ({ confidence: 0, evidence: '' }),
  createParser: () => ({
    parse(line, context) {
      context.unknown(`unknown type "${line}"`);
      return [];
    },
    flush: () => [],
  }),
});

describe('createReasonTally', () => {
  it('keeps the first reasons by name and counts the rest together', () => {
    const tally = createReasonTally(2);
    for (const reason of ['a', 'b', 'a', 'c', 'd', 'c']) tally.add(reason);
    expect(tally.counts()).toEqual({ a: 2, b: 1, [OTHER_REASONS]: 3 });
  });

  it('keeps a "__proto__" reason as its own entry', () => {
    const tally = createReasonTally();
    tally.add('__proto__');
    expect(Object.hasOwn(tally.counts(), '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(tally.counts())).toBe(Object.prototype);
  });
});

describe('bookkeeping of many distinct reasons', () => {
  it('bounds the reasons a run keeps, and counts every line', () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `type-${i}-${'x'.repeat(500)}`);
    const { diagnostics, accounting } = replayLines(unknownTypes, lines);
    expect(accounting.unknown).toBe(5000);
    expect(diagnostics.every((d) => d.reason.length <= DIAGNOSTIC_REASON_CHARS)).toBe(true);
    const outcome = aggregateRun([], { accounting, diagnostics });
    const reasons = Object.entries(outcome.lines.reasons);
    expect(reasons).toHaveLength(MAX_DISTINCT_REASONS + 1);
    expect(reasons.reduce((sum, [, count]) => sum + count, 0)).toBe(5000);
    expect(outcome.lines.reasons[OTHER_REASONS]).toBe(5000 - MAX_DISTINCT_REASONS);
  });
});
