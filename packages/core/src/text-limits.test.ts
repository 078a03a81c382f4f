import fc from 'fast-check';
import v8 from 'node:v8';
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

describe('toOneLine on long texts', () => {
  // It collapses a window at a time; the result must be what collapsing the whole text and cutting it gives.
  // Mostly whitespace, so that a window's collapsed text lands near the limit, and pairs, so that a window may end inside one.
  const piece = fc.oneof(
    { arbitrary: fc.constantFrom(' ', '  ', '\n', '\r\n', '\t', '\u00a0', ' '.repeat(300), '\n'.repeat(50)), weight: 6 },
    { arbitrary: fc.constantFrom('😀', '😀😀😀', 'é', '日本'), weight: 3 },
    { arbitrary: fc.constantFrom('word', 'x'.repeat(40), 'x'.repeat(300)), weight: 1 },
  );
  it('looks past a first window whose collapsed text is just the limit long', () => {
    // The first window (1,024 units) collapses to exactly ten characters, or ten pairs: the rest decides that it is cut.
    expect(toOneLine(`${'a'.repeat(10)}${' '.repeat(1014)}b`, 10)).toBe(`aaaaaaa${ELLIPSIS}`);
    expect(toOneLine(`${' '.repeat(1004)}${'😀'.repeat(11)}`, 10)).toBe(`${'😀'.repeat(7)}${ELLIPSIS}`);
    expect(toOneLine(`${' '.repeat(1004)}${'😀'.repeat(10)}  `, 10)).toBe('😀'.repeat(10));
  });

  it('equals cutting the whole collapsed text, whatever the whitespace and surrogate pairs near a window edge', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 400 }), fc.integer({ min: 1, max: 300 }), (pieces, max) => {
        const text = pieces.join('');
        expect(toOneLine(text, max)).toBe(cutText(collapseWhitespace(text), max));
      }),
      { numRuns: 2000 },
    );
  });
});

/*
 * A cut is kept across lines (an open call's preview, a listed name), so it
 * must not be a view into the string it was cut from: V8 makes a slice a
 * sliced string and `slice + '...'` a cons string, both of which keep the
 * whole parent alive. 500 open Edit calls with 200 KB paths kept 96 MiB of
 * heap for their 40-character previews. Whether a string is flat is read
 * from its map (V8's `%HaveSameMap`, with natives enabled for this file),
 * against a flat one-byte string made by `join`.
 */
describe('cuts share no memory with their text', () => {
  v8.setFlagsFromString('--allow-natives-syntax');
  const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: string, b: string) => boolean;
  const flat = (s: string) => sameMap(s, ['a'.repeat(20), 'b'.repeat(20)].join(''));
  const long = `/src/${'p'.repeat(200_000)}.ts`;

  it('tells a view from a flat string', () => {
    expect(flat(long.slice(0, 40))).toBe(false);
    expect(flat(`${long.slice(0, 37)}...`)).toBe(false);
  });

  it('cutText and toOneLine return flat copies of a long text', () => {
    expect(flat(cutText(long, 40))).toBe(true);
    expect(flat(toOneLine(long, 40))).toBe(true);
    expect(flat(toOneLine(`  ${long.replace('p', ' \n p')}`, 160))).toBe(true);
  });
});
