import type { DisplayEvent, SessionDisplayEvent, SessionStatus, TextDisplayEvent } from './display-event.js';
import type { Diagnostic } from './source.js';
import { createDriftTracker, type DriftTracker, type RunDrift } from './drift.js';
import type { LineAccounting } from './line-accounting.js';
import { emptyAccounting } from './line-accounting.js';
import { capText, RUN_OUTCOME_MAX_ID_CHARS, RunCallList, type ToolCallCounts, type ToolCallOutcomeSummary } from './run-call-list.js';
import { createNoteList, createReasonCounter, type NoteList, type ReasonCounter } from './run-notes.js';
import { countVisible, createTurnState, turnsOf, type TurnState } from './run-turns.js';
import { createBoundedText, type BoundedText } from './text-assembler.js';
import { createUsageCounter, type UsageCounter, type UsageTotals } from './usage-totals.js';

export type { RunDrift } from './drift.js';
export type { UsageTotals } from './usage-totals.js';
export { RUN_OUTCOME_MAX_CALLS, RUN_OUTCOME_MAX_FILES, RUN_OUTCOME_MAX_ID_CHARS, type ToolCallCounts, type ToolCallOutcomeSummary } from './run-call-list.js';
export { RUN_OUTCOME_MAX_NOTE_CHARS, RUN_OUTCOME_MAX_NOTES, RUN_OUTCOME_MAX_REASONS } from './run-notes.js';
export { countTurns } from './run-turns.js';

/** The longest final message a {@link RunOutcome} keeps, in UTF-16 units (1 Mi: 2 MiB); the rest is counted in `omitted.finalMessageChars`. */
export const RUN_OUTCOME_MAX_MESSAGE_CHARS = 1024 * 1024;
/** What a {@link RunOutcome} left out to stay within its bounds (all zero for an ordinary run). */
export interface RunOutcomeOmissions {
  /** Calls past the first {@link RUN_OUTCOME_MAX_CALLS}, counted in `toolCallCounts` but not listed. */
  toolCalls: number;
  /** Touched files past the first thousand. */
  files: number;
  errors: number;
  warnings: number;
  /** Lines whose diagnostic reason was past the first {@link RUN_OUTCOME_MAX_REASONS} distinct ones. */
  reasons: number;
  /** `unknown` diagnostics whose reason was past the first {@link RUN_OUTCOME_MAX_REASONS} distinct ones (counted in `drift.unknownLines`). */
  unknown: number;
  /** UTF-16 units of the final message past {@link RUN_OUTCOME_MAX_MESSAGE_CHARS}. */
  finalMessageChars: number;
}

/** A provider-neutral summary of a run. */
export interface RunOutcome {
  sessionId: string | undefined;
  model: string | undefined;
  /** How the run ended; `incomplete` when no session end was seen. */
  status: SessionStatus;
  /** Whether a session end reported `status`; `false` when it is `incomplete` because none did. */
  statusReported: boolean;
  /** The final result text the provider reported, else the last text block. */
  finalMessage: string | undefined;
  /** The duration a session end reported (a finite number, 0 or more), else `undefined`. */
  durationMs: number | undefined;
  /**
   * How many turns the run had: one per prompt the person typed (a top-level
   * `prompt` event of form `prompt`), what came before the first prompt
   * belonging to the first turn, so a run with output and no prompt is one
   * turn ({@link countTurns}, docs/turns.md). The session end's own `turns`
   * is not used: what a provider calls a turn differs (Codex counts prompts,
   * Claude the model's rounds).
   */
  turns: number;
  /** The first {@link RUN_OUTCOME_MAX_CALLS} tool calls. */
  toolCalls: ToolCallOutcomeSummary[];
  /** Every tool call, listed or not (counted with `listCalls: false` too). */
  toolCallCounts: ToolCallCounts;
  files: { created: string[]; modified: string[]; deleted: string[] };
  usage: UsageTotals;
  errors: string[];
  warnings: string[];
  /** How every input line ended; lines that produced nothing are broken down by reason. */
  lines: LineAccounting & { reasons: Record<string, number> };
  /** What was left out to keep the outcome bounded by bytes (see docs/memory.md). */
  omitted: RunOutcomeOmissions;
  /** The version of the agent's CLI the stream named: that of the last session start naming one. */
  agentVersion: string | undefined;
  /** The newest CLI version the stream's source was tested with (`DisplayEventSource.testedUpTo`). */
  testedUpTo: string | undefined;
  /**
   * Lines of a kind the source does not know, by reason (`unknown message
   * type "foo"`): the `unknown` diagnostics only, at most
   * {@link RUN_OUTCOME_MAX_REASONS} reasons, the rest counted in `omitted.unknown`.
   */
  unknown: Record<string, number>;
  /**
   * The drift alarm's verdict: is `agentVersion` newer than `testedUpTo`, and
   * did anything unknown turn up. `undefined` when either version is missing
   * or cannot be ordered (a prerelease tag against another, not a version).
   */
  drift: RunDrift | undefined;
}

/** Builds a {@link RunOutcome} as events arrive. */
export interface RunAggregator {
  push(event: DisplayEvent): void;
  /** Counts a diagnostic's reason into `lines.reasons`, and an `unknown` one into `unknown`. */
  diagnose(diagnostic: Diagnostic): void;
  /** The turns opened so far (`RunOutcome.turns`), read without building an outcome: a renderer numbers its turn headings by it. */
  readonly turns: number;
  /** The outcome so far; `accounting` is the pipeline's line count, when there was one. */
  outcome(accounting?: LineAccounting): RunOutcome;
}

/** Options of {@link createRunAggregator}. */
export interface RunAggregatorOptions {
  /**
   * `false` keeps no list of tool calls and touched files, so that memory
   * stays flat however long the run: the outcome's `toolCalls` and `files`
   * are then empty, the rest (the calls' counts included) is the same. For
   * callers that need only the status, totals and final message, such as a
   * renderer's footer. Default `true`.
   */
  listCalls?: boolean | undefined;
  /** The source's `testedUpTo`, for the outcome's drift verdict; `runPipeline` passes its source's. */
  testedUpTo?: string | undefined;
}

/*
 * Events that crossed a process boundary may not have been validated (a
 * renderer is handed whatever its caller writes), so fields are checked for
 * their type before they are kept: a wrong one is skipped, never thrown on.
 */
function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function capped(value: unknown): string | undefined {
  return typeof value === 'string' ? capText(value, RUN_OUTCOME_MAX_ID_CHARS) : undefined;
}

/** The run's explicit state, one object. */
interface AggregatorState {
  sessionId: string | undefined;
  model: string | undefined;
  status: SessionStatus | undefined;
  result: string | undefined;
  resultDropped: number;
  durationMs: number | undefined;
  turns: TurnState;
  lastTextId: string | undefined;
  lastText: BoundedText;
  calls: RunCallList;
  usage: UsageCounter;
  errors: NoteList;
  warnings: NoteList;
  reasons: ReasonCounter;
  drift: DriftTracker;
}

function pushSession(state: AggregatorState, event: SessionDisplayEvent): void {
  state.drift.session(event);
  state.sessionId ??= capped(event.sessionId);
  state.model ??= capped(event.model);
  if (event.phase === 'start') state.usage.startSession(typeof event.sessionId === 'string' ? event.sessionId : undefined);
  if (event.phase !== 'end') return;
  if (event.status !== undefined) state.status = event.status;
  if (typeof event.result === 'string' && event.result !== '') {
    state.result = capText(event.result, RUN_OUTCOME_MAX_MESSAGE_CHARS);
    state.resultDropped = event.result.length - state.result.length;
  }
  const duration = event.durationMs;
  if (typeof duration === 'number' && Number.isFinite(duration) && duration >= 0) state.durationMs = duration;
}

function pushText(state: AggregatorState, event: TextDisplayEvent): void {
  const value = event.text;
  const parent = event.parentToolUseId;
  if (typeof value === 'string' && value !== '') countVisible(state.turns, parent);
  if (parent !== undefined) return;
  const id = event.id;
  if (id !== state.lastTextId) state.lastText.reset();
  state.lastTextId = id;
  state.lastText.append(typeof value === 'string' ? value : '');
}

/*
 * Each event's `kind` is read once, and each field once: events of every
 * kind meet here, so every property read is a lookup across all their
 * shapes (x-bench: most of the aggregator's time per event).
 */
function pushEvent(state: AggregatorState, event: DisplayEvent): void {
  const kind = event.kind;
  switch (kind) {
    case 'text':
      pushText(state, event);
      break;
    case 'reasoning': {
      const value = event.text;
      if (typeof value === 'string' && value !== '') countVisible(state.turns, event.parentToolUseId);
      break;
    }
    case 'tool-use':
      countVisible(state.turns, event.parentToolUseId);
      state.calls.use(event);
      break;
    case 'tool-result':
      countVisible(state.turns, event.parentToolUseId);
      state.calls.result(event);
      break;
    case 'usage':
      state.usage.add(event);
      state.model ??= capped(event.model);
      break;
    case 'session':
      pushSession(state, event);
      break;
    case 'error':
      countVisible(state.turns, event.parentToolUseId);
      state.errors.add(text(event.message));
      break;
    case 'notice':
      countVisible(state.turns, event.parentToolUseId);
      if (event.level === 'warning') state.warnings.add(text(event.message));
      break;
    case 'prompt':
      countVisible(state.turns, event.parentToolUseId, event.form);
      break;
  }
}

function outcomeOf(state: AggregatorState, accounting: LineAccounting | undefined): RunOutcome {
  const { calls, usage, lastText } = state;
  const { omittedUnknown, ...drift } = state.drift.facts();
  return {
    sessionId: state.sessionId,
    model: state.model,
    status: state.status ?? 'incomplete',
    statusReported: state.status !== undefined,
    finalMessage: state.result ?? (lastText.text === '' ? undefined : lastText.text),
    durationMs: state.durationMs,
    turns: turnsOf(state.turns),
    toolCalls: calls.list(),
    toolCallCounts: calls.counts(),
    files: calls.fileList(),
    usage: usage.totals(),
    errors: state.errors.items,
    warnings: state.warnings.items,
    lines: { ...(accounting ?? emptyAccounting()), reasons: state.reasons.counts() },
    omitted: {
      toolCalls: calls.omittedCalls(),
      files: calls.omittedFiles(),
      errors: state.errors.omitted,
      warnings: state.warnings.omitted,
      reasons: state.reasons.omitted,
      unknown: omittedUnknown,
      finalMessageChars: state.result !== undefined ? state.resultDropped : lastText.dropped,
    },
    ...drift,
  };
}

/**
 * Creates a {@link RunAggregator}. Everything it keeps is bounded by bytes
 * (docs/memory.md): no input can make it build a string or a list past the
 * `RUN_OUTCOME_MAX_*` limits, and what it leaves out is counted in `omitted`.
 */
export function createRunAggregator(options: RunAggregatorOptions = {}): RunAggregator {
  const state: AggregatorState = {
    sessionId: undefined,
    model: undefined,
    status: undefined,
    result: undefined,
    resultDropped: 0,
    durationMs: undefined,
    turns: createTurnState(),
    lastTextId: undefined,
    lastText: createBoundedText(RUN_OUTCOME_MAX_MESSAGE_CHARS),
    calls: new RunCallList(options.listCalls !== false),
    usage: createUsageCounter(),
    errors: createNoteList(),
    warnings: createNoteList(),
    reasons: createReasonCounter(),
    drift: createDriftTracker(options.testedUpTo),
  };
  return {
    push: (event) => pushEvent(state, event),
    diagnose(diagnostic) {
      state.drift.diagnose(diagnostic, state.reasons.add(diagnostic.reason));
    },
    outcome: (accounting) => outcomeOf(state, accounting),
    get turns() {
      return turnsOf(state.turns);
    },
  };
}

/** The {@link RunOutcome} of a whole run. */
export function aggregateRun(
  events: Iterable<DisplayEvent>,
  options: { accounting?: LineAccounting; diagnostics?: Iterable<Diagnostic>; testedUpTo?: string | undefined } = {},
): RunOutcome {
  const aggregator = createRunAggregator({ testedUpTo: options.testedUpTo });
  for (const event of events) aggregator.push(event);
  for (const diagnostic of options.diagnostics ?? []) aggregator.diagnose(diagnostic);
  return aggregator.outcome(options.accounting);
}
