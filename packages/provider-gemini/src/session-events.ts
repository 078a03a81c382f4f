import type { DisplayEvent, ErrorDisplayEvent, SessionStatus } from '@x/core';
import { isJsonObject, numberField, objectField, type SessionFields } from '@x/core/provider-utils';
import { closeMessage, ensureSession, nextMessageId, openSession, type GeminiState } from './state.js';
import { errorOf } from './tool-events.js';
import { sessionMetricsUsage, streamStatsUsage } from './usage.js';
import type { ErrorWireEvent, InitEvent, JsonOutput, ResultEvent } from './wire-schema.js';

// Thrown by the CLI's cancellation handler: the run was stopped, not failed.
const CANCELLATION_ERROR = 'FatalCancellationError';

const NO_MESSAGE = 'Gemini CLI ended the run with an error and no message';

const FAILED_AS_SUCCESS = 'The model request failed: Gemini CLI reported success with no answer and no tokens (its error is on standard error)';

/**
 * Whether a `success` result is a failed request (quirk 18): 0.11 ends a run
 * whose request failed (a 400, a 429 or a 500 after its retries) with
 * `status: "success"`, all-zero stats and no error, after no text and no call.
 */
function failedAsSuccess(state: GeminiState, event: ResultEvent): boolean {
  return event.status === 'success' && !state.answered && numberField(event.stats, 'total_tokens') === 0;
}

/**
 * Whether an `--output-format json` document is a failed request reported as
 * a success (quirk 18, in that mode): 0.10 prints `response: ""`, no `error`,
 * and stats whose every model counted a `total` of 0 tokens, and exits 0
 * (`fixtures/gemini/recorded/0.10.0/api-error-400.json`).
 */
function documentFailedAsSuccess(doc: JsonOutput): boolean {
  const models = objectField(doc.stats, 'models');
  if (isJsonObject(doc.error) || doc.response || models === undefined) return false;
  const totals = Object.values(models).map((model) => numberField(objectField(model, 'tokens'), 'total'));
  return totals.length > 0 && totals.every((total) => total === 0);
}

/** How a run that reported its end ended: a cancellation is no failure. */
function endStatus(failed: boolean, errorType: string | undefined): SessionStatus {
  if (!failed) return 'success';
  return errorType === CANCELLATION_ERROR ? 'cancelled' : 'error';
}

function fatalError(state: GeminiState, message: string, type: string | undefined): DisplayEvent[] {
  const event: ErrorDisplayEvent = { kind: 'error', message, fatal: true };
  if (type !== undefined) event.code = type;
  return state.session.error(event);
}

/** `init`: the session start, with the session id, the configured model and when it began. */
export function initEvents(state: GeminiState, event: InitEvent): DisplayEvent[] {
  const fields: SessionFields = {};
  if (event.session_id) fields.sessionId = event.session_id;
  if (event.model) fields.model = event.model;
  const timestamp = event.timestamp;
  if (typeof timestamp === 'string' && !Number.isNaN(Date.parse(timestamp))) fields.timestamp = new Date(timestamp).toISOString();
  return openSession(state, fields);
}

/** `error`: never the end of the run (format notes, order step 6); a warning is a notice. */
export function errorEvents(state: GeminiState, event: ErrorWireEvent): DisplayEvent[] {
  closeMessage(state);
  state.lastErrorMessage = event.message;
  if (event.severity === 'warning') return [{ kind: 'notice', level: 'warning', message: event.message }];
  return [{ kind: 'error', message: event.message, fatal: false }];
}

/** `result`: the run's fatal error if it failed, its usage, and the session end. */
export function resultEvents(state: GeminiState, event: ResultEvent): DisplayEvent[] {
  closeMessage(state);
  const events = ensureSession(state);
  const error = errorOf(event.error);
  const failed = event.status === 'error' || failedAsSuccess(state, event);
  if (event.status === 'error') {
    // An invalid stream ends with status error and no `error`: its message
    // was the `error` event just before (quirk 4).
    events.push(...fatalError(state, error.message ?? state.lastErrorMessage ?? NO_MESSAGE, error.type));
  } else if (failed) {
    events.push(...fatalError(state, FAILED_AS_SUCCESS, undefined));
  }
  const usage = streamStatsUsage(event.stats);
  if (usage !== undefined) events.push(usage);
  // Fatal errors report `duration_ms: 0` (quirk 5): the lifecycle leaves a zero of a failed run out.
  const durationMs = numberField(event.stats, 'duration_ms');
  events.push(...state.session.end(endStatus(failed, error.type), durationMs === undefined ? {} : { durationMs }));
  return events;
}

/**
 * A whole `--output-format json` document: a run of its own, from start to
 * end. `response` holds only the final model turn's text.
 */
export function jsonOutputEvents(state: GeminiState, doc: JsonOutput): DisplayEvent[] {
  const events = openSession(state, doc.session_id ? { sessionId: doc.session_id } : {});
  for (const warning of doc.warnings ?? []) {
    if (typeof warning === 'string' && warning !== '') events.push({ kind: 'notice', level: 'warning', message: warning });
  }
  const response = doc.response ? doc.response : '';
  const id = nextMessageId(state);
  if (response !== '') events.push({ kind: 'text', id, text: response });
  const usage = sessionMetricsUsage(doc.stats);
  if (usage !== undefined) events.push(usage);
  const failedAsSuccess = documentFailedAsSuccess(doc);
  const failed = isJsonObject(doc.error) || failedAsSuccess;
  const error = errorOf(doc.error);
  if (failedAsSuccess) events.push(...fatalError(state, FAILED_AS_SUCCESS, undefined));
  else if (failed) events.push(...fatalError(state, error.message ?? NO_MESSAGE, error.type));
  events.push(...state.session.end(endStatus(failed, error.type), response === '' ? {} : { result: response }));
  return events;
}
