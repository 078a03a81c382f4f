import {
  defineSource,
  type DisplayEvent,
  type DisplayEventSource,
  type LineContext,
  type SessionDisplayEvent,
  type SessionStatus,
  type SourceParser,
  type ToolResultDisplayEvent,
} from '@x/core';
import {
  createJsonDocumentReader,
  createTextAssembler,
  createToolCallTracker,
  cutText,
  isJsonObject,
  numberField,
  ownField,
  stringField,
  type JsonObject,
} from '@x/core/provider-utils';
import { detectGemini } from './detect.js';
import { geminiToolAliases, previewOverride } from './tool-names.js';
import { sessionMetricsUsage, streamStatsUsage } from './usage.js';
import {
  geminiErrorEventSchema,
  geminiInitEventSchema,
  geminiJsonOutputSchema,
  geminiMessageEventSchema,
  geminiResultEventSchema,
  geminiToolResultEventSchema,
  geminiToolUseEventSchema,
} from './wire-schema.js';

/** Options of {@link createGeminiSource}. */
export interface GeminiSourceOptions {
  /**
   * The largest `--output-format json` document buffered, in characters,
   * before it is reported as malformed. Defaults to core's
   * `DEFAULT_MAX_DOCUMENT_CHARS`.
   */
  maxDocumentChars?: number;
}

// Diagnostics Gemini CLI writes to stderr, which a capture with `2>&1` mixes
// into the stream (quirk 7): `[STARTUP] ...`, `[WARNING] ...`, the cached
// credentials banner of old versions and the API error report line.
const LOG_LINE = /^(?:\[[A-Z][A-Z _-]*\]|Loaded cached credentials\b|Error when talking to Gemini API\b)/;

// Thrown by the CLI's cancellation handler: the run was stopped, not failed.
const CANCELLATION_ERROR = 'FatalCancellationError';

const NO_MESSAGE = 'Gemini CLI ended the run with an error and no message';

function errorOf(value: unknown): { message: string | undefined; type: string | undefined } {
  const message = stringField(value, 'message');
  const type = stringField(value, 'type');
  return {
    message: message === undefined || message === '' ? undefined : message,
    type: type === undefined || type === '' ? undefined : type,
  };
}

function sessionEnd(status: SessionStatus): SessionDisplayEvent {
  return { kind: 'session', phase: 'end', status };
}

/** How a run that reported its end ended: a cancellation is no failure. */
function endStatus(failed: boolean, errorType: string | undefined): SessionStatus {
  if (!failed) return 'success';
  return errorType === CANCELLATION_ERROR ? 'cancelled' : 'error';
}

/** A wire value quoted in a diagnostic reason, kept short. */
function quoted(text: string): string {
  return `"${cutText(text, 40)}"`;
}

function createParser(options: GeminiSourceOptions): SourceParser {
  const reader = createJsonDocumentReader(options.maxDocumentChars === undefined ? {} : { maxDocumentChars: options.maxDocumentChars });
  const tracker = createToolCallTracker({ aliases: geminiToolAliases });
  let messages = 0;
  // The id of the assistant message being streamed: every delta until
  // another event intervenes belongs to it. What it streamed is in `streamed`
  // (bounded by bytes), to recognise a complete copy.
  let open: string | undefined;
  const streamed = createTextAssembler({ maxBlocks: 1 });
  let lastErrorMessage: string | undefined;
  let ended = false;

  const nextMessageId = () => `message-${++messages}`;

  function text(id: string, content: string): DisplayEvent[] {
    const clean = content;
    return clean === '' ? [] : [{ kind: 'text', id, text: clean }];
  }

  function assistantMessage(content: string, delta: boolean, context: LineContext): DisplayEvent[] {
    if (delta) {
      if (content === '') {
        context.ignore('empty assistant text delta');
        return [];
      }
      open ??= nextMessageId();
      return text(open, streamed.delta(open, content));
    }
    // Gemini streams every assistant message as deltas (0.61.0); a complete
    // message, which one older doc promises, may repeat the deltas before it.
    const id = open;
    const copy = id === undefined ? undefined : streamed.copy(id, content, true);
    open = undefined;
    if (id !== undefined && copy?.match === 'continues') {
      if (copy.added === '') {
        context.ignore('complete copy of an assistant message already streamed as deltas');
        return [];
      }
      return text(id, copy.added);
    }
    const events = text(nextMessageId(), content);
    if (events.length === 0) context.ignore('empty assistant message');
    return events;
  }

  function message(value: JsonObject, context: LineContext): DisplayEvent[] {
    // Text deltas are most lines of a stream. A line that plainly fits the
    // schema is read directly: isPlainMessage checks exactly what the schema
    // checks, without the loose copy of every field zod builds, which was
    // about 5% of the source's time (x-bench). Any other line goes through
    // the schema, which tells what is wrong.
    if (isPlainMessage(value)) return messageFields(value.role, value.content, value.delta === true, context);
    const parsed = geminiMessageEventSchema.safeParse(value);
    if (!parsed.success) {
      context.malformed('message without string role and content');
      return [];
    }
    const { role, content, delta } = parsed.data;
    return messageFields(role, content, delta === true, context);
  }

  function messageFields(role: string, content: string, delta: boolean, context: LineContext): DisplayEvent[] {
    if (role === 'assistant') return assistantMessage(content, delta, context);
    open = undefined;
    // The echo of the prompt as given (quirk 9: with the input's trailing newlines, dropped here).
    if (role === 'user') return [{ kind: 'prompt', form: 'prompt', text: content.trimEnd() }];
    context.unknown(`message with unknown role ${quoted(role)}`);
    return [];
  }

  function init(value: JsonObject, context: LineContext): DisplayEvent[] {
    const parsed = geminiInitEventSchema.safeParse(value);
    if (!parsed.success) {
      context.malformed('init whose session_id or model is not a string');
      return [];
    }
    open = undefined;
    ended = false;
    lastErrorMessage = undefined;
    const event: SessionDisplayEvent = { kind: 'session', phase: 'start' };
    if (parsed.data.session_id) event.sessionId = parsed.data.session_id;
    if (parsed.data.model) event.model = parsed.data.model;
    const timestamp = stringField(value, 'timestamp');
    if (timestamp !== undefined && !Number.isNaN(Date.parse(timestamp))) event.timestamp = new Date(timestamp).toISOString();
    return [event];
  }

  function toolUse(value: JsonObject, context: LineContext): DisplayEvent[] {
    const parsed = geminiToolUseEventSchema.safeParse(value);
    if (!parsed.success) {
      context.malformed('tool_use without string tool_name and tool_id');
      return [];
    }
    open = undefined;
    const toolName = parsed.data.tool_name;
    const input = parsed.data.parameters ?? {};
    const event = tracker.start({ id: parsed.data.tool_id, toolName, input, arg: previewOverride(toolName, input) });
    if (event === undefined) {
      context.ignore('tool_use of a call already announced');
      return [];
    }
    return [event];
  }

  function toolResult(value: JsonObject, context: LineContext): DisplayEvent[] {
    const parsed = geminiToolResultEventSchema.safeParse(value);
    if (!parsed.success) {
      context.malformed('tool_result without string tool_id and a success or error status');
      return [];
    }
    open = undefined;
    const id = parsed.data.tool_id;
    const output = parsed.data.output;
    const error = errorOf(parsed.data.error);
    const result = tracker.finish(id, {
      status: parsed.data.status,
      // A one-string array is one text block: core takes it as it is, where a
      // bare string that looks like JSON (shell output) would be decoded.
      output: output === null || output === undefined ? undefined : [output],
      errorMessage: error.message,
    });
    if (result === undefined) {
      context.ignore('tool_result of a call already finished');
      return [];
    }
    return [displayOnlyOutput(result)];
  }

  function errorEvent(value: JsonObject, context: LineContext): DisplayEvent[] {
    const parsed = geminiErrorEventSchema.safeParse(value);
    if (!parsed.success) {
      context.malformed('error without a string message');
      return [];
    }
    open = undefined;
    const messageText = parsed.data.message;
    lastErrorMessage = messageText;
    // Stream-json `error` events never end the run (quirk doc, emission step 6).
    if (parsed.data.severity === 'warning') return [{ kind: 'notice', level: 'warning', message: messageText }];
    return [{ kind: 'error', message: messageText, fatal: false }];
  }

  function result(value: JsonObject, context: LineContext): DisplayEvent[] {
    const parsed = geminiResultEventSchema.safeParse(value);
    if (!parsed.success) {
      context.malformed('result without a success or error status');
      return [];
    }
    open = undefined;
    ended = true;
    const events: DisplayEvent[] = [];
    const { status, stats } = parsed.data;
    const error = errorOf(parsed.data.error);
    if (status === 'error') {
      // An invalid stream ends with status error and no `error`: its message
      // was the `error` event just before (quirk 4).
      const event: DisplayEvent = { kind: 'error', message: error.message ?? lastErrorMessage ?? NO_MESSAGE, fatal: true };
      if (error.type !== undefined) event.code = error.type;
      events.push(event);
    }
    const usage = streamStatsUsage(stats);
    if (usage !== undefined) events.push(usage);
    const end = sessionEnd(endStatus(status === 'error', error.type));
    const duration = numberField(stats, 'duration_ms');
    // Fatal errors report `duration_ms: 0` (quirk 5): the duration is unknown, not zero.
    if (duration !== undefined && !(status === 'error' && duration === 0)) end.durationMs = duration;
    events.push(end);
    return events;
  }

  function jsonOutput(value: JsonObject, context: LineContext): DisplayEvent[] {
    const parsed = geminiJsonOutputSchema.safeParse(value);
    if (!parsed.success) {
      context.malformed('JSON output document with a session_id, response or warnings of the wrong type');
      return [];
    }
    open = undefined;
    ended = true;
    const doc = parsed.data;
    const start: SessionDisplayEvent = { kind: 'session', phase: 'start' };
    if (doc.session_id) start.sessionId = doc.session_id;
    const events: DisplayEvent[] = [start];
    for (const warning of doc.warnings ?? []) {
      if (typeof warning === 'string' && warning !== '') events.push({ kind: 'notice', level: 'warning', message: warning });
    }
    const response = doc.response ? doc.response : '';
    events.push(...text(nextMessageId(), response));
    const usage = sessionMetricsUsage(doc.stats);
    if (usage !== undefined) events.push(usage);
    const hasError = isJsonObject(doc.error);
    const error = errorOf(doc.error);
    if (hasError) {
      const event: DisplayEvent = { kind: 'error', message: error.message ?? NO_MESSAGE, fatal: true };
      if (error.type !== undefined) event.code = error.type;
      events.push(event);
    }
    const end = sessionEnd(endStatus(hasError, error.type));
    if (response !== '') end.result = response;
    events.push(end);
    return events;
  }

  const handlers: Record<string, (value: JsonObject, context: LineContext) => DisplayEvent[]> = {
    init,
    message,
    tool_use: toolUse,
    tool_result: toolResult,
    error: errorEvent,
    result,
  };

  return {
    parse(line, context) {
      const read = reader.read(line, context);
      if (read.status === 'pending') {
        context.ignore('line of a multi-line JSON output document');
        return [];
      }
      if (read.status === 'invalid') {
        if (read.reason === 'not JSON' && LOG_LINE.test(line)) context.ignore('Gemini CLI log line (stderr mixed into stdout)');
        else context.malformed(read.reason);
        return [];
      }
      const value = read.value;
      if (!isJsonObject(value)) {
        context.malformed('JSON value that is not an object');
        return [];
      }
      const type = ownField(value, 'type');
      if (type === undefined) {
        if (isJsonOutput(value)) return jsonOutput(value, context);
        context.unknown('JSON object without a type');
        return [];
      }
      if (typeof type !== 'string') {
        context.malformed('event whose type is not a string');
        return [];
      }
      const handler = Object.hasOwn(handlers, type) ? handlers[type] : undefined;
      if (handler === undefined) {
        context.unknown(`unknown event type ${quoted(type)}`);
        return [];
      }
      return handler(value, context);
    },
    flush() {
      // A document still open is forgotten here; core gives its held lines back as malformed, each reported.
      reader.end();
      if (ended) return [];
      // A stream that stopped before its `result`: truncated, or empty or
      // init-less after an auth or config failure (quirk 6).
      ended = true;
      return [sessionEnd('incomplete')];
    },
  };
}

/**
 * Whether a `message` line passes {@link geminiMessageEventSchema} as it is:
 * string `role` and `content`, and `delta` and `timestamp` absent, `null` or
 * of their type. (`type` is `message`: the caller dispatched on it.)
 */
function isPlainMessage(value: JsonObject): value is JsonObject & { role: string; content: string; delta?: boolean | null } {
  const { role, content, delta, timestamp } = value;
  return (
    typeof role === 'string' &&
    typeof content === 'string' &&
    (delta === undefined || delta === null || typeof delta === 'boolean') &&
    (timestamp === undefined || timestamp === null || typeof timestamp === 'string')
  );
}

const JSON_OUTPUT_KEYS = ['session_id', 'response', 'stats', 'error', 'warnings'] as const;

function isJsonOutput(value: JsonObject): boolean {
  return JSON_OUTPUT_KEYS.some((key) => Object.hasOwn(value, key));
}

// Gemini's `output` is the tool's display string, not what the tool read or
// found: `""` or "Read lines 1-10 of 42 from x" for read_file, "Found 2
// matching file(s)" for glob. So it never says a file was empty, and it holds
// no content length or match lines to count.
function displayOnlyOutput(result: ToolResultDisplayEvent): ToolResultDisplayEvent {
  if (result.toolKind === 'read') {
    delete result.details.contentLength;
    if (result.outputState === 'empty') {
      result.outputState = 'unavailable';
      delete result.output;
    }
  } else if (result.toolKind === 'search') {
    delete result.details.matchCount;
    delete result.details.fileCount;
  }
  return result;
}

/**
 * Creates the Gemini CLI source: `gemini -p ... --output-format stream-json`
 * (one event per line, streamed) and `--output-format json` (one document
 * pretty-printed over many lines, or the fatal error object).
 */
export function createGeminiSource(options: GeminiSourceOptions = {}): DisplayEventSource {
  return defineSource({
    specificationVersion: 'v1',
    id: 'gemini',
    displayName: 'Gemini CLI',
    cadence: 'streaming',
    detect: detectGemini,
    createParser: () => createParser(options),
  });
}

/** The Gemini CLI source with default options. */
export const geminiSource: DisplayEventSource = createGeminiSource();
