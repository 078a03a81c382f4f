import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_TERM_LENGTH, tokens, uniqueTerms } from './tokenize.js';

/** The definition the hand-written scan must match: the regex it replaces. */
function reference(text: string): { term: string; start: number; end: number }[] {
  return [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({
    term: m[0].slice(0, MAX_TERM_LENGTH).toLowerCase(),
    start: m.index,
    end: m.index + m[0].length,
  }));
}

/** Text that mixes words with what logs hold at their worst: controls, escapes, astral letters, lone surrogates. */
const hostileText = fc
  .array(
    fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.constantFrom('\u0000', '\u001b[31m', '\ud800', '\udc00', '𝒳𝒴', '😀', 'İstanbul', 'Grüße', '你好', '__proto__', 'x'.repeat(100), '\u0085', '٣'),
    ),
  )
  .map((parts) => parts.join(''));

describe('tokens', () => {
  it('splits on anything that is not a letter or digit, lower-cases and cuts long words', () => {
    expect(tokens('Fix src/foo_bar.ts: CRLF!').map((t) => t.term)).toEqual(['fix', 'src', 'foo', 'bar', 'ts', 'crlf']);
    expect(uniqueTerms('a A a')).toEqual(['a']);
    expect(tokens('x'.repeat(100))[0]?.term).toHaveLength(MAX_TERM_LENGTH);
  });

  it('equals the regex it replaces on any text, hostile text included', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        expect(tokens(text)).toEqual(reference(text));
      }),
      { numRuns: 500 },
    );
  });
});
