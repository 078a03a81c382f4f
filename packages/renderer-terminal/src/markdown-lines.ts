import { boundMarksAcross } from '@x/core';
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import { textWidth as stringWidth } from './text-width.js';
import type { Colors } from './color-support.js';
import { sanitizeLine } from './sanitize.js';
import { isPlainProse, plainProseLines, simpleMarkdownLines } from './prose-lines.js';
import type { Segment } from './styled-line.js';

/*
 * The same Markdown the HTML renderer reads (markdown-it, raw HTML off), laid
 * out as terminal lines: headings keep their `#`, lists get bullets, tables
 * are aligned in columns, links show their URL after the text. Every piece of
 * text is neutralised by sanitizeLine before it becomes a segment, and colour
 * is only ever applied to a segment, so content can never carry an escape
 * sequence through the styling. The parser is made on first use: most text
 * takes the fast paths of prose-lines.ts, and a run that lays out no
 * Markdown (not verbose, no colour) never needs it.
 */
let md: MarkdownIt | undefined;

type Style = (text: string) => string;

interface InlineState {
  styles: Style[];
  lines: Segment[][];
  link: string | undefined;
}

function compose(styles: readonly Style[]): Style | undefined {
  if (styles.length === 0) return undefined;
  return (text) => styles.reduceRight((acc, style) => style(acc), text);
}

/** The lines of an inline token's children: styled segments, a new line at each break. */
function inlineLines(children: readonly Token[], colors: Colors): Segment[][] {
  const state: InlineState = { styles: [], lines: [[]], link: undefined };
  const add = (text: string, extra?: Style): void => {
    // A copy: the stack changes as the tokens go on, the segment keeps its own styles.
    const style = compose(extra === undefined ? [...state.styles] : [...state.styles, extra]);
    state.lines[state.lines.length - 1]?.push([sanitizeLine(text), style]);
  };
  for (const token of children) {
    switch (token.type) {
      case 'strong_open':
        state.styles.push(colors.bold);
        break;
      case 'em_open':
        state.styles.push(colors.italic);
        break;
      case 's_open':
        state.styles.push(colors.strikethrough);
        break;
      case 'strong_close':
      case 'em_close':
      case 's_close':
        state.styles.pop();
        break;
      case 'code_inline':
        // Without colour the backticks are what sets code apart.
        add(colors.isColorSupported ? token.content : `${token.markup}${token.content}${token.markup}`, colors.cyan);
        break;
      case 'softbreak':
      case 'hardbreak':
        state.lines.push([]);
        break;
      case 'link_open':
        state.link = token.attrGet('href') ?? undefined;
        state.styles.push(colors.underline);
        break;
      case 'link_close':
        state.styles.pop();
        if (state.link !== undefined) add(` (${state.link})`, colors.dim);
        state.link = undefined;
        break;
      case 'image':
        add(`image: ${token.content}`);
        add(` (${token.attrGet('src') ?? ''})`, colors.dim);
        break;
      default:
        add(token.content);
    }
  }
  return state.lines;
}

/**
 * A line's segments with the combining marks bounded across them: each text
 * was bounded alone (markdownLines, whichever path wrote it), but an emphasis or a code span splits a run, and a
 * terminal stacks the marks of every segment on one letter. The segments are
 * joined at NUL, which none holds raw (sanitizeLine shows it as `\x00`).
 */
function boundMarksOfLine(line: Segment[]): Segment[] {
  if (line.length < 2) return line;
  const joined = line.map(([text]) => text).join('\0');
  const bounded = boundMarksAcross(joined, '\\0');
  if (bounded === joined) return line;
  const texts = bounded.split('\0');
  return line.map((segment, n): Segment => (segment[1] === undefined ? [texts[n] as string] : [texts[n] as string, segment[1]]));
}

function plainWidth(line: readonly Segment[]): number {
  return line.reduce((sum, [text]) => sum + stringWidth(text), 0);
}

interface TableCell {
  segments: Segment[];
  align: string | undefined;
}

function padCell(cell: TableCell, width: number): Segment[] {
  const gap = width - plainWidth(cell.segments);
  if (gap <= 0) return cell.segments;
  if (cell.align === 'right') return [[' '.repeat(gap)], ...cell.segments];
  if (cell.align === 'center') return [[' '.repeat(Math.floor(gap / 2))], ...cell.segments, [' '.repeat(gap - Math.floor(gap / 2))]];
  return [...cell.segments, [' '.repeat(gap)]];
}

/** A GFM table as aligned columns: the header bold, a rule under it, cells padded to the widest in their column. */
function tableLines(tokens: readonly Token[], start: number, colors: Colors): { lines: Segment[][]; end: number } {
  const rows: TableCell[][] = [];
  let headerRows = 0;
  let i = start;
  for (; i < tokens.length && tokens[i]?.type !== 'table_close'; i += 1) {
    const token = tokens[i] as Token;
    if (token.type === 'tr_open') rows.push([]);
    if (token.type === 'thead_close') headerRows = rows.length;
    if (token.type === 'th_open' || token.type === 'td_open') {
      const inline = tokens[i + 1];
      const segments = inline?.type === 'inline' ? inlineLines(inline.children ?? [], colors).flat() : [];
      const align = /text-align:(\w+)/.exec(token.attrGet('style') ?? '')?.[1];
      rows[rows.length - 1]?.push({ segments: token.type === 'th_open' ? segments.map(([text, style]): Segment => [text, compose([colors.bold, ...(style ? [style] : [])])]) : segments, align });
    }
  }
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, c) => (widths[c] = Math.max(widths[c] ?? 0, plainWidth(cell.segments))));
  const lines: Segment[][] = [];
  rows.forEach((row, r) => {
    const line: Segment[] = [];
    row.forEach((cell, c) => line.push(...(c > 0 ? [[' │ ', colors.dim] as Segment] : []), ...padCell(cell, widths[c] ?? 0)));
    lines.push(line);
    if (r + 1 === headerRows) lines.push([[widths.map((w) => '─'.repeat(w)).join('─┼─'), colors.dim]]);
  });
  return { lines, end: i };
}

interface BlockState {
  /** Prefixes of the open containers: list indents, quote bars. */
  prefix: Segment[];
  lists: { ordered: boolean; next: number }[];
  /** The marker the next line of a list item starts with, once. */
  bullet: Segment | undefined;
}

/**
 * The lines a terminal shows for a Markdown source, each a list of styled
 * segments whose text is already neutralised. Blocks are separated by one
 * empty line, as in the source.
 */
export function markdownLines(source: string, colors: Colors): Segment[][] {
  if (isPlainProse(source)) return plainProseLines(source);
  return (simpleMarkdownLines(source, colors) ?? parsedLines(source, colors)).map(boundMarksOfLine);
}

/** The lines written so far, with the open blocks and the tokens they come from. */
interface BlockWriter {
  tokens: Token[];
  colors: Colors;
  out: Segment[][];
  state: BlockState;
}

/** Writes the block starting at token `i`; returns the index of the last token it used. */
type BlockHandler = (writer: BlockWriter, token: Token, i: number) => number;

/** Adds a line inside the open containers, led by the pending list marker or the list's indent. */
function emit({ out, state }: BlockWriter, line: Segment[]): void {
  const lead = state.bullet ?? ([' '.repeat(state.lists.length > 0 ? 2 : 0)] as Segment);
  out.push([...state.prefix, ...(state.lists.length > 0 ? [lead] : []), ...line]);
  state.bullet = undefined;
}

/** One empty line between blocks, except inside lists. */
function gap({ out, state }: BlockWriter): void {
  if (out.length > 0 && state.lists.length === 0 && out[out.length - 1]?.length !== 0) out.push([]);
}

function heading(writer: BlockWriter, token: Token, i: number): number {
  const { colors } = writer;
  gap(writer);
  const inline = writer.tokens[i + 1];
  const lines = inline?.type === 'inline' ? inlineLines(inline.children ?? [], colors) : [];
  lines.forEach((line, n) =>
    emit(writer, [
      ...(n === 0 ? [[`${token.markup} `, colors.dim] as Segment] : []),
      ...line.map(([t, s]): Segment => [t, compose([colors.bold, ...(s ? [s] : [])])]),
    ]),
  );
  return i + 2;
}

function listOpen(writer: BlockWriter, token: Token, i: number): number {
  const { state } = writer;
  if (state.lists.length === 0) gap(writer);
  else state.prefix.push(['  ']);
  state.lists.push({ ordered: token.type === 'ordered_list_open', next: Number(token.attrGet('start') ?? 1) });
  return i;
}

function listClose({ state }: BlockWriter, _token: Token, i: number): number {
  state.lists.pop();
  if (state.lists.length > 0) state.prefix.pop();
  return i;
}

function codeBlock(writer: BlockWriter, token: Token, i: number): number {
  gap(writer);
  for (const line of token.content.replace(/\n$/, '').split('\n')) emit(writer, [['  '], [sanitizeLine(line.replaceAll('\t', '    ')), writer.colors.cyan]]);
  return i;
}

function table(writer: BlockWriter, _token: Token, i: number): number {
  gap(writer);
  const lines = tableLines(writer.tokens, i, writer.colors);
  for (const line of lines.lines) emit(writer, line);
  return lines.end;
}

const BLOCK_HANDLERS: ReadonlyMap<string, BlockHandler> = new Map<string, BlockHandler>([
  ['heading_open', heading],
  [
    'paragraph_open',
    (writer, token, i) => {
      if (!token.hidden) gap(writer);
      return i;
    },
  ],
  [
    'inline',
    (writer, token, i) => {
      for (const line of inlineLines(token.children ?? [], writer.colors)) emit(writer, line);
      return i;
    },
  ],
  ['bullet_list_open', listOpen],
  ['ordered_list_open', listOpen],
  ['bullet_list_close', listClose],
  ['ordered_list_close', listClose],
  [
    'list_item_open',
    ({ state, colors }, _token, i) => {
      const list = state.lists[state.lists.length - 1];
      state.bullet = list?.ordered === true ? [`${list.next++}. `, colors.dim] : ['• ', colors.dim];
      return i;
    },
  ],
  [
    'blockquote_open',
    (writer, _token, i) => {
      gap(writer);
      writer.state.prefix.push(['│ ', writer.colors.dim]);
      return i;
    },
  ],
  [
    'blockquote_close',
    ({ state }, _token, i) => {
      state.prefix.pop();
      return i;
    },
  ],
  ['fence', codeBlock],
  ['code_block', codeBlock],
  [
    'hr',
    (writer, _token, i) => {
      gap(writer);
      emit(writer, [['───', writer.colors.dim]]);
      return i;
    },
  ],
  ['table_open', table],
]);

/** {@link markdownLines} by the parser, whatever the source. */
export function parsedLines(source: string, colors: Colors): Segment[][] {
  md ??= new MarkdownIt('default', { html: false, linkify: false, breaks: true, typographer: false });
  const tokens = md.parse(source, {});
  const writer: BlockWriter = { tokens, colors, out: [], state: { prefix: [], lists: [], bullet: undefined } };
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] as Token;
    i = BLOCK_HANDLERS.get(token.type)?.(writer, token, i) ?? i;
  }
  return writer.out;
}
