import {
  createCallRecord,
  createRunFollower,
  defineRenderer,
  type CallRecord,
  type DisplayEvent,
  type Renderer,
  type RunFollower,
  type RunView,
  type ToolResultDisplayEvent,
  type ToolUseDisplayEvent,
} from '@x/core';
import { isKnownEvent } from './known-kinds.js';
import { ensureStylesheet, replaceWith, streamingBlock, turnSection } from './dom-nodes.js';
import { errorHtml, noticeHtml, reasoningBlockHtml, sessionDetailsHtml, sessionFragmentHtml, textBlockHtml } from './event-html.js';
import { promptHtml } from './prompt-html.js';
import { runSummaryHtml } from './run-summary-html.js';
import { markInvisibleDelta } from './escape-html.js';
import { createHighlighter, type Highlighter } from './highlight.js';
import { toolCallHtml } from './tool-call-html.js';
import { resolveTranscriptOptions, type TranscriptOptions } from './transcript-options.js';

/** Options of {@link createDomRenderer}. */
export interface DomRendererOptions extends Omit<TranscriptOptions, 'title'> {
  /**
   * Adds the transcript stylesheet to the document once (a `<style
   * data-x-transcript>` in `<head>`). Default `true`; set `false` when the
   * page ships `TRANSCRIPT_CSS` itself, for instance under a CSP that allows
   * only hashed styles (`TRANSCRIPT_CSS_HASH`).
   */
  stylesheet?: boolean;
}

interface LiveBlock {
  kind: 'text' | 'reasoning';
  id: string;
  parentToolUseId: string | undefined;
  /** The element replaced by the rendered block when it ends. */
  outer: Element;
  /** The text node shown while the block streams: each delta with its invisible characters marked. */
  text: Text;
  /** The block's text as it came, rendered when the block ends: a joiner's context may span two deltas. */
  source: string;
  /** How many combining marks the live text ends with, so that the next delta's cannot stack past the bound. */
  marks: number;
}

/** Everything a DOM renderer knows between two events. */
interface DomState {
  /** The element the transcript is appended to. */
  root: Element;
  document: Document;
  /** One budget of highlighting per transcript, as in a streamed document. */
  highlight: Highlighter;
  /** The summary's figures and the turn headings' numbers, read from the run's one aggregate. */
  run: RunFollower;
  /** Whether the event being written opened a turn, by the aggregate's turn rule. */
  turnDue: boolean;
  /** The calls in flight, in core's one record of them, each with the element that shows it. */
  calls: CallRecord<Element>;
  turn: Element | undefined;
  block: LiveBlock | undefined;
}

function append(state: DomState, html: string, parent: Element = state.turn ?? state.root): Element | undefined {
  if (html === '') return undefined;
  parent.insertAdjacentHTML('beforeend', html);
  return parent.lastElementChild ?? undefined;
}

function endBlock(state: DomState): void {
  const { block, highlight } = state;
  if (block === undefined) return;
  const text = block.source;
  const html = block.kind === 'text' ? textBlockHtml(text, block.parentToolUseId, highlight) : reasoningBlockHtml(text, block.parentToolUseId, highlight);
  replaceWith(block.outer, html);
  state.block = undefined;
}

/** Ends the streaming block and opens a turn if one is due: what comes before anything else is shown. */
function settle(state: DomState): void {
  endBlock(state);
  if (!state.turnDue) return;
  state.turnDue = false;
  const section = turnSection(state.document, state.run.view().turns);
  state.root.append(section);
  state.turn = section;
}

function pushBlock(state: DomState, event: DisplayEvent & { kind: 'text' | 'reasoning' }): void {
  if (typeof event.text !== 'string' || event.text === '') return;
  const { block } = state;
  if (block !== undefined && block.kind === event.kind && block.id === event.id && block.parentToolUseId === event.parentToolUseId) {
    // Marked as it comes, so the live text cannot reorder or hide itself either (no page CSP guards the DOM renderer's page).
    const shown = markInvisibleDelta(block.marks, event.text);
    block.text.appendData(shown.text);
    block.source += event.text;
    block.marks = shown.marks;
    return;
  }
  settle(state);
  const shown = markInvisibleDelta(0, event.text);
  const { outer, text } = streamingBlock(state.document, event.kind, shown.text, event.parentToolUseId);
  (state.turn ?? state.root).append(outer);
  state.block = { kind: event.kind, id: event.id, parentToolUseId: event.parentToolUseId, outer, text, source: event.text, marks: shown.marks };
}

function pushToolUse(state: DomState, use: ToolUseDisplayEvent): void {
  settle(state);
  const shown = append(state, toolCallHtml(use, undefined, 'running', '', state.highlight));
  if (shown !== undefined) state.calls.open(use, shown);
}

function pushToolResult(state: DomState, result: ToolResultDisplayEvent): void {
  const call = state.calls.close(result.id);
  if (call === undefined) {
    settle(state);
    append(state, toolCallHtml(undefined, result, 'done', '', state.highlight));
    return;
  }
  replaceWith(call.view, toolCallHtml(call.use, result, 'done', '', state.highlight));
}

function closeCalls(state: DomState): void {
  for (const call of state.calls.values()) replaceWith(call.view, toolCallHtml(call.use, undefined, 'unfinished', '', state.highlight));
  state.calls.clear();
}

function show(state: DomState, html: string): void {
  settle(state);
  append(state, html);
}

function pushEvent(state: DomState, event: DisplayEvent): void {
  switch (event.kind) {
    case 'text':
    case 'reasoning':
      return pushBlock(state, event);
    case 'tool-use':
      return pushToolUse(state, event);
    case 'tool-result':
      return pushToolResult(state, event);
    case 'error':
      return show(state, errorHtml(event));
    case 'notice':
      return show(state, noticeHtml(event));
    case 'prompt':
      return show(state, promptHtml(event));
    case 'session':
      endBlock(state);
      if (event.phase === 'start') append(state, sessionFragmentHtml(event));
      // No result can come for a call once its session has ended.
      else closeCalls(state);
      return;
    default:
      // Usage only feeds the summary; kinds this version does not know are ignored.
      return;
  }
}

/**
 * Creates a renderer that appends events to a DOM element as they arrive, in
 * the browser: the same structure as the document (turns as sections, text as
 * prose, tool calls as `<details>`), built with `createElement` and
 * `textContent`, or from the package's own escaped fragment HTML.
 *
 * Text shows as plain text while its block streams and is rendered as
 * Markdown when the block ends. A tool call appears when it starts and is
 * updated in place when its result arrives (an opened `<details>` stays
 * open); when its session ends or at `end()`, a call still running is marked
 * unfinished, and `end()` appends the run's summary. The turn numbers and
 * the summary are read from the run's one aggregate, the `RunView` handed
 * with each event (`runPipeline` hands it); written to without one, the
 * renderer has core fold the events it is written.
 */
export function createDomRenderer(element: Element, options: DomRendererOptions = {}): Renderer {
  if (element === null || typeof element !== 'object' || typeof (element as Element).insertAdjacentHTML !== 'function') {
    throw new TypeError('createDomRenderer needs a DOM element to append to, such as document.querySelector("#transcript").');
  }
  const resolved = resolveTranscriptOptions(options);
  const state: DomState = {
    root: element,
    document: element.ownerDocument,
    highlight: createHighlighter(),
    run: createRunFollower(),
    turnDue: false,
    // The input is kept: a call is drawn again, with it, when its result comes.
    calls: createCallRecord({ keepInput: true }),
    turn: undefined,
    block: undefined,
  };
  if (options.stylesheet !== false) ensureStylesheet(state.document);
  element.classList.add('x-transcript');
  let started = false;
  let ended = false;

  const sessionDetails = (event: DisplayEvent): void => {
    const start = event.kind === 'session' && event.phase === 'start' ? event : undefined;
    const details = sessionDetailsHtml(resolved, start);
    if (details !== '') append(state, `<aside class="session-details" aria-label="Session details">${details}</aside>`, element);
  };

  return defineRenderer({
    specificationVersion: 'v1',
    write(event: DisplayEvent, run?: RunView) {
      // Ignored as the terminal renderer ignores it: events from outside may not have been
      // validated, and a kind added after this renderer was built must not open the transcript.
      if (ended || !isKnownEvent(event)) return;
      state.turnDue = state.run.see(event, run);
      if (!started) {
        started = true;
        sessionDetails(event);
        if (event.kind === 'session' && event.phase === 'start') return;
      }
      pushEvent(state, event);
    },
    end(run?: RunView) {
      if (ended) return;
      ended = true;
      endBlock(state);
      closeCalls(state);
      append(state, runSummaryHtml(state.run.view(run).outcome()), element);
    },
  });
}
