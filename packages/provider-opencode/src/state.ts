import type { DisplayEvent, SessionStatus } from '@x/core';
import {
  compactKey,
  createRecentMap,
  createSessionLifecycle,
  createTextAssembler,
  createToolCallTracker,
  keptWhole,
  type RecentMap,
  type SessionFields,
  type SessionLifecycle,
  type TextAssembler,
  type ToolCallTracker,
} from '@x/core/provider-utils';
import { OPENCODE_TOOL_ALIASES } from './tool-names.js';
import { errorMessage, isoTime } from './wire-values.js';

/** What a text-like part shows as. */
export type PartKind = 'text' | 'reasoning';

/*
 * How many parts, finished steps and user messages a parser remembers. A
 * part's updates and a step's repeated finish come close together, and
 * keeping every id made memory grow with the run (x-bench), so the oldest are
 * forgotten, as @x/core's tool-call tracker forgets old call ids.
 */
export const MAX_REMEMBERED = 1024;
/** How many subagent sessions a parser remembers; a Task call's session is done long before 256 more start. */
export const MAX_CHILD_SESSIONS = 256;

/**
 * A subagent's child session (`Session.parentID`), whose events nest under
 * the `task` call that started it (`state.metadata.sessionId` of its tool part).
 */
export interface ChildSession {
  /** The call id of the `task` call; `undefined` until its tool part names the session. */
  parentToolUseId: string | undefined;
  /** The model of its assistant messages, for its usage events. */
  model: string | undefined;
  /** The last error reported for it, so the same error from `session.error` and its message shows once. */
  lastError: string | undefined;
}

/** Where a bus event belongs: the followed session, a child session nested under a Task call, or neither. */
export type Scope = { kind: 'main' } | { kind: 'child'; child: ChildSession; parentToolUseId: string } | { kind: 'other'; reason: string };

/** What belongs to one prompt of the followed session; a new prompt starts it over. */
export interface TurnState {
  /** The last step finished for a reason other than tool calls, so the turn is over. */
  complete: boolean;
  /** An assistant message of this turn was seen: only then does an idle end the turn (quirk 3). */
  assistantSeen: boolean;
  failed: boolean;
  aborted: boolean;
}

/**
 * What one OpenCode stream needs to remember. Every map is bounded by count,
 * and by bytes through `compactKey` (a long id costs its hash), so memory
 * stays flat however long the stream (docs/memory.md).
 */
export interface OpenCodeState {
  lifecycle: SessionLifecycle;
  tools: ToolCallTracker;
  /** What was emitted of each text or reasoning part (prefix-checked against later snapshots). */
  text: TextAssembler;
  /** The kind of each text or reasoning part, from its opener: a delta says `field: "text"` for both (quirk 1). */
  partKinds: RecentMap<string, PartKind>;
  /** Ids of user messages, whose parts are the prompt, not output (quirk 2). */
  userMessages: RecentMap<string, true>;
  /** Ids of step-finish parts already counted: the bus repeats a part's snapshot. */
  countedSteps: RecentMap<string, true>;
  /** Subagent sessions started from the followed one (and from those), by compact session id. */
  children: RecentMap<string, ChildSession>;
  /** The followed session: the first one seen, as `run.ts` follows only its own. */
  sessionId: string | undefined;
  /** A session start was emitted; a later one opens only with a new prompt. */
  started: boolean;
  model: string | undefined;
  cwd: string | undefined;
  agentVersion: string | undefined;
  firstTime: number | undefined;
  lastTime: number | undefined;
  /** Finished steps of the session: its turns. */
  steps: number;
  turn: TurnState;
}

function freshTurn(): TurnState {
  return { complete: false, assistantSeen: false, failed: false, aborted: false };
}

/** A fresh {@link OpenCodeState}. */
export function createOpenCodeState(): OpenCodeState {
  return {
    lifecycle: createSessionLifecycle(),
    tools: createToolCallTracker({ aliases: OPENCODE_TOOL_ALIASES }),
    text: createTextAssembler({ maxBlocks: MAX_REMEMBERED }),
    partKinds: createRecentMap(MAX_REMEMBERED),
    userMessages: createRecentMap(MAX_REMEMBERED),
    countedSteps: createRecentMap(MAX_REMEMBERED),
    children: createRecentMap(MAX_CHILD_SESSIONS),
    sessionId: undefined,
    started: false,
    model: undefined,
    cwd: undefined,
    agentVersion: undefined,
    firstTime: undefined,
    lastTime: undefined,
    steps: 0,
    turn: freshTurn(),
  };
}

/** Widens the session's time span with `time` (epoch milliseconds). */
export function seeTime(state: OpenCodeState, time: number | undefined): void {
  if (time === undefined) return;
  if (state.firstTime === undefined || time < state.firstTime) state.firstTime = time;
  if (state.lastTime === undefined || time > state.lastTime) state.lastTime = time;
}

/** The session start (once per session), with what the stream said so far. */
export function startSession(state: OpenCodeState): DisplayEvent[] {
  state.started = true;
  const fields: SessionFields = {
    sessionId: state.sessionId,
    model: state.model,
    cwd: state.cwd,
    agentVersion: state.agentVersion,
    timestamp: isoTime(state.firstTime),
  };
  return state.lifecycle.start(fields);
}

/** How the turn ended when it ended on an idle or `done`. */
export function turnStatus(state: OpenCodeState): SessionStatus {
  return state.turn.aborted ? 'cancelled' : state.turn.failed ? 'error' : 'success';
}

/** The session end: its duration from the times seen, and its finished steps as turns. */
export function endSession(state: OpenCodeState, status: SessionStatus): DisplayEvent[] {
  const { firstTime, lastTime } = state;
  const fields: SessionFields = {
    sessionId: state.sessionId,
    durationMs: firstTime !== undefined && lastTime !== undefined && lastTime > firstTime ? lastTime - firstTime : undefined,
    turns: state.steps > 0 ? state.steps : undefined,
  };
  return state.lifecycle.end(status, fields);
}

/** A new prompt on a bus stream: the turn starts over, and a session that ended opens again. */
export function newTurn(state: OpenCodeState): DisplayEvent[] {
  state.turn = freshTurn();
  if (!state.started || state.lifecycle.open) return [];
  state.steps = 0;
  state.firstTime = undefined;
  state.lastTime = undefined;
  return startSession(state);
}

/**
 * Where an event of session `id` belongs. The first session seen is followed
 * (and started); the bus carries every session of the project, so another one
 * is a subagent's child session, nested under its Task call once that call
 * named it, or a session this stream does not follow (a concurrent prompt).
 */
export function scopeOf(state: OpenCodeState, id: string | undefined, out: DisplayEvent[]): Scope {
  if (id === undefined || id === '') return { kind: 'main' };
  if (state.sessionId === undefined) state.sessionId = id;
  if (id === state.sessionId) {
    if (!state.started) out.push(...startSession(state));
    return { kind: 'main' };
  }
  const child = state.children.get(compactKey(id));
  if (child === undefined) return { kind: 'other', reason: `event of session ${id}, not the followed session ${state.sessionId}` };
  if (child.parentToolUseId === undefined) return { kind: 'other', reason: `event of subagent session ${id} before its Task call named it` };
  return { kind: 'child', child, parentToolUseId: child.parentToolUseId };
}

/**
 * Nests child session `id` under the `task` call `callId`. Up to
 * {@link MAX_CHILD_SESSIONS} children are kept, each named from a line of up
 * to 16 MiB: a call id past 256 characters nests nothing (the session's
 * events are told as a session this stream does not follow).
 */
export function linkChild(state: OpenCodeState, id: string, callId: string): void {
  if (keptWhole(callId) !== undefined) childSession(state, id).parentToolUseId = callId;
}

/** Notes the model of a child's message for its usage: one past 256 characters is not kept. */
export function noteChildModel(child: ChildSession, model: string | undefined): void {
  const kept = keptWhole(model);
  if (kept !== undefined) child.model = kept;
}

/** The child session of `id`, remembered from now on (its Task call may name it before or after it is created). */
export function childSession(state: OpenCodeState, id: string): ChildSession {
  const key = compactKey(id);
  let child = state.children.get(key);
  if (child === undefined) {
    child = { parentToolUseId: undefined, model: undefined, lastError: undefined };
    state.children.set(key, child);
  }
  return child;
}

/**
 * An OpenCode error of the followed session: marks the turn failed (or
 * cancelled for `MessageAbortedError`) and reports it once per session.
 */
export function reportError(state: OpenCodeState, error: unknown): DisplayEvent[] {
  const { message, code } = errorMessage(error);
  if (code === 'MessageAbortedError') state.turn.aborted = true;
  else state.turn.failed = true;
  const event: DisplayEvent = { kind: 'error', message, fatal: true };
  if (code !== undefined) event.code = code;
  return state.lifecycle.error(event);
}

/**
 * An error of a child session: not fatal to the run (the Task call's result
 * says how the subagent ended), nested under the call, and shown once when
 * `session.error` and the child's message both carry it.
 */
export function reportChildError(scope: Extract<Scope, { kind: 'child' }>, error: unknown): DisplayEvent[] {
  const { message, code } = errorMessage(error);
  const key = compactKey(`${code ?? ''}\u0000${message}`);
  if (scope.child.lastError === key) return [];
  scope.child.lastError = key;
  const event: DisplayEvent = { kind: 'error', message, fatal: false, parentToolUseId: scope.parentToolUseId };
  if (code !== undefined) event.code = code;
  return [event];
}

/** `events` marked as belonging to the subagent started by call `parentToolUseId`. */
export function nest(events: DisplayEvent[], parentToolUseId: string): DisplayEvent[] {
  for (const event of events) event.parentToolUseId ??= parentToolUseId;
  return events;
}
