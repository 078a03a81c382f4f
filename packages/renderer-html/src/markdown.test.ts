import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markInvisible } from './escape-html.js';
import { renderMarkdown, renderMarkdownByMarkdownIt } from './markdown.js';
import { hasBlockStart, isPlainProse, isProseWithCode, plainProseHtml, proseWithCodeLine, simpleMarkdownHtml, splitAtBlankLines } from './simple-markdown.js';

const REL = 'rel="noopener noreferrer nofollow"';
const SEED = 18;

const ALLOWED_TAGS = new Set(['p', 'br', 'strong', 'em', 's', 'code', 'pre', 'span', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'h5', 'h6', 'hr', 'blockquote', 'table', 'thead', 'tbody', 'tr', 'th', 'td']);
const ALLOWED_ATTRIBUTES = new Set(['href', 'rel', 'class', 'start']);
const ALLOWED_CLASS = /^(language-[\w+#.-]+|hljs-[\w-]+( [\w-]+_*)*|align-(left|center|right))$/;

/** Every tag in the output is one Markdown writes, with only its own attributes, and every href is http(s). */
function expectOnlySafeMarkup(html: string): void {
  for (const match of html.matchAll(/<\/?([^\s>/]+)([^>]*)>/g)) {
    const [, tag = '', attributes = ''] = match;
    expect(ALLOWED_TAGS, `tag <${tag}> in ${html}`).toContain(tag);
    const rest = attributes.replace(/\s([a-z]+)="([^"]*)"/g, (_, name: string, value: string) => {
      expect(ALLOWED_ATTRIBUTES, `attribute ${name} in ${html}`).toContain(name);
      if (name === 'href') expect(value).toMatch(/^https?:\/\//i);
      if (name === 'class') expect(value).toMatch(ALLOWED_CLASS);
      return '';
    });
    expect(rest.trim(), `stray attribute text in ${html}`).toBe('');
  }
  expect(html).not.toMatch(/<(?![/a-z])/);
}

describe('renderMarkdown: CommonMark and GFM', () => {
  it.each([
    ['', ''],
    ['  \n ', ''],
    ['Hello', '<p>Hello</p>'],
    ['one\ntwo', '<p>one<br>\ntwo</p>'],
    ['one\n\ntwo', '<p>one</p>\n<p>two</p>'],
    ['*em* and _em_', '<p><em>em</em> and <em>em</em></p>'],
    ['**strong** and __strong__', '<p><strong>strong</strong> and <strong>strong</strong></p>'],
    ['snake_case_name stays', '<p>snake_case_name stays</p>'],
    ['use `npm test` now', '<p>use <code>npm test</code> now</p>'],
    ['~~gone~~', '<p><s>gone</s></p>'],
    ['```\nplain\n```', '<pre><code>plain</code></pre>'],
    ['```nosuchlanguage\nplain\n```', '<pre><code class="language-nosuchlanguage">plain</code></pre>'],
    ['- a\n- b', '<ul>\n<li>a</li>\n<li>b</li>\n</ul>'],
    ['3) c\n4) d', '<ol start="3">\n<li>c</li>\n<li>d</li>\n</ol>'],
    ['> Note', '<blockquote>\n<p>Note</p>\n</blockquote>'],
    ['# Title', '<h3>Title</h3>'],
    ['###### Deepest', '<h6>Deepest</h6>'],
    ['---', '<hr>'],
    ['[docs](https://example.com/a?b=1&c=2)', `<p><a href="https://example.com/a?b=1&amp;c=2" ${REL}>docs</a></p>`],
    ['a & b < c', '<p>a &amp; b &lt; c</p>'],
  ])('%j', (source, html) => {
    expect(renderMarkdown(source)).toBe(html);
  });

  it('renders a GFM table as a <table>, alignment as a class', () => {
    expect(renderMarkdown('| File | Change |\n|:--|--:|\n| `a.ts` | **fix** |')).toBe(
      '<table>\n<thead>\n<tr>\n<th class="align-left">File</th>\n<th class="align-right">Change</th>\n</tr>\n</thead>\n' +
        '<tbody>\n<tr>\n<td class="align-left"><code>a.ts</code></td>\n<td class="align-right"><strong>fix</strong></td>\n</tr>\n</tbody>\n</table>',
    );
  });

  it('highlights fenced code by its language into span classes', () => {
    expect(renderMarkdown('```ts\nconst a = 1; // one\n```')).toBe(
      '<pre><code class="language-ts"><span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span>; <span class="hljs-comment">// one</span></code></pre>',
    );
  });
});

describe('renderMarkdown: hostile input', () => {
  it.each([
    ['<script>alert(1)</script>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
    ['<img src=x onerror=alert(1)>', '<p>&lt;img src=x onerror=alert(1)&gt;</p>'],
    ['[x](javascript:alert(1))', '<p>[x](javascript:alert(1))</p>'],
    ['[x](JAVASCRIPT:alert)', '<p>[x](JAVASCRIPT:alert)</p>'],
    ['[x](data:text/html;base64,PHNjcmlwdD4=)', '<p>[x](data:text/html;base64,PHNjcmlwdD4=)</p>'],
    ['[x](vbscript:msgbox)', '<p>[x](vbscript:msgbox)</p>'],
    ['[x](//evil.example/path)', '<p>[x](//evil.example/path)</p>'],
    ['[x](/relative)', '<p>[x](/relative)</p>'],
    ['[x](https://a.example/"onclick="alert)', `<p><a href="https://a.example/%22onclick=%22alert" ${REL}>x</a></p>`],
    ['![img](https://example.com/a.png)', `<p><a href="https://example.com/a.png" ${REL}>image: img</a></p>`],
    ['![img](javascript:alert(1))', '<p>![img](javascript:alert(1))</p>'],
    ['<https://example.com" onclick="x>', '<p>&lt;https://example.com&quot; onclick=&quot;x&gt;</p>'],
    ['```js" onclick="alert(1)\nx\n```', '<pre><code>x</code></pre>'],
    ['```<script>\nx\n```', '<pre><code>x</code></pre>'],
    ['```html\n<script>alert(1)</script>\n```', '<pre><code class="language-html"><span class="hljs-tag">&lt;<span class="hljs-name">script</span>&gt;</span>alert(1)<span class="hljs-tag">&lt;/<span class="hljs-name">script</span>&gt;</span></code></pre>'],
    ['`</code><script>`', '<p><code>&lt;/code&gt;&lt;script&gt;</code></p>'],
  ])('%j', (source, html) => {
    expect(renderMarkdown(source)).toBe(html);
  });

  it('writes only its own tags and http(s) links for any input', () => {
    const pieces = fc.constantFrom('*', '**', '_', '__', '`', '```', '```ts\n', '~~~', '~~', '[', ']', '(', ')', '!', '<', '>', '> ', '|', '|--|', '"', "'", '&', '#', '- ', '1. ', '\n', '\n\n', '  ', 'javascript:', 'https://x.example', 'data:', 'a', 'onclick=', ' ');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }).map((parts) => parts.join('')), (source) => {
        expectOnlySafeMarkup(renderMarkdown(source));
      }),
      { numRuns: 1000, seed: SEED },
    );
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (source) => expectOnlySafeMarkup(renderMarkdown(source))), { seed: SEED });
  });

  // CommonMark keeps every letter as content except those of a fence's info
  // string (the "a" of "```a" names the language), so inputs with a line that
  // could open a fence are left to the fence tests.
  it('keeps every letter of the source, in order, outside fence info strings', () => {
    const alphabet = fc.constantFrom('a', 'b', '*', '_', '`', ' ', '\n', '-', '1', '.', '#', '|', '>');
    const withoutFenceOpener = fc.string({ unit: alphabet }).filter((source) => !/^ {0,3}```/m.test(source));
    fc.assert(
      fc.property(withoutFenceOpener, (source) => {
        const text = renderMarkdown(source).replace(/<[^>]*>/g, '');
        expect(text.replace(/[^ab]/g, '')).toBe(source.replace(/[^ab]/g, ''));
      }),
      { seed: SEED },
    );
  });

  it('marks control, bidi and zero-width characters visibly in prose, emphasis and fenced code', () => {
    const html = renderMarkdown('invoice.\u202efdp.exe **bold\u0007**\n\n```js\nconst a = "\u200b\u001b[2J";\n```');
    expect(html).toContain(String.raw`invoice.\u202efdp.exe`);
    expect(html).toContain(String.raw`bold\x07`);
    expect(html).toContain(String.raw`\u200b\x1b[2J`);
    expect(html).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b\u202e]/);
  });

  it('bounds nesting on pathological input instead of recursing without end', () => {
    const html = renderMarkdown(`${'> '.repeat(5_000)}deep\n\n${'['.repeat(5_000)}`);
    expectOnlySafeMarkup(html);
    expect(html).toContain('deep');
  });
});

describe('renderMarkdown: plain prose', () => {
  it('writes what markdown-it writes for every text without Markdown syntax', async () => {
    const { default: MarkdownIt } = await import('markdown-it');
    const reference = new MarkdownIt('default', { html: false, linkify: false, breaks: true, typographer: false });
    const unit = fc.constantFrom('a', 'b', ' ', '  ', '\n', '\n\n', '.', ',', "'", '"', '1', '-', ':', '?', '(', ')', '/', 'é', '日', '=', '+');
    let taken = 0;
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 40 }).map((parts) => parts.join('')), (source) => {
        if (source.trim() === '' || !isPlainProse(source)) return;
        taken += 1;
        expect(plainProseHtml(source)).toBe(reference.render(source).trimEnd());
      }),
      { seed: SEED, numRuns: 3000 },
    );
    // A property that skipped every sample would pass without checking anything.
    expect(taken).toBeGreaterThan(1500);
  });

  it('writes what markdown-it writes for prose with inline code spans, strong words and simple lists', async () => {
    const { default: MarkdownIt } = await import('markdown-it');
    const reference = new MarkdownIt('default', { html: false, linkify: false, breaks: true, typographer: false });
    const unit = fc.constantFrom('a', ' ', '  ', '\n', '\n\n', '.', '"', '1', '-', ':', '(', ')', 'é', '=', '`', '*', '_', '<', '>', '&', '[', ']', '\\', '#', '|', '~', '!', '&amp;');
    // Spans made on purpose, with Markdown characters inside, so that most samples take the path.
    const span = fc.array(unit, { maxLength: 6 }).map((parts) => `\`${parts.join('').replaceAll('`', '')}\``);
    const plain = fc.constantFrom('a', ' ', '  ', '\n', '\n\n', '.', '"', '1', '-', ':', 'é', '=', ' b c', '\n- x', '\n    y', '**', ' **b** ', '**c d**', ')', ',', '\n\n- `a`: b\n- c\n\n', '\n- d', '- ', '\n \n', '\n\n-  e', '\n\n- f', '\n\n  i', '\n- g\n', 'h.\n- j\n  ');
    const part = fc.oneof({ arbitrary: plain, weight: 6 }, { arbitrary: span, weight: 3 }, { arbitrary: unit, weight: 1 });
    let taken = 0;
    let strong = 0;
    let lists = 0;
    let listsAfterParagraphs = 0;
    let listsAtTheEnd = 0;
    fc.assert(
      fc.property(fc.array(part, { maxLength: 30 }).map((parts) => parts.join('')), (source) => {
        if (source.trim() === '' || simpleMarkdownHtml(markInvisible(source)) === undefined) return;
        const html = renderMarkdown(source);
        taken += 1;
        if (html.includes('<strong>')) strong += 1;
        if (html.includes('<ul>')) lists += 1;
        if (/\S[ ]*\n- \S/.test(source)) listsAfterParagraphs += 1;
        if (/\n- [^\n]*\n *$/.test(source)) listsAtTheEnd += 1;
        expect(html).toBe(reference.render(source).trimEnd());
      }),
      { seed: SEED, numRuns: 8000 },
    );
    expect(taken).toBeGreaterThan(1200);
    expect(strong).toBeGreaterThan(150);
    expect(lists).toBeGreaterThan(200);
    expect(listsAfterParagraphs).toBeGreaterThan(150);
    expect(listsAtTheEnd).toBeGreaterThan(50);
  });

  // markdown-it counts only spaces as indentation: a line of two spaces and then any other white space
  // (JavaScript's `\s` holds them, CommonMark's does not) continues the list item above it.
  it.each(['\u00a0', '\u2003', '\u3000', '\u202f', '\u1680', '\u00a0x'])('reads a block indented by two after a list, then %j, as the item’s paragraph', (rest) => {
    const source = `- a\n\n  ${rest}`;
    expect(renderMarkdown(source)).toBe(renderMarkdownByMarkdownIt(source));
    expect(renderMarkdown(source)).toMatch(/^<ul>\n<li>\n<p>a<\/p>/);
  });

  it('leaves every text with a doubled backtick to markdown-it, as the whole simple path does', () => {
    // simpleProseHtml returns at once for these; the blocks path it skips must agree for every such text.
    const plain = fc.constantFrom('a', ' ', '  ', '\n', '\n\n', '\n \n', '.', '"', '-', ' **b** ', '\n- x', '\n- `a`: b\n- c\n\n', '\n    y', '\n\n  i', '`c`', '- ');
    const doubled = fc.constantFrom('``', '```', '```ts\n', '\n```\n', '- ``', '``a``', '\n\n- a ``b``\n');
    let written = 0;
    fc.assert(
      fc.property(fc.array(plain, { maxLength: 12 }), doubled, fc.array(plain, { maxLength: 12 }), (before, middle, after) => {
        const source = markInvisible(before.join('') + middle + after.join(''));
        if (simpleMarkdownHtml(source.replace(middle, '')) !== undefined) written += 1;
        expect(simpleMarkdownHtml(source)).toBeUndefined();
      }),
      { seed: SEED, numRuns: 8000 },
    );
    // Most texts around the backticks take the simple path: the doubled backtick alone sends them to markdown-it.
    expect(written).toBeGreaterThan(1500);
  });

  it('writes a line of code spans as the split at backticks it replaced writes it', () => {
    // The version before the walk by indexOf: pieces at odd places are code, at even places prose.
    const strong = /(?<=^|[ \n\0])\*\*[A-Za-z0-9](?:[^*\n\0]*[A-Za-z0-9])?\*\*(?=$|[ \n\0.,;:!?)])/gm;
    const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
    const code = (part: string): string => {
      const trimmed = part.length > 2 && part.startsWith(' ') && part.endsWith(' ') ? part.slice(1, -1) : part;
      return `<code>${trimmed.replace(/[&<>"]/g, (char) => escapes[char] as string)}</code>`;
    };
    const prose = (part: string): string => part.replace(strong, (match) => `<strong>${match.slice(2, -2)}</strong>`).replaceAll('"', '&quot;');
    const reference = (line: string): string =>
      line
        .split('`')
        .map((part, i) => (i % 2 === 0 ? prose(part) : code(part)))
        .join('');
    const unit = fc.constantFrom('`', '``', ' ', '  ', 'a', 'b c', '"', '**', '**d**', ' **e f** ', '&', '<', '>', "'", '.', ')', 'é', '*', '&amp;');
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 20 }).map((parts) => parts.join('')), (line) => {
        expect(proseWithCodeLine(line)).toBe(reference(line));
      }),
      { seed: SEED, numRuns: 20_000 },
    );
  });

  it('finds a block start at the same lines as the one multiline expression it replaced', () => {
    const reference = /^ *(?:[-+=>]|\d{1,9}[.)])|^ {4}/m;
    const unit = fc.constantFrom(' ', '    ', '-', '+', '=', '>', '1', '123456789', '0', '.', ')', 'a', 'b c', '\n', '\n\n', '\r', '\r\n', '\u2028', '\u2029', '*');
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 16 }).map((parts) => parts.join('')), (source) => {
        expect(hasBlockStart(source)).toBe(reference.test(source));
      }),
      { seed: SEED, numRuns: 20_000 },
    );
  });

  it('splits at runs of blank lines where the expression it replaced splits', () => {
    const unit = fc.constantFrom(' ', '  ', '\n', '\n\n', '\n \n', 'a', 'b c', '\t', '\r\n');
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 16 }).map((parts) => parts.join('')), (source) => {
        expect(splitAtBlankLines(source)).toEqual(source.split(/\n(?:[ ]*\n)+/));
      }),
      { seed: SEED, numRuns: 20_000 },
    );
  });

  it('leaves code spans that cross a line, or are not paired, to markdown-it', () => {
    expect(isProseWithCode('use `npm test` and `tsc`')).toBe(true);
    expect(isProseWithCode('a `b\nc` d')).toBe(false);
    expect(isProseWithCode('a `b` `c')).toBe(false);
    expect(isProseWithCode('a ``b`` c')).toBe(false);
    expect(isProseWithCode('a *b* `c`')).toBe(false);
    expect(isProseWithCode('a**b** `c`')).toBe(false);
    expect(renderMarkdown('**212 passed**, `npm test` **ok**')).toBe('<p><strong>212 passed</strong>, <code>npm test</code> <strong>ok</strong></p>');
    expect(renderMarkdown('run ` <b>&amp; ` and `x "y"`')).toBe('<p>run <code>&lt;b&gt;&amp;amp;</code> and <code>x &quot;y&quot;</code></p>');
  });
});

describe('renderMarkdown: character references', () => {
  it.each([
    ['in text', 'run &#x202E;exe.txt and a&#8203;b a&zwj;b', String.raw`<p>run \u202eexe.txt and a\u200bb a\u200db</p>`],
    ['in emphasis and link text', '*x&#x2066;y* [a&#xE0041;b](https://e.test)', String.raw`\u2066`],
    ['in a link title', '[a](https://e.test "t&#x202e;x")', String.raw`title="t\u202ex"`],
    ['a tag character', 'a&#917569;b', String.raw`a\u{e0041}b`],
  ])('marks the invisible characters references decode to %s', (_name, source, expected) => {
    const html = renderMarkdown(source);
    expect(html).toContain(expected);
    expect(html).not.toMatch(/\u200b|\u200d|\u202e|\u2066|\u{e0041}/u);
  });
});

describe('renderMarkdown: combining marks', () => {
  it('bounds a run of marks that emphasis and code spans split', () => {
    const m = '\u0301'.repeat(8);
    const html = renderMarkdown(`a${m}*${m}*${m}\`${m}\``);
    expect(html.match(/\u0301/g)).toHaveLength(8);
    expect(html).toContain('<em>\\u0301');
  });
});
