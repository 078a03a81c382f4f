import type { DisplayEvent, SessionDisplayEvent, SessionStatus } from '@x/core';
import { createCodexState, type CodexState } from './codex-state.js';

/**
 * What the main conversation did last, which decides how a rollout ended: it
 * has no status line on most versions, so an answer with no call open reads
 * as `success`, an aborted turn as `cancelled`, an error as `error`, and
 * anything still owed a reply (a prompt, a call, a tool output) as
 * `incomplete`. A `task_complete` event, where a version writes one, is an answer.
 */
export type RolloutStep = 'none' | 'waiting' | 'answer' | 'aborted' | 'error';

/** An `agent_message` / `agent_reasoning` copy held until the response item it duplicates arrives. */
export interface HeldEcho {
  kind: 'text' | 'reasoning';
  text: string;
  timestamp: string | undefined;
}

/** The state of one rollout file: the shared Codex state plus what only a rollout needs. */
export interface RolloutState {
  codex: CodexState;
  start: SessionDisplayEvent;
  started: boolean;
  /** Events before the first `turn_context`, which names the model, held for the session start. */
  pending: DisplayEvent[];
  echoes: HeldEcho[];
  /** The text of the last response item shown, per kind, so that a copy arriving after it is recognised. */
  shown: { text: string; reasoning: string };
  last: RolloutStep;
  turns: number;
  lastTimestamp: string | undefined;
  /** A counter for the ids of items that carry none (messages, reasoning). */
  made: number;
  /** The last `total_token_usage` shown, as JSON. */
  lastTotal: string | undefined;
}

/** A fresh {@link RolloutState}. */
export function createRolloutState(): RolloutState {
  return {
    codex: createCodexState(),
    start: { kind: 'session', phase: 'start' },
    started: false,
    pending: [],
    echoes: [],
    shown: { text: '', reasoning: '' },
    last: 'none',
    turns: 0,
    lastTimestamp: undefined,
    made: 0,
    lastTotal: undefined,
  };
}

/** The session start and the events held for it, once. */
export function releaseStart(state: RolloutState): DisplayEvent[] {
  if (state.started) return [];
  state.started = true;
  const events = [state.start as DisplayEvent, ...state.pending];
  state.pending = [];
  return events;
}

/** Echoes still held when something else arrives: their response item never came, so they are shown. */
export function releaseEchoes(state: RolloutState): DisplayEvent[] {
  const events: DisplayEvent[] = [];
  for (const echo of state.echoes) {
    const event: DisplayEvent = { kind: echo.kind, id: `${echo.kind === 'text' ? 'message' : 'reasoning'}-${++state.made}`, text: echo.text };
    if (echo.timestamp !== undefined) event.timestamp = echo.timestamp;
    events.push(event);
    if (echo.kind === 'text') {
      state.codex.lastMessage = echo.text;
      state.last = 'answer';
    }
  }
  state.echoes = [];
  return events;
}

function endStatus(state: RolloutState): SessionStatus {
  if (state.last === 'aborted') return 'cancelled';
  if (state.last === 'error') return 'error';
  return state.last === 'answer' && state.codex.tracker.unfinished().length === 0 ? 'success' : 'incomplete';
}

/** The session end at the end of the file: status from what the conversation did last, turns, the last answer. */
export function endRollout(state: RolloutState): DisplayEvent[] {
  const events = [...releaseEchoes(state)];
  events.unshift(...releaseStart(state));
  const end: SessionDisplayEvent = { kind: 'session', phase: 'end', status: endStatus(state) };
  if (state.start.sessionId !== undefined) end.sessionId = state.start.sessionId;
  if (state.turns > 0) end.turns = state.turns;
  const answer = state.codex.lastMessage;
  if (answer !== undefined && answer !== '') end.result = answer;
  if (state.lastTimestamp !== undefined) end.timestamp = state.lastTimestamp;
  events.push(end);
  return events;
}
