import type { DisplayEvent, LineContext, SourceParser, SessionStatus } from '@x/core';
import { isJsonObject, type JsonObject, jsonShapeRefusal, parseJson, sseLineData, stringField } from '@x/core/provider-utils';
import { busEvents } from './bus-events.js';
import { permissionPromptEvents } from './permission-prompt.js';
import { runLineEvents } from './run-events.js';
import { createOpenCodeState, endSession, turnStatus, type OpenCodeState } from './state.js';
import { firstIssue, globalEventSchema, RUN_JSON_TYPES, runJsonLineSchema } from './wire-schema.js';

/** What one JSON value of the stream is: a bus event (bare, or wrapped by `/global/event`), or a `run --format json` line. */
function valueEvents(state: OpenCodeState, value: JsonObject, context: LineContext): DisplayEvent[] {
  const type = stringField(value, 'type');
  if (type === undefined) {
    const wrapped = globalEventSchema.safeParse(value);
    if (wrapped.success) return busEvents(state, wrapped.data.payload.type, wrapped.data.payload, context);
    context.malformed(Object.hasOwn(value, 'payload') ? `/global/event wrapper: ${firstIssue(wrapped.error)}` : 'JSON object without a type');
    return [];
  }
  // A bus event (`{ type, properties }`) is read with its own schema once its type says which.
  if (Object.hasOwn(value, 'properties') || type.includes('.')) return busEvents(state, type, value, context);
  if (!RUN_JSON_TYPES.has(type)) {
    context.unknown(`unknown run --format json type "${type}"`);
    return [];
  }
  const line = runJsonLineSchema.safeParse(value);
  if (line.success) return runLineEvents(state, line.data, context);
  context.malformed(`${type} line: ${firstIssue(line.error)}`);
  return [];
}

/** One line of the stream, SSE framing taken off. */
export function parseOpenCodeLine(state: OpenCodeState, line: string, context: LineContext): DisplayEvent[] {
  const data = sseLineData(line, context);
  if (data === undefined) return [];
  const parsed = parseJson(data);
  if (parsed === undefined) {
    // The pipeline drops blank lines; a caller feeding lines itself may not.
    if (data.trim() === '') {
      context.ignore('blank SSE separator');
      return [];
    }
    // 1.0 draws its permission prompt on standard output, between the JSON lines (quirk 19).
    const prompt = permissionPromptEvents(data, context);
    if (prompt === undefined) context.malformed(jsonShapeRefusal(data) ?? 'not JSON');
    return prompt ?? [];
  }
  if (!isJsonObject(parsed.value)) {
    context.malformed('JSON that is not an object');
    return [];
  }
  return valueEvents(state, parsed.value, context);
}

/**
 * At the end of the stream, a session still open ends. Older CLIs write no
 * final line (quirk 5): a run whose last step finished for good ended
 * normally; one that failed or was aborted ended so; any other is incomplete.
 */
export function flushOpenCode(state: OpenCodeState): DisplayEvent[] {
  if (!state.lifecycle.open) return [];
  const { turn } = state;
  const status: SessionStatus = turn.aborted || turn.failed ? turnStatus(state) : turn.complete ? 'success' : 'incomplete';
  return endSession(state, status);
}

/**
 * Creates the per-stream parser for OpenCode lines. Each line is told apart
 * on its own: a `run --format json` line (`step_start`, `text`, ...), a bus
 * `Event` (`{ type: "message.part.updated", properties }`), either bare or as
 * an SSE `data:` line, or a `/global/event` wrapper around one.
 */
export function createOpenCodeParser(): SourceParser {
  const state = createOpenCodeState();
  return {
    parse: (line, context) => parseOpenCodeLine(state, line, context),
    flush: () => flushOpenCode(state),
  };
}
