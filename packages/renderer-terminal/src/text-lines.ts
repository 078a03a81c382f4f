import { boundMarksOfDelta, type DisplayOutputBuilder, type ReasoningDisplayEvent, type TextDisplayEvent } from '@x/core';
import { str } from './fields.js';
import { createMarkdownWriter } from './markdown-stream.js';
import { depthOf, flushMarkdown, indentOf, writeLaidOut, type RenderState } from './render-state.js';
import { sanitizeText } from './sanitize.js';

const REASONING_BAR = '¦ ';

/** Verbose mode: a text or reasoning event, continuing its block or starting a new one. */
export function streamedLines(state: RenderState, event: TextDisplayEvent | ReasoningDisplayEvent): void {
  const text = str(event.text);
  if (text === '') return;
  const id = str(event.id);
  const depth = depthOf(state, event.parentToolUseId);
  if (event.kind !== state.blockKind || id !== state.blockId || depth !== state.blockDepth) {
    flushMarkdown(state);
    if (!state.atLineStart) state.out += '\n';
    state.atLineStart = true;
    state.blockKind = event.kind;
    state.blockId = id;
    state.blockDepth = depth;
    state.streamMarks = 0;
  }
  state.lastMarkerId = undefined;
  if (event.kind === 'text' && state.markdown) {
    state.md ??= createMarkdownWriter(state.colors, indentOf(state, depth));
    writeLaidOut(state, state.md.push(text));
    return;
  }
  const clean = streamedDelta(state, text);
  if (depth === 0 && event.kind === 'text') {
    state.out += clean;
    state.atLineStart = clean.endsWith('\n');
    return;
  }
  prefixedLines(state, clean, depth, event.kind === 'reasoning');
}

/** Every line of a nested or reasoning block carries its prefix, however the text was split into events. */
function prefixedLines(state: RenderState, clean: string, depth: number, reasoning: boolean): void {
  const { colors } = state;
  const prefix = indentOf(state, depth) + (reasoning ? colors.dim(REASONING_BAR) : '');
  for (let start = 0; start < clean.length; ) {
    const newline = clean.indexOf('\n', start);
    const end = newline === -1 ? clean.length : newline;
    if (end > start) {
      if (state.atLineStart) state.out += prefix;
      const part = clean.slice(start, end);
      state.out += reasoning ? colors.dim(part) : part;
      state.atLineStart = false;
    }
    if (newline === -1) break;
    state.out += '\n';
    state.atLineStart = true;
    start = newline + 1;
  }
}

/** Default mode: a text event, as the run's `DisplayOutput` (laid out as Markdown on a colour terminal). */
export function defaultText(state: RenderState, builder: DisplayOutputBuilder, event: TextDisplayEvent): void {
  if (typeof event.text !== 'string') return;
  const text = builder.push(event);
  if (text === '') return;
  if (state.markdown) {
    state.md ??= createMarkdownWriter(state.colors, '');
    writeLaidOut(state, state.md.push(text));
    return;
  }
  state.out += streamedDelta(state, text);
  state.atLineStart = text.endsWith('\n');
}

/**
 * A delta of streamed text through the terminal gate, its leading combining
 * marks bounded with those the text before it ends with: each delta gated
 * alone would let `a` and then deltas of eight marks each stack every one of
 * them on the `a`, since they are written one after the other.
 */
function streamedDelta(state: RenderState, text: string): string {
  const bounded = boundMarksOfDelta(state.streamMarks, sanitizeText(text));
  state.streamMarks = bounded.marks;
  return bounded.text;
}
