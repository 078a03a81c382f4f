import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml, markInvisible } from './escape-html.js';
import { fencedProseHtml } from './fenced-markdown.js';
import type { Highlighter } from './highlight.js';
import { renderMarkdown, renderMarkdownByMarkdownIt } from './markdown.js';

const SEED = 18;

type Call = [string, string | undefined];

/** A highlighter that writes its language and the escaped code, and records every call. */
function recorder(): { calls: Call[]; highlight: Highlighter } {
  const calls: Call[] = [];
  const highlight: Highlighter = (code, language) => {
    calls.push([code, language]);
    return `[${language}]${escapeHtml(code)}`;
  };
  return { calls, highlight };
}

/** A piece of text: prose, a fence this path takes, or a fence-like block it must leave to markdown-it. */
interface Segment {
  text: string;
  fence: boolean;
}

/** A generated text and where its pieces meet without a blank line. */
interface Sample {
  text: string;
  afterParagraph: boolean;
  afterItem: boolean;
  proseAfterCloser: boolean;
}

const firstLine = (text: string): string => text.slice(0, (text.indexOf('\n') + 1 || text.length + 1) - 1);
const lastLine = (text: string): string => text.slice(text.lastIndexOf('\n') + 1);

/** The pieces joined by their joiners, and which meetings the text holds. */
function sampleOf(parts: Array<[Segment, string]>): Sample {
  const sample: Sample = { text: '', afterParagraph: false, afterItem: false, proseAfterCloser: false };
  parts.forEach(([segment, joiner], i) => {
    const before = parts[i - 1];
    if (before !== undefined && before[1] === '\n' && !before[0].fence && segment.fence) {
      const line = lastLine(before[0].text);
      if (line.startsWith('- ')) sample.afterItem = true;
      else if (line.trim() !== '') sample.afterParagraph = true;
    }
    if (before?.[0].fence && before[1] === '\n' && !segment.fence && firstLine(segment.text).trim() !== '') sample.proseAfterCloser = true;
    sample.text += segment.text + joiner;
  });
  return sample;
}

// The prose pieces of markdown.test.ts's simple-path property, and some that path refuses.
const proseUnit = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      'a',
      'b c',
      ' ',
      '  ',
      '\n',
      '\n\n',
      '\n \n',
      '.',
      '"',
      ' `x` ',
      ' `<&" y` ',
      ' **d** ',
      '**e f**',
      '- g',
      '\n- h',
      '\n- `i`: j',
    ),
    weight: 12,
  },
  // Mostly refused by the simple path outside code spans.
  { arbitrary: fc.constantFrom('<', '&', '- ', '\n\n  k', '\n    l', '*', '|', '~', '\u0007'), weight: 1 },
);
const prose = fc.array(proseUnit, { minLength: 1, maxLength: 8 }).map((units): Segment => ({ text: units.join(''), fence: false }));
const info = fc.constantFrom('', '', 'ts', 'js', 'python', 'c++', 'c#', 'x.y-z_1', 'nosuchlanguage', 'a'.repeat(32), 'b'.repeat(33));
const codeLine = fc.constantFrom(
  '',
  'const a = 1;',
  '`',
  '``',
  '<b>&amp;</b>',
  '"q" & \'r\'',
  '\tx',
  '  y',
  '    z',
  'x ``` y',
  '```js',
  '    ```',
  '\t```',
  '~~~',
  '- w',
  '**v**',
  '\u200b\u001b[2J',
);
const fence = fc
  .tuple(info, fc.array(codeLine, { maxLength: 4 }))
  .map(([word, lines]): Segment => ({ text: [`\`\`\`${word}`, ...lines, '```'].join('\n'), fence: true }));
// Fences markdown-it reads otherwise, or reads with more than one word of info, or a closing line CommonMark takes that is not exactly three backticks.
const refused = fc
  .constantFrom(
    '```js x\ny\n```',
    ' ```\ny\n```',
    '````\ny\n````',
    '~~~\ny\n~~~',
    '```\ny\n ```',
    '```\ny\n````',
    '```\ny\n``` ',
    '```\ny\n```\t',
    '```\nunclosed',
    '```ts ',
    '\t```\ny\n```',
    '```\ny\n   ```',
  )
  .map((text): Segment => ({ text, fence: false }));
const segment = fc.oneof({ arbitrary: prose, weight: 5 }, { arbitrary: fence, weight: 4 }, { arbitrary: refused, weight: 1 });
const joiner = fc.constantFrom('\n', '\n', '\n', '\n\n', '\n\n', '');
const samples = fc.array(fc.tuple(segment, joiner), { minLength: 1, maxLength: 6 }).map(sampleOf);

describe('fencedProseHtml: prose and fenced code without markdown-it', () => {
  it('writes what markdown-it writes, with the same highlighter calls, or leaves the text to it before any call', () => {
    const counts = { taken: 0, twoFences: 0, afterParagraph: 0, afterItem: 0, proseAfterCloser: 0, lists: 0 };
    fc.assert(
      fc.property(samples, (sample) => {
        const reference = recorder();
        const rendered = recorder();
        const fast = recorder();
        const expected = renderMarkdownByMarkdownIt(sample.text, reference.highlight);
        expect(renderMarkdown(sample.text, rendered.highlight)).toBe(expected);
        expect(rendered.calls).toEqual(reference.calls);
        const html = fencedProseHtml(markInvisible(sample.text), fast.highlight);
        if (html === undefined) {
          expect(fast.calls).toEqual([]);
          return;
        }
        expect(html).toBe(expected);
        expect(fast.calls).toEqual(reference.calls);
        counts.taken += 1;
        if (fast.calls.length >= 2) counts.twoFences += 1;
        if (sample.afterParagraph) counts.afterParagraph += 1;
        if (sample.afterItem) counts.afterItem += 1;
        if (sample.proseAfterCloser) counts.proseAfterCloser += 1;
        if (html.includes('<ul>') && fast.calls.length > 0) counts.lists += 1;
      }),
      { seed: SEED, numRuns: 8000 },
    );
    // A property that skipped most samples would check little: every kind of meeting must have been taken many times.
    expect(counts.taken).toBeGreaterThan(2000);
    expect(counts.twoFences).toBeGreaterThan(600);
    expect(counts.afterParagraph).toBeGreaterThan(150);
    expect(counts.afterItem).toBeGreaterThan(80);
    expect(counts.proseAfterCloser).toBeGreaterThan(200);
    expect(counts.lists).toBeGreaterThan(300);
  });

  it.each([
    ['an empty fence', '```\n```', '<pre><code>[]</code></pre>', [['', '']]],
    ['a fence of one empty line', '```ts\n\n```', '<pre><code class="language-ts">[ts]</code></pre>', [['', 'ts']]],
    [
      'an info word of 32 characters',
      `\`\`\`${'a'.repeat(32)}\nx\n\`\`\``,
      `<pre><code class="language-${'a'.repeat(32)}">[${'a'.repeat(32)}]x</code></pre>`,
      [['x', 'a'.repeat(32)]],
    ],
    ['an info word of 33 characters: no class', `\`\`\`${'a'.repeat(33)}\nx\n\`\`\``, '<pre><code>[]x</code></pre>', [['x', '']]],
    [
      'c++ and c#',
      '```c++\na\n```\n```c#\nb\n```',
      '<pre><code class="language-c++">[c++]a</code></pre>\n<pre><code class="language-c#">[c#]b</code></pre>',
      [
        ['a', 'c++'],
        ['b', 'c#'],
      ],
    ],
    ['a last empty line kept in the code', '```\na\n\n```', '<pre><code>[]a\n</code></pre>', [['a\n', '']]],
    [
      'lines like fences inside',
      '```md\n```js\n``\n`\n~~~\n```',
      '<pre><code class="language-md">[md]```js\n``\n`\n~~~</code></pre>',
      [['```js\n``\n`\n~~~', 'md']],
    ],
    [
      'fences at the start and the end',
      '```ts\na\n```\nText\n```js\nb\n```\n',
      '<pre><code class="language-ts">[ts]a</code></pre>\n<p>Text</p>\n<pre><code class="language-js">[js]b</code></pre>',
      [
        ['a', 'ts'],
        ['b', 'js'],
      ],
    ],
    [
      'a fence right after a paragraph line',
      'Run:\n```sh\nnpm test\n```\nDone **now**.',
      '<p>Run:</p>\n<pre><code class="language-sh">[sh]npm test</code></pre>\n<p>Done <strong>now</strong>.</p>',
      [['npm test', 'sh']],
    ],
    [
      'a fence right after a list item',
      '- a\n- `b`\n```\nc\n```\n- d',
      '<ul>\n<li>a</li>\n<li><code>b</code></li>\n</ul>\n<pre><code>[]c</code></pre>\n<ul>\n<li>d</li>\n</ul>',
      [['c', '']],
    ],
    [
      'tabs, spaces and markup in the code',
      '```\n\tx\n    <y> & "z"\n```',
      '<pre><code>[]\tx\n    &lt;y&gt; &amp; &quot;z&quot;</code></pre>',
      [['\tx\n    <y> & "z"', '']],
    ],
  ] as Array<[string, string, string, Call[]]>)('%s', (_name, source, html, calls) => {
    const fast = recorder();
    const reference = recorder();
    expect(fencedProseHtml(source, fast.highlight)).toBe(html);
    expect(renderMarkdownByMarkdownIt(source, reference.highlight)).toBe(html);
    expect(fast.calls).toEqual(calls);
    expect(reference.calls).toEqual(calls);
  });

  it.each([
    ['an indented opening line', ' ```\na\n```'],
    ['four backticks', '````\na\n````'],
    ['tildes', '~~~\na\n~~~'],
    ['two info words', '```js x\na\n```'],
    ['a space after the info word', '```js \na\n```'],
    ['an indented closing line', '```\na\n ```'],
    ['a longer closing line', '```\na\n````'],
    ['a space after the closing line', '```\na\n``` '],
    ['an unclosed fence', '```\na\n'],
    ['a carriage return', '```\r\na\r\n```'],
    ['a NUL', '```\na\0\n```'],
    ['a doubled backtick in prose', 'a ``b`` c\n```\nd\n```'],
    ['an opening line inside a paragraph line', 'a```\nb\n```'],
    ['a table after the fences', '```ts\na\n```\n\n```js\nb\n```\n\n| a | b |\n| - | - |'],
    ['a heading before the fence', '# A\n```\nb\n```'],
  ])('leaves %s to markdown-it before it highlights anything', (_name, source) => {
    const fast = recorder();
    expect(fencedProseHtml(source, fast.highlight)).toBeUndefined();
    expect(fast.calls).toEqual([]);
    const reference = recorder();
    const rendered = recorder();
    expect(renderMarkdown(source, rendered.highlight)).toBe(renderMarkdownByMarkdownIt(source, reference.highlight));
    expect(rendered.calls).toEqual(reference.calls);
  });
});
