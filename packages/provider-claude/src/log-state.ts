import type { DisplayEvent, SessionStatus } from '@x/core';
import {
  createEventHold,
  createRecentMap,
  keptWhole,
  createSessionLifecycle,
  createToolCallTracker,
  stringField,
  type EventHold,
  type JsonObject,
  type RecentMap,
  type SessionFields,
  type SessionLifecycle,
  type ToolCallTracker,
} from '@x/core/provider-utils';
import { newFinalText, type FinalText } from './final-text.js';
import { CLAUDE_TOOL_ALIASES } from './tool-names.js';
import type { OpenCall } from './tool-results.js';
import { createUsageCollector, type UsageCollector } from './usage.js';

/**
 * What the main thread did last, which decides how a transcript ended: the
 * file has no final line, so an answer (assistant text, or a message that
 * stopped with `end_turn`) with no call open reads as `success`, an
 * interruption as `cancelled`, an API error as `error`, and anything the
 * agent still owed a reply to (`waiting`: a prompt, a call, a tool result, a
 * thought) as `incomplete`.
 */
export type LastStep = 'none' | 'waiting' | 'answer' | 'interrupt' | 'error';

/** How many sidechain line ids are remembered to nest a subagent's later lines. */
const MAX_SIDECHAIN_LINES = 10_000;
/** How many open Task prompts are remembered. */
const MAX_TASK_PROMPTS = 1_000;
/** How many events, and how many characters of their JSON, wait for the session start (see {@link holdForStart}). */
const MAX_HELD_EVENTS = 1_000;
const MAX_HELD_CHARS = 4 * 1024 * 1024;

/** The state of one Claude Code transcript, as one object the `log-*` handlers share. */
export interface ClaudeLogState {
  /** The session start once (held until the first assistant line names the model), its end at the end of the file. */
  lifecycle: SessionLifecycle;
  tools: ToolCallTracker;
  usage: UsageCollector;
  /** Calls without a result yet (by compact key of their id), to read their `toolUseResult`. */
  openCalls: Map<string, OpenCall>;
  /** Open Task/Agent calls by their prompt's compact key: a sidechain that starts with that prompt is theirs. */
  taskPrompts: RecentMap<string, string>;
  /** Sidechain line uuid (compact key) → the parent its events carry. */
  sidechains: RecentMap<string, string>;
  /** Per thread, the message whose lines are arriving and how many blocks they carried so far (compact keys). */
  blocks: Map<string, { messageId: string; next: number }>;
  /** Events of the lines before the first assistant line, held until it names the model. */
  pending: EventHold;
  /** What the session start will say, gathered from the lines before it. */
  start: SessionFields;
  /**
   * The first title a line sets after the start, when none came before it:
   * the session end says it, as a listing, which reads the whole file, does
   * (1.0.128 writes a `summary` line mid-file, after a compaction: recorded,
   * fixtures/claude-log/recorded/1.0.128/compaction).
   */
  lateTitle: string | undefined;
  /**
   * The `sessionId` of the latest conversation line: the session that wrote
   * the file. A session resumed into a new file (Claude Code 1.0.x,
   * anthropics/claude-code#4926) copies the earlier session's lines, with
   * their `sessionId`, ahead of its own; the start, released at the first
   * assistant line, may name the earlier one, the end names this one.
   */
  sessionId: string | undefined;
  last: LastStep;
  /** The text of the latest main-thread assistant message: the session end's result. */
  answer: FinalText;
  turns: number;
  lastTimestamp: string | undefined;
  /** A conversation line was seen: the transcript owes a session start and end. */
  seen: boolean;
}

/**
 * Remembers the parent of a Task prompt or a sidechain line under `key`.
 * The maps are bounded by a count of entries (1,000 and 10,000), so a value
 * as long as a line would let 10,000 lines of distinct long parents keep
 * gigabytes (docs/memory.md): a parent longer than a real one (a call id, `toolu_` and 24 characters, or a marker made from an 8-hex agent id or a uuid; core's `keptWhole`) is
 * not remembered, and what would have followed it gets its own parent or
 * marker, as a chain whose start was never seen does.
 */
export function rememberParent(map: RecentMap<string, string>, key: string, parent: string): void {
  if (keptWhole(parent) !== undefined) map.set(key, parent);
}

/** A fresh {@link ClaudeLogState}. */
export function createClaudeLogState(): ClaudeLogState {
  return {
    lifecycle: createSessionLifecycle(),
    tools: createToolCallTracker({ aliases: CLAUDE_TOOL_ALIASES }),
    usage: createUsageCollector(),
    openCalls: new Map(),
    taskPrompts: createRecentMap(MAX_TASK_PROMPTS),
    sidechains: createRecentMap(MAX_SIDECHAIN_LINES),
    blocks: new Map(),
    pending: createEventHold({ maxEvents: MAX_HELD_EVENTS, maxChars: MAX_HELD_CHARS }),
    start: {},
    lateTitle: undefined,
    sessionId: undefined,
    last: 'none',
    answer: newFinalText(),
    turns: 0,
    lastTimestamp: undefined,
    seen: false,
  };
}

/**
 * Takes the envelope fields of a conversation line into the session start
 * that is still to come: `agentVersion` is the line's `version`, the CLI
 * version every conversation line carries (for the drift alarm).
 */
export function noteEnvelope(state: ClaudeLogState, line: JsonObject): void {
  state.seen = true;
  const start = state.start;
  const set = (field: 'sessionId' | 'cwd' | 'gitBranch' | 'agentVersion', key: string) => {
    const value = stringField(line, key);
    if (start[field] === undefined && value !== undefined && value !== '') start[field] = value;
  };
  set('sessionId', 'sessionId');
  const sessionId = stringField(line, 'sessionId');
  if (sessionId !== undefined && sessionId !== '') state.sessionId = sessionId;
  set('cwd', 'cwd');
  set('gitBranch', 'gitBranch');
  set('agentVersion', 'version');
  const timestamp = stringField(line, 'timestamp');
  if (timestamp !== undefined) {
    state.lastTimestamp = timestamp;
    start.timestamp ??= timestamp;
  }
}

/** The session start and the events held for it, once. */
export function releaseStart(state: ClaudeLogState): DisplayEvent[] {
  if (state.lifecycle.open) return [];
  return [...state.lifecycle.start(state.start), ...state.pending.take()];
}

/**
 * Holds a line's events for the session start, which waits for the first
 * assistant line to name the model, and returns what may go out now. A log
 * with no assistant line for long (a session killed before its first answer,
 * a file of prompts and tool results) would otherwise be held whole: past
 * 1,000 events or 4 Mi characters the start goes out without the model, and
 * the held events with it.
 */
export function holdForStart(state: ClaudeLogState, events: DisplayEvent[]): DisplayEvent[] {
  return state.pending.add(events) ? releaseStart(state) : [];
}

/** How the transcript ended, from what the main thread did last (see {@link LastStep}). */
export function endStatus(state: ClaudeLogState): SessionStatus {
  let mainOpen = false;
  for (const call of state.tools.unfinished()) if (call.parentToolUseId === undefined) mainOpen = true;
  if (state.last === 'interrupt') return 'cancelled';
  if (state.last === 'error') return 'error';
  return state.last === 'answer' && !mainOpen ? 'success' : 'incomplete';
}

/** The session end: usage counted once per message, status, turns and the last answer. */
export function endSession(state: ClaudeLogState): DisplayEvent[] {
  const events = [...releaseStart(state), ...state.usage.events()];
  const fields: SessionFields = {};
  const sessionId = state.sessionId ?? state.start.sessionId;
  if (sessionId !== undefined) fields.sessionId = sessionId;
  if (state.turns > 0) fields.turns = state.turns;
  if (!state.answer.empty) fields.result = state.answer.text.text;
  if (state.lastTimestamp !== undefined) fields.timestamp = state.lastTimestamp;
  if (state.lateTitle !== undefined) fields.title = state.lateTitle;
  events.push(...state.lifecycle.end(endStatus(state), fields));
  return events;
}
