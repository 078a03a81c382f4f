import { createCallRecord, type CallRecord, type ToolResultDisplayEvent, type ToolUseDisplayEvent } from '@x/core';
import type { Highlighter } from './highlight.js';
import { lateToolResultHtml, toolCallHtml } from './tool-call-html.js';

/** A tool call held until its result, so that one `<details>` shows both. */
export interface HeldCall {
  use: ToolUseDisplayEvent;
  result: ToolResultDisplayEvent | undefined;
  /** About how many characters its input holds, counted into the held output's bound. */
  chars: number;
}

/** Output held behind a call, and the subagent (parent call id) it belongs to. */
interface HeldHtml {
  html: string;
  parent: string | undefined;
}

type HeldItem = HeldHtml | HeldCall;

/** The output of a fragment renderer: what is written, and what is held behind calls without a result. */
export interface HeldOutput {
  /** One budget of highlighting per document (see DOCUMENT_HIGHLIGHT_CHARS). */
  highlight: Highlighter;
  /** Output in order; whenever it is not empty, its front is a call without a result. */
  held: HeldItem[];
  heldChars: number;
  /**
   * The calls in flight, in core's one record of them: held (the view is the
   * held call) or written without a result that may still come (waiting: no
   * view, no input kept).
   */
  calls: CallRecord<HeldCall | undefined>;
  /** How many calls of `calls` are held. */
  heldCalls: number;
  /** What is ready to be returned to the caller. */
  out: string;
}

/*
 * Bounds that keep memory flat on a hostile or broken stream: the calls and
 * the output held behind a call that has no result yet. Past them the held
 * output is written with its calls marked waiting. The calls written without
 * a result whose result may still come are bounded by core's call record:
 * past its bounds the oldest is forgotten (its result then still renders,
 * under its own name).
 */
const MAX_HELD_CALLS = 64;
const MAX_HELD_CHARS = 256 * 1024;

export function createHeldOutput(highlight: Highlighter): HeldOutput {
  return { highlight, held: [], heldChars: 0, calls: createCallRecord({ keepInput: true }), heldCalls: 0, out: '' };
}

/** Closes call `id` in the record, counting a held one out. */
function forget(output: HeldOutput, id: string): void {
  if (output.calls.close(id)?.view !== undefined) output.heldCalls -= 1;
}

/** Keeps call `use` in the record as waiting: written without a result, its input no longer needed. */
function markWaiting(output: HeldOutput, use: ToolUseDisplayEvent): void {
  const { calls } = output;
  const recorded = calls.get(use.id);
  if (recorded?.view === undefined) {
    // Forgotten by the record's bounds meanwhile: kept again, as the newest.
    calls.open({ ...use, input: null }, undefined);
    return;
  }
  recorded.view = undefined;
  output.heldCalls -= 1;
  calls.dropInput(use.id);
}

function isCall(item: HeldItem): item is HeldCall {
  return 'use' in item;
}

function parentOf(item: HeldItem): string | undefined {
  return isCall(item) ? item.use.parentToolUseId : item.parent;
}

// One element per line keeps documents and their golden diffs readable.
function line(html: string): string {
  return html === '' ? '' : `${html}\n`;
}

// Takes the items of call `id`'s subagent out of `held`, from index `from` on, and renders them, nested calls with their own.
function takeChildren(output: HeldOutput, id: string, from: number): string {
  const { held } = output;
  let html = '';
  for (let j = from; j < held.length; ) {
    const item = held[j] as HeldItem;
    if (parentOf(item) !== id) {
      j += 1;
      continue;
    }
    held.splice(j, 1);
    if (!isCall(item)) {
      html += item.html;
      output.heldChars -= item.html.length;
      continue;
    }
    forget(output, item.use.id);
    // The subagent's call is done with it: a child without a result will not get one in place.
    const state = item.result === undefined ? 'unfinished' : 'done';
    html += line(toolCallHtml(item.use, item.result, state, takeChildren(output, item.use.id, j), output.highlight));
  }
  return html;
}

function writeCall(output: HeldOutput, call: HeldCall, pending: 'waiting' | 'unfinished', at: number): string {
  const { highlight } = output;
  if (call.result !== undefined) return line(toolCallHtml(call.use, call.result, 'done', takeChildren(output, call.use.id, at + 1), highlight));
  if (pending === 'waiting') markWaiting(output, call.use);
  else forget(output, call.use.id);
  // A waiting call's subagent keeps streaming after it, each element marked with its parent.
  return line(toolCallHtml(call.use, undefined, pending, pending === 'unfinished' ? takeChildren(output, call.use.id, at + 1) : '', highlight));
}

/** Writes the held output up to the first call without a result, or all of it with `pending` set. */
export function release(output: HeldOutput, pending?: 'waiting' | 'unfinished'): void {
  const { held } = output;
  let i = 0;
  for (; i < held.length; i += 1) {
    const item = held[i] as HeldItem;
    if (!isCall(item)) {
      output.out += item.html;
      output.heldChars -= item.html.length;
    } else if (item.result !== undefined) {
      output.heldChars -= item.chars;
      output.out += writeCall(output, item, 'unfinished', i);
    } else if (pending === undefined) {
      break;
    } else {
      output.heldChars -= item.chars;
      output.out += writeCall(output, item, pending, i);
    }
  }
  output.held = i === held.length ? [] : held.slice(i);
  if (output.held.length === 0) output.heldChars = 0;
  // Nothing is held any more: a held call the record forgot (past its bounds) is not counted on.
  if (pending !== undefined) output.heldCalls = 0;
}

/** Writes an element, or holds it behind a call without a result. */
export function emit(output: HeldOutput, html: string, parent: string | undefined): void {
  if (html === '') return;
  if (output.held.length === 0) {
    output.out += line(html);
    return;
  }
  const text = line(html);
  output.held.push({ html: text, parent });
  output.heldChars += text.length;
  if (output.heldChars > MAX_HELD_CHARS) release(output, 'waiting');
}

/** Holds a call until its result. */
export function holdCall(output: HeldOutput, use: ToolUseDisplayEvent): void {
  const call: HeldCall = { use, result: undefined, chars: 0 };
  const replaced = output.calls.get(use.id);
  if (replaced?.view !== undefined) output.heldCalls -= 1;
  call.chars = output.calls.open(use, call).inputChars;
  output.heldCalls += 1;
  output.held.push(call);
  output.heldChars += call.chars;
  if (output.heldCalls > MAX_HELD_CALLS || output.heldChars > MAX_HELD_CHARS) release(output, 'waiting');
}

/** Completes a held call with its result; false when no held call has its id. */
export function completeCall(output: HeldOutput, result: ToolResultDisplayEvent): boolean {
  const call = output.calls.get(result.id)?.view;
  if (call === undefined) return false;
  // The call's place in the output is where it was made; the result only completes it.
  forget(output, result.id);
  call.result = result;
  release(output);
  return true;
}

/** A result whose call is not held: under its waiting call's name if it has one, else on its own. */
export function emitLooseResult(output: HeldOutput, result: ToolResultDisplayEvent): void {
  const shown = output.calls.close(result.id)?.use;
  if (shown === undefined) {
    emit(output, toolCallHtml(undefined, result, 'done', '', output.highlight), result.parentToolUseId);
    return;
  }
  emit(output, lateToolResultHtml(shown.name, shown.arg, result, shown.parentToolUseId, output.highlight), shown.parentToolUseId);
}

/** At the end of the run: every held call as unfinished, every waiting call as having no result. */
export function releaseAll(output: HeldOutput): void {
  release(output, 'unfinished');
  // Only waiting calls are left in the record.
  for (const { use } of output.calls.values()) emit(output, lateToolResultHtml(use.name, use.arg, undefined, use.parentToolUseId), use.parentToolUseId);
  output.calls.clear();
}

/** What is ready, handed over once. */
export function take(output: HeldOutput): string {
  const written = output.out;
  output.out = '';
  return written;
}
