import { createRunAggregator, type DisplayEvent, type RunOutcome, type ToolResultDisplayEvent, type ToolUseDisplayEvent } from '@x/core';
import {
  TURN_CLOSE,
  errorHtml,
  noticeHtml,
  reasoningBlockHtml,
  sessionFragmentHtml,
  textBlockHtml,
  turnOpenHtml,
} from './event-html.js';
import { createHighlighter } from './highlight.js';
import { promptHtml } from './prompt-html.js';
import { runSummaryHtml } from './run-summary-html.js';
import { lateToolResultHtml, toolCallHtml } from './tool-call-html.js';

/**
 * Turns events into HTML fragments, one call per event. The strings, joined
 * in order, are the content of a transcript's `<main>`: turns as `<section>`s
 * with a heading, text as prose, tool calls as `<details>`, errors and
 * notices. A string may open an element that a later one closes, so write
 * them to one stream (a response body, a file); to show events live in a page
 * use `createDomRenderer`, which builds the same structure node by node.
 */
export interface HtmlFragmentRenderer {
  /** The HTML this event adds, often `""`: text is held until its block ends, a tool call until its result. */
  push(event: DisplayEvent): string;
  /** What is still held (the last block, calls without a result, marked unfinished) and the closing of the last turn. */
  end(): string;
  /** The run's footer from the totals so far: status, duration, turns, tool calls, errors, tokens, cost. */
  summaryHtml(): string;
  /** The run's outcome so far, from core's run aggregator (without a list of calls): what the footer shows. */
  totals(): RunOutcome;
}

interface HeldBlock {
  kind: 'text' | 'reasoning';
  id: string;
  parentToolUseId: string | undefined;
  parts: string[];
  chars: number;
}

interface HeldCall {
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

function isCall(item: HeldItem): item is HeldCall {
  return 'use' in item;
}

function parentOf(item: HeldItem): string | undefined {
  return isCall(item) ? item.use.parentToolUseId : item.parent;
}

interface WaitingCall {
  name: string;
  arg: string;
  parentToolUseId: string | undefined;
}

/*
 * Bounds that keep memory flat on a hostile or broken stream: the calls and
 * the output held behind a call that has no result yet, and the calls written
 * without a result whose result may still come. Past them the held output is
 * written with its calls marked waiting, or the oldest waiting call is
 * forgotten (its result then still renders, under its own name).
 */
const MAX_HELD_CALLS = 64;
const MAX_HELD_CHARS = 256 * 1024;
const MAX_WAITING_CALLS = 1024;
/** The longest text or reasoning block buffered before it is rendered in parts (1 Mi characters). */
const MAX_BLOCK_CHARS = 1024 * 1024;

/** About how many characters a call's input holds: its strings and keys, counted up to `limit`. */
function inputChars(value: unknown, limit: number): number {
  if (typeof value === 'string') return value.length;
  if (typeof value !== 'object' || value === null) return 8;
  let total = 0;
  for (const [key, item] of Object.entries(value)) {
    total += key.length + inputChars(item, limit - total);
    if (total > limit) break;
  }
  return total;
}

// One element per line keeps documents and their golden diffs readable.
function line(html: string): string {
  return html === '' ? '' : `${html}\n`;
}

/**
 * Creates an {@link HtmlFragmentRenderer}.
 *
 * Text and reasoning increments are buffered per block (the same `id`) and
 * rendered as Markdown when the block ends: at the next event that shows
 * something, or at `end()`. A tool call is held until its result so that one
 * `<details>` shows both, and what follows it is held behind it to keep the
 * order; a call still open when its session ends, or at `end()`, is marked
 * unfinished. Only when the held output passes a bound is the call written
 * as waiting, its result following later as an element of its own. Memory is
 * one block and that bounded output, however long the run. A subagent's
 * events (those whose `parentToolUseId` names a held call) are written inside
 * the call's `<details>`, so the work of a Task folds away under it.
 */
export function createHtmlFragmentRenderer(): HtmlFragmentRenderer {
  // The footer's figures and the turn headings' numbers, from core's one run aggregator.
  const aggregator = createRunAggregator({ listCalls: false });
  // Whether the event being pushed opened a turn, by the aggregator's turn rule.
  let turnDue = false;
  // One budget of highlighting per document (see DOCUMENT_HIGHLIGHT_CHARS).
  const highlight = createHighlighter();
  let turnOpen = false;
  let block: HeldBlock | undefined;
  // Output in order; whenever it is not empty, its front is a call without a result.
  let held: HeldItem[] = [];
  let heldChars = 0;
  const heldCalls = new Map<string, HeldCall>();
  const waiting = new Map<string, WaitingCall>();
  let out = '';

  // Takes the items of call `id`'s subagent out of `held`, from index `from` on, and renders them, nested calls with their own.
  const takeChildren = (id: string, from: number): string => {
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
        heldChars -= item.html.length;
        continue;
      }
      heldCalls.delete(item.use.id);
      // The subagent's call is done with it: a child without a result will not get one in place.
      html += line(toolCallHtml(item.use, item.result, item.result === undefined ? 'unfinished' : 'done', takeChildren(item.use.id, j), highlight));
    }
    return html;
  };

  const writeCall = (call: HeldCall, pending: 'waiting' | 'unfinished', at: number): string => {
    if (call.result !== undefined) return line(toolCallHtml(call.use, call.result, 'done', takeChildren(call.use.id, at + 1), highlight));
    if (pending === 'waiting') {
      if (waiting.size >= MAX_WAITING_CALLS) {
        const oldest = waiting.keys().next();
        if (oldest.done !== true) waiting.delete(oldest.value);
      }
      waiting.set(call.use.id, { name: call.use.name, arg: call.use.arg, parentToolUseId: call.use.parentToolUseId });
    }
    // A waiting call's subagent keeps streaming after it, each element marked with its parent.
    return line(toolCallHtml(call.use, undefined, pending, pending === 'unfinished' ? takeChildren(call.use.id, at + 1) : '', highlight));
  };

  // Writes the held output up to the first call without a result, or all of it with `pending` set.
  const release = (pending?: 'waiting' | 'unfinished'): void => {
    let i = 0;
    for (; i < held.length; i += 1) {
      const item = held[i] as HeldItem;
      if (!isCall(item)) {
        out += item.html;
        heldChars -= item.html.length;
      } else if (item.result !== undefined) {
        heldChars -= item.chars;
        out += writeCall(item, 'unfinished', i);
      } else if (pending === undefined) {
        break;
      } else {
        heldChars -= item.chars;
        heldCalls.delete(item.use.id);
        out += writeCall(item, pending, i);
      }
    }
    held = i === held.length ? [] : held.slice(i);
    if (held.length === 0) heldChars = 0;
  };

  const emit = (html: string, parent: string | undefined): void => {
    if (html === '') return;
    if (held.length === 0) {
      out += line(html);
      return;
    }
    const text = line(html);
    held.push({ html: text, parent });
    heldChars += text.length;
    if (heldChars > MAX_HELD_CHARS) release('waiting');
  };

  const flushBlock = (): void => {
    if (block === undefined) return;
    const text = block.parts.join('');
    const { kind, parentToolUseId } = block;
    block = undefined;
    emit(kind === 'text' ? textBlockHtml(text, parentToolUseId, highlight) : reasoningBlockHtml(text, parentToolUseId, highlight), parentToolUseId);
  };

  const startTurnIfDue = (): void => {
    if (!turnDue) return;
    turnDue = false;
    if (turnOpen) emit(TURN_CLOSE, undefined);
    turnOpen = true;
    emit(turnOpenHtml(aggregator.turns), undefined);
  };

  const pushBlock = (event: DisplayEvent & { kind: 'text' | 'reasoning' }): void => {
    // An empty increment adds nothing and must not open a turn or end a block.
    if (typeof event.text !== 'string' || event.text === '') return;
    if (block !== undefined && block.kind === event.kind && block.id === event.id && block.parentToolUseId === event.parentToolUseId) {
      if (block.chars + event.text.length <= MAX_BLOCK_CHARS) {
        block.parts.push(event.text);
        block.chars += event.text.length;
        return;
      }
      // A block too long to hold (memory bounded by bytes: docs/memory.md) is rendered in parts.
      flushBlock();
    } else {
      flushBlock();
      startTurnIfDue();
    }
    block = { kind: event.kind, id: event.id, parentToolUseId: event.parentToolUseId, parts: [event.text], chars: event.text.length };
  };

  const pushToolUse = (use: ToolUseDisplayEvent): void => {
    flushBlock();
    startTurnIfDue();
    const call: HeldCall = { use, result: undefined, chars: inputChars(use.input, MAX_HELD_CHARS) };
    held.push(call);
    heldChars += call.chars;
    heldCalls.set(use.id, call);
    if (heldCalls.size > MAX_HELD_CALLS || heldChars > MAX_HELD_CHARS) release('waiting');
  };

  const pushToolResult = (result: ToolResultDisplayEvent): void => {
    const call = heldCalls.get(result.id);
    if (call !== undefined) {
      // The call's place in the output is where it was made; the result only completes it.
      heldCalls.delete(result.id);
      call.result = result;
      release();
      return;
    }
    flushBlock();
    startTurnIfDue();
    const shown = waiting.get(result.id);
    if (shown === undefined) {
      emit(toolCallHtml(undefined, result, 'done', '', highlight), result.parentToolUseId);
      return;
    }
    waiting.delete(result.id);
    emit(lateToolResultHtml(shown.name, shown.arg, result, shown.parentToolUseId, highlight), shown.parentToolUseId);
  };

  const show = (event: DisplayEvent, html: string): void => {
    flushBlock();
    startTurnIfDue();
    emit(html, event.parentToolUseId);
  };

  const take = (): string => {
    const written = out;
    out = '';
    return written;
  };

  return {
    push(event) {
      const turnsBefore = aggregator.turns;
      aggregator.push(event);
      turnDue = aggregator.turns > turnsBefore;
      switch (event.kind) {
        case 'text':
        case 'reasoning':
          pushBlock(event);
          break;
        case 'tool-use':
          pushToolUse(event);
          break;
        case 'tool-result':
          pushToolResult(event);
          break;
        case 'error':
          show(event, errorHtml(event));
          break;
        case 'notice':
          show(event, noticeHtml(event));
          break;
        case 'prompt':
          show(event, promptHtml(event));
          break;
        case 'session':
          flushBlock();
          // Session details stand outside the turns: they describe the run, not a turn.
          if (event.phase === 'start') emit(sessionFragmentHtml(event), undefined);
          // No result can come for a call once its session has ended.
          else release('unfinished');
          break;
        default:
          // Usage only feeds the footer; kinds this version does not know are ignored.
          break;
      }
      return take();
    },
    end() {
      flushBlock();
      release('unfinished');
      for (const call of waiting.values()) emit(lateToolResultHtml(call.name, call.arg, undefined, call.parentToolUseId), call.parentToolUseId);
      waiting.clear();
      if (turnOpen) emit(TURN_CLOSE, undefined);
      turnOpen = false;
      return take();
    },
    summaryHtml() {
      return runSummaryHtml(aggregator.outcome());
    },
    totals() {
      return aggregator.outcome();
    },
  };
}
