import type { DisplayEvent, LineContext, SourceParser } from '@x/core';
import { isJsonObject, ownField, readJsonLine, type JsonObject } from '@x/core/provider-utils';
import { legacySubagentMessages } from './legacy-subagent.js';
import { MESSAGE_TYPES } from './log-detect.js';
import { appendMessage, checkpoint, flushHeld, releaseHeld, rewind } from './log-rewrites.js';
import { createGeminiLogState, endSession, readMeta, startSession, type GeminiLogSourceOptions, type GeminiLogState } from './log-state.js';

/** `$rewindTo`: a message and every later one deleted. */
function rewindRecord(state: GeminiLogState, id: string, context: LineContext): DisplayEvent[] {
  const out: DisplayEvent[] = [];
  rewind(state, id, out);
  if (out.length === 0) context.ignore('$rewindTo of a message not shown yet (it is dropped unseen)');
  return out;
}

/** `$set`: metadata merged; `$set.messages` replaces the message list. */
function setRecord(state: GeminiLogState, set: JsonObject, bytes: number, context: LineContext): DisplayEvent[] {
  const out: DisplayEvent[] = [];
  readMeta(state, set);
  const list = ownField(set, 'messages');
  if (Array.isArray(list)) checkpoint(state, list, Math.ceil(bytes / Math.max(1, list.length)), out);
  if (out.length === 0) context.ignore(Array.isArray(list) ? 'checkpoint of messages held or already shown' : 'metadata update ($set)');
  return out;
}

/** The metadata line of a ≥0.39 log, or the whole ≤0.38 document with its `messages`. */
function metadataRecord(state: GeminiLogState, value: JsonObject, context: LineContext): DisplayEvent[] {
  const messages = ownField(value, 'messages');
  // Another metadata line in an open log: a resumed run appends to it (fixtures/gemini-log/recorded/0.51.0/resumed).
  // Its startTime is the run's, not the session's: the metadata is kept as it was.
  if (state.session.open && !Array.isArray(messages)) {
    state.resuming = true;
    context.ignore('metadata line of a resumed run: the session goes on');
    return [];
  }
  readMeta(state, value);
  const out = startSession(state);
  // The ≤0.38 document is the session's final state: nothing in it changes any more.
  if (Array.isArray(messages)) {
    state.subagents = legacySubagentMessages(messages);
    checkpoint(state, messages, 0, out);
    releaseHeld(state, out);
  }
  return out;
}

/** One record of a chat recording, by its shape (records have no common discriminator). */
function recordEvents(state: GeminiLogState, value: JsonObject, bytes: number, context: LineContext): DisplayEvent[] {
  const rewindTo = ownField(value, '$rewindTo');
  if (typeof rewindTo === 'string') return rewindRecord(state, rewindTo, context);
  const set = ownField(value, '$set');
  if (isJsonObject(set)) return setRecord(state, set, bytes, context);
  if (typeof ownField(value, 'sessionId') === 'string' && typeof ownField(value, 'projectHash') === 'string') return metadataRecord(state, value, context);
  const type = ownField(value, 'type');
  if (typeof type !== 'string' || typeof ownField(value, 'id') !== 'string') {
    context.unknown('JSON object that is no chat recording record');
    return [];
  }
  if (!MESSAGE_TYPES.has(type)) {
    context.unknown(`unknown message type "${type}"`);
    return [];
  }
  const out = startSession(state);
  state.resuming = false;
  appendMessage(state, value, bytes, out);
  if (out.length === 0) context.ignore('message held until a later record shows it can no longer change');
  return out;
}

/**
 * The parser of one Gemini CLI chat recording: the ≤0.38 pretty-printed
 * `ConversationRecord` document or the ≥0.39 JSONL log. It holds back only
 * the newest message (the one the recorder rewrites) until a later record
 * arrives, and ends the session at the end of the log with a status derived
 * from the last message.
 */
export function createGeminiLogParser(options: GeminiLogSourceOptions = {}): SourceParser {
  const state = createGeminiLogState(options);
  return {
    parse(line, context) {
      const read = readJsonLine(state.reader, line, context);
      if (read === undefined) return [];
      if (!isJsonObject(read.value)) {
        context.malformed('JSON value that is not an object');
        return [];
      }
      return recordEvents(state, read.value, line.length, context);
    },
    flush() {
      // A document still open is forgotten here; core gives its held lines back as malformed, each reported.
      state.reader.end();
      const out: DisplayEvent[] = [];
      flushHeld(state, out);
      out.push(...endSession(state));
      return out;
    },
  };
}
