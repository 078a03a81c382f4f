import { describe, expect, it } from 'vitest';
import { formatCost, formatCount, formatDuration, formatStatus } from './display-format.js';

describe('display formats, the same in every locale', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [31520, '31,520'],
    [1234567, '1,234,567'],
    [-1500, '-1,500'],
    [2.5, '3'],
    [Number.NaN, 'NaN'],
    // Past 1e21 JavaScript writes an exponent; a count read from a hostile log can be that large.
    [999999999999999900000, '999,999,999,999,999,900,000'],
    [1e308, '1e+308'],
    [-1e21, '-1e+21'],
  ])('count %d is %s', (n, text) => {
    expect(formatCount(n)).toBe(text);
  });

  it.each([
    [0, '0 ms'],
    [850, '850 ms'],
    [999.6, '1.0 s'],
    [1000, '1.0 s'],
    [12_345, '12.3 s'],
    [59_960, '1 min 00 s'],
    [65_000, '1 min 05 s'],
    [119_600, '2 min 00 s'],
    [125_000, '2 min 05 s'],
    [3_599_600, '1 h 00 min'],
    [3_723_000, '1 h 02 min'],
    [-1, 'unknown'],
    [Number.POSITIVE_INFINITY, 'unknown'],
  ])('duration %d ms is %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it.each([
    [0, '$0.0000'],
    [0.0123, '$0.0123'],
    [0.11, '$0.1100'],
    [1.5, '$1.50'],
    [12.345, '$12.35'],
    [Number.NaN, 'unknown'],
  ])('cost %d is %s', (usd, text) => {
    expect(formatCost(usd)).toBe(text);
  });

  it.each([
    ['success', 'completed'],
    ['error', 'failed'],
    ['cancelled', 'cancelled'],
    ['incomplete', 'incomplete'],
    [undefined, 'no session end reported'],
    ['__proto__', '__proto__'],
  ] as const)('status %s is %s', (status, text) => {
    expect(formatStatus(status as Parameters<typeof formatStatus>[0])).toBe(text);
  });
});
