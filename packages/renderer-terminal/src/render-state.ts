import type { CallRecord, RunFollower } from '@x/core';
import { createCallRecord, createRunFollower } from '@x/core';
import type { Colors } from './color-support.js';
import type { StatusCall } from './live-status.js';
import type { MarkdownWriter } from './markdown-stream.js';
import { renderStyledLine, type Segment } from './styled-line.js';

export const INDENT = '  ';

/** What the terminal keeps of a call in flight, beside core's record of it. */
export interface OpenCall extends StatusCall {
  /**
   * An editing call's `(+n -m)` and the lines `showContent` prints under its
   * result, worked out when the call starts: what is kept of an open call is
   * bounded, never its input (a call may write megabytes and never finish).
   */
  stat: Segment[];
  preview: Segment[][];
}

/** What one renderer was asked for; fixed once it is created. */
export interface RenderConfig {
  colors: Colors;
  verbose: boolean;
  /** Whether text blocks are laid out as Markdown. */
  markdown: boolean;
  showContent: boolean;
  contentLines: number;
  now: () => number;
  /** The width lines are cut to, if known. */
  width: () => number | undefined;
}

/** Everything one renderer knows between two events, in one place. */
export interface RenderState extends RenderConfig {
  /**
   * The run's one aggregate, read for the footer's figures: the view the
   * pipeline hands with each event, else one core folds for this renderer.
   */
  run: RunFollower;
  /**
   * Calls in flight, in core's one record of them (its bounds, its nesting):
   * a finished call is forgotten, so memory stays flat over a long run.
   */
  calls: CallRecord<OpenCall>;
  /** Indentation strings by depth, made once each. */
  indents: string[];
  /** What is laid out and not yet written to the sink. */
  out: string;
  /** Whether `out` (or what was written before it) ends with a newline. */
  atLineStart: boolean;
  /** Whether a call started or finished since the status line was last drawn. */
  callsChanged: boolean;
  /** The kind, id and depth of the text or reasoning block being written, if any. */
  blockKind: string | undefined;
  blockId: string | undefined;
  blockDepth: number;
  /**
   * How many combining marks the streamed text written so far ends with
   * (0 at a block's start), so that a run of them split over deltas is
   * bounded as one.
   */
  streamMarks: number;
  /** The call whose marker is the last line written, if it is. */
  lastMarkerId: string | undefined;
  /** The text block being laid out as Markdown, if any. */
  md: MarkdownWriter | undefined;
}

/** A renderer's state before its first event. */
export function createRenderState(config: RenderConfig): RenderState {
  return {
    ...config,
    run: createRunFollower(),
    calls: createCallRecord<OpenCall>(),
    indents: [''],
    out: '',
    atLineStart: true,
    callsChanged: false,
    blockKind: undefined,
    blockId: undefined,
    blockDepth: 0,
    streamMarks: 0,
    lastMarkerId: undefined,
    md: undefined,
  };
}

export function indentOf(state: RenderState, depth: number): string {
  return (state.indents[depth] ??= INDENT.repeat(depth));
}

/** How deep the events of a call's child go (core's record: a parent not open still nests one level). */
export function depthOf(state: RenderState, parent: unknown): number {
  return state.calls.depthOf(parent);
}

/** Appends whole lines, starting on a new line. */
export function writeLaidOut(state: RenderState, lines: string): void {
  if (lines === '') return;
  if (!state.atLineStart) state.out += '\n';
  state.out += lines;
  state.atLineStart = true;
}

/** Writes what a Markdown block still holds; called before anything else is written. */
export function flushMarkdown(state: RenderState): void {
  if (state.md === undefined) return;
  const rest = state.md.flush();
  state.md = undefined;
  writeLaidOut(state, rest);
}

/** Writes one styled line at `depth`, cut to the width; it ends any text block. */
export function line(state: RenderState, depth: number, segments: readonly Segment[]): void {
  flushMarkdown(state);
  if (!state.atLineStart) state.out += '\n';
  const columns = state.width();
  const body = renderStyledLine(segments, columns === undefined ? undefined : Math.max(1, columns - depth * INDENT.length));
  state.out += body === '' ? '\n' : `${indentOf(state, depth)}${body}\n`;
  state.atLineStart = true;
  state.blockKind = undefined;
  state.lastMarkerId = undefined;
}
