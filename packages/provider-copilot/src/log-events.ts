import type { DisplayEvent, LineContext, NoticeDisplayEvent, SessionStatus, UsageDisplayEvent } from '@x/core';
import { compactKey, compactionNotice, compareVersions, numberField, stringField } from '@x/core/provider-utils';
import { copilotMetadata, definedFields } from './metadata.js';
import { endSession } from './result-events.js';
import { sessionStart } from './session-events.js';
import type { CopilotState } from './state.js';
import type { CopilotLogData } from './log-wire-schema.js';
import type { CopilotData } from './wire-schema.js';

type Shutdown = CopilotLogData<'session.shutdown'>;

/** Persisted types that show nothing in a log, with the reason a diagnostic gives. */
export const LOG_IGNORED: ReadonlyMap<string, string> = new Map([
  ['hook.start', 'hook run (hooks are not shown)'],
  ['hook.end', 'hook run (hooks are not shown)'],
  ['hook.progress', 'hook run (hooks are not shown)'],
  ['system.message', 'system prompt'],
  ['session.model_change', 'model change (later turns name the new model)'],
  ['session.compaction_start', 'compaction started (its marker comes when it completes)'],
  ['assistant.usage', 'per-call usage (the totals come from session.shutdown)'],
]);

const TOKEN_FIELDS = ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheWriteTokens'] as const;

/** `session.start` in a log: as on stdout, plus the git branch the log records. */
export function logSessionStart(state: CopilotState, data: CopilotData<'session.start'>, context: LineContext): DisplayEvent[] {
  const events = sessionStart(state, data, context);
  const branch = data.context?.branch;
  for (const event of events) if (event.kind === 'session' && branch !== undefined && branch !== '') event.gitBranch = branch;
  return events;
}

/** `user.message`: the prompt as typed (`transformedContent`, with injected context, is not shown). */
export function userMessage(data: CopilotLogData<'user.message'>, id: string | undefined, context: LineContext): DisplayEvent[] {
  if (data.content === undefined) {
    context.ignore("the user's prompt, without content");
    return [];
  }
  const prompt: DisplayEvent = { kind: 'prompt', form: 'prompt', text: data.content };
  if (id !== undefined) prompt.id = id;
  return [prompt];
}

/** `session.compaction_complete`: a marker where the conversation was compacted, with its trigger and token counts (1.0.102). */
export function compactionComplete(data: CopilotLogData<'session.compaction_complete'>): DisplayEvent[] {
  if (data.success === false) return [{ kind: 'notice', level: 'warning', code: 'compaction', message: 'Compaction failed' }];
  return [compactionNotice({ trigger: stringField(data, 'trigger'), tokensBefore: numberField(data, 'preCompactionTokens'), tokensAfter: numberField(data, 'postCompactionTokens') })];
}

/** The first recorded version whose log ends a prompt-mode run with `session.shutdown` (1.0.12 does, 1.0.7 and 0.0.423 never do; the versions between 1.0.7 and 1.0.12 are untried). */
const SHUTDOWN_SINCE = '1.0.12';

/**
 * How a log that ends with no shutdown ended, where its lines tell:
 * Copilot CLI 0.0.423 and 1.0.7 write no `session.shutdown` in prompt mode
 * however the run ends (fixtures/copilot-log/recorded/0.0.423 and 1.0.7,
 * every scenario), so for a session whose `copilotVersion` is before
 * {@link SHUTDOWN_SINCE} a log whose last top-level turn ended is a
 * finished run: `error` after a fatal `session.error`, `cancelled` after an
 * abort, else `success`. A turn
 * still open is a run killed mid-turn, and a later version's log with no
 * shutdown crashed or is still being written: `undefined`, left incomplete.
 */
export function endWithoutShutdown(state: CopilotState): SessionStatus | undefined {
  const version = state.copilotVersion;
  if (version === undefined || (compareVersions(version, SHUTDOWN_SINCE) ?? 0) >= 0 || state.turnOpen) return undefined;
  if (state.fatalError) return 'error';
  return state.aborted ? 'cancelled' : 'success';
}

/** The first recorded version whose resumed shutdown restates the totals with no `accountingSnapshot` (1.0.62 does not). */
const RESTATES_FROM = '1.0.70';

/** Whether `version` is {@link RESTATES_FROM} or later; `false` when it is not a version. */
function restatingVersion(version: string | undefined): boolean {
  return version !== undefined && (compareVersions(version, RESTATES_FROM) ?? -1) >= 0;
}

/**
 * Whether a shutdown's `modelMetrics` restate the session's totals since its
 * start rather than its own run's. Recorded: Copilot CLI 1.0.102 writes an
 * `accountingSnapshot` and, resumed, a second shutdown whose counts include
 * the first run's (requests 1 then 2, input 1,501 then 3,003); 1.0.70, 1.0.80
 * and 1.0.92 restate them the same way with no `accountingSnapshot`, so the
 * session's `copilotVersion` tells; 1.0.62 and earlier write none, and each
 * shutdown counts its own run (requests 1 and 1).
 * fixtures/copilot-log/recorded/<version>/resumed.
 */
export function restatesTotals(data: { accountingSnapshot?: unknown }, copilotVersion: string | undefined): boolean {
  return data.accountingSnapshot !== undefined || restatingVersion(copilotVersion);
}

/** What a restating shutdown adds to the totals restated before it, per model; the totals are kept for the next. */
function beyondRestated(state: CopilotState, data: Shutdown, model: string, usage: Partial<Record<string, number>>): Partial<Record<string, number>> {
  const totals = state.shutdownTotals;
  if (!restatesTotals(data, state.copilotVersion)) return usage;
  if (totals.since !== data.sessionStartTime) {
    totals.since = data.sessionStartTime;
    totals.byModel.clear();
  }
  const key = compactKey(model);
  const before = totals.byModel.get(key) ?? {};
  totals.byModel.set(key, { ...usage });
  const added: Partial<Record<string, number>> = {};
  for (const [field, value] of Object.entries(usage)) if (value !== undefined) added[field] = Math.max(0, value - (before[field] ?? 0));
  return added;
}

/**
 * Usage per model of `modelMetrics`: increments (`cumulative: false`) that
 * together are the session's total; each model's request count and cost
 * (premium-request multiplier) under `providerMetadata.copilot.requests`.
 */
function modelUsage(state: CopilotState, data: Shutdown): UsageDisplayEvent[] {
  const events: UsageDisplayEvent[] = [];
  for (const [model, entry] of Object.entries(data.modelMetrics ?? {})) {
    if (entry?.usage === undefined) continue;
    const event: UsageDisplayEvent = { kind: 'usage', cumulative: false, model };
    const usage = beyondRestated(state, data, model, entry.usage);
    for (const field of TOKEN_FIELDS) {
      const value = usage[field];
      if (value !== undefined) event[field] = value;
    }
    const requests = definedFields(entry.requests ?? {});
    if (Object.keys(requests).length > 0) event.providerMetadata = { copilot: { requests } };
    events.push(event);
  }
  return events;
}

/** A notice that says what the session cost and changed, as Copilot's own summary does. */
function shutdownNotice(data: Shutdown): NoticeDisplayEvent | undefined {
  const parts: string[] = [];
  if (data.totalPremiumRequests !== undefined) parts.push(`${data.totalPremiumRequests} premium request(s)`);
  const changes = data.codeChanges;
  if (changes?.linesAdded !== undefined || changes?.linesRemoved !== undefined) {
    const files = changes.filesModified === undefined ? '' : ` in ${changes.filesModified.length} file(s)`;
    parts.push(`code changes +${changes.linesAdded ?? 0} -${changes.linesRemoved ?? 0}${files}`);
  }
  if (parts.length === 0) return undefined;
  return { kind: 'notice', level: 'info', code: 'shutdown', message: `Session ended: ${parts.join(', ')}` };
}

/**
 * How a shutdown ends the session: `cancelled` after an abort, or when it
 * comes in the middle of a turn (1.0.20 on Ctrl-C writes a routine shutdown
 * after a `turn_start` with no `turn_end` and no abort: recorded in
 * fixtures/copilot-log/recorded/1.0.20/interrupted/), `error` after a fatal
 * error or `shutdownType: "error"`, else `success`.
 */
function shutdownStatus(state: CopilotState, data: Shutdown): SessionStatus {
  if (state.aborted) return 'cancelled';
  if (state.fatalError || data.shutdownType === 'error') return 'error';
  return state.turnOpen ? 'cancelled' : 'success';
}

/**
 * `session.shutdown`: usage per model, the summary notice, and the session
 * end ({@link shutdownStatus}; duration from `sessionStartTime`; premium requests, API
 * time and code changes under `providerMetadata.copilot`).
 */
export function shutdown(state: CopilotState, data: Shutdown, timestamp: string | undefined): DisplayEvent[] {
  const events: DisplayEvent[] = [...modelUsage(state, data)];
  const notice = shutdownNotice(data);
  if (notice !== undefined) events.push(notice);
  const status = shutdownStatus(state, data);
  const started = data.sessionStartTime;
  const stopped = timestamp === undefined ? Number.NaN : Date.parse(timestamp);
  const durationMs = started !== undefined && stopped >= started ? stopped - started : undefined;
  const figures = { premiumRequests: data.totalPremiumRequests, totalApiDurationMs: data.totalApiDurationMs, codeChanges: data.codeChanges };
  const metadata = copilotMetadata(figures, ['premiumRequests', 'totalApiDurationMs', 'codeChanges']);
  events.push(...endSession(state, status, { model: data.currentModel, durationMs, metadata }));
  return events;
}
