import { describe, expect, it } from 'vitest';
import { createRunTotals, formatCost, formatDuration } from './run-footer.js';

describe('run footer', () => {
  it.each([
    [0, '0ms'],
    [850, '850ms'],
    [12_345, '12.3s'],
    [125_000, '2m 05s'],
  ])('formats %d ms as %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it('formats cost with cents from a dollar on', () => {
    expect(formatCost(0.0123)).toBe('$0.0123');
    expect(formatCost(2.5)).toBe('$2.50');
  });

  it('has no footer when the run reported nothing', () => {
    expect(createRunTotals().footer()).toBeUndefined();
  });

  it('adds increments and replaces with cumulative totals', () => {
    const totals = createRunTotals();
    totals.usage({ kind: 'usage', cumulative: false, inputTokens: 1000, outputTokens: 10, costUsd: 0.01 });
    totals.usage({ kind: 'usage', cumulative: false, inputTokens: 500, outputTokens: 5, reasoningTokens: 7, costUsd: 0.02 });
    expect(totals.footer()).toBe('1,500 in / 15 out tokens (7 reasoning) | $0.0300');
    totals.usage({ kind: 'usage', cumulative: true, inputTokens: 2000, costUsd: 1.5, cacheWriteTokens: 3 });
    expect(totals.footer()).toBe('2,000 in / 15 out tokens (7 reasoning, 3 cache write) | $1.50');
  });

  it('shows status, duration and turns from the session end, and knows an incomplete run', () => {
    const totals = createRunTotals();
    totals.session({ kind: 'session', phase: 'end', status: 'incomplete', durationMs: 900, turns: 1 });
    expect(totals.footer()).toBe('incomplete | 900ms | 1 turn');
    expect(totals.incomplete).toBe(true);
  });
});
