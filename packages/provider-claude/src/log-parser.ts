import type { DisplayEvent, LineContext, SourceParser } from '@x/core';
import { isJsonObject, parseJson, stringField, type JsonObject } from '@x/core/provider-utils';
import { assistantLine } from './log-assistant.js';
import { createClaudeLogState, endSession, noteEnvelope, type ClaudeLogState } from './log-state.js';
import { systemLine } from './log-system.js';
import { userLine } from './log-user.js';

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
  // Written by 2.1.33x around every model request (recorded: fixtures/claude-log/recorded/2.1.332/).
  ['api-request', 'model request bookkeeping (parameters, no content)'],
  ['api-request-shape', 'model request bookkeeping (the system prompt and tools sent)'],
  ['api-request-blob', 'model request bookkeeping (a message as sent; the conversation lines hold it)'],
  ['atis-latch', 'request bookkeeping'],
  ['tools-used', 'the names of the tools used so far; the calls themselves are shown'],
  ['cost-state', "the session's running cost totals; the usage of each answer is shown"],
]);

/** Line types that name the conversation, and the field holding the name. */
const TITLES: ReadonlyMap<string, string> = new Map([
  ['summary', 'summary'],
  ['custom-title', 'customTitle'],
  ['ai-title', 'aiTitle'],
]);

/** A line that is not conversation: a title, bookkeeping, or of a type no version known writes. */
function otherLine(state: ClaudeLogState, type: string, value: JsonObject, context: LineContext): DisplayEvent[] {
  const titleField = TITLES.get(type);
  if (titleField !== undefined) {
    const title = stringField(value, titleField);
    // A title known before the session start goes on it; a later one, when none came before, on its end.
    if (title !== undefined && !state.lifecycle.open) state.start.title = title;
    else if (title !== undefined && state.start.title === undefined) state.lateTitle ??= title;
    context.ignore(`${type}: the session's title`);
    return [];
  }
  const bookkeeping = BOOKKEEPING.get(type);
  if (bookkeeping !== undefined) context.ignore(`${type}: ${bookkeeping}`);
  else context.unknown(`unknown transcript line type "${type}"`);
  return [];
}

/** Events of one transcript line, by its `type`. */
function lineEvents(state: ClaudeLogState, value: JsonObject, context: LineContext): DisplayEvent[] {
  const type = stringField(value, 'type');
  if (type === 'user' || type === 'assistant' || type === 'system') noteEnvelope(state, value);
  switch (type) {
    case 'user':
      return userLine(state, value, context);
    case 'assistant':
      return assistantLine(state, value, context);
    case 'system':
      return systemLine(state, value, context);
    case undefined:
      context.malformed('object without a "type" field');
      return [];
  }
  return otherLine(state, type, value, context);
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
