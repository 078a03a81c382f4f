import { describe, expect, it } from 'vitest';
import { ELLIPSIS, collapseWhitespace, cutText, toOneLine } from './text-limits.js';

const codePoints = (s: string) => [...s].length;

describe('cutText', () => {
  it.each([
    ['short', 40, 'short'],
    ['a'.repeat(40), 40, 'a'.repeat(40)],
    ['a'.repeat(41), 40, `${'a'.repeat(37)}${ELLIPSIS}`],
    ['a'.repeat(160), 160, 'a'.repeat(160)],
    ['a'.repeat(161), 160, `${'a'.repeat(157)}${ELLIPSIS}`],
  ])('cuts %j to %i', (input, max, expected) => {
    expect(cutText(input, max)).toBe(expected);
  });

  it('counts emoji and other astral characters as one and never splits a surrogate pair', () => {
    const emoji = '😀'.repeat(41);
    const cut = cutText(emoji, 40);
    expect(codePoints(cut)).toBe(40);
    expect(cut).toBe(`${'😀'.repeat(37)}${ELLIPSIS}`);
    expect(cutText('😀'.repeat(40), 40)).toBe('😀'.repeat(40));
  });

  it('counts CJK and accented characters as one each', () => {
    expect(cutText('日本語'.repeat(14), 40)).toBe(`${'日本語'.repeat(12)}日${ELLIPSIS}`);
    expect(codePoints(cutText('é'.repeat(50), 40))).toBe(40);
  });
});

describe('toOneLine', () => {
  it('collapses newlines, tabs and CR into single spaces', () => {
    expect(collapseWhitespace('  a\n\tb\r\n  c  ')).toBe('a b c');
    expect(toOneLine('line one\nline two', 40)).toBe('line one line two');
  });

  it('collapses before cutting, so a newline-heavy input keeps more text', () => {
    expect(toOneLine(`${'x\n'.repeat(30)}`, 40)).toBe(`${'x '.repeat(18)}x${ELLIPSIS}`);
  });
});
