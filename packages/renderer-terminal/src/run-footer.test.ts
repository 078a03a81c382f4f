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

  it('adds the cumulative totals of concatenated sessions', () => {
    const totals = createRunTotals();
    totals.session({ kind: 'session', phase: 'start', sessionId: 'run-1' });
    totals.usage({ kind: 'usage', cumulative: true, inputTokens: 1000, outputTokens: 100 });
    totals.session({ kind: 'session', phase: 'start', sessionId: 'run-2' });
    totals.usage({ kind: 'usage', cumulative: true, inputTokens: 10, outputTokens: 1 });
    expect(totals.footer()).toBe('1,010 in / 101 out tokens');
    expect(totals.ended).toBe(false);
  });

  it('shows status, duration and turns from the session end, and knows an incomplete run', () => {
    const totals = createRunTotals();
    totals.session({ kind: 'session', phase: 'end', status: 'incomplete', durationMs: 900, turns: 1 });
    expect(totals.footer()).toBe('incomplete | 900ms | 1 turn');
    expect(totals.incomplete).toBe(true);
  });
});

describe('run footer width', () => {
  const totals = createRunTotals();
  totals.session({ kind: 'session', phase: 'end', status: 'success', durationMs: 125_000, turns: 12 });
  totals.usage({ kind: 'usage', cumulative: true, inputTokens: 1_234_567, outputTokens: 89_012, cacheReadTokens: 1_000_000, costUsd: 1.2345 });

  it.each([
    [120, 'success | 2m 05s | 12 turns | 1,234,567 in / 89,012 out tokens (1,000,000 cache read) | $1.23'],
    [80, 'success | 2m 05s | 12 turns | 1,234,567 in / 89,012 out tokens | $1.23'],
    [60, 'success | 2m 05s | 1,234,567 in / 89,012 out tokens | $1.23'],
    [40, 'success | $1.23'],
  ])('fits %d columns, keeping status and cost', (columns, footer) => {
    expect(totals.footer(columns)).toBe(footer);
    expect(footer.length).toBeLessThanOrEqual(columns);
  });

  it('says unknown for a token count no usage event reported, never 0', () => {
    const some = createRunTotals();
    some.usage({ kind: 'usage', cumulative: true, outputTokens: 303 });
    expect(some.footer()).toBe('unknown in / 303 out tokens');
  });
});
