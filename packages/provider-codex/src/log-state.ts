import type { DisplayEvent, SessionStatus } from '@x/core';
import { createEventHold, createSessionLifecycle, type EventHold, type SessionFields, type SessionLifecycle } from '@x/core/provider-utils';
import { createRolloutUsage, type RolloutUsage } from './log-usage.js';
import { createCodexState, type CodexState } from './state.js';

/**
 * What the main conversation did last, which decides how a rollout ended: it
 * has no status line on most versions, so an answer with no call open reads
 * as `success`, an aborted turn as `cancelled`, an error as `error`, and
 * anything still owed a reply (a prompt, a call, a tool output) as
 * `incomplete`. A `task_complete` event, where a version writes one, is an answer.
 */
export type RolloutStep = 'none' | 'waiting' | 'answer' | 'aborted' | 'error';

/** How many events, and how many characters of their JSON, wait for the session start (see {@link holdForStart}). */
const MAX_HELD_EVENTS = 1_000;
const MAX_HELD_CHARS = 4 * 1024 * 1024;
/** How many echoes, and how many characters of their text, wait for their response items (see {@link holdEcho}). */
const MAX_ECHOES = 64;
const MAX_ECHO_CHARS = 4 * 1024 * 1024;

/** An `agent_message` / `agent_reasoning` copy held until the response item it duplicates arrives. */
export interface HeldEcho {
  kind: 'text' | 'reasoning';
  text: string;
  timestamp: string | undefined;
}

/**
 * The state of one rollout file, as one object: the Codex state its calls
 * and usage share with the stdout parser, the session (one per file, through
 * core's session lifecycle), and what only a rollout needs.
 */
export interface CodexLogState {
  codex: CodexState;
  /** Whether a JSON line was read: a file of none (empty, or cut to nothing) ends no session. */
  seen: boolean;
  /** Whether the file predates the envelope (bare-rollout.ts): no turn_context or user_message, so its start and prompts come from its items. */
  bare: boolean;
  session: SessionLifecycle;
  /** The session start's fields, gathered from `session_meta` and the first `turn_context`. */
  start: SessionFields;
  /** Events before the first `turn_context`, which names the model, held for the session start. */
  pending: EventHold;
  echoes: HeldEcho[];
  /** Whether the line being read was a text item, which settled the held echoes itself. */
  echoesSettled: boolean;
  /** The text of the last response item shown, per kind, so that a copy arriving after it is recognised. */
  shown: { text: string; reasoning: string };
  last: RolloutStep;
  /** Whether the model replied (text, reasoning, a call) since the last prompt. */
  replied: boolean;
  turns: number;
  /** The turn id of the last prompt shown: 0.17x writes a prompt twice (a `user_message` event and an `item_completed` copy), or only the copy. */
  promptTurn: string | undefined;
  lastTimestamp: string | undefined;
  /** A counter for the ids of items that carry none (messages, reasoning). */
  made: number;
  /** The counts of the earlier processes that wrote the file, which a resumed 0.55 or 0.63 run does not carry on. */
  usage: RolloutUsage;
}

/** A fresh {@link CodexLogState}. */
export function createCodexLogState(): CodexLogState {
  return {
    codex: createCodexState(),
    seen: false,
    bare: false,
    session: createSessionLifecycle(),
    start: {},
    pending: createEventHold({ maxEvents: MAX_HELD_EVENTS, maxChars: MAX_HELD_CHARS }),
    echoes: [],
    echoesSettled: false,
    shown: { text: '', reasoning: '' },
    last: 'none',
    replied: false,
    turns: 0,
    promptTurn: undefined,
    lastTimestamp: undefined,
    made: 0,
    usage: createRolloutUsage(),
  };
}

/** The session start and the events held for it, once. */
export function releaseStart(state: CodexLogState): DisplayEvent[] {
  if (state.session.open) return [];
  return [...state.session.start(state.start), ...state.pending.take()];
}

/**
 * Holds a line's events for the session start, which waits for the first
 * `turn_context` to name the model, and returns what may go out now. A file
 * with no `turn_context` for long would otherwise be held whole: past 1,000
 * events or 4 Mi characters the start goes out without the model, and the
 * held events with it.
 */
export function holdForStart(state: CodexLogState, events: DisplayEvent[]): DisplayEvent[] {
  return state.pending.add(events) ? releaseStart(state) : [];
}

/**
 * Holds an echo until its response item arrives, and returns what may go
 * out now. Echoes whose items never come, one after the other (each line
 * that keeps them, an `agent_message` among them, leaves them waiting),
 * would otherwise be held whole: past 64 echoes or 4 Mi characters of text
 * they are shown, as at the end of the file; an item arriving after that
 * shows its text again.
 */
export function holdEcho(state: CodexLogState, echo: HeldEcho): DisplayEvent[] {
  state.echoes.push(echo);
  let chars = 0;
  for (const held of state.echoes) chars += held.text.length;
  return state.echoes.length > MAX_ECHOES || chars > MAX_ECHO_CHARS ? releaseEchoes(state) : [];
}

/** Echoes still held when something else arrives: their response item never came, so they are shown. */
export function releaseEchoes(state: CodexLogState): DisplayEvent[] {
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

function endStatus(state: CodexLogState): SessionStatus {
  if (state.last === 'aborted') return 'cancelled';
  if (state.last === 'error') return 'error';
  return state.last === 'answer' && state.codex.tracker.unfinished().length === 0 ? 'success' : 'incomplete';
}

/** The session end at the end of the file: status from what the conversation did last, turns, the last answer. */
export function endRollout(state: CodexLogState): DisplayEvent[] {
  const events = [...releaseStart(state), ...releaseEchoes(state)];
  const fields: SessionFields = {};
  if (state.start.sessionId !== undefined) fields.sessionId = state.start.sessionId;
  if (state.turns > 0) fields.turns = state.turns;
  const answer = state.codex.lastMessage;
  if (answer !== undefined && answer !== '') fields.result = answer;
  if (state.lastTimestamp !== undefined) fields.timestamp = state.lastTimestamp;
  events.push(...state.session.end(endStatus(state), fields));
  return events;
}
