import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSnippet } from './snippet.js';
import { SNIPPET_LENGTH } from './types.js';

describe('buildSnippet', () => {
  it('cuts around the first match and marks every match in it', () => {
    const text = `${'lorem ipsum '.repeat(40)}the Parser broke; parser fixed`;
    const { snippet, ranges } = buildSnippet(text, new Set(['parser']));
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_LENGTH);
    expect(ranges.map(([from, to]) => snippet.slice(from, to))).toEqual(['Parser', 'parser']);
  });

  it('replaces control characters and lone surrogates without moving the ranges', () => {
    const { snippet, ranges } = buildSnippet('\u001b[31mred\u001b[0m \ud800 alert\u0007', new Set(['alert']));
    expect(snippet).not.toMatch(/[\u0000-\u001f\u007f-\u009f]|[\ud800-\udfff]/);
    expect(ranges.map(([from, to]) => snippet.slice(from, to))).toEqual(['alert']);
  });

  it('is bounded and its ranges are inside it, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 2000 }), fc.string({ minLength: 1, maxLength: 4 }), (text, word) => {
        const { snippet, ranges } = buildSnippet(`${text} ${word} ${text}`, new Set([word.toLowerCase()]));
        expect(snippet.length).toBeLessThanOrEqual(SNIPPET_LENGTH);
        for (const [from, to] of ranges) expect(0 <= from && from < to && to <= snippet.length).toBe(true);
      }),
    );
  });
});
