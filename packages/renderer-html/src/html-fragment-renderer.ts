import { createRunFollower, type DisplayEvent, type RunFollower, type RunOutcome, type RunView } from '@x/core';
import { TURN_CLOSE, errorHtml, noticeHtml, reasoningBlockHtml, sessionFragmentHtml, textBlockHtml, turnOpenHtml } from './event-html.js';
import { completeCall, createHeldOutput, emit, emitLooseResult, holdCall, release, releaseAll, take, type HeldOutput } from './held-output.js';
import { createHighlighter } from './highlight.js';
import { promptHtml } from './prompt-html.js';
import { runSummaryHtml } from './run-summary-html.js';

/**
 * Turns events into HTML fragments, one call per event. The strings, joined
 * in order, are the content of a transcript's `<main>`: turns as `<section>`s
 * with a heading, text as prose, tool calls as `<details>`, errors and
 * notices. A string may open an element that a later one closes, so write
 * them to one stream (a response body, a file); to show events live in a page
 * use `createDomRenderer`, which builds the same structure node by node.
 */
export interface HtmlFragmentRenderer {
  /**
   * The HTML this event adds, often `""`: text is held until its block ends, a tool call until its result.
   * `run` is the run's one aggregate, holding this event already (what `runPipeline` hands a renderer);
   * without it the renderer folds its own through core.
   */
  push(event: DisplayEvent, run?: RunView): string;
  /** What is still held (the last block, calls without a result, marked unfinished) and the closing of the last turn. */
  end(): string;
  /** The run's footer from the totals so far (of `run` when given): status, duration, turns, tool calls, errors, tokens, cost. */
  summaryHtml(run?: RunView): string;
  /** The run's outcome so far (of `run` when given), from core's run aggregate: what the footer shows; its calls are not listed. */
  totals(run?: RunView): RunOutcome;
}

interface HeldBlock {
  kind: 'text' | 'reasoning';
  id: string;
  parentToolUseId: string | undefined;
  parts: string[];
  chars: number;
}

/** The longest text or reasoning block buffered before it is rendered in parts (1 Mi characters). */
const MAX_BLOCK_CHARS = 1024 * 1024;

/** Everything a fragment renderer knows between two events. */
interface FragmentState {
  /** The footer's figures and the turn headings' numbers, read from the run's one aggregate. */
  run: RunFollower;
  /** Whether the event being pushed opened a turn, by the aggregate's turn rule. */
  turnDue: boolean;
  turnOpen: boolean;
  /** The text or reasoning block being buffered, if any. */
  block: HeldBlock | undefined;
  output: HeldOutput;
}

function flushBlock(state: FragmentState): void {
  const { block } = state;
  if (block === undefined) return;
  const text = block.parts.join('');
  const { kind, parentToolUseId } = block;
  state.block = undefined;
  const { highlight } = state.output;
  emit(state.output, kind === 'text' ? textBlockHtml(text, parentToolUseId, highlight) : reasoningBlockHtml(text, parentToolUseId, highlight), parentToolUseId);
}

function startTurnIfDue(state: FragmentState): void {
  if (!state.turnDue) return;
  state.turnDue = false;
  if (state.turnOpen) emit(state.output, TURN_CLOSE, undefined);
  state.turnOpen = true;
  emit(state.output, turnOpenHtml(state.run.view().turns), undefined);
}

/** Ends the block being buffered and opens a turn if one is due: what comes before anything else is shown. */
function settle(state: FragmentState): void {
  flushBlock(state);
  startTurnIfDue(state);
}

function pushBlock(state: FragmentState, event: DisplayEvent & { kind: 'text' | 'reasoning' }): void {
  // An empty increment adds nothing and must not open a turn or end a block.
  if (typeof event.text !== 'string' || event.text === '') return;
  const { block } = state;
  if (block !== undefined && block.kind === event.kind && block.id === event.id && block.parentToolUseId === event.parentToolUseId) {
    if (block.chars + event.text.length <= MAX_BLOCK_CHARS) {
      block.parts.push(event.text);
      block.chars += event.text.length;
      return;
    }
    // A block too long to hold (memory bounded by bytes: docs/memory.md) is rendered in parts.
    flushBlock(state);
  } else {
    settle(state);
  }
  state.block = { kind: event.kind, id: event.id, parentToolUseId: event.parentToolUseId, parts: [event.text], chars: event.text.length };
}

function show(state: FragmentState, event: DisplayEvent, html: string): void {
  settle(state);
  emit(state.output, html, event.parentToolUseId);
}

function pushEvent(state: FragmentState, event: DisplayEvent): void {
  switch (event.kind) {
    case 'text':
    case 'reasoning':
      return pushBlock(state, event);
    case 'tool-use':
      settle(state);
      return holdCall(state.output, event);
    case 'tool-result':
      // A block still buffered was streamed before the result (a subagent's text under its Task
      // call): it is written first, so it lands inside the call it belongs to, not after it.
      flushBlock(state);
      if (completeCall(state.output, event)) return;
      settle(state);
      return emitLooseResult(state.output, event);
    case 'error':
      return show(state, event, errorHtml(event));
    case 'notice':
      return show(state, event, noticeHtml(event));
    case 'prompt':
      return show(state, event, promptHtml(event));
    case 'session':
      flushBlock(state);
      // Session details stand outside the turns: they describe the run, not a turn.
      if (event.phase === 'start') emit(state.output, sessionFragmentHtml(event), undefined);
      // No result can come for a call once its session has ended.
      else release(state.output, 'unfinished');
      return;
    default:
      // Usage only feeds the footer; kinds this version does not know are ignored.
      return;
  }
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
  const state: FragmentState = {
    run: createRunFollower(),
    turnDue: false,
    turnOpen: false,
    block: undefined,
    // One budget of highlighting per document (see DOCUMENT_HIGHLIGHT_CHARS).
    output: createHeldOutput(createHighlighter()),
  };
  const { run } = state;
  return {
    push(event, view) {
      state.turnDue = run.see(event, view);
      pushEvent(state, event);
      return take(state.output);
    },
    end() {
      flushBlock(state);
      releaseAll(state.output);
      if (state.turnOpen) emit(state.output, TURN_CLOSE, undefined);
      state.turnOpen = false;
      return take(state.output);
    },
    summaryHtml(view) {
      return runSummaryHtml(run.view(view).outcome());
    },
    totals(view) {
      return run.view(view).outcome();
    },
  };
}
