import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderMarkdown, renderMarkdownByMarkdownIt } from './markdown.js';

/*
 * The paths that write Markdown without markdown-it (simple-markdown.ts,
 * fenced-markdown.ts) write part of the text as it is. Whatever they take,
 * they must write exactly what markdown-it writes, or decline: held here on
 * hostile text that mixes what those paths look for with markup, character
 * references and invisible characters.
 */

/** Pieces that the fast paths take: prose, code spans, strong words, list items, fences. */
const SHAPES = fc.constantFrom('a', 'b c', ' ', '  ', '\n', '\n\n', '.', ',', ')', 'é', '日', '1', '-', '- ', '\n- ', '**', '**a', 'b**', ' **c** ', '`', '``', '```', '```js\n', '\n```\n', '```\n', '    ', '\u00a0', '\u3000');
/** Markup, attributes, references and quotes that must never leave a fast path as markup. */
const HOSTILE = fc.constantFrom(
  '<',
  '>',
  '&',
  '"',
  "'",
  '<meta http-equiv=refresh content=0;url=https://e.test>',
  '<base href=https://e.test/>',
  '<link rel=prefetch href=https://e.test>',
  '<a href=https://e.test autofocus onfocus=alert(1)>',
  '<img src=x onerror=alert(1)>',
  '<form action=https://e.test><input name=p>',
  '</strong>',
  '</code></pre>',
  ' onclick=alert(1) ',
  '&amp;',
  '&lt;',
  '&#x202E;',
  '&#8203;',
  '&zwj;',
  '&#0;',
  '\\',
  '[x](https://e.test "t")',
  '*',
  '_',
  '#',
  '|',
  '~',
  '!',
  '\t',
  '\r',
);
/** Invisible, joining and combining characters, raw. */
const INVISIBLE = fc.constantFrom('\u202e', '\u200b', '\u200d', '\u2066', '\u00ad', '\u115f', '\u3164', '\ufe0f', '\u{e0041}', '\u0301', '\u0000', '\u001b', '\u2028');

const PAYLOAD = fc.oneof(HOSTILE, INVISIBLE);
/** A payload where a fast path writes text as it is: in a strong word, a code span, a list item, a fence. */
const WRAPPED = fc
  .tuple(fc.constantFrom('**a%b**', ' **%** ', '`%`', '- a%\n', '```\n%\n```\n', '```ts\n%\n```', 'a%b'), PAYLOAD)
  .map(([shape, payload]) => shape.replace('%', payload));

const HOSTILE_TEXT = fc
  .array(fc.oneof({ arbitrary: SHAPES, weight: 6 }, { arbitrary: WRAPPED, weight: 3 }, { arbitrary: PAYLOAD, weight: 1 }), { maxLength: 16 })
  .map((parts) => parts.join(''));

describe('renderMarkdown: the fast paths on hostile text', () => {
  it('write what markdown-it writes, or leave the text to it', () => {
    fc.assert(
      fc.property(HOSTILE_TEXT, (source) => {
        expect(renderMarkdown(source)).toBe(renderMarkdownByMarkdownIt(source));
      }),
      { numRuns: 5000 },
    );
  });

  it.each([
    '**a<img src=x onerror=alert(1)>b**',
    'see **x<meta http-equiv=refresh content=0;url=https://e.test>y**',
    '- **a<base href=https://e.test/>b**',
    '**a&#x202E;b**',
    '```\nx\n```\n**a<link rel=prefetch href=https://e.test>b**',
  ])('never writes markup from the text of a strong word: %j', (source) => {
    const html = renderMarkdown(source);
    expect(html).toBe(renderMarkdownByMarkdownIt(source));
    expect(html).not.toMatch(/<(?:img|meta|base|link)\b/);
  });
});
