import type { Colors } from './color-support.js';
import { markdownLines } from './markdown-lines.js';
import { renderStyledLine } from './styled-line.js';

/*
 * Streamed Markdown cannot be laid out until a block is complete: a table's
 * columns need every row, a list its items. Text is held until a blank line
 * outside a code fence (a block boundary), and what precedes it is handed
 * over whole. Each line is scanned once, so the cost stays linear however the
 * text is cut into events; past a bound the held text is handed over anyway,
 * so memory stays flat on a block that never ends.
 */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const BLANK = /^[ \t]*\r?$/;
const MAX_HELD_CHARS = 64 * 1024;

/** Splits streamed Markdown into complete blocks. */
export interface MarkdownChunker {
  /** Adds text; returns the complete blocks it closed, or `''`. */
  push(text: string): string;
  /** Returns what is still held, complete or not. */
  flush(): string;
}

/** What a chunker holds: the text, how far its lines were scanned, and the open fence's marker. */
interface ChunkState {
  held: string;
  scanned: number;
  fence: string | undefined;
}

/** Whether `marker` (a fence marker on `line`) opens a fence, or closes the open one: same character, at least as long, alone on its line. */
function togglesFence(line: string, marker: string, fence: string | undefined): boolean {
  return fence === undefined || (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker);
}

/**
 * Whether a line starting with this UTF-16 unit may be a fence (it starts
 * with a space, a backtick or a tilde) or blank (empty, or a space, tab or
 * CR first). Most lines start otherwise and are passed over without being
 * cut out and matched: a third of what the chunker cost (bench/FINDINGS.md).
 */
function mayBeFenceOrBlank(first: number): boolean {
  return first === 0x20 || first === 0x60 || first === 0x7e || first === 0x09 || first === 0x0d || first === 0x0a;
}

/** Scans the held lines not yet scanned; returns the end of the last blank line outside a fence, or -1. */
function scanHeld(state: ChunkState): number {
  let boundary = -1;
  for (let newline = state.held.indexOf('\n', state.scanned); newline !== -1; newline = state.held.indexOf('\n', state.scanned)) {
    if (!mayBeFenceOrBlank(state.held.charCodeAt(state.scanned))) {
      state.scanned = newline + 1;
      continue;
    }
    const line = state.held.slice(state.scanned, newline);
    state.scanned = newline + 1;
    const marker = FENCE.exec(line)?.[1];
    if (marker !== undefined && togglesFence(line, marker, state.fence)) {
      state.fence = state.fence === undefined ? marker : undefined;
    } else if (state.fence === undefined && BLANK.test(line)) {
      boundary = state.scanned;
    }
  }
  return boundary;
}

export function createMarkdownChunker(): MarkdownChunker {
  const state: ChunkState = { held: '', scanned: 0, fence: undefined };

  return {
    push(text) {
      state.held += text;
      let boundary = scanHeld(state);
      if (boundary === -1 && state.held.length > MAX_HELD_CHARS) boundary = state.scanned > 0 ? state.scanned : state.held.length;
      if (boundary === -1) return '';
      const done = state.held.slice(0, boundary);
      state.held = state.held.slice(boundary);
      state.scanned -= Math.min(state.scanned, boundary);
      if (state.held === '') state.fence = undefined;
      return done;
    },
    flush() {
      const rest = state.held;
      state.held = '';
      state.scanned = 0;
      state.fence = undefined;
      return rest;
    },
  };
}

/** Streamed Markdown of one block, laid out for a terminal as it completes. */
export interface MarkdownWriter {
  /** Adds text; returns the lines of the blocks it completed (each ending in a newline), or `''`. */
  push(text: string): string;
  /** Returns the lines of what is still held. */
  flush(): string;
}

/** Creates a {@link MarkdownWriter} whose lines start with `indent`; blocks written apart are set apart by an empty line. */
export function createMarkdownWriter(colors: Colors, indent: string): MarkdownWriter {
  const chunker = createMarkdownChunker();
  let wrote = false;
  const layOut = (source: string): string => {
    if (source === '') return '';
    const lines = markdownLines(source, colors);
    if (lines.length === 0) return '';
    let out = wrote ? '\n' : '';
    for (const segments of lines) {
      const body = renderStyledLine(segments, undefined);
      out += body === '' ? '\n' : `${indent}${body}\n`;
    }
    wrote = true;
    return out;
  };
  return {
    push: (text) => layOut(chunker.push(text)),
    flush: () => layOut(chunker.flush()),
  };
}
