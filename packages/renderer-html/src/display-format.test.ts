import { describe, expect, it } from 'vitest';
import { formatCost, formatCount, formatDuration } from './display-format.js';

describe('display formats, the same in every locale', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [48000, '48,000'],
    [1234567, '1,234,567'],
    [-1500, '-1,500'],
    [Number.NaN, 'NaN'],
  ])('count %d is %s', (n, text) => {
    expect(formatCount(n)).toBe(text);
  });

  it.each([
    [0, '0 ms'],
    [850, '850 ms'],
    [1000, '1.0 s'],
    [30_500, '30.5 s'],
    [65_000, '1 min 05 s'],
    [3_600_000, '1 h 00 min'],
    [3_723_000, '1 h 02 min'],
    [-1, '-1'],
  ])('duration %d ms is %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it.each([
    [0, '$0.0000'],
    [0.0421, '$0.0421'],
    [0.11, '$0.1100'],
    [2, '$2.00'],
    [12.345, '$12.35'],
  ])('cost %d is %s', (usd, text) => {
    expect(formatCost(usd)).toBe(text);
  });
});
