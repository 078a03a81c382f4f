import type { DisplayEvent, ErrorDisplayEvent, SessionStatus, UsageDisplayEvent } from '@x/core';
import { nonEmpty } from './fields.js';
import { copilotMetadata, type CopilotRunFigures } from './metadata.js';
import type { CopilotState } from './state.js';
import type { CopilotResultLine } from './wire-schema.js';

/** What a session end says besides its status and the state's id and turns. */
export interface SessionEndFields {
  model: string | undefined;
  durationMs?: number | undefined;
  /** What only Copilot reports about the run (`providerMetadata.copilot`). */
  metadata?: Record<string, unknown> | undefined;
}

/**
 * The run's usage: the summed `assistant.message.outputTokens` (when any
 * message carried them: quirk 1) and, from the `result` line, the premium
 * requests and API time under `providerMetadata.copilot`. `cumulative`: the
 * session's total so far.
 */
function usageEvent(state: CopilotState, figures: CopilotRunFigures): UsageDisplayEvent | undefined {
  const metadata = copilotMetadata(figures, ['premiumRequests', 'totalApiDurationMs']);
  if (state.outputTokens === undefined && metadata === undefined) return undefined;
  const event: UsageDisplayEvent = { kind: 'usage', cumulative: true };
  if (state.outputTokens !== undefined) event.outputTokens = state.outputTokens;
  if (state.model !== undefined) event.model = state.model;
  if (metadata !== undefined) event.providerMetadata = { copilot: metadata };
  return event;
}

/** The session end (with its start first when none came), and the run's counts start afresh. */
export function endSession(state: CopilotState, status: SessionStatus, fields: SessionEndFields): DisplayEvent[] {
  state.outputTokens = undefined;
  return state.session.end(status, {
    sessionId: state.sessionId,
    model: fields.model,
    durationMs: fields.durationMs,
    turns: state.turns > 0 ? state.turns : undefined,
    providerMetadata: fields.metadata === undefined ? undefined : { copilot: fields.metadata },
  });
}

/** The error of a run that exited non-zero or reported failure. */
function exitError(exitCode: number | undefined): ErrorDisplayEvent {
  if (exitCode === undefined) return { kind: 'error', message: 'Copilot reported failure', fatal: true };
  return { kind: 'error', message: `Copilot exited with code ${exitCode}`, fatal: true, code: String(exitCode) };
}

/**
 * The `result` line, written at exit: an error for a failed exit (unless a
 * `session.error` or an `abort` explained it), the run's usage, and the
 * session end with its duration, turns, premium requests and code changes.
 */
export function resultEvents(state: CopilotState, line: CopilotResultLine): DisplayEvent[] {
  state.sessionId = nonEmpty(line.sessionId) ?? state.sessionId;
  // A result with no session start before it still ends a session that has one.
  const events = state.session.open ? [] : state.session.start({ sessionId: state.sessionId });
  const exitCode = line.exitCode;
  const failed = exitCode !== undefined ? exitCode !== 0 : line.success === false;
  if (failed && !state.fatalError && !state.aborted) events.push(...state.session.error(exitError(exitCode)));
  const status: SessionStatus = state.aborted ? 'cancelled' : failed || (state.fatalError && exitCode === undefined) ? 'error' : 'success';
  const figures = line.usage ?? {};
  const usage = usageEvent(state, figures);
  if (usage !== undefined) events.push(usage);
  const metadata = copilotMetadata(figures, ['premiumRequests', 'codeChanges']);
  events.push(...endSession(state, status, { model: state.model, durationMs: figures.sessionDurationMs, metadata }));
  return events;
}

/**
 * At the end of the stream: a session still open (killed before its `result`
 * line: quirk 8) ends incomplete, or cancelled when the run was aborted (an
 * interrupted CLI may exit before its result: quirk 11); `status`, when the
 * caller knows how such a session ended (a log of a version that writes no
 * shutdown), ends it so instead.
 */
export function flushEvents(state: CopilotState, status?: SessionStatus): DisplayEvent[] {
  const usage = usageEvent(state, {});
  const events: DisplayEvent[] = usage === undefined ? [] : [usage];
  if (state.session.open) events.push(...endSession(state, status ?? (state.aborted ? 'cancelled' : 'incomplete'), { model: state.model }));
  return events;
}
