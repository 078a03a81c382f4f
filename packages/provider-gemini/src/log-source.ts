import {
  defineSource,
  type DisplayEvent,
  type DisplayEventSource,
  type LineContext,
  type SessionDisplayEvent,
  type SessionStatus,
  type SourceParser,
} from '@x/core';
import {
  createJsonDocumentReader,
  createToolCallTracker,
  isJsonObject,
  ownField,
  stringField,
  type JsonObject,
  type ToolCallTracker,
} from '@x/core/provider-utils';
import { detectGeminiLog } from './log-detect.js';
import { messageEvents, newShown, type ShownMessage } from './log-messages.js';
import { geminiToolAliases } from './tool-names.js';

/** Options of {@link createGeminiLogSource}. */
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

/** How many shown message ids are remembered for re-appends and rewinds. */
const MAX_SHOWN = 4096;

interface Held {
  id: string;
  record: JsonObject;
  bytes: number;
}

interface LogState {
  tracker: ToolCallTracker;
  started: boolean;
  sessionId: string | undefined;
  startTime: string | undefined;
  lastUpdated: string | undefined;
  summary: string | undefined;
  /** The newest message, not shown yet: the recorder rewrites the newest message as it changes. */
  held: Held | undefined;
  /** Messages shown, oldest first, with what of them was shown. */
  shown: Map<string, ShownMessage>;
  /** Messages shown before their final state because they were larger than the hold budget. */
  overflowed: number;
}

function readMeta(state: LogState, value: JsonObject): void {
  state.sessionId = stringField(value, 'sessionId') ?? state.sessionId;
  state.startTime = stringField(value, 'startTime') ?? state.startTime;
  state.lastUpdated = stringField(value, 'lastUpdated') ?? state.lastUpdated;
  const summary = stringField(value, 'summary');
  if (summary !== undefined && summary !== '') state.summary = summary;
}

function sessionStart(state: LogState, out: DisplayEvent[]): void {
  if (state.started) return;
  state.started = true;
  const event: SessionDisplayEvent = { kind: 'session', phase: 'start' };
  if (state.sessionId !== undefined) event.sessionId = state.sessionId;
  if (state.summary !== undefined) event.title = state.summary;
  if (state.startTime !== undefined) event.timestamp = state.startTime;
  out.push(event);
}

function show(state: LogState, record: JsonObject, out: DisplayEvent[]): void {
  const id = stringField(record, 'id') ?? '';
  let shown = state.shown.get(id);
  const fresh = shown === undefined;
  shown ??= newShown(stringField(record, 'type') ?? '');
  const { events, changed } = messageEvents(record, shown, state.tracker);
  out.push(...events);
  if (changed) {
    out.push({ kind: 'notice', level: 'warning', code: 'message-rewritten', message: `Message ${id} was rewritten after it was shown; what is shown above is its earlier version` });
  }
  if (!fresh) return;
  state.shown.set(id, shown);
  if (state.shown.size > MAX_SHOWN) state.shown.delete(state.shown.keys().next().value as string);
}

function release(state: LogState, out: DisplayEvent[]): void {
  const held = state.held;
  state.held = undefined;
  if (held !== undefined) show(state, held.record, out);
}

/** One MessageRecord appended: a new message, or a new copy of one (the last copy wins). */
function append(state: LogState, record: JsonObject, bytes: number, maxHeld: number, out: DisplayEvent[]): void {
  const id = stringField(record, 'id') ?? '';
  if (state.held?.id === id) {
    state.held = { id, record, bytes };
  } else if (state.shown.has(id)) {
    // A copy of a message already shown: what it adds is shown, a rewrite is
    // said. The held message comes first, so events keep the file's order.
    release(state, out);
    show(state, record, out);
    return;
  } else {
    release(state, out);
    state.held = { id, record, bytes };
  }
  if (bytes > maxHeld) {
    state.overflowed += 1;
    release(state, out);
  }
}

function rewindNotice(count: number, from: string | undefined): DisplayEvent {
  const which = from === undefined ? `all ${count} message(s) shown above` : `${count} message(s) shown above, from ${from} on,`;
  return { kind: 'notice', level: 'warning', code: 'rewind', message: `Rewound: ${which} were deleted from the session` };
}

/** `$rewindTo`: that message and every later one are deleted (every message when the id is unknown). */
function rewind(state: LogState, id: string, out: DisplayEvent[]): void {
  const held = state.held;
  state.held = undefined;
  if (held?.id === id) return;
  const known = state.shown.has(id);
  let count = 0;
  let deleting = !known;
  for (const key of [...state.shown.keys()]) {
    if (key === id) deleting = true;
    if (!deleting) continue;
    state.shown.delete(key);
    count += 1;
  }
  if (count > 0) out.push(rewindNotice(count, known ? id : undefined));
}

/** A whole message list (`$set.messages`, or a document's `messages`): it replaces what was there. */
function checkpoint(state: LogState, messages: unknown[], bytes: number, maxHeld: number, out: DisplayEvent[]): void {
  const ids = new Set(messages.map((message) => stringField(message, 'id')));
  if (state.held !== undefined && !ids.has(state.held.id)) state.held = undefined;
  const gone = [...state.shown.keys()].filter((key) => !ids.has(key));
  for (const key of gone) state.shown.delete(key);
  if (gone.length > 0) out.push({ kind: 'notice', level: 'warning', code: 'checkpoint', message: `A checkpoint replaced the message list: ${gone.length} message(s) shown above are no longer in the session` });
  for (const message of messages) {
    if (isJsonObject(message) && stringField(message, 'id') !== undefined) append(state, message, bytes, maxHeld, out);
  }
}

/** How the session ended, as far as its last message tells: the recording has no final status. */
function endStatus(state: LogState): SessionStatus {
  const last = [...state.shown.values()].at(-1);
  if (last === undefined || last.type === 'user') return 'incomplete';
  if (last.type === 'error') return 'error';
  return last.settled ? 'success' : 'incomplete';
}

function sessionEnd(state: LogState): SessionDisplayEvent {
  const end: SessionDisplayEvent = { kind: 'session', phase: 'end', status: endStatus(state) };
  if (state.sessionId !== undefined) end.sessionId = state.sessionId;
  if (state.summary !== undefined) end.title = state.summary;
  const start = state.startTime === undefined ? NaN : Date.parse(state.startTime);
  const last = state.lastUpdated === undefined ? NaN : Date.parse(state.lastUpdated);
  if (last >= start) end.durationMs = last - start;
  if (state.lastUpdated !== undefined) end.timestamp = state.lastUpdated;
  return end;
}

function record(state: LogState, value: JsonObject, bytes: number, maxHeld: number, context: LineContext): DisplayEvent[] {
  const out: DisplayEvent[] = [];
  const rewindTo = ownField(value, '$rewindTo');
  const set = ownField(value, '$set');
  const messages = ownField(value, 'messages');
  if (typeof rewindTo === 'string') {
    rewind(state, rewindTo, out);
    if (out.length === 0) context.ignore('$rewindTo of a message not shown yet (it is dropped unseen)');
    return out;
  }
  if (isJsonObject(set)) {
    readMeta(state, set);
    const list = ownField(set, 'messages');
    if (Array.isArray(list)) checkpoint(state, list, Math.ceil(bytes / Math.max(1, list.length)), maxHeld, out);
    if (out.length === 0) context.ignore(Array.isArray(list) ? 'checkpoint of messages held or already shown' : 'metadata update ($set)');
    return out;
  }
  if (typeof ownField(value, 'sessionId') === 'string' && typeof ownField(value, 'projectHash') === 'string') {
    readMeta(state, value);
    sessionStart(state, out);
    // The ≤0.38 document is the session's final state: nothing in it changes any more.
    if (Array.isArray(messages)) {
      checkpoint(state, messages, 0, Infinity, out);
      release(state, out);
    }
    return out;
  }
  const type = ownField(value, 'type');
  if (typeof type !== 'string' || typeof ownField(value, 'id') !== 'string') {
    context.unknown('JSON object that is no chat recording record');
    return out;
  }
  sessionStart(state, out);
  append(state, value, bytes, maxHeld, out);
  if (out.length === 0) context.ignore('message held until a later record shows it can no longer change');
  return out;
}

function createParser(options: GeminiLogSourceOptions): SourceParser {
  const reader = createJsonDocumentReader(options.maxDocumentChars === undefined ? {} : { maxDocumentChars: options.maxDocumentChars });
  const maxHeld = options.maxHeldBytes ?? DEFAULT_MAX_HELD_BYTES;
  const state: LogState = {
    tracker: createToolCallTracker({ aliases: geminiToolAliases }),
    started: false,
    sessionId: undefined,
    startTime: undefined,
    lastUpdated: undefined,
    summary: undefined,
    held: undefined,
    shown: new Map(),
    overflowed: 0,
  };
  return {
    parse(line, context) {
      const read = reader.read(line, context);
      if (read.status === 'pending') {
        context.ignore('line of a multi-line chat recording document');
        return [];
      }
      if (read.status === 'invalid') {
        context.malformed(read.reason);
        return [];
      }
      if (!isJsonObject(read.value)) {
        context.malformed('JSON value that is not an object');
        return [];
      }
      return record(state, read.value, line.length, maxHeld, context);
    },
    flush() {
      // A document still open is forgotten here; core gives its held lines back as malformed, each reported.
      reader.end();
      const out: DisplayEvent[] = [];
      release(state, out);
      if (state.overflowed > 0) {
        out.push({ kind: 'notice', level: 'info', code: 'held-overflow', message: `${state.overflowed} message(s) were larger than the ${maxHeld}-byte hold budget and were shown before their final state` });
      }
      if (!state.started) return out;
      out.push(sessionEnd(state));
      return out;
    },
  };
}

/**
 * Creates the Gemini CLI chat recording source: the ≤0.38 pretty-printed
 * `ConversationRecord` document and the ≥0.39 JSONL log, where a message
 * appended again under the same `id` replaces the earlier copy, `$set`
 * merges metadata (`$set.messages` replaces the list) and `$rewindTo`
 * deletes a message and all after it. It streams, holding back only the
 * newest message (the one the recorder rewrites) until a later record
 * arrives; a change to a message already shown comes as its increment or a
 * notice.
 */
export function createGeminiLogSource(options: GeminiLogSourceOptions = {}): DisplayEventSource {
  return defineSource({
    specificationVersion: 'v1',
    id: 'gemini-log',
    displayName: 'Gemini CLI session log',
    cadence: 'streaming',
    detect: detectGeminiLog,
    createParser: () => createParser(options),
  });
}

/** The Gemini CLI chat recording source with default options. */
export const geminiLogSource: DisplayEventSource = createGeminiLogSource();
