import { describe, expect, it } from 'vitest';
import { clipText, MAX_SHOWN_CHARS, omittedHtml } from './clip-text.js';
import { fileEditsHtml } from './file-edit-html.js';

describe('clipText', () => {
  it('keeps a block within the limit as it is', () => {
    expect(clipText('abc', 3)).toEqual({ shown: 'abc', omitted: 0 });
    expect(omittedHtml(0)).toBe('');
  });

  it('cuts a longer block and counts what it left out', () => {
    expect(clipText('abcdef', 4)).toEqual({ shown: 'abcd', omitted: 2 });
    expect(omittedHtml(1234567)).toBe('<p class="tool-empty clipped">… 1,234,567 more characters not shown</p>');
  });

  it('never cuts a surrogate pair in half', () => {
    expect(clipText('ab😀cd', 3)).toEqual({ shown: 'ab', omitted: 4 });
  });
});

describe('a written file of many megabytes', () => {
  it('is shown up to the limit, with a line saying how much more there was', () => {
    const content = 'x'.repeat(MAX_SHOWN_CHARS + 10);
    const html = fileEditsHtml([{ path: 'big.txt', change: 'created', content, lines: [], added: 1, removed: 0 }], (code) => code);
    expect(html).toContain(`<code class="language-plaintext">${'x'.repeat(MAX_SHOWN_CHARS)}</code></pre>`);
    expect(html.endsWith('<p class="tool-empty clipped">… 10 more characters not shown</p>')).toBe(true);
  });

  it('shows a diff line of many megabytes cut, with what it left out', () => {
    const text = 'y'.repeat(MAX_SHOWN_CHARS + 5);
    const html = fileEditsHtml([{ path: 'a.txt', change: 'modified', lines: [{ kind: 'add', text }], added: 1, removed: 0 }]);
    expect(html).toContain(`+${'y'.repeat(MAX_SHOWN_CHARS)} … 5 more characters not shown</span>`);
  });
});
