import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { textWidth } from './text-width.js';

// The characters that make widths differ: ASCII, controls and escape codes,
// combining marks, zero-width and bidi characters, variation selectors, CJK,
// emoji (with skin tones and joiners), and ambiguous-width letters.
const PIECES = [
  'a',
  'Z',
  ' ',
  '~',
  '\x1b[31m',
  '\x1b[0m',
  '\x07',
  '\t',
  '\n',
  '\x9b',
  'é',
  'e\u0301',
  '\u200b',
  '\u200d',
  '\u202e',
  '\ufe0f',
  '\ufeff',
  '中',
  '文',
  'ｱ',
  '가',
  '😀',
  '👍🏽',
  '👨‍👩‍👧',
  '🇫🇷',
  '1\ufe0f\u20e3',
  '©',
  'α',
  '…',
  '─',
  '\u00ad',
  '\u{1f600}',
  '\ud800',
];

describe('textWidth', () => {
  it('counts one column for each printable ASCII character', () => {
    expect(textWidth('')).toBe(0);
    expect(textWidth('Read src/greet.ts (12 lines)')).toBe(28);
  });

  it('counts wide, zero-width and escape characters as a terminal draws them', () => {
    expect(textWidth('中文')).toBe(4);
    expect(textWidth('😀 ok')).toBe(5);
    expect(textWidth('e\u0301')).toBe(1);
    expect(textWidth('\x1b[31mred\x1b[0m')).toBe(3);
    expect(textWidth('a\u200bb')).toBe(2);
  });

  it('gives the width string-width gives, for any mix of those characters', () => {
    const text = fc
      .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' })), { maxLength: 12 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (value) => {
        expect(textWidth(value)).toBe(stringWidth(value));
      }),
      { numRuns: 500 },
    );
  });
});
