import { describe, expect, it } from 'vitest';
import { renderStyledLine } from './styled-line.js';

const red = (text: string) => `<${text}>`;

describe('renderStyledLine', () => {
  it('leaves a line that fits, or any line without a width, whole', () => {
    expect(renderStyledLine([['ab'], ['cd', red]], 4)).toBe('ab<cd>');
    expect(renderStyledLine([['x'.repeat(500)]], undefined)).toBe('x'.repeat(500));
  });

  it('cuts to the width, ending with a mark, and styles what it keeps', () => {
    expect(renderStyledLine([['abc'], ['defgh', red]], 6)).toBe('abc<de>…');
  });

  it.each([
    ['CJK', '日本語のテキスト', 7, '日本語…'],
    ['emoji', '👍👍👍👍', 6, '👍👍…'],
    ['a ZWJ family emoji kept whole', 'a👩‍👩‍👧b', 3, 'a…'],
    ['combining marks', 'e\u0301e\u0301e\u0301e\u0301', 3, 'e\u0301e\u0301…'],
  ])('counts %s by terminal columns', (_name, text, columns, expected) => {
    expect(renderStyledLine([[text]], columns)).toBe(expected);
  });

  it('does not style an empty kept part', () => {
    expect(renderStyledLine([['abcdef'], ['gh', red]], 4)).toBe('abc…');
  });
});
