import { createRunAggregator, defineRenderer, type DisplayEvent, type Renderer, type ToolResultDisplayEvent, type ToolUseDisplayEvent } from '@x/core';
import { isKnownEvent } from './known-kinds.js';
import { errorHtml, noticeHtml, reasoningBlockHtml, sessionDetailsHtml, sessionFragmentHtml, textBlockHtml } from './event-html.js';
import { promptHtml } from './prompt-html.js';
import { runSummaryHtml } from './run-summary-html.js';
import { createHighlighter } from './highlight.js';
import { toolCallHtml } from './tool-call-html.js';
import { TRANSCRIPT_CSS } from './transcript-style.js';
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
  text: Text;
}

interface LiveCall {
  use: ToolUseDisplayEvent;
  element: Element;
}

// Calls in flight are few; the bound only keeps a broken stream from growing memory.
const MAX_LIVE_CALLS = 1024;

function ensureStylesheet(document: Document): void {
  if (document.querySelector('style[data-x-transcript]') !== null) return;
  const style = document.createElement('style');
  style.setAttribute('data-x-transcript', '');
  style.textContent = TRANSCRIPT_CSS;
  (document.head ?? document.documentElement).append(style);
}

function markSubagent(element: Element, parentToolUseId: string | undefined): void {
  if (parentToolUseId === undefined) return;
  element.setAttribute('data-parent-tool-use-id', parentToolUseId);
  element.setAttribute('title', `Subagent of call ${parentToolUseId}`);
}

function isOpenDetails(element: Element): boolean {
  return element.tagName === 'DETAILS' && (element as HTMLDetailsElement).open;
}

/** Puts escaped HTML in place of `element`, keeping a `<details>` open if the reader opened it. */
function replaceWith(element: Element, html: string): Element | undefined {
  const open = isOpenDetails(element);
  if (html !== '') element.insertAdjacentHTML('afterend', html);
  const next = html === '' ? null : element.nextElementSibling;
  element.remove();
  if (open && next !== null && next.tagName === 'DETAILS') (next as HTMLDetailsElement).open = true;
  return next ?? undefined;
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
 * unfinished, and `end()` appends the run's summary.
 */
export function createDomRenderer(element: Element, options: DomRendererOptions = {}): Renderer {
  if (element === null || typeof element !== 'object' || typeof (element as Element).insertAdjacentHTML !== 'function') {
    throw new TypeError('createDomRenderer needs a DOM element to append to, such as document.querySelector("#transcript").');
  }
  const document = element.ownerDocument;
  const resolved = resolveTranscriptOptions(options);
  // One budget of highlighting per transcript, as in a streamed document.
  const highlight = createHighlighter();
  if (options.stylesheet !== false) ensureStylesheet(document);
  element.classList.add('x-transcript');

  // The summary's figures and the turn headings' numbers, from core's one run aggregator.
  const aggregator = createRunAggregator({ listCalls: false });
  // Whether the event being written opened a turn, by the aggregator's turn rule.
  let turnDue = false;
  const calls = new Map<string, LiveCall>();
  let turn: Element | undefined;
  let block: LiveBlock | undefined;
  let started = false;
  let ended = false;

  const append = (html: string, parent: Element = turn ?? element): Element | undefined => {
    if (html === '') return undefined;
    parent.insertAdjacentHTML('beforeend', html);
    return parent.lastElementChild ?? undefined;
  };

  const endBlock = (): void => {
    if (block === undefined) return;
    const text = block.text.data;
    const html = block.kind === 'text' ? textBlockHtml(text, block.parentToolUseId, highlight) : reasoningBlockHtml(text, block.parentToolUseId, highlight);
    replaceWith(block.outer, html);
    block = undefined;
  };

  const startTurnIfDue = (): void => {
    if (!turnDue) return;
    turnDue = false;
    const section = document.createElement('section');
    section.className = 'turn';
    const heading = document.createElement('h2');
    heading.textContent = `Turn ${aggregator.turns}`;
    section.append(heading);
    element.append(section);
    turn = section;
  };

  const startBlock = (event: DisplayEvent & { kind: 'text' | 'reasoning' }): void => {
    const body = document.createElement('div');
    body.className = 'text streaming';
    const text = document.createTextNode(event.text);
    body.append(text);
    let outer: Element = body;
    if (event.kind === 'reasoning') {
      outer = document.createElement('details');
      outer.className = 'reasoning';
      const summary = document.createElement('summary');
      summary.textContent = 'Reasoning';
      outer.append(summary, body);
    }
    markSubagent(outer, event.parentToolUseId);
    (turn ?? element).append(outer);
    block = { kind: event.kind, id: event.id, parentToolUseId: event.parentToolUseId, outer, text };
  };

  const pushBlock = (event: DisplayEvent & { kind: 'text' | 'reasoning' }): void => {
    if (typeof event.text !== 'string' || event.text === '') return;
    if (block !== undefined && block.kind === event.kind && block.id === event.id && block.parentToolUseId === event.parentToolUseId) {
      block.text.appendData(event.text);
      return;
    }
    endBlock();
    startTurnIfDue();
    startBlock(event);
  };

  const pushToolUse = (use: ToolUseDisplayEvent): void => {
    endBlock();
    startTurnIfDue();
    const shown = append(toolCallHtml(use, undefined, 'running', '', highlight));
    if (shown === undefined) return;
    if (calls.size >= MAX_LIVE_CALLS) {
      const oldest = calls.keys().next();
      if (oldest.done !== true) calls.delete(oldest.value);
    }
    calls.set(use.id, { use, element: shown });
  };

  const pushToolResult = (result: ToolResultDisplayEvent): void => {
    const call = calls.get(result.id);
    if (call === undefined) {
      endBlock();
      startTurnIfDue();
      append(toolCallHtml(undefined, result, 'done', '', highlight));
      return;
    }
    calls.delete(result.id);
    replaceWith(call.element, toolCallHtml(call.use, result, 'done', '', highlight));
  };

  const closeCalls = (): void => {
    for (const call of calls.values()) replaceWith(call.element, toolCallHtml(call.use, undefined, 'unfinished', '', highlight));
    calls.clear();
  };

  const show = (html: string): void => {
    endBlock();
    startTurnIfDue();
    append(html);
  };

  const sessionDetails = (event: DisplayEvent): void => {
    const start = event.kind === 'session' && event.phase === 'start' ? event : undefined;
    const details = sessionDetailsHtml(resolved, start);
    if (details !== '') append(`<aside class="session-details" aria-label="Session details">${details}</aside>`, element);
  };

  return defineRenderer({
    specificationVersion: 'v1',
    write(event: DisplayEvent) {
      // Ignored as the terminal renderer ignores it: events from outside may not have been
      // validated, and a kind added after this renderer was built must not open the transcript.
      if (ended || !isKnownEvent(event)) return;
      const turnsBefore = aggregator.turns;
      aggregator.push(event);
      turnDue = aggregator.turns > turnsBefore;
      if (!started) {
        started = true;
        sessionDetails(event);
        if (event.kind === 'session' && event.phase === 'start') return;
      }
      switch (event.kind) {
        case 'text':
        case 'reasoning':
          pushBlock(event);
          return;
        case 'tool-use':
          pushToolUse(event);
          return;
        case 'tool-result':
          pushToolResult(event);
          return;
        case 'error':
          show(errorHtml(event));
          return;
        case 'notice':
          show(noticeHtml(event));
          return;
        case 'prompt':
          show(promptHtml(event));
          return;
        case 'session':
          endBlock();
          if (event.phase === 'start') append(sessionFragmentHtml(event));
          // No result can come for a call once its session has ended.
          else closeCalls();
          return;
        default:
          // Usage only feeds the summary; kinds this version does not know are ignored.
          return;
      }
    },
    end() {
      if (ended) return;
      ended = true;
      endBlock();
      closeCalls();
      append(runSummaryHtml(aggregator.outcome()), element);
    },
  });
}
