import type { DisplayEvent, NoticeDisplayEvent, SessionStatus } from '@x/core';
import { compactKey, ownField, previewToolInput, stringField, type SessionFields } from '@x/core/provider-utils';
import { endTurn, ensureStarted, noQueuedTurns, noteText, type ClaudeState } from './state.js';
import { resultUsage } from './usage.js';
import type { ClaudeResult } from './wire-schema.js';

/** A notice per permission the run was denied (`permission_denials[]`). */
function denialEvents(result: ClaudeResult): NoticeDisplayEvent[] {
  const notices: NoticeDisplayEvent[] = [];
  for (const denial of result.permission_denials ?? []) {
    const tool = stringField(denial, 'tool_name');
    if (tool === undefined) continue;
    const arg = previewToolInput(ownField(denial, 'tool_input'));
    notices.push({ kind: 'notice', level: 'warning', message: `Permission denied for ${tool}${arg ? `: ${arg}` : ''}`, code: 'permission_denied' });
  }
  return notices;
}

/** The fatal error `message` of a failed result, unless an `assistant` error line of the turn said the same (the synthetic API-error line), or it was said before in the session. */
function fatalError(state: ClaudeState, result: ClaudeResult, message: string): DisplayEvent[] {
  if (state.turnErrors.has(compactKey(message))) return [];
  const code = result.subtype === 'success' || result.subtype === undefined ? 'api_error' : result.subtype;
  return state.lifecycle.error({ kind: 'error', message, fatal: true, code });
}

/**
 * Claude Code's note of how an interrupted run ended, in its `errors[]`
 * (2.1.100 on: `[ede_diagnostic] result_type=user last_content_type=n/a
 * stop_reason=null`, fixtures/claude/recorded/2.1.332/interrupted.jsonl;
 * quirk 21): the CLI's bookkeeping, not what went wrong.
 */
const DIAGNOSTIC = /^\[ede_diagnostic\]/;

/**
 * The fatal error of a failed result: `errors[]` joined, else `result`, else
 * the subtype. A run the user stopped (`terminal_reason` `aborted_*`) ends
 * cancelled, which says it all: its diagnostics are info notices, and only
 * an error or a `result` beside them is a fatal error.
 */
function failureEvents(state: ClaudeState, result: ClaudeResult): DisplayEvent[] {
  const errors = (result.errors ?? []).filter((error): error is string => typeof error === 'string' && error.trim() !== '');
  if (result.terminal_reason?.startsWith('aborted') !== true) {
    return fatalError(state, result, errors.length > 0 ? errors.join('\n') : result.result || `The run ended with ${result.subtype ?? 'an error'}`);
  }
  const notes: DisplayEvent[] = errors.filter((error) => DIAGNOSTIC.test(error)).map((message) => ({ kind: 'notice', level: 'info', message, code: 'diagnostic' }));
  const real = errors.filter((error) => !DIAGNOSTIC.test(error));
  const message = real.length > 0 ? real.join('\n') : result.result;
  return message ? [...notes, ...fatalError(state, result, message)] : notes;
}

/**
 * What the session end says: id, duration, turns (with those of the results
 * of queued turns read before it), and the text of the final message, which
 * `result.result` may hold only part of (quirks 4, 5).
 */
function endFields(state: ClaudeState, result: ClaudeResult, failed: boolean): SessionFields {
  const fields: SessionFields = {};
  const id = result.session_id ?? state.sessionId;
  if (id !== undefined) fields.sessionId = id;
  const { queued } = state;
  if (result.duration_ms !== undefined || queued.durationMs > 0) fields.durationMs = (result.duration_ms ?? 0) + queued.durationMs;
  if (result.num_turns !== undefined || queued.turns > 0) fields.turns = (result.num_turns ?? 0) + queued.turns;
  const finalResult = failed ? result.result : state.finalText.text.text || result.result;
  if (finalResult) fields.result = finalResult;
  return fields;
}

/**
 * A `result` line, the end of a turn: the answer as text when nothing was
 * streamed (`--output-format json` without `--verbose`), permission denials,
 * the error of a failed run, the turn's usage (cumulative), and the session
 * end with its status (`cancelled` for an aborted run). A result with no
 * session open first starts one.
 */
export function resultEvents(state: ClaudeState, result: ClaudeResult): DisplayEvent[] {
  state.sessionId ??= result.session_id;
  const events = ensureStarted(state);
  const failed = result.is_error === true || (result.subtype !== undefined && result.subtype !== 'success');
  if (!failed && !state.turnHadText && result.result) {
    const text: DisplayEvent = { kind: 'text', id: `result:${result.uuid ?? ++state.made}`, text: result.result };
    noteText(state, text, text.id);
    events.push(text);
  }
  events.push(...denialEvents(result));
  if (failed) events.push(...failureEvents(state, result));
  const used = resultUsage(result, state.model);
  if (used !== undefined) events.push(used);
  if (state.queued.owed > 0) {
    holdQueuedResult(state, result);
    return events;
  }
  const status: SessionStatus = result.terminal_reason?.startsWith('aborted') ? 'cancelled' : failed ? 'error' : 'success';
  events.push(...state.lifecycle.end(status, endFields(state, result, failed)));
  endTurn(state);
  state.queued = noQueuedTurns();
  return events;
}

/**
 * The result of one turn while the CLI still owes the result of a turn it
 * queued (2.1.200 and 2.1.332 print both results after the queued turn's
 * lines): the session goes on, and its end, at the last result, counts this
 * one's turns and time.
 */
function holdQueuedResult(state: ClaudeState, result: ClaudeResult): void {
  state.queued.owed -= 1;
  state.queued.turns += result.num_turns ?? 0;
  state.queued.durationMs += result.duration_ms ?? 0;
}
