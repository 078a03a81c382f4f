import {
  type DisplayEvent,
  type SessionDisplayEvent,
  type SessionStatus,
  type UsageDisplayEvent,
} from '@x/core';
import {
  createTextAssembler,
  createToolCallTracker,
  type TextAssembler,
  type ToolCallOutcome,
  type ToolCallTracker,
} from '@x/core/provider-utils';
import { CODEX_TOOL_ALIASES } from './tool-names.js';
import type { LegacyTokenUsage, Usage } from './wire-schema.js';

/**
 * What one Codex stream needs to remember, shared by the current and the
 * legacy format (a stream is told apart line by line). Per-turn parts are
 * replaced when a turn starts, so memory stays flat over long runs.
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
  /** Counter for ids made up where the wire has none (legacy messages, plan updates). */
  made: number;
  /** What a call's start knew that its end does not repeat (a read's path, a legacy patch's changes), by call id. */
  callDetails: Map<string, CallDetails>;
  /** Legacy: the id of the agent message being streamed as deltas. */
  openMessageId: string | undefined;
  /** Legacy: the id of the reasoning being streamed as deltas. */
  openReasoningId: string | undefined;
}

/** What a call's start knew that its end does not repeat: a read's path, a patch's changes. */
export interface CallDetails extends Pick<ToolCallOutcome, 'path' | 'changes'> {
  /** The call is a `cat FILE` read: what it printed on success is the file. */
  read?: true;
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
    made: 0,
    callDetails: new Map(),
    openMessageId: undefined,
    openReasoningId: undefined,
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
  state.callDetails.clear();
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

/** How a tool call is announced. */
export interface ToolAnnouncement {
  id: string;
  /** Codex's own name (`command_execution`, `docs.lookup`). */
  toolName: string;
  input: unknown;
  /** A canonical name the alias table cannot give (`Read` for `cat FILE`, `Write` for a patch of new files). */
  displayName?: string | undefined;
  /** A preview that replaces the one taken from the input (the unwrapped command, the first path). */
  arg?: string | undefined;
}

/**
 * Announces a call once. `@x/core`'s tracker previews a call from known input
 * fields; Codex's previews come from inside the command (the script of a
 * shell wrapper) or the change list, so they are passed as the call's `arg`.
 */
export function announceTool(state: CodexState, call: ToolAnnouncement): DisplayEvent[] {
  const use = state.tracker.start({ id: call.id, toolName: call.toolName, displayName: call.displayName, arg: call.arg, input: call.input });
  return use === undefined ? [] : [use];
}

/** The result of a call announced with {@link announceTool}; empty when it already has one. */
export function finishTool(state: CodexState, id: string, outcome: ToolCallOutcome): DisplayEvent[] {
  const result = state.tracker.finish(id, outcome);
  return result === undefined ? [] : [result];
}

/**
 * How many calls' start details are kept at once: calls run a few at a time,
 * and a stream of calls that never end must not grow memory (docs/memory.md).
 */
const MAX_CALL_DETAILS = 100;

/** Keeps what the start of call `id` knew for its end, forgetting the oldest past {@link MAX_CALL_DETAILS}. */
export function keepCallDetails(state: CodexState, id: string, details: CallDetails): void {
  state.callDetails.delete(id);
  state.callDetails.set(id, details);
  if (state.callDetails.size > MAX_CALL_DETAILS) state.callDetails.delete(state.callDetails.keys().next().value as string);
}

/**
 * `outcome` with what the start of call `id` left for its end. A read that
 * succeeded printed the file, so the length of its output is the content
 * length: the provider knows it, core does not guess it.
 */
export function withCallDetails(state: CodexState, id: string, outcome: ToolCallOutcome): ToolCallOutcome {
  const details = state.callDetails.get(id);
  if (details === undefined) return outcome;
  state.callDetails.delete(id);
  const merged: ToolCallOutcome = { ...outcome };
  if (details.path !== undefined) merged.path = details.path;
  if (details.changes !== undefined) merged.changes = details.changes;
  if (details.read === true && outcome.status === 'success' && typeof outcome.output === 'string') merged.contentLength = outcome.output.length;
  return merged;
}

/** A fresh id for something the wire gives none. */
export function madeId(state: CodexState, prefix: string): string {
  state.made += 1;
  return `${prefix}-${state.made}`;
}
