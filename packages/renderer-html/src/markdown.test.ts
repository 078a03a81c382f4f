import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.js';

const REL = 'rel="noopener noreferrer nofollow"';

const ALLOWED_TAGS = new Set(['p', 'br', 'strong', 'em', 'code', 'pre', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'h5', 'h6', 'hr']);
const ALLOWED_ATTRIBUTES = new Set(['href', 'rel', 'class', 'start']);

/** Every tag in the output is one the subset writes, with only its own attributes, and every href is http(s). */
function expectOnlySafeMarkup(html: string): void {
  for (const match of html.matchAll(/<\/?([^\s>/]+)([^>]*)>/g)) {
    const [, tag = '', attributes = ''] = match;
    expect(ALLOWED_TAGS, `tag <${tag}> in ${html}`).toContain(tag);
    const rest = attributes.replace(/\s([a-z]+)="([^"]*)"/g, (_, name: string, value: string) => {
      expect(ALLOWED_ATTRIBUTES, `attribute ${name} in ${html}`).toContain(name);
      if (name === 'href') expect(value).toMatch(/^https?:\/\//i);
      if (name === 'class') expect(value).toMatch(/^language-[\w+#.-]+$/);
      return '';
    });
    expect(rest.trim(), `stray attribute text in ${html}`).toBe('');
  }
  expect(html).not.toMatch(/<(?![/a-z])/);
}

describe('renderMarkdown: the subset', () => {
  it.each([
    ['', ''],
    ['Hello', '<p>Hello</p>'],
    ['one\ntwo', '<p>one<br>\ntwo</p>'],
    ['one\n\ntwo', '<p>one</p><p>two</p>'],
    ['*em* and _em_', '<p><em>em</em> and <em>em</em></p>'],
    ['**strong** and __strong__', '<p><strong>strong</strong> and <strong>strong</strong></p>'],
    ['**bold *and em***', '<p><strong>bold <em>and em</em></strong></p>'],
    ['snake_case_name stays', '<p>snake_case_name stays</p>'],
    ['2 * 3 * 4', '<p>2 * 3 * 4</p>'],
    ['use `npm test` now', '<p>use <code>npm test</code> now</p>'],
    ['``a `tick` b``', '<p><code>a `tick` b</code></p>'],
    ['`*not em*`', '<p><code>*not em*</code></p>'],
    ['```ts\nconst a = 1;\n```', '<pre><code class="language-ts">const a = 1;</code></pre>'],
    ['```\nplain\n```', '<pre><code>plain</code></pre>'],
    ['~~~python\nprint(1)\n~~~', '<pre><code class="language-python">print(1)</code></pre>'],
    ['```js\nunclosed', '<pre><code class="language-js">unclosed</code></pre>'],
    ['````md\n```\ninner\n```\n````', '<pre><code class="language-md">```\ninner\n```</code></pre>'],
    ['```\n**not bold** `not code`\n```', '<pre><code>**not bold** `not code`</code></pre>'],
    ['- a\n- b', '<ul><li>a</li><li>b</li></ul>'],
    ['* a\n+ b', '<ul><li>a</li><li>b</li></ul>'],
    ['1. a\n2. b', '<ol><li>a</li><li>b</li></ol>'],
    ['3) c\n4) d', '<ol start="3"><li>c</li><li>d</li></ol>'],
    ['- a\n  - nested\n- b', '<ul><li>a<ul><li>nested</li></ul></li><li>b</li></ul>'],
    ['- a\ncontinued', '<ul><li>a<br>continued</li></ul>'],
    ['- a\n1. b', '<ul><li>a</li></ul><ol><li>b</li></ol>'],
    ['Intro:\n- a', '<p>Intro:</p><ul><li>a</li></ul>'],
    ['# Title', '<h3>Title</h3>'],
    ['### Deep ###', '<h5>Deep</h5>'],
    ['###### Deepest', '<h6>Deepest</h6>'],
    ['#hashtag', '<p>#hashtag</p>'],
    ['---', '<hr>'],
    ['[docs](https://example.com/a?b=1&c=2)', `<p><a href="https://example.com/a?b=1&amp;c=2" ${REL}>docs</a></p>`],
    ['[**bold** link](http://example.com)', `<p><a href="http://example.com" ${REL}><strong>bold</strong> link</a></p>`],
    ['[](https://example.com)', `<p><a href="https://example.com" ${REL}>https://example.com</a></p>`],
    ['a & b < c', '<p>a &amp; b &lt; c</p>'],
    ['line\r\nbreak', '<p>line<br>\nbreak</p>'],
  ])('%j', (source, html) => {
    expect(renderMarkdown(source)).toBe(html);
  });
});

describe('renderMarkdown: hostile input', () => {
  it.each([
    ['<script>alert(1)</script>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
    ['<img src=x onerror=alert(1)>', '<p>&lt;img src=x onerror=alert(1)&gt;</p>'],
    ['[x](javascript:alert(1))', '<p>[x](javascript:alert(1))</p>'],
    ['[x](JAVASCRIPT:alert)', '<p>[x](JAVASCRIPT:alert)</p>'],
    ['[x](javascript&#58;alert)', '<p>[x](javascript&amp;#58;alert)</p>'],
    ['[x](data:text/html;base64,PHNjcmlwdD4=)', '<p>[x](data:text/html;base64,PHNjcmlwdD4=)</p>'],
    ['[x](vbscript:msgbox)', '<p>[x](vbscript:msgbox)</p>'],
    ['[x](//evil.example/path)', '<p>[x](//evil.example/path)</p>'],
    ['[x](/relative)', '<p>[x](/relative)</p>'],
    ['[x]( https://example.com)', '<p>[x]( https://example.com)</p>'],
    ['[x](https://a.example/"onclick="alert)', `<p><a href="https://a.example/&quot;onclick=&quot;alert" ${REL}>x</a></p>`],
    ["[x](https://a.example/'><script>)", `<p><a href="https://a.example/&#39;&gt;&lt;script&gt;" ${REL}>x</a></p>`],
    ['![img](https://example.com/a.png)', `<p>!<a href="https://example.com/a.png" ${REL}>img</a></p>`],
    ['<https://example.com" onclick="x>', '<p>&lt;https://example.com&quot; onclick=&quot;x&gt;</p>'],
    ['```js" onclick="alert(1)\nx\n```', '<pre><code>x</code></pre>'],
    ['```<script>\nx\n```', '<pre><code>x</code></pre>'],
    ['`</code><script>`', '<p><code>&lt;/code&gt;&lt;script&gt;</code></p>'],
    ['**<b>**', '<p><strong>&lt;b&gt;</strong></p>'],
    // Crossing delimiters stay balanced: the inner pair wins, the rest is text.
    ['*a **b* c**', '<p>*a <strong>b* c</strong></p>'],
  ])('%j', (source, html) => {
    expect(renderMarkdown(source)).toBe(html);
  });

  it('writes only its own tags and http(s) links for any input', () => {
    const pieces = fc.constantFrom('*', '**', '_', '__', '`', '```', '~~~', '[', ']', '(', ')', '<', '>', '"', "'", '&', '#', '- ', '1. ', '\n', '\n\n', '  ', 'javascript:', 'https://x.example', 'data:', 'a', 'onclick=', ' ');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }).map((parts) => parts.join('')), (source) => {
        expectOnlySafeMarkup(renderMarkdown(source));
      }),
      { numRuns: 2000 },
    );
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (source) => expectOnlySafeMarkup(renderMarkdown(source))));
  });

  // CommonMark keeps every letter as content except those of a fence's info
  // string (the "a" of "```a" names the language), so inputs with a line that
  // could open a fence are left to the fence tests.
  it('keeps every letter of the source, in order, outside fence info strings', () => {
    const alphabet = fc.constantFrom('a', 'b', '*', '_', '`', ' ', '\n', '-', '1', '.', '#');
    const withoutFenceOpener = fc.string({ unit: alphabet }).filter((source) => !/^ {0,3}```/m.test(source));
    fc.assert(
      fc.property(withoutFenceOpener, (source) => {
        const text = renderMarkdown(source).replace(/<[^>]*>/g, '');
        expect(text.replace(/[^ab]/g, '')).toBe(source.replace(/[^ab]/g, ''));
      }),
    );
  });

  it('stays linear on long pathological input', () => {
    const started = performance.now();
    renderMarkdown(`${'*a '.repeat(20_000)}\n${'[x]('.repeat(20_000)}\n${'`'.repeat(20_000)}\n${'_'.repeat(20_000)}`);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
