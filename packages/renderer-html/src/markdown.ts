import { boundMarksAcross } from '@x/core';
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import { escapeHtml, markInvisible } from './escape-html.js';
import { highlightCode, type Highlighter } from './highlight.js';
import { keepLayouts } from './kept-layouts.js';
import { FENCE_LANGUAGE, fencedProseHtml } from './fenced-markdown.js';
import { LINK_REL, isSafeHref } from './safe-url.js';
import { simpleProseHtml } from './simple-markdown.js';

/*
 * CommonMark and GFM tables and strikethrough, by markdown-it with raw HTML
 * off: every character of the source reaches the page escaped, and the only
 * elements are the ones markdown-it writes for Markdown syntax. The policy on
 * top: links only to http(s) (anything else stays text), images never load
 * (an image becomes a link to it), headings start below the turn's `h2`,
 * table alignment is a class (the CSP allows no inline style), and fenced code
 * is highlighted into `<span class>` markup.
 */
const ALIGN = /text-align:(left|center|right)/;

// markdown-it stops parsing blocks nested this deep (and drops the rest); such a source is shown as plain text instead.
const MAX_NESTING = 64;

// `maxNesting` is a preset option markdown-it reads but its types do not list.
const OPTIONS = { html: false, linkify: false, breaks: true, typographer: false, maxNesting: MAX_NESTING };
const md = new MarkdownIt('default', OPTIONS);
md.validateLink = (url: string) => isSafeHref(url);

// One state of each parser and the tokens of a parse that meets the common rules keep their layouts (kept-layouts.ts).
const LAYOUT_SAMPLE = '# H\n\nA *b* **c** `d` [e](https://e.test)\n\n- f\n- g\n\n> h\n\n| i | j |\n| - | - |\n| k | l |\n\n```js\nm\n```\n';
keepLayouts('markdown-it', [new md.core.State('', md, {}), new md.block.State('', md, {}, []), new md.inline.State('', md, {}, []), md.parse(LAYOUT_SAMPLE, {})]);

/*
 * markdown-it decodes character references (`&#x202E;`, `&#8203;`, `&zwj;`)
 * while it parses, after `markInvisible` ran on the source: the characters
 * they stand for are marked here, in the text and link titles the parse
 * made. Link targets need nothing: markdown-it percent-encodes them. A source
 * without `&` holds no reference, and is left as it is.
 */
md.core.ruler.push('mark_decoded_invisibles', (state) => {
  if (!state.src.includes('&')) return;
  for (const block of state.tokens) {
    for (const token of block.children ?? []) {
      if (token.type === 'text') token.content = markInvisible(token.content);
      const title = token.attrGet('title');
      if (title !== null) token.attrSet('title', markInvisible(title));
    }
  }
});

const rules = md.renderer.rules;

rules.link_open = (tokens, idx, options, _env, self) => {
  tokens[idx]?.attrSet('rel', LINK_REL);
  return self.renderToken(tokens, idx, options);
};

rules.image = (tokens, idx) => {
  const token = tokens[idx] as Token;
  const src = token.attrGet('src') ?? '';
  const alt = escapeHtml(token.content === '' ? src : token.content);
  return isSafeHref(src) ? `<a href="${escapeHtml(src)}" rel="${LINK_REL}">image: ${alt}</a>` : `image: ${alt}`;
};

const headingTag = (token: Token): string => `h${Math.min(Number(token.tag.slice(1)) + 2, 6)}`;
rules.heading_open = (tokens, idx) => `<${headingTag(tokens[idx] as Token)}>`;
rules.heading_close = (tokens, idx) => `</${headingTag(tokens[idx] as Token)}>\n`;

const cell = (tokens: Token[], idx: number): string => {
  const token = tokens[idx] as Token;
  const align = ALIGN.exec(token.attrGet('style') ?? '')?.[1];
  return `<${token.tag}${align === undefined ? '' : ` class="align-${align}"`}>`;
};
rules.th_open = cell;
rules.td_open = cell;

interface RenderEnv {
  highlight: Highlighter;
}

rules.fence = (tokens, idx, _options, env: RenderEnv) => {
  const token = tokens[idx] as Token;
  const word = token.info.trim().split(/\s+/)[0] ?? '';
  const language = FENCE_LANGUAGE.test(word) ? word : '';
  const cls = language === '' ? '' : ` class="language-${language}"`;
  return `<pre><code${cls}>${env.highlight(token.content.replace(/\n$/, ''), language)}</code></pre>\n`;
};
rules.code_block = (tokens, idx) => `<pre><code>${escapeHtml((tokens[idx] as Token).content.replace(/\n$/, ''))}</code></pre>\n`;

/**
 * Renders untrusted Markdown to safe HTML: CommonMark (paragraphs, a single
 * newline as a line break, headings as `h3` to `h6`, emphasis, code, lists,
 * block quotes, rules) and GFM tables and strikethrough. Links keep only
 * `http:` and `https:` targets, with `rel="noopener noreferrer nofollow"`;
 * images become links, never loads; raw HTML shows as the text it is; fenced
 * code is highlighted by its language (by `highlight`, which a renderer
 * gives a budget). Empty for blank input.
 */
export function renderMarkdown(text: string, highlight: Highlighter = highlightCode): string {
  if (typeof text !== 'string' || text.trim() === '') return '';
  // markdown-it escapes only what matters to HTML: controls, bidi and zero-width characters are marked first.
  const source = markInvisible(text);
  // A doubled backtick fails the simple path at once: a text with one is either prose with fences or markdown-it's.
  const fast = source.includes('``') ? fencedProseHtml(source, highlight) : simpleProseHtml(source);
  return boundMarksAcross(fast ?? markdownItHtml(source, highlight), OWN_TAG);
}

/**
 * {@link renderMarkdown} by markdown-it alone, without the paths that write
 * simple prose and fences directly: what the tests hold those paths to.
 */
export function renderMarkdownByMarkdownIt(text: string, highlight: Highlighter = highlightCode): string {
  if (typeof text !== 'string' || text.trim() === '') return '';
  return boundMarksAcross(markdownItHtml(markInvisible(text), highlight), OWN_TAG);
}

/**
 * A tag of the HTML written here: the text's own `<` is escaped. Combining
 * marks were bounded in each piece of text; this bounds them where an
 * emphasis or a code span splits a run, which would stack the marks of every
 * piece on one letter.
 */
const OWN_TAG = '<[^>]*>';

/** A source (through `markInvisible`) as markdown-it writes it with this module's rules. */
function markdownItHtml(source: string, highlight: Highlighter): string {
  const env: RenderEnv = { highlight };
  const tokens = md.parse(source, env);
  if (tokens.some((token) => token.level >= MAX_NESTING - 1)) return plainText(source);
  return md.renderer.render(tokens, md.options, env).trimEnd();
}

/** Text as paragraphs with line breaks and nothing else, for a source too deeply nested to parse whole. */
function plainText(source: string): string {
  return `<p>${escapeHtml(source.trim()).split(/\r?\n|\r/).join('<br>\n')}</p>`;
}
