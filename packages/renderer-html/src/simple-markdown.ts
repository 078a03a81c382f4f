/*
 * The text markdown-it would write only paragraphs, code spans, strong
 * words and simple lists for, written here directly at a fraction of its
 * cost (x-bench). Every path is held to markdown-it's own output by the
 * property tests in markdown.test.ts.
 */

/**
 * The HTML of prose that needs no parser ({@link isPlainProse},
 * {@link simpleMarkdownHtml}), as markdown-it writes it; `undefined` when
 * markdown-it must parse the source. The source has been through
 * `markInvisible`.
 */
export function simpleProseHtml(source: string): string | undefined {
  // A doubled backtick (a fence, a double code span) fails every block that
  // holds it, after the blocks before it were written for nothing: a text
  // with a fence goes at once to the fence path (fenced-markdown.ts), which
  // calls this for the prose between fences, or to markdown-it (x-bench; the
  // test holds this to the whole path).
  if (source.includes('``')) return undefined;
  // One scan for block starts serves both paths: where the whole source has none, none of its blocks has one.
  const blockStarts = hasBlockStart(source);
  if (!blockStarts && !MARKDOWN_CHARS.test(source)) return plainProseHtml(source);
  return simpleBlocksHtml(source, blockStarts);
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
// A strong word's text is written as it is, so it holds no character of
// OUTSIDE_MARKDOWN_CHARS: were `<` or `&` allowed between the `**`, the check
// that runs on the text with the strong words taken out would never see
// them, and `**a<meta http-equiv=refresh ...>b**` would reach the page as
// markup (markdown-it escapes it).
const STRONG = /(?<=^|[ \n\0])\*\*[A-Za-z0-9](?:[^*\n\0_`[\]<>#|~\\&!\r\t]*[A-Za-z0-9])?\*\*(?=$|[ \n\0.,;:!?)])/gm;

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

const CODE_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const CODE_SPECIALS = /[&<>"]/g;

/** A code span's text escaped as markdown-it escapes it: the four characters that matter to HTML, not `'`. */
function escapeCode(text: string): string {
  CODE_SPECIALS.lastIndex = 0;
  return CODE_SPECIALS.test(text) ? text.replace(CODE_SPECIALS, (char) => CODE_ESCAPES[char] as string) : text;
}

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

/** Text outside code spans as markdown-it writes it: strong words, and `"` as `&quot;`. */
function outsideSpansHtml(text: string, strong: boolean, quotes: boolean): string {
  const html = strong && text.includes('**') ? text.replace(STRONG, strongHtml) : text;
  return quotes ? html.replaceAll('"', '&quot;') : html;
}

/**
 * One trimmed line of {@link isProseWithCode} prose: text between the
 * backticks becomes `<code>`, as markdown-it trims and escapes it. Walked by
 * `indexOf` from backtick to backtick, what `split('`')` gives at odd and even
 * places (an unpaired last backtick opens code to the end of the line), with
 * the line's `"` and `**` looked for once rather than in every piece: a third
 * less time on the bench's prose (x-bench; a property test holds it to the split).
 */
export function proseWithCodeLine(line: string): string {
  const strong = line.includes('**');
  const quotes = line.includes('"');
  let at = line.indexOf('`');
  if (at === -1) return outsideSpansHtml(line, strong, quotes);
  let out = '';
  let from = 0;
  while (at !== -1) {
    out += outsideSpansHtml(line.slice(from, at), strong, quotes);
    const end = line.indexOf('`', at + 1);
    if (end === -1) return `${out}<code>${escapeCode(codeSpanText(line.slice(at + 1)))}</code>`;
    out += `<code>${escapeCode(codeSpanText(line.slice(at + 1, end)))}</code>`;
    from = end + 1;
    at = line.indexOf('`', from);
  }
  return out + outsideSpansHtml(line.slice(from), strong, quotes);
}

const plainLine = (line: string): string => line.replaceAll('"', '&quot;');

/** Plain prose as markdown-it writes it: paragraphs at blank lines, a `<br>` between lines. */
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

/**
 * Spaces (U+0020) at either end of a line. Inside a paragraph markdown-it
 * drops those around a line break and nothing else: a no-break or
 * ideographic space that starts a line is text, which JavaScript's `trim`
 * would drop (tabs never reach here: MARKDOWN_CHARS).
 */
const EDGE_SPACES = /^ +| +$/g;
const BLANK_BLOCK = /^[ \n]*$/;

/**
 * One block without blank lines as a paragraph, as markdown-it writes it:
 * the block trimmed whole (JavaScript's `trim`, as markdown-it trims a
 * paragraph's content), each line without the spaces at its ends; `''`
 * for a block of spaces.
 */
function paragraphHtml(block: string, inline: (line: string) => string): string {
  const text = block.trim();
  // Only a block of spaces is blank; one of other white space is a paragraph that trims to nothing.
  if (text === '') return BLANK_BLOCK.test(block) ? '' : '<p></p>';
  let html = '';
  let first = true;
  for (const line of text.split('\n')) {
    html += first ? inline(line.replace(EDGE_SPACES, '')) : `<br>\n${inline(line.replace(EDGE_SPACES, ''))}`;
    first = false;
  }
  return `<p>${html}</p>`;
}

const LIST_ITEM = /^- \S/;
const SPACES_ONLY = /^ *$/;
const ITEM_CONTINUATION = /^(?:[ ]*\n)* {2,}[^ \n]/; // not `\S`: a no-break or ideographic space there is text to CommonMark

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

/** What {@link simpleBlocksHtml} knows between two blocks. */
interface SimpleBlocks {
  /** Joined by `+=`, not an array's join, which would copy every character once more before the page is written. */
  html: string;
  afterList: boolean;
  /** False when the source has no block start, so that no block of it has one. */
  blockStarts: boolean;
}

function append(state: SimpleBlocks, html: string, afterList: boolean): void {
  state.html += state.html === '' ? html : `\n${html}`;
  state.afterList = afterList;
}

/** Adds one block's HTML; false when the block is more than this path writes. */
function addSimpleBlock(state: SimpleBlocks, block: string): boolean {
  const list = state.blockStarts && LIST_ITEM.test(block) ? simpleListHtml(block) : undefined;
  if (list !== undefined) {
    if (state.afterList) return false;
    append(state, list, true);
    return true;
  }
  // Indented by two after a list, the block is the item's second paragraph.
  if (state.afterList && ITEM_CONTINUATION.test(block)) return false;
  const listAt = state.blockStarts ? LIST_AFTER_PARAGRAPH.exec(block)?.index : undefined;
  const paragraph = listAt === undefined ? block : block.slice(0, listAt);
  if (!proseWithCode(paragraph, state.blockStarts)) return false;
  // A block holds no blank line (it was split at them): it is one paragraph or nothing.
  const prose = paragraphHtml(paragraph, proseWithCodeLine);
  if (listAt === undefined) {
    // A blank block does not end a list: markdown-it would join the lists on each side of it.
    if (prose !== '') append(state, prose, false);
    return true;
  }
  const after = prose === '' ? undefined : simpleListHtml(block.slice(listAt + 1));
  if (after === undefined) return false;
  append(state, `${prose}\n${after}`, true);
  return true;
}

/** {@link simpleMarkdownHtml}; `blockStarts` false says the source has no block start, so no block of it has one. */
function simpleBlocksHtml(source: string, blockStarts: boolean): string | undefined {
  const state: SimpleBlocks = { html: '', afterList: false, blockStarts };
  for (const block of splitAtBlankLines(source)) {
    if (!addSimpleBlock(state, block)) return undefined;
  }
  return state.html;
}
