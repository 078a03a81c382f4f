import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html.js';

function unescapeHtml(html: string): string {
  return html.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? '');
}

describe('escapeHtml', () => {
  it.each([
    ['', ''],
    ['plain text', 'plain text'],
    ['a & b', 'a &amp; b'],
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['"quoted"', '&quot;quoted&quot;'],
    ["it's", 'it&#39;s'],
    ['&amp; stays literal', '&amp;amp; stays literal'],
    ['&#106;avascript:', '&amp;#106;avascript:'],
    ['" onmouseover="x', '&quot; onmouseover=&quot;x'],
    ['</style>', '&lt;/style&gt;'],
    ['`backticks` and = signs', '`backticks` and = signs'],
    ['emoji 😀 and 日本語', 'emoji 😀 and 日本語'],
  ])('escapes %j', (input, expected) => {
    expect(escapeHtml(input)).toBe(expected);
  });

  it('leaves no character that could open a tag or close an attribute, and loses nothing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const html = escapeHtml(text);
        expect(html).not.toMatch(/[<>"']/);
        expect(unescapeHtml(html)).toBe(text);
      }),
    );
  });

  it('turns a value that is not a string into text instead of throwing', () => {
    expect(escapeHtml(undefined as unknown as string)).toBe('');
    expect(escapeHtml(42 as unknown as string)).toBe('42');
  });
});
