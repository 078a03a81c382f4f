import type { DisplayEvent, LineContext, SourceParser } from '@x/core';
import { isJsonObject, ownField, quickAccept, type JsonObject } from '@x/core/provider-utils';
import { messageEvents, quoted } from './message-events.js';
import { errorEvents, initEvents, jsonOutputEvents, resultEvents } from './session-events.js';
import type { GeminiSourceOptions } from './source.js';
import { createGeminiState, ensureSession, type GeminiState } from './state.js';
import { toolResultEvents, toolUseEvents } from './tool-events.js';
import { MALFORMED_REASONS, jsonOutputSchema, streamEventSchema } from './wire-schema.js';

/** The stream-json schema, with its common lines checked without zod (quickAccept). */
const streamEvent = quickAccept(streamEventSchema);

// Diagnostics Gemini CLI writes to stderr, which a capture with `2>&1` mixes
// into the stream (quirk 7): `[STARTUP] ...`, `[WARNING] ...`, the cached
// credentials banner of old versions and the API error report line.
const LOG_LINE = /^(?:\[[A-Z][A-Z _-]*\]|Loaded cached credentials\b|Error when talking to Gemini API\b)/;

const JSON_OUTPUT_KEYS = ['session_id', 'response', 'stats', 'error', 'warnings'] as const;

/** A JSON object without `type`: the `--output-format json` document, or something unknown. */
function untypedEvents(state: GeminiState, value: JsonObject, context: LineContext): DisplayEvent[] {
  if (!JSON_OUTPUT_KEYS.some((key) => Object.hasOwn(value, key))) {
    context.unknown('JSON object without a type');
    return [];
  }
  const parsed = jsonOutputSchema.safeParse(value);
  if (!parsed.success) {
    context.malformed('JSON output document with a session_id, response or warnings of the wrong type');
    return [];
  }
  return jsonOutputEvents(state, parsed.data);
}

/** One stream-json event, checked against the wire schema and handed to its event family. */
function streamEvents(state: GeminiState, value: JsonObject, context: LineContext): DisplayEvent[] {
  const type = ownField(value, 'type');
  if (type === undefined) return untypedEvents(state, value, context);
  if (typeof type !== 'string') {
    context.malformed('event whose type is not a string');
    return [];
  }
  const malformed = MALFORMED_REASONS.get(type);
  if (malformed === undefined) {
    context.unknown(`unknown event type ${quoted(type)}`);
    return [];
  }
  const parsed = streamEvent.safeParse(value);
  if (!parsed.success) {
    context.malformed(malformed);
    return [];
  }
  const event = parsed.data;
  switch (event.type) {
    case 'init':
      return initEvents(state, event);
    case 'message':
      return messageEvents(state, event, context);
    case 'tool_use':
      return toolUseEvents(state, event, context);
    case 'tool_result':
      return toolResultEvents(state, event, context);
    case 'error':
      return errorEvents(state, event);
    case 'result':
      return resultEvents(state, event);
  }
}

/** One line: a stream-json event, a line of a JSON output document, or noise. */
function lineEvents(state: GeminiState, line: string, context: LineContext): DisplayEvent[] {
  const read = state.reader.read(line, context);
  if (read.status === 'pending') {
    context.ignore('line of a multi-line JSON output document');
    return [];
  }
  if (read.status === 'invalid') {
    if (read.reason === 'not JSON' && LOG_LINE.test(line)) context.ignore('Gemini CLI log line (stderr mixed into stdout)');
    else context.malformed(read.reason);
    return [];
  }
  if (!isJsonObject(read.value)) {
    context.malformed('JSON value that is not an object');
    return [];
  }
  return streamEvents(state, read.value, context);
}

/**
 * The parser of one Gemini CLI stream: `--output-format stream-json` lines,
 * or an `--output-format json` document (pretty-printed over many lines).
 * A stream cut before its `init` starts its session with its first event; one
 * that stops before its `result` (truncated, or an auth failure that prints
 * nothing, quirk 6) ends `incomplete`, and an empty one shows nothing.
 */
export function createGeminiParser(options: GeminiSourceOptions = {}): SourceParser {
  const state = createGeminiState(options.maxDocumentChars);
  return {
    parse(line, context) {
      const events = lineEvents(state, line, context);
      return events.length === 0 || state.started ? events : [...ensureSession(state), ...events];
    },
    flush() {
      // A document still open is forgotten here; core gives its held lines back as malformed, each reported.
      state.reader.end();
      return state.session.flush();
    },
  };
}
