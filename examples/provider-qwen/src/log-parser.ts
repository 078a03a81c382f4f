import type { DisplayEvent, LineContext, SourceParser } from '@x/core';
import { isJsonObject, ownField, parseJson, stringField, type JsonObject } from '@x/core/provider-utils';
import { assistantRecord, toolResultRecord, userRecord } from './log-records.js';
import { createQwenLogState, endLogSession, type QwenLogState } from './log-state.js';
import { systemRecord } from './log-system.js';

/** The session starts at its first record, with what every record carries: id, folder, branch, version, time. */
function startEvents(state: QwenLogState, record: JsonObject): DisplayEvent[] {
  if (state.lifecycle.open) return [];
  const timestamp = stringField(record, 'timestamp');
  state.sessionId = stringField(record, 'sessionId');
  return state.lifecycle.start({
    sessionId: state.sessionId,
    cwd: stringField(record, 'cwd'),
    gitBranch: stringField(record, 'gitBranch'),
    agentVersion: stringField(record, 'version'),
    ...(timestamp === undefined ? {} : { timestamp }),
  });
}

function recordEvents(state: QwenLogState, record: JsonObject, context: LineContext): DisplayEvent[] {
  switch (ownField(record, 'type')) {
    case 'user':
      return userRecord(state, record, context);
    case 'assistant':
      return assistantRecord(state, record, context);
    case 'tool_result':
      return toolResultRecord(state, record, context);
    case 'system':
      return systemRecord(state, record, context);
    default: {
      const type = ownField(record, 'type');
      context.unknown(typeof type === 'string' ? `unknown record type ${JSON.stringify(type)}` : 'record without a string type');
      return [];
    }
  }
}

/**
 * The parser of one Qwen Code session log
 * (`<runtime>/projects/<project>/chats/<session>.jsonl`): one record per
 * line, appended as the session goes. It ends the session at the end of the
 * log, with a status derived from the last record. A subagent's own log
 * (`subagents/<session>/agent-<id>.jsonl`) reads the same way.
 */
export function createQwenLogParser(): SourceParser {
  const state = createQwenLogState();
  return {
    parse(line, context) {
      const parsed = parseJson(line);
      if (parsed === undefined || !isJsonObject(parsed.value)) {
        context.malformed(parsed === undefined ? 'not JSON' : 'JSON value that is not an object');
        return [];
      }
      const timestamp = stringField(parsed.value, 'timestamp');
      if (timestamp !== undefined) {
        state.firstTimestamp ??= timestamp;
        state.lastTimestamp = timestamp;
      }
      const events = recordEvents(state, parsed.value, context);
      if (events.length === 0) return [];
      return [...startEvents(state, parsed.value), ...events];
    },
    flush: () => endLogSession(state),
  };
}
