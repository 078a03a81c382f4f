import type {
  DisplayEvent,
  NoticeDisplayEvent,
  SessionDisplayEvent,
  SessionStatus,
  UsageDisplayEvent,
} from '@x/core';
import {
  createTextAssembler,
  createToolCallTracker,
  type TextAssembler,
  type ToolCallTracker,
} from '@x/core/provider-utils';
import type { CallDetails } from './tool-calls.js';
import { CODEX_TOOL_ALIASES } from './tool-names.js';
import type { LegacyTokenUsage, Usage } from './wire-schema.js';

/**
 * What one Codex stream needs to remember, shared by the current and the
 * legacy format (a stream is told apart line by line) and by the rollout
 * parser. Per-turn parts are replaced when a turn starts, so memory stays
 * flat over long runs.
 *
 * The session is kept here rather than by core's `createSessionLifecycle`:
 * a Codex thread has one start and an end per turn (`turn.completed`, then
 * `turn.started` again, resumed threads), which the lifecycle's start/end
 * pairing does not model. The rollout parser, whose file is one session,
 * uses the lifecycle.
 */
export interface CodexState {
  /** Tool calls of the current turn. */
  tracker: ToolCallTracker;
  /** Text blocks still open (legacy deltas, plan deltas, growing snapshots). */
  text: TextAssembler;
  started: boolean;
  ended: boolean;
  sessionId: string | undefined;
  model: string | undefined;
  cwd: string | undefined;
  /** Turns started in the current session. */
  turns: number;
  /** The last agent message of the current turn: the session end's result. */
  lastMessage: string | undefined;
  /** How many `thread.started` lines were seen: item ids restart with every `codex exec` process. */
  invocations: number;
  /** Legacy: a config summary was seen, the session starts with the first event. */
  configSeen: boolean;
  /** Legacy: a task is running, so an `error` ends it. */
  taskActive: boolean;
  /**
   * Legacy: what the model response being streamed holds so far (`content`:
   * words, no call Codex runs), and `answered` once a `token_count` closed
   * one that held only words: the turn is over, though `exec --json` never
   * prints its `task_complete`.
   */
  legacyTurn: 'running' | 'content' | 'calls' | 'answered';
  /** Counter for ids made up where the wire has none (legacy messages, plan updates). */
  made: number;
  /** What a call's start knew that its end does not repeat (a read's path, a legacy patch's changes), by call id. */
  callDetails: Map<string, CallDetails>;
  /** Legacy: the id of the agent message being streamed as deltas. */
  openMessageId: string | undefined;
  /** Legacy: the id of the reasoning being streamed as deltas. */
  openReasoningId: string | undefined;
  /** A top-level `error` held for one line: `turn.failed` repeats its message, and then it is not shown twice (quirk 5). */
  heldError: NoticeDisplayEvent | undefined;
  /**
   * 0.42 `--experimental-json` (`session.created`): a form with no turn lines,
   * whose stream ends with the run (quirk 22): `running`, or `answered` while
   * the last line completed an `assistant_message`; `none` in every other form.
   */
  earlyForm: 'none' | 'running' | 'answered';
}

/** A fresh {@link CodexState}. */
export function createCodexState(): CodexState {
  return {
    tracker: createToolCallTracker({ aliases: CODEX_TOOL_ALIASES }),
    text: createTextAssembler(),
    started: false,
    ended: false,
    sessionId: undefined,
    model: undefined,
    cwd: undefined,
    turns: 0,
    lastMessage: undefined,
    invocations: 0,
    configSeen: false,
    taskActive: false,
    legacyTurn: 'running',
    made: 0,
    callDetails: new Map(),
    openMessageId: undefined,
    openReasoningId: undefined,
    heldError: undefined,
    earlyForm: 'none',
  };
}

/** The session start, once per session: empty when it was already emitted. */
export function ensureStarted(state: CodexState): DisplayEvent[] {
  if (state.started) return [];
  state.started = true;
  const event: SessionDisplayEvent = { kind: 'session', phase: 'start' };
  if (state.sessionId !== undefined) event.sessionId = state.sessionId;
  if (state.model !== undefined) event.model = state.model;
  if (state.cwd !== undefined) event.cwd = state.cwd;
  return [event];
}

/**
 * Starts the session of `sessionId`. The same id again (`codex exec resume`
 * re-emits it) starts nothing, nor does an id that arrives after a session
 * started without one; another id closes a session left open as `incomplete`
 * and starts a new one.
 */
export function startSession(state: CodexState, sessionId: string): DisplayEvent[] {
  if (state.started && (state.sessionId === sessionId || state.sessionId === undefined)) {
    state.sessionId = sessionId;
    return [];
  }
  const events = state.started ? endSession(state, 'incomplete') : [];
  state.started = false;
  state.ended = false;
  state.turns = 0;
  state.sessionId = sessionId;
  return [...events, ...ensureStarted(state)];
}

/** Resets what belongs to one turn. */
export function startTurn(state: CodexState): void {
  // Item ids restart with each invocation; a new scope keeps tool-use ids unique across turns.
  state.tracker.newScope();
  state.text.clear();
  // Guarded: clearing a Map allocates even when it is empty, and most turns leave none (x-bench).
  if (state.callDetails.size > 0) state.callDetails.clear();
  state.lastMessage = undefined;
  state.ended = false;
  state.turns += 1;
}

/** The session end; empty when the session already ended. */
export function endSession(state: CodexState, status: SessionStatus): DisplayEvent[] {
  if (state.ended) return [];
  state.ended = true;
  state.taskActive = false;
  const event: SessionDisplayEvent = { kind: 'session', phase: 'end', status };
  if (state.sessionId !== undefined) event.sessionId = state.sessionId;
  if (state.turns > 0) event.turns = state.turns;
  if (status === 'success' && state.lastMessage !== undefined && state.lastMessage !== '') event.result = state.lastMessage;
  return [event];
}

/** A usage event from the current `Usage` or a legacy `TokenUsage`. */
export function usageEvent(state: CodexState, usage: Usage | LegacyTokenUsage, cumulative: boolean): UsageDisplayEvent {
  const event: UsageDisplayEvent = { kind: 'usage', cumulative };
  if (state.model !== undefined) event.model = state.model;
  if (usage.input_tokens != null) event.inputTokens = usage.input_tokens;
  if (usage.output_tokens != null) event.outputTokens = usage.output_tokens;
  if (usage.reasoning_output_tokens != null) event.reasoningTokens = usage.reasoning_output_tokens;
  if (usage.cached_input_tokens != null) event.cacheReadTokens = usage.cached_input_tokens;
  const cacheWrite = (usage as Usage).cache_write_input_tokens;
  if (cacheWrite != null) event.cacheWriteTokens = cacheWrite;
  return event;
}

/** Item ids restart at `item_0` with every `codex exec` process; ids after the first process are prefixed with its number. */
export function scopedId(state: CodexState, rawId: string): string {
  return state.invocations > 1 ? `${state.invocations}:${rawId}` : rawId;
}

/** A fresh id for something the wire gives none. */
export function madeId(state: CodexState, prefix: string): string {
  state.made += 1;
  return `${prefix}-${state.made}`;
}
