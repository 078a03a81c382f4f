import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import { escapeHtml, markInvisible } from './escape-html.js';
import { highlightCode, type Highlighter } from './highlight.js';
import { LINK_REL, isSafeHref } from './safe-url.js';

/*
 * CommonMark and GFM tables and strikethrough, by markdown-it with raw HTML
 * off: every character of the source reaches the page escaped, and the only
 * elements are the ones markdown-it writes for Markdown syntax. The policy on
 * top: links only to http(s) (anything else stays text), images never load
 * (an image becomes a link to it), headings start below the turn's `h2`,
 * table alignment is a class (the CSP allows no inline style), and fenced code
 * is highlighted into `<span class>` markup.
 */
const LANGUAGE = /^[\w+#.-]{1,32}$/;
const ALIGN = /text-align:(left|center|right)/;

// markdown-it stops parsing blocks nested this deep (and drops the rest); such a source is shown as plain text instead.
const MAX_NESTING = 64;

// `maxNesting` is a preset option markdown-it reads but its types do not list.
const OPTIONS = { html: false, linkify: false, breaks: true, typographer: false, maxNesting: MAX_NESTING };
const md = new MarkdownIt('default', OPTIONS);
md.validateLink = (url: string) => isSafeHref(url);

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
  const language = LANGUAGE.test(word) ? word : '';
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
  if (isPlainProse(source)) return plainProseHtml(source);
  const simple = simpleMarkdownHtml(source);
  if (simple !== undefined) return simple;
  const env: RenderEnv = { highlight };
  const tokens = md.parse(source, env);
  if (tokens.some((token) => token.level >= MAX_NESTING - 1)) return plainText(source);
  return md.renderer.render(tokens, md.options, env).trimEnd();
}

/*
 * Most assistant text is prose without a single Markdown character. For it
 * the parser's work has one possible outcome, paragraphs with line breaks,
 * written here directly at a fraction of the cost (x-bench); the test checks
 * the two agree on every such text.
 */
const MARKDOWN_CHARS = /[*_`[\]<>#|~\\&!\r\t\0]/;
const BLOCK_START = /^ *(?:[-+=>]|\d{1,9}[.)])|^ {4}/m;

/** Whether `source` is prose that Markdown leaves as paragraphs and line breaks. */
export function isPlainProse(source: string): boolean {
  return !MARKDOWN_CHARS.test(source) && !BLOCK_START.test(source);
}

/*
 * The next most common text: such prose with inline code (`npm test`) and
 * strong words (**212 passed**). When every backtick stands alone and each
 * line holds an even number of them, markdown-it pairs them within the line,
 * in order; inside a span any character is code. A `**` after a space (or a
 * line or span edge) and before a letter or digit can only open, one after a
 * letter or digit and before a space, an edge or punctuation can only close,
 * so with no other `*` they pair in order. Nothing else can start outside the
 * spans. The test holds this path to markdown-it's output as it does the one
 * above.
 */
const SPAN_BREAKERS = /``|[\r\t\0]/;
const CODE_SPAN = /`[^`\n]*`/g;
// `\0` stands for a code span while checking (the source has none: SPAN_BREAKERS).
const STRONG = /(?<=^|[ \n\0])\*\*[A-Za-z0-9](?:[^*\n\0]*[A-Za-z0-9])?\*\*(?=$|[ \n\0.,;:!?)])/gm;

/** Whether `source` is prose whose only Markdown is code spans and strong words that markdown-it pairs within each line. */
export function isProseWithCode(source: string): boolean {
  if (SPAN_BREAKERS.test(source) || BLOCK_START.test(source)) return false;
  const outside = source.replace(CODE_SPAN, '\0');
  // A backtick left is a span across lines or unpaired; a `*` left, emphasis of another kind.
  if (outside.includes('`')) return false;
  return !MARKDOWN_CHARS.test((outside.includes('**') ? outside.replace(STRONG, '') : outside).replaceAll('\0', ''));
}

const escapeCode = md.utils.escapeHtml;

const strongHtml = (match: string): string => `<strong>${match.slice(2, -2)}</strong>`;

/** One trimmed line of {@link isProseWithCode} prose: text between the backticks becomes `<code>`, as markdown-it trims and escapes it. */
function proseWithCodeLine(line: string): string {
  const parts = line.split('`');
  let out = '';
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i] as string;
    out += i % 2 === 0 ? (part.includes('**') ? part.replace(STRONG, strongHtml) : part).replaceAll('"', '&quot;') : `<code>${escapeCode(part.replace(/^ (.+) $/, '$1'))}</code>`;
  }
  return out;
}

const plainLine = (line: string): string => line.replaceAll('"', '&quot;');

/** Plain prose as markdown-it writes it: paragraphs at blank lines, each line trimmed, a `<br>` between lines. */
export function plainProseHtml(source: string, inline: (line: string) => string = plainLine): string {
  const paragraphs: string[] = [];
  for (const block of source.split(/\n[ ]*\n/)) {
    const lines = block.split('\n').map((line) => line.trim()).filter((line, i, all) => line !== '' || (i > 0 && i < all.length - 1));
    if (lines.length > 0) paragraphs.push(`<p>${lines.map(inline).join('<br>\n')}</p>`);
  }
  return paragraphs.join('\n');
}

const LIST_ITEM = /^- \S/;
const BLANK_LINES = /\n[ ]*\n/;
const ITEM_CONTINUATION = /^(?:[ ]*\n)* {2,}\S/;

/** A block of one-line `- ` items whose text is such prose, as markdown-it writes a tight list; `undefined` for any other block. */
function simpleListHtml(block: string): string | undefined {
  let items = '';
  for (const line of block.split('\n')) {
    const text = line.slice(2).trim();
    if (!LIST_ITEM.test(line) || !isProseWithCode(text)) return undefined;
    items += `<li>${proseWithCodeLine(text)}</li>\n`;
  }
  return `<ul>\n${items}</ul>`;
}

/**
 * Paragraphs of {@link isProseWithCode} prose and, between blank lines,
 * tight lists of such one-line `- ` items, as markdown-it writes them;
 * `undefined` when the source holds anything else (two lists in a row would
 * be one loose list). The test compares this path with markdown-it too.
 */
export function simpleMarkdownHtml(source: string): string | undefined {
  const html: string[] = [];
  let afterList = false;
  for (const block of source.split(BLANK_LINES)) {
    const list = LIST_ITEM.test(block) ? simpleListHtml(block) : undefined;
    if (list !== undefined) {
      if (afterList) return undefined;
      html.push(list);
      afterList = true;
      continue;
    }
    // Indented by two after a list, the block is the item's second paragraph.
    if (!isProseWithCode(block) || (afterList && ITEM_CONTINUATION.test(block))) return undefined;
    const prose = plainProseHtml(block, proseWithCodeLine);
    // A blank block does not end a list: markdown-it would join the lists on each side of it.
    if (prose === '') continue;
    html.push(prose);
    afterList = false;
  }
  return html.join('\n');
}

/** Text as paragraphs with line breaks and nothing else, for a source too deeply nested to parse whole. */
function plainText(source: string): string {
  return `<p>${escapeHtml(source.trim()).split(/\r?\n|\r/).join('<br>\n')}</p>`;
}
