import { describe, expect, it } from 'vitest';
import { clean, codeSpan, inline, quoteLines } from './markdown-text.js';

describe('Markdown text helpers', () => {
  it('shows control characters as U+FFFD and keeps tabs and newlines', () => {
    expect(clean('a\u001b[31mred\u0007\tb\r\nc\rd\u009b')).toBe('a\uFFFD[31mred\uFFFD\tb\nc\nd\uFFFD');
  });

  it('fences a code span one backtick longer than any run inside, on one line', () => {
    expect(codeSpan('npm test')).toBe('`npm test`');
    expect(codeSpan('a `b` c')).toBe('``a `b` c``');
    expect(codeSpan('`x`')).toBe('`` `x` ``');
    expect(codeSpan('two\nlines')).toBe('`two lines`');
    expect(codeSpan('')).toBe('` `');
  });

  it('escapes Markdown punctuation in inline text', () => {
    expect(inline('# *not* [a](link) <b> `c` a|b ~d_e\\')).toBe('\\# \\*not\\* \\[a\\](link) \\<b\\> \\`c\\` a\\|b \\~d\\_e\\\\');
  });

  it('continues a block quote on every line', () => {
    expect(quoteLines('one\ntwo\n')).toBe('one\n> two\n> ');
  });
});
