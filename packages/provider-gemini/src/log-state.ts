import type { DisplayEvent, SessionStatus } from '@x/core';
import {
  createJsonDocumentReader,
  createSessionLifecycle,
  createTextAssembler,
  createToolCallTracker,
  stringField,
  type JsonDocumentReader,
  type JsonObject,
  type SessionFields,
  type SessionLifecycle,
  type TextAssembler,
  type ToolCallTracker,
} from '@x/core/provider-utils';
import type { SubagentMessage } from './legacy-subagent.js';
import type { ShownMessage } from './log-messages.js';
import { GEMINI_TOOL_ALIASES } from './tool-names.js';

/** Options of `createGeminiLogSource` and `createGeminiLogParser`. */
export interface GeminiLogSourceOptions {
  /**
   * The most bytes of message records held back while they may still be
   * replaced by a later copy (default 1 MiB). A newest message larger
   * than this is shown at once, and counted in a notice at the end.
   */
  maxHeldBytes?: number;
  /** The largest ≤0.38 JSON document buffered, in characters (default: core's `DEFAULT_MAX_DOCUMENT_CHARS`). */
  maxDocumentChars?: number;
}

const DEFAULT_MAX_HELD_BYTES = 1024 * 1024;

/** How many shown messages are remembered (with their text) for re-appends and rewinds. */
export const MAX_SHOWN = 4096;

/** The newest message record, not shown yet: the recorder rewrites the newest message as it changes. */
export interface HeldMessage {
  id: string;
  record: JsonObject;
  bytes: number;
}

/** What one chat recording needs to remember, as one object. */
export interface GeminiLogState {
  /** Puts the lines of a ≤0.38 pretty-printed document back together. */
  reader: JsonDocumentReader;
  tracker: ToolCallTracker;
  session: SessionLifecycle;
  /** The hold budget, in bytes (see {@link GeminiLogSourceOptions.maxHeldBytes}). */
  maxHeld: number;
  sessionId: string | undefined;
  startTime: string | undefined;
  lastUpdated: string | undefined;
  summary: string | undefined;
  held: HeldMessage | undefined;
  /** Messages shown, oldest first, with what of them was shown. */
  shown: Map<string, ShownMessage>;
  /** The text shown of each message, by id, so that a later copy adds only what is new (bounded by bytes). */
  text: TextAssembler;
  /** Messages shown before their final state because they were larger than the hold budget. */
  overflowed: number;
  /**
   * A resumed run appended its own metadata line (0.51): it starts from a
   * message list of its own, then restores the history, so until its first
   * new message a checkpoint that leaves shown messages out deletes nothing.
   */
  resuming: boolean;
  /** The compact key of the last compression's summary (compression.ts): a later list that holds it again is no new compaction. */
  lastSummary: string | undefined;
  /** The messages a subagent wrote into a ≤0.38 document (0.20, 0.26), by id: shown nested under its call. */
  subagents: Map<string, SubagentMessage>;
}

/** A fresh {@link GeminiLogState}. */
export function createGeminiLogState(options: GeminiLogSourceOptions): GeminiLogState {
  return {
    reader: createJsonDocumentReader(options.maxDocumentChars === undefined ? {} : { maxDocumentChars: options.maxDocumentChars }),
    tracker: createToolCallTracker({ aliases: GEMINI_TOOL_ALIASES }),
    session: createSessionLifecycle(),
    maxHeld: options.maxHeldBytes ?? DEFAULT_MAX_HELD_BYTES,
    sessionId: undefined,
    startTime: undefined,
    lastUpdated: undefined,
    summary: undefined,
    held: undefined,
    shown: new Map(),
    text: createTextAssembler({ maxBlocks: MAX_SHOWN }),
    overflowed: 0,
    resuming: false,
    lastSummary: undefined,
    subagents: new Map(),
  };
}

/** Merges the session metadata of a record (the metadata line, a document, a `$set`). */
export function readMeta(state: GeminiLogState, value: JsonObject): void {
  state.sessionId = stringField(value, 'sessionId') ?? state.sessionId;
  state.startTime = stringField(value, 'startTime') ?? state.startTime;
  state.lastUpdated = stringField(value, 'lastUpdated') ?? state.lastUpdated;
  const summary = stringField(value, 'summary');
  if (summary !== undefined && summary !== '') state.summary = summary;
}

/** The session start, once, with what the metadata says so far. */
export function startSession(state: GeminiLogState): DisplayEvent[] {
  if (state.session.open) return [];
  const fields: SessionFields = {};
  if (state.sessionId !== undefined) fields.sessionId = state.sessionId;
  if (state.summary !== undefined) fields.title = state.summary;
  if (state.startTime !== undefined) fields.timestamp = state.startTime;
  return state.session.start(fields);
}

/** How the session ended, as far as its last message tells: the recording has no final status. */
function endStatus(state: GeminiLogState): SessionStatus {
  const last = [...state.shown.values()].at(-1);
  if (last === undefined || last.type === 'user') return 'incomplete';
  if (last.type === 'error') return 'error';
  return last.settled ? 'success' : 'incomplete';
}

/** The session end at the end of the log (nothing when no session started): duration from `startTime` to `lastUpdated`. */
export function endSession(state: GeminiLogState): DisplayEvent[] {
  if (!state.session.open) return [];
  const fields: SessionFields = {};
  if (state.sessionId !== undefined) fields.sessionId = state.sessionId;
  if (state.summary !== undefined) fields.title = state.summary;
  const start = state.startTime === undefined ? NaN : Date.parse(state.startTime);
  const last = state.lastUpdated === undefined ? NaN : Date.parse(state.lastUpdated);
  if (last >= start) fields.durationMs = last - start;
  if (state.lastUpdated !== undefined) fields.timestamp = state.lastUpdated;
  return state.session.end(endStatus(state), fields);
}
