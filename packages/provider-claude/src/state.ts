import type { DisplayEvent, ReasoningDisplayEvent, TextDisplayEvent } from '@x/core';
import {
  compactKey,
  createJsonDocumentReader,
  createRecentMap,
  createSessionLifecycle,
  createTextAssembler,
  createToolCallTracker,
  type JsonDocumentReader,
  type RecentMap,
  type SessionLifecycle,
  type TextAssembler,
  type ToolCallTracker,
} from '@x/core/provider-utils';
import { appendFinalText, newFinalText, type FinalText } from './final-text.js';
import { emptyToolJsonBudget, type StreamedMessage, type ToolJsonBudget } from './stream-blocks.js';
import { CLAUDE_TOOL_ALIASES } from './tool-names.js';
import type { OpenCall } from './tool-results.js';
import { createUsageCollector, type UsageCollector } from './usage.js';

/** Options of `createClaudeSource` and `createClaudeParser`. */
export interface ClaudeSourceOptions {
  /**
   * The largest `--output-format json` document buffered, in characters,
   * before it is reported as malformed. Defaults to core's
   * `DEFAULT_MAX_DOCUMENT_CHARS`.
   */
  maxDocumentChars?: number;
}

/** How many error messages of a turn are remembered, so that a result restating one does not show it twice. */
const TURN_ERRORS = 64;

/**
 * Everything one Claude Code stream remembers, as one object: the handler
 * modules take it as their first argument. Per-turn parts are reset by the
 * `result` that ends the turn, and every map is bounded, so memory stays
 * flat over long runs (docs/memory.md).
 */
export interface ClaudeState {
  /** Reads NDJSON and the pretty-printed `--output-format json` document alike. */
  reader: JsonDocumentReader;
  /** Session start once, end paired with a start, fatal errors once, `incomplete` on flush. */
  lifecycle: SessionLifecycle;
  tools: ToolCallTracker;
  /** What the deltas of each streamed text or thinking block showed, by block id (bounded by bytes). */
  text: TextAssembler;
  usage: UsageCollector;
  /** Calls still open (by compact key, at most a thousand), to read their `tool_use_result`. */
  openCalls: Map<string, OpenCall>;
  /** The message each thread is streaming (`--include-partial-messages`), by thread (see {@link threadOf}). */
  streams: Map<string, StreamedMessage>;
  /** Per thread, the message whose complete lines are arriving and how many blocks they carried so far. */
  lineBlocks: Map<string, { messageId: string; next: number }>;
  /** The streamed blocks gathering tool input, and how much they hold. */
  toolJson: ToolJsonBudget;
  /** A conversation line arrived since the last `result`: the stream owes a session end. */
  owesEnd: boolean;
  sessionId: string | undefined;
  model: string | undefined;
  /**
   * A `compact_boundary` arrived and the summary printed after it (the next
   * user text line) has not: before 2.1.332 the summary is not marked
   * `isSynthetic` (docs/formats/claude.md quirk 24).
   */
  summaryDue: boolean;
  /** Main-thread text was shown in this turn. */
  turnHadText: boolean;
  finalText: FinalText;
  /** Error messages shown in this turn (compact keys). */
  turnErrors: RecentMap<string, true>;
  /** The error of a main-thread API request of this turn that failed (a `<synthetic>` reply): CLIs before 0.2.117 end the turn there, and their summary does not say so. */
  turnApiError: string | undefined;
  /** Counter for ids made up where the wire has none. */
  made: number;
  /**
   * Turns the CLI started within the open turn (a `system/init` before its
   * `result`: 2.1 runs a background task's notification as a turn of its
   * own), each owing a `result` before the session ends, and what the
   * results already read of them counted.
   */
  queued: QueuedTurns;
}

/** See {@link ClaudeState.queued}. */
export interface QueuedTurns {
  /** Results still owed beyond the next one. */
  owed: number;
  /** `num_turns` and `duration_ms` of the results read while more were owed, added to the last one's. */
  turns: number;
  durationMs: number;
}

/** No turn queued. */
export const noQueuedTurns = (): QueuedTurns => ({ owed: 0, turns: 0, durationMs: 0 });

/** A fresh {@link ClaudeState}. */
export function createClaudeState(options: ClaudeSourceOptions = {}): ClaudeState {
  return {
    reader: createJsonDocumentReader(options.maxDocumentChars === undefined ? {} : { maxDocumentChars: options.maxDocumentChars }),
    lifecycle: createSessionLifecycle(),
    tools: createToolCallTracker({ aliases: CLAUDE_TOOL_ALIASES }),
    text: createTextAssembler(),
    usage: createUsageCollector(),
    openCalls: new Map(),
    streams: new Map(),
    lineBlocks: new Map(),
    toolJson: emptyToolJsonBudget(),
    owesEnd: false,
    sessionId: undefined,
    model: undefined,
    summaryDue: false,
    turnHadText: false,
    finalText: newFinalText(),
    turnErrors: createRecentMap(TURN_ERRORS),
    turnApiError: undefined,
    made: 0,
    queued: noQueuedTurns(),
  };
}

/** A thread is the main conversation (`''`) or one subagent, keyed by the compact key of the tool call that started it. */
export const threadOf = (parentToolUseId: string | undefined): string => compactKey(parentToolUseId ?? '');

/**
 * The session start, before the first event of a conversation whose stream
 * has no `system/init` (cut at the front, or `--output-format json` without
 * `--verbose`): empty when a session is open.
 */
export function ensureStarted(state: ClaudeState): DisplayEvent[] {
  return state.lifecycle.open ? [] : state.lifecycle.start(state.sessionId === undefined ? undefined : { sessionId: state.sessionId });
}

/** Takes a main-thread text event into the turn's final text, joined the way DisplayOutput joins blocks. */
export function noteText(state: ClaudeState, event: TextDisplayEvent, messageId: string): void {
  if (event.parentToolUseId !== undefined) return;
  state.turnHadText = true;
  if (state.finalText.messageId !== messageId) state.finalText = newFinalText(messageId);
  appendFinalText(state.finalText, event.id, event.text);
}

/** A text or reasoning event of message `messageId`, noted in the final text when it is main-thread text. */
export function textEvent(state: ClaudeState, kind: 'text' | 'reasoning', id: string, text: string, parent: string | undefined, messageId: string): TextDisplayEvent | ReasoningDisplayEvent {
  const event: TextDisplayEvent | ReasoningDisplayEvent = { kind, id, text };
  if (parent !== undefined) event.parentToolUseId = parent;
  if (event.kind === 'text') noteText(state, event, messageId);
  return event;
}

/** Forgets what a turn remembered: a `result` ended it and restated its totals. */
export function endTurn(state: ClaudeState): void {
  state.owesEnd = false;
  state.turnHadText = false;
  state.finalText = newFinalText();
  state.turnErrors = createRecentMap(TURN_ERRORS);
  state.turnApiError = undefined;
  state.usage.reset();
}
