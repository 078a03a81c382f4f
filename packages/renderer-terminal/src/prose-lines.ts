import type { Colors } from './color-support.js';
import { sanitizeLine } from './sanitize.js';
import type { Segment } from './styled-line.js';

/*
 * Most assistant text is prose without a single Markdown character: for it
 * parsing can only give paragraphs of lines, laid out here directly at a
 * fraction of the cost (x-bench); the test checks both ways agree.
 */
const MARKDOWN_CHARS = /[*_`[\]<>#|~\\&!\r\t\0]/;
const BLOCK_START = /^ *(?:[-+=>]|\d{1,9}[.)])|^ {4}/m;

/** Whether `source` is prose that Markdown leaves as paragraphs and line breaks. */
export function isPlainProse(source: string): boolean {
  return !MARKDOWN_CHARS.test(source) && !BLOCK_START.test(source);
}

/*
 * The next most common text: such prose with inline code and strong words,
 * under the conditions the HTML renderer's markdown.ts explains (backticks
 * paired within each line; `**` that can only open or only close). The test
 * checks this path against the parser's too.
 */
const SPAN_BREAKERS = /``|[\r\t\0]/;
const CODE_SPAN = /`[^`\n]*`/g;
// `\0` stands for a code span while checking (the source has none: SPAN_BREAKERS).
const STRONG = /(?<=^|[ \n\0])\*\*[A-Za-z0-9](?:[^*\n\0]*[A-Za-z0-9])?\*\*(?=$|[ \n\0.,;:!?)])/gm;

/** Whether `source` is prose whose only Markdown is code spans and strong words that the parser pairs within each line. */
export function isProseWithCode(source: string): boolean {
  if (SPAN_BREAKERS.test(source) || BLOCK_START.test(source)) return false;
  // Without a backtick there is no span to stand in for, and no `\0` to take out again.
  const spans = source.includes('`');
  const outside = spans ? source.replace(CODE_SPAN, '\0') : source;
  if (spans && outside.includes('`')) return false;
  const rest = outside.includes('**') ? outside.replace(STRONG, '') : outside;
  return !MARKDOWN_CHARS.test(spans ? rest.replaceAll('\0', '') : rest);
}

/** Text outside code spans: plain segments, strong words bold, none empty. */
function proseSegments(text: string, colors: Colors, out: Segment[]): void {
  let at = 0;
  if (text.includes('**')) {
    for (const match of text.matchAll(STRONG)) {
      if (match.index > at) out.push([sanitizeLine(text.slice(at, match.index))]);
      out.push([sanitizeLine(match[0].slice(2, -2)), colors.bold]);
      at = match.index + match[0].length;
    }
  }
  if (at < text.length) out.push([sanitizeLine(text.slice(at))]);
}

/** One trimmed line of {@link isProseWithCode} prose as the parser's tokens lay it out. */
function proseWithCodeLine(line: string, colors: Colors): Segment[] {
  const out: Segment[] = [];
  const parts = line.split('`');
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i] as string;
    if (i % 2 === 0) {
      proseSegments(part, colors, out);
      continue;
    }
    const content = part.replace(/^ (.+) $/, '$1');
    out.push([sanitizeLine(colors.isColorSupported ? content : `\`${content}\``), colors.cyan]);
  }
  return out;
}

/** Plain prose as {@link markdownLines} lays it out: each line trimmed, paragraphs apart by one empty line. */
export function plainProseLines(source: string, inline: (line: string) => Segment[] = (line) => [[sanitizeLine(line)]]): Segment[][] {
  const out: Segment[][] = [];
  for (const block of source.split(/\n[ ]*\n/)) {
    const lines = block.split('\n').map((line) => line.trim()).filter((line, i, all) => line !== '' || (i > 0 && i < all.length - 1));
    if (lines.length === 0) continue;
    if (out.length > 0) out.push([]);
    for (const line of lines) out.push(inline(line));
  }
  return out;
}

const LIST_ITEM = /^- \S/;
const ITEM_CONTINUATION = /^(?:[ ]*\n)* {2,}\S/;

/** A block of one-line `- ` items whose text is such prose, as the parser lays out a tight list; `undefined` for any other block. */
function simpleListLines(block: string, colors: Colors): Segment[][] | undefined {
  const lines: Segment[][] = [];
  for (const line of block.split('\n')) {
    const text = line.slice(2).trim();
    if (!LIST_ITEM.test(line) || !isProseWithCode(text)) return undefined;
    lines.push([['• ', colors.dim], ...proseWithCodeLine(text, colors)]);
  }
  return lines;
}

/**
 * Paragraphs of {@link isProseWithCode} prose and, between blank lines,
 * tight lists of such one-line `- ` items, laid out as the parser's tokens
 * would be; `undefined` when the source holds anything else (two lists in a
 * row would be one loose list). The test compares both ways.
 */
export function simpleMarkdownLines(source: string, colors: Colors): Segment[][] | undefined {
  const out: Segment[][] = [];
  let afterList = false;
  for (const block of source.split(/\n[ ]*\n/)) {
    const list = LIST_ITEM.test(block) ? simpleListLines(block, colors) : undefined;
    // Indented by two after a list, the block is the item's second paragraph.
    if (list === undefined && (!isProseWithCode(block) || (afterList && ITEM_CONTINUATION.test(block)))) return undefined;
    const lines = list ?? plainProseLines(block, (line) => proseWithCodeLine(line, colors));
    // A blank block does not end a list: the parser would join the lists on each side of it.
    if (lines.length === 0) continue;
    if (list !== undefined && afterList) return undefined;
    if (out.length > 0) out.push([]);
    out.push(...lines);
    afterList = list !== undefined;
  }
  return out;
}
