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
  // One scan for block starts serves both fast paths: where the whole source has none, none of its blocks has one.
  const blockStarts = hasBlockStart(source);
  if (!blockStarts && !MARKDOWN_CHARS.test(source)) return plainProseHtml(source);
  const simple = simpleBlocksHtml(source, blockStarts);
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
const BLOCK_START_AT = / *(?:[-+=>]|\d{1,9}[.)])| {4}/y;

/**
 * Whether a line of `source` starts as a block other than a paragraph would
 * ({@link BLOCK_START}). The expression tries every position for a line
 * start; tried only after each `\n` it takes half the time on prose (x-bench).
 * `\r`, U+2028 and U+2029 start lines for `^` too: with any of them the
 * expression decides.
 */
export function hasBlockStart(source: string): boolean {
  if (source.includes('\r') || source.includes('\u2028') || source.includes('\u2029')) return BLOCK_START.test(source);
  let at = 0;
  for (;;) {
    BLOCK_START_AT.lastIndex = at;
    if (BLOCK_START_AT.test(source)) return true;
    at = source.indexOf('\n', at) + 1;
    if (at === 0) return false;
  }
}

/** Whether `source` is prose that Markdown leaves as paragraphs and line breaks. */
export function isPlainProse(source: string): boolean {
  return !MARKDOWN_CHARS.test(source) && !hasBlockStart(source);
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
/** {@link MARKDOWN_CHARS} but `\0`, which outside code spans stands for one (the source has none: SPAN_BREAKERS). */
const OUTSIDE_MARKDOWN_CHARS = /[*_`[\]<>#|~\\&!\r\t]/;
const CODE_SPAN = /`[^`\n]*`/g;
// `\0` stands for a code span while checking (the source has none: SPAN_BREAKERS).
const STRONG = /(?<=^|[ \n\0])\*\*[A-Za-z0-9](?:[^*\n\0]*[A-Za-z0-9])?\*\*(?=$|[ \n\0.,;:!?)])/gm;

/** Whether `source` is prose whose only Markdown is code spans and strong words that markdown-it pairs within each line. */
export function isProseWithCode(source: string): boolean {
  return proseWithCode(source, true);
}

/** {@link isProseWithCode}, the scan for block starts left out when the caller knows there are none. */
function proseWithCode(source: string, blockStarts: boolean): boolean {
  if (SPAN_BREAKERS.test(source) || (blockStarts && hasBlockStart(source))) return false;
  const outside = source.includes('`') ? source.replace(CODE_SPAN, '\0') : source;
  // A backtick left is a span across lines or unpaired; a `*` left, emphasis of another kind.
  if (outside.includes('`')) return false;
  return !OUTSIDE_MARKDOWN_CHARS.test(outside.includes('**') ? outside.replace(STRONG, '') : outside);
}

const escapeCode = md.utils.escapeHtml;

const strongHtml = (match: string): string => `<strong>${match.slice(2, -2)}</strong>`;

/**
 * A code span's text without the one space on each side, where it has both
 * and something between them: what `/^ (.+) $/` keeps. No line terminator
 * can be inside (the line is split at `\n`, `\r` is refused, and U+2028 and
 * U+2029 were marked by `markInvisible`), so any middle matches `.+`.
 */
function codeSpanText(part: string): string {
  const last = part.length - 1;
  return last > 1 && part.charCodeAt(0) === 32 && part.charCodeAt(last) === 32 ? part.slice(1, last) : part;
}

/** One trimmed line of {@link isProseWithCode} prose: text between the backticks becomes `<code>`, as markdown-it trims and escapes it. */
function proseWithCodeLine(line: string): string {
  if (!line.includes('`')) return (line.includes('**') ? line.replace(STRONG, strongHtml) : line).replaceAll('"', '&quot;');
  const parts = line.split('`');
  let out = '';
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i] as string;
    out += i % 2 === 0 ? (part.includes('**') ? part.replace(STRONG, strongHtml) : part).replaceAll('"', '&quot;') : `<code>${escapeCode(codeSpanText(part))}</code>`;
  }
  return out;
}

const plainLine = (line: string): string => line.replaceAll('"', '&quot;');

/** Plain prose as markdown-it writes it: paragraphs at blank lines, each line trimmed, a `<br>` between lines. */
export function plainProseHtml(source: string, inline: (line: string) => string = plainLine): string {
  let html = '';
  for (const block of splitAtBlankLines(source)) {
    const paragraph = paragraphHtml(block, inline);
    if (paragraph !== '') html += html === '' ? paragraph : `\n${paragraph}`;
  }
  return html;
}

/**
 * `source.split(/\n(?:[ ]*\n)+/)`: the blocks between runs of blank lines
 * (a run is one separator, so no block starts with a blank line). Found by
 * `indexOf` from line end to line end, which costs a fraction of the
 * expression's split on prose whose lines are long (x-bench); the test holds
 * the two to the same blocks.
 */
export function splitAtBlankLines(source: string): string[] {
  const blocks: string[] = [];
  let start = 0;
  let at = source.indexOf('\n');
  while (at !== -1) {
    let end = at + 1;
    for (let next = end; ; next += 1) {
      if (source.charCodeAt(next) === 10) end = next + 1;
      else if (source.charCodeAt(next) !== 32) break;
    }
    if (end === at + 1) {
      at = source.indexOf('\n', end);
      continue;
    }
    blocks.push(source.slice(start, at));
    start = end;
    at = source.indexOf('\n', end);
  }
  blocks.push(source.slice(start));
  return blocks;
}

/** One block without blank lines as a paragraph, each line trimmed, blank first and last lines left out; `''` when nothing is left. */
function paragraphHtml(block: string, inline: (line: string) => string): string {
  const lines = block.split('\n');
  const last = lines.length - 1;
  let html = '';
  let first = true;
  for (let i = 0; i <= last; i += 1) {
    const line = (lines[i] as string).trim();
    if (line === '' && (i === 0 || i === last)) continue;
    html += first ? inline(line) : `<br>\n${inline(line)}`;
    first = false;
  }
  return first ? '' : `<p>${html}</p>`;
}

const LIST_ITEM = /^- \S/;
const SPACES_ONLY = /^ *$/;
const ITEM_CONTINUATION = /^(?:[ ]*\n)* {2,}\S/;

/** A block of one-line `- ` items whose text is such prose, as markdown-it writes a tight list; `undefined` for any other block. */
function simpleListHtml(block: string): string | undefined {
  const lines = block.split('\n');
  // A block ends in a line of spaces only at the end of the source, where markdown-it ends the list as it is.
  if (lines.length > 1 && SPACES_ONLY.test(lines[lines.length - 1] as string)) lines.pop();
  let items = '';
  for (const line of lines) {
    const text = line.slice(2).trim();
    if (!LIST_ITEM.test(line) || !isProseWithCode(text)) return undefined;
    items += `<li>${proseWithCodeLine(text)}</li>\n`;
  }
  return `<ul>\n${items}</ul>`;
}

/** Where a list of `- ` items starts inside a block, after a paragraph's lines. */
const LIST_AFTER_PARAGRAPH = /\n- \S/;

/**
 * Paragraphs of {@link isProseWithCode} prose and, between blank lines,
 * tight lists of such one-line `- ` items, as markdown-it writes them;
 * `undefined` when the source holds anything else (two lists in a row would
 * be one loose list). A list may also follow a paragraph's last line
 * directly: a bullet item with text interrupts a paragraph in CommonMark.
 * The test compares this path with markdown-it too.
 */
export function simpleMarkdownHtml(source: string): string | undefined {
  return simpleBlocksHtml(source, true);
}

/** {@link simpleMarkdownHtml}; `blockStarts` false says the source has no block start, so no block of it has one. */
function simpleBlocksHtml(source: string, blockStarts: boolean): string | undefined {
  // Joined by `+=`, not an array's join, which would copy every character once more before the page is written.
  let html = '';
  let afterList = false;
  for (const block of splitAtBlankLines(source)) {
    const list = blockStarts && LIST_ITEM.test(block) ? simpleListHtml(block) : undefined;
    if (list !== undefined) {
      if (afterList) return undefined;
      html += html === '' ? list : `\n${list}`;
      afterList = true;
      continue;
    }
    // Indented by two after a list, the block is the item's second paragraph.
    if (afterList && ITEM_CONTINUATION.test(block)) return undefined;
    const listAt = blockStarts ? LIST_AFTER_PARAGRAPH.exec(block)?.index : undefined;
    const paragraph = listAt === undefined ? block : block.slice(0, listAt);
    if (!proseWithCode(paragraph, blockStarts)) return undefined;
    // A block holds no blank line (it was split at them): it is one paragraph or nothing.
    const prose = paragraphHtml(paragraph, proseWithCodeLine);
    if (listAt !== undefined) {
      const after = prose === '' ? undefined : simpleListHtml(block.slice(listAt + 1));
      if (after === undefined) return undefined;
      html += html === '' ? `${prose}\n${after}` : `\n${prose}\n${after}`;
      afterList = true;
      continue;
    }
    // A blank block does not end a list: markdown-it would join the lists on each side of it.
    if (prose === '') continue;
    html += html === '' ? prose : `\n${prose}`;
    afterList = false;
  }
  return html;
}

/** Text as paragraphs with line breaks and nothing else, for a source too deeply nested to parse whole. */
function plainText(source: string): string {
  return `<p>${escapeHtml(source.trim()).split(/\r?\n|\r/).join('<br>\n')}</p>`;
}
