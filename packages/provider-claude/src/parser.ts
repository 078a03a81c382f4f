import type { DisplayEvent, LineContext, SourceParser } from '@x/core';
import { isJsonObject, quickAccept, stringField, type JsonObject, type SessionFields } from '@x/core/provider-utils';
import type { z } from 'zod';
import { assistantEvents } from './assistant-events.js';
import { resultEvents } from './result-events.js';
import { authStatusEvents, controlRequestEvents, rateLimitEvents } from './service-events.js';
import { createClaudeState, ensureStarted, type ClaudeSourceOptions, type ClaudeState } from './state.js';
import { streamEvents } from './stream-events.js';
import { systemEvents } from './system-events.js';
import { userEvents } from './user-events.js';
import { claudeLineSchema, type ClaudeLine, type ClaudeQuietLine } from './wire-schema.js';

/** The wire schema, with its common lines checked without zod (quickAccept). */
const claudeLine = quickAccept(claudeLineSchema);

/** Why each quiet line type shows nothing. */
const QUIET_REASONS: Record<ClaudeQuietLine['type'], string> = {
  keep_alive: 'keep-alive',
  control_response: 'control protocol',
  control_cancel_request: 'control protocol',
  tool_progress: 'tool progress heartbeat',
  tool_use_summary: 'summary of tool calls already shown',
  prompt_suggestion: 'suggested next prompt',
  conversation_reset: 'conversation reset',
  active_goal: 'goal state',
};

/** A line the CLI writes to stderr when it fails, such as `Error: No messages returned from query`. */
const STDERR_ERROR = /^Error: (.+)$/;

/** Where a line departs from its schema, for the diagnostic. */
const issuePath = (error: z.ZodError) => {
  const issue = error.issues[0];
  return issue === undefined || issue.path.length === 0 ? 'not an object' : `field ${issue.path.join('.')}`;
};

/** Whether the union failed on its discriminator: a `type` no member has. */
const isUnknownType = (error: z.ZodError) =>
  error.issues.some((issue) => issue.code === 'invalid_union' && issue.path.length === 1 && issue.path[0] === 'type');

/** Hands a line the schema accepted to the handler of its family. */
function dispatch(state: ClaudeState, line: ClaudeLine, raw: JsonObject, context: LineContext): DisplayEvent[] {
  switch (line.type) {
    case 'system':
      return systemEvents(state, line, context);
    case 'assistant':
      return assistantEvents(state, line, context);
    case 'user':
      return userEvents(state, line, raw, context);
    case 'stream_event':
      return streamEvents(state, line, context);
    case 'result':
      return resultEvents(state, line);
    case 'rate_limit_event':
      return rateLimitEvents(line, context);
    case 'control_request':
      return controlRequestEvents(line, context);
    case 'auth_status':
      return authStatusEvents(line.error, context);
    default:
      context.ignore(`${line.type}: ${QUIET_REASONS[line.type]}`);
      return [];
  }
}

/** The events of one message object: its envelope parsed with the wire schema, then dispatched by `type`. */
function lineEvents(state: ClaudeState, value: JsonObject, context: LineContext): DisplayEvent[] {
  const type = stringField(value, 'type');
  if (type === undefined || type === 'message') return legacyEvents(state, value, context);
  const parsed = claudeLine.safeParse(value);
  if (parsed.success) return dispatch(state, parsed.data, value, context);
  if (isUnknownType(parsed.error)) context.unknown(`unknown message type "${type}"`);
  else context.malformed(`${type} line of the wrong shape (${issuePath(parsed.error)})`);
  return [];
}

/**
 * The summary CLIs before 0.2.117 end a run with (claude.md quirk 2), as the
 * `result` it stands for: `{ role: 'system', cost_usd, duration_ms,
 * duration_api_ms, result, session_id }` (recorded 0.2.114), without `result`
 * and `session_id` before (0.2.100 and 0.2.70). It has no `is_error`: the turn
 * failed when its API request did, which only the `<synthetic>` reply says
 * (0.2.114 then exits 1, its `result` that reply's text; 0.2.100 and 0.2.70
 * exit 0 all the same), so that text is the failed result's.
 */
function legacySummary(state: ClaudeState, value: JsonObject): JsonObject {
  const error = state.turnApiError;
  if (error === undefined) return { ...value, type: 'result', subtype: 'success', is_error: false };
  return { result: error, ...value, type: 'result', subtype: 'success', is_error: true };
}

/**
 * Flat API messages, `{ role, content }`, as CLIs before 0.2.117 printed them
 * (claude.md quirk 2): read as the `message` of an assistant or user line,
 * and their closing `{ role: 'system' }` summary as the run's result.
 */
function legacyEvents(state: ClaudeState, value: JsonObject, context: LineContext): DisplayEvent[] {
  const role = stringField(value, 'role');
  if (role === 'assistant' || role === 'user') return lineEvents(state, { type: role, message: value }, context);
  if (role === 'system' && Object.hasOwn(value, 'cost_usd')) return lineEvents(state, legacySummary(state, value), context);
  context.malformed(Object.hasOwn(value, 'type') ? 'flat message without an assistant or user role' : 'object without a "type" field');
  return [];
}

/** Events of one message (a line, or an item of a `--verbose` JSON array), after the session start a conversation without `system/init` owes. */
function messageEvents(state: ClaudeState, value: unknown, context: LineContext): DisplayEvent[] {
  if (!isJsonObject(value)) {
    context.malformed('JSON value that is not a message object');
    return [];
  }
  const events = lineEvents(state, value, context);
  return events.length > 0 && state.owesEnd && !state.lifecycle.open ? [...ensureStarted(state), ...events] : events;
}

/**
 * A line that is not JSON, or a document that does not parse. The CLI's own
 * failures go to stderr as `Error: ...` (claude.md: "error <- non-JSON
 * stderr"): here when it was merged in, they are errors.
 */
function invalidLineEvents(line: string, reason: string, context: LineContext): DisplayEvent[] {
  const stderr = reason === 'not JSON' ? STDERR_ERROR.exec(line) : null;
  if (stderr?.[1]) return [{ kind: 'error', message: stderr[1], fatal: false, code: 'stderr' }];
  context.malformed(reason === 'not JSON' ? 'not JSON (stderr or other output on stdout?)' : reason);
  return [];
}

/** The end of a stream: a turn without its `result` ends `incomplete` (quirk 4), with its usage, each message counted once. */
function flushEvents(state: ClaudeState): DisplayEvent[] {
  const events: DisplayEvent[] = [];
  const open = state.reader.end();
  if (open?.status === 'invalid') {
    events.push({ kind: 'notice', level: 'warning', message: `The output ended inside a JSON document (${open.reason})`, code: 'truncated_document' });
    state.owesEnd = true;
  }
  if (!state.owesEnd && !state.lifecycle.open) return events;
  events.push(...ensureStarted(state));
  events.push(...state.usage.events());
  const fields: SessionFields = {};
  if (state.sessionId !== undefined) fields.sessionId = state.sessionId;
  if (state.finalText.text.text !== '') fields.result = state.finalText.text.text;
  events.push(...state.lifecycle.flush(fields));
  state.owesEnd = false;
  return events;
}

/**
 * The parser of one Claude Code stream: `stream-json` lines, or the
 * `--output-format json` document (one result object, or with `--verbose`
 * the array of every message, on one line or pretty-printed). Each message's
 * envelope is parsed with the wire schema and handed to the handler of its
 * family, all sharing one {@link ClaudeState}.
 */
export function createClaudeParser(options: ClaudeSourceOptions = {}): SourceParser {
  const state = createClaudeState(options);
  return {
    parse(line, context) {
      const read = state.reader.read(line, context);
      if (read.status === 'pending') {
        context.ignore('part of a multi-line JSON document that is still open');
        return [];
      }
      if (read.status === 'invalid') return invalidLineEvents(line, read.reason, context);
      if (!Array.isArray(read.value)) return messageEvents(state, read.value, context);
      // `--output-format json --verbose`: every message of the run in one array.
      const events: DisplayEvent[] = [];
      for (const item of read.value) for (const event of messageEvents(state, item, context)) events.push(event);
      if (events.length === 0) context.ignore('JSON array with nothing to show');
      return events;
    },
    flush() {
      return flushEvents(state);
    },
  };
}
