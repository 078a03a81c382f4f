import { type DisplayEvent, type LineContext, type SourceParser } from '@x/core';
import {
  isJsonObject,
  numberField,
  objectField,
  parseJson,
  stringField,
  type JsonObject,
} from '@x/core/provider-utils';
import { assistantLine, userLine } from './log-messages.js';
import { createClaudeLogState, endSession, noteEnvelope, type ClaudeLogState } from './log-state.js';
import { compactionMessage } from './notices.js';
import { userTextEvent } from './user-prompt.js';

/** Line types that are checkpoint, queue or UI bookkeeping, not conversation, with the reason given for them. */
const BOOKKEEPING: ReadonlyMap<string, string> = new Map([
  ['file-history-snapshot', 'file checkpoint bookkeeping'],
  ['queue-operation', 'prompt queue bookkeeping'],
  ['progress', 'tool progress'],
  ['last-prompt', 'the last prompt, for resuming; the prompt itself is shown where it was typed'],
  ['mode', 'UI mode'],
  ['permission-mode', 'permission mode change'],
  ['attachment', 'attachment bookkeeping'],
  ['bridge-session', 'session bridge bookkeeping'],
  ['tag', 'session tag'],
]);

/** Line types that name the conversation, and the field holding the name. */
const TITLES: ReadonlyMap<string, string> = new Map([
  ['summary', 'summary'],
  ['custom-title', 'customTitle'],
  ['ai-title', 'aiTitle'],
]);

/**
 * A `system` line: a compaction becomes a notice with code `compaction`; one
 * with text content (a slash command's output, an informational banner) a
 * notice at its level; the rest (durations, hook summaries) is ignored.
 */
function systemLine(line: JsonObject, context: LineContext): DisplayEvent[] {
  const subtype = stringField(line, 'subtype') ?? '(none)';
  const timestamp = stringField(line, 'timestamp');
  let event: DisplayEvent | undefined;
  if (subtype === 'compact_boundary') {
    const meta = objectField(line, 'compactMetadata');
    event = { kind: 'notice', level: 'info', message: compactionMessage(stringField(meta, 'trigger'), numberField(meta, 'preTokens'), undefined), code: 'compaction' };
  } else {
    const content = stringField(line, 'content')?.trim();
    const typed = content ? userTextEvent(content) : undefined;
    const level = stringField(line, 'level');
    if (typed?.kind === 'notice') event = typed;
    else if (content) event = { kind: 'notice', level: level === 'warning' || level === 'error' ? 'warning' : 'info', message: content, code: subtype };
  }
  if (event === undefined) {
    context.ignore(`system/${subtype} without text to show`);
    return [];
  }
  if (timestamp !== undefined) event.timestamp = timestamp;
  return [event];
}

/** Events of one transcript line. */
function lineEvents(state: ClaudeLogState, value: JsonObject, context: LineContext): DisplayEvent[] {
  const type = stringField(value, 'type');
  if (type === 'user' || type === 'assistant' || type === 'system') noteEnvelope(state, value);
  switch (type) {
    case 'user':
      return userLine(state, value, context);
    case 'assistant':
      return assistantLine(state, value, context);
    case 'system': {
      const events = systemLine(value, context);
      if (state.started || events.length === 0) return events;
      state.pending.push(...events);
      context.ignore('held until the first assistant line, which names the model for the session start');
      return [];
    }
    case undefined:
      context.malformed('object without a "type" field');
      return [];
  }
  const titleField = TITLES.get(type);
  if (titleField !== undefined) {
    const title = stringField(value, titleField);
    // A title known before the session start goes on it; a later one is for listings, which read the file.
    if (title !== undefined && !state.started) state.start.title = title;
    context.ignore(`${type}: the session's title`);
    return [];
  }
  const bookkeeping = BOOKKEEPING.get(type);
  if (bookkeeping !== undefined) {
    context.ignore(`${type}: ${bookkeeping}`);
    return [];
  }
  context.unknown(`unknown transcript line type "${type}"`);
  return [];
}

/**
 * The parser of one Claude Code session transcript. The file has no final
 * line: at its end the parser reports usage (each message once) and a session
 * end whose status says how the main thread ended (see `LastStep`).
 */
export function createClaudeLogParser(): SourceParser {
  const state = createClaudeLogState();
  return {
    parse(line, context) {
      const parsed = parseJson(line);
      if (parsed === undefined) {
        // The last line of a session that is still being written can be cut.
        context.malformed('not JSON (a line cut while the session was writing it?)');
        return [];
      }
      if (!isJsonObject(parsed.value)) {
        context.malformed('JSON value that is not an object');
        return [];
      }
      return lineEvents(state, parsed.value, context);
    },
    flush() {
      // A file of bookkeeping lines only has no session to start or end.
      return state.seen ? endSession(state) : [];
    },
  };
}
