import type { DisplayEvent, FileChange, SessionStatus, ToolResultEvent, UsageEvent } from './display-event.js';
import type { Diagnostic } from './source.js';
import type { LineAccounting } from './line-accounting.js';
import { createReasonTally, emptyAccounting } from './line-accounting.js';
import { summarizeToolResult } from './result-summary.js';
import { createUsageCounter } from './usage-totals.js';

/** One tool call in a {@link RunOutcome}. */
export interface ToolCallOutcomeSummary {
  id: string;
  name: string;
  arg: string;
  /** `unfinished` when the run ended before the call's result arrived. */
  status: 'success' | 'error' | 'unfinished';
  summary?: string;
  durationMs?: number;
}

/** Token and cost totals of a run. */
export interface UsageTotals {
  inputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  /** `undefined` when the provider reported no cost. */
  costUsd: number | undefined;
}

/** A provider-neutral summary of a run. */
export interface RunOutcome {
  sessionId: string | undefined;
  model: string | undefined;
  /** How the run ended; `incomplete` when no session end was seen. */
  status: SessionStatus;
  /** The final result text the provider reported, else the last text block. */
  finalMessage: string | undefined;
  durationMs: number | undefined;
  turns: number | undefined;
  toolCalls: ToolCallOutcomeSummary[];
  files: { created: string[]; modified: string[]; deleted: string[] };
  usage: UsageTotals;
  errors: string[];
  warnings: string[];
  /** How every input line ended; lines that produced nothing are broken down by reason. */
  lines: LineAccounting & { reasons: Record<string, number> };
}

/** Builds a {@link RunOutcome} as events arrive. */
export interface RunAggregator {
  push(event: DisplayEvent): void;
  /** Counts a diagnostic's reason into `lines.reasons`. */
  diagnose(diagnostic: Diagnostic): void;
  /** The outcome so far; `accounting` is the pipeline's line count, when there was one. */
  outcome(accounting?: LineAccounting): RunOutcome;
}

function fileChangesOf(result: ToolResultEvent): FileChange[] {
  if (result.details.changes !== undefined) return result.details.changes;
  const path = result.details.path;
  if (path === undefined || result.status !== 'success') return [];
  if (result.name === 'Write') return [{ path, change: 'created' }];
  if (result.toolKind === 'edit') return [{ path, change: 'modified' }];
  if (result.toolKind === 'delete') return [{ path, change: 'deleted' }];
  return [];
}

/** Options of {@link createRunAggregator}. */
export interface RunAggregatorOptions {
  /**
   * `false` keeps no record of tool calls and touched files, so that memory
   * stays flat however long the run: the outcome's `toolCalls` and `files`
   * are then empty, the rest is the same. For callers that need only the
   * status, totals and final message. Default `true`.
   */
  listCalls?: boolean | undefined;
}

/** Creates a {@link RunAggregator}. */
export function createRunAggregator(options: RunAggregatorOptions = {}): RunAggregator {
  const listCalls = options.listCalls !== false;
  let sessionId: string | undefined;
  let model: string | undefined;
  let status: SessionStatus | undefined;
  let result: string | undefined;
  let durationMs: number | undefined;
  let turns: number | undefined;
  let lastTextId: string | undefined;
  let lastText = '';
  const calls = new Map<string, ToolCallOutcomeSummary>();
  const files = new Map<string, FileChange['change']>();
  const usage = createUsageCounter();
  const errors: string[] = [];
  const warnings: string[] = [];
  const reasons = createReasonTally();

  const addUsage = (event: UsageEvent) => {
    usage.add(event);
    if (event.model !== undefined) model ??= event.model;
  };

  return {
    push(event) {
      switch (event.kind) {
        case 'text':
          if (event.parentToolUseId !== undefined) break;
          if (event.id !== lastTextId) lastText = '';
          lastTextId = event.id;
          lastText += event.text;
          break;
        case 'tool-use':
          if (listCalls) calls.set(event.id, { id: event.id, name: event.name, arg: event.arg, status: 'unfinished' });
          break;
        case 'tool-result': {
          if (!listCalls) break;
          const call = calls.get(event.id) ?? { id: event.id, name: event.name, arg: '', status: 'unfinished' };
          call.status = event.status;
          call.summary = summarizeToolResult(event);
          if (event.details.durationMs !== undefined) call.durationMs = event.details.durationMs;
          calls.set(event.id, call);
          for (const change of fileChangesOf(event)) {
            const before = files.get(change.path);
            // A file created earlier in the run and edited later is still new.
            if (!(before === 'created' && change.change === 'modified')) files.set(change.path, change.change);
          }
          break;
        }
        case 'usage':
          addUsage(event);
          break;
        case 'session':
          if (event.sessionId !== undefined) sessionId ??= event.sessionId;
          if (event.model !== undefined) model ??= event.model;
          if (event.phase === 'end') {
            if (event.status !== undefined) status = event.status;
            if (event.result !== undefined && event.result !== '') result = event.result;
            if (event.durationMs !== undefined) durationMs = event.durationMs;
            if (event.turns !== undefined) turns = event.turns;
          }
          break;
        case 'error':
          errors.push(event.message);
          break;
        case 'notice':
          if (event.level === 'warning') warnings.push(event.message);
          break;
      }
    },
    diagnose(diagnostic) {
      reasons.add(diagnostic.reason);
    },
    outcome(accounting) {
      const byChange = (change: FileChange['change']) =>
        [...files].filter(([, c]) => c === change || (change === 'modified' && c === 'moved')).map(([path]) => path);
      return {
        sessionId,
        model,
        status: status ?? 'incomplete',
        finalMessage: result ?? (lastText === '' ? undefined : lastText),
        durationMs,
        turns,
        toolCalls: [...calls.values()].map((call) => ({ ...call })),
        files: { created: byChange('created'), modified: byChange('modified'), deleted: byChange('deleted') },
        usage: {
          inputTokens: usage.tokens.inputTokens ?? 0,
          outputTokens: usage.tokens.outputTokens ?? 0,
          reasoningTokens: usage.tokens.reasoningTokens ?? 0,
          cacheReadTokens: usage.tokens.cacheReadTokens ?? 0,
          cacheWriteTokens: usage.tokens.cacheWriteTokens ?? 0,
          costUsd: usage.costUsd,
        },
        errors: [...errors],
        warnings: [...warnings],
        lines: { ...(accounting ?? emptyAccounting()), reasons: reasons.counts() },
      };
    },
  };
}

/** The {@link RunOutcome} of a whole run. */
export function aggregateRun(events: Iterable<DisplayEvent>, options: { accounting?: LineAccounting; diagnostics?: Iterable<Diagnostic> } = {}): RunOutcome {
  const aggregator = createRunAggregator();
  for (const event of events) aggregator.push(event);
  for (const diagnostic of options.diagnostics ?? []) aggregator.diagnose(diagnostic);
  return aggregator.outcome(options.accounting);
}
