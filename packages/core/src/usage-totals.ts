import type { UsageDisplayEvent } from './display-event.js';

/** The token fields of a usage event, in display order. */
export const USAGE_TOKEN_FIELDS = ['inputTokens', 'outputTokens', 'reasoningTokens', 'cacheReadTokens', 'cacheWriteTokens'] as const;

/** One of {@link USAGE_TOKEN_FIELDS}. */
export type UsageTokenField = (typeof USAGE_TOKEN_FIELDS)[number];

/** Token and cost totals of a run. */
export interface UsageTotals {
  inputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  /** `undefined` when the provider reported no cost. */
  costUsd: number | undefined;
  /**
   * The token counts some usage event reported, in {@link USAGE_TOKEN_FIELDS}
   * order. A count not listed reads 0 above but is unknown: a provider that
   * reports only output tokens did not read nothing.
   */
  reported: UsageTokenField[];
}

/** Running usage totals; a field no event reported stays `undefined`. */
export interface UsageCounter {
  add(event: UsageDisplayEvent): void;
  /**
   * A session starts (call it with every `session` start event): the totals
   * so far become the baseline that the new session's cumulative events add
   * to, so concatenated runs add up instead of the last one replacing the
   * rest. A start naming the session already in progress (a resumed run
   * re-announcing its id) keeps the baseline, since its cumulative totals
   * already include what came before.
   */
  startSession(sessionId?: string | undefined): void;
  readonly tokens: Readonly<Partial<Record<UsageTokenField, number>>>;
  readonly costUsd: number | undefined;
  /** The totals as a run's outcome reports them: a count no event reported reads 0 and is left out of `reported`. */
  totals(): UsageTotals;
}

function finite(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** What a {@link UsageCounter} keeps besides its live `tokens`. */
interface CounterState {
  /** The totals when the current session started: what its cumulative events add to. */
  baseline: Partial<Record<UsageTokenField, number>>;
  baselineCost: number | undefined;
  costUsd: number | undefined;
  sessionId: string | undefined;
  started: boolean;
}

/**
 * Adds usage events up the one way every consumer must: an event with
 * `cumulative: true` restates the total of its session so far (replace the
 * session's part), any other adds to it, so a provider that repeats its totals
 * is never counted twice. Sessions add up: see {@link UsageCounter.startSession}.
 * Values that are not finite numbers are skipped (events may have crossed a
 * process boundary unvalidated).
 */
export function createUsageCounter(): UsageCounter {
  const tokens: Partial<Record<UsageTokenField, number>> = {};
  const state: CounterState = {
    baseline: {},
    baselineCost: undefined,
    costUsd: undefined,
    sessionId: undefined,
    started: false,
  };
  return {
    tokens,
    get costUsd() {
      return state.costUsd;
    },
    add(event) {
      for (const field of USAGE_TOKEN_FIELDS) {
        const value = event[field];
        if (!finite(value)) continue;
        const base = event.cumulative ? state.baseline[field] : tokens[field];
        tokens[field] = (base ?? 0) + value;
      }
      if (finite(event.costUsd)) {
        const base = event.cumulative ? state.baselineCost : state.costUsd;
        state.costUsd = (base ?? 0) + event.costUsd;
      }
    },
    totals: () => ({
      inputTokens: tokens.inputTokens ?? 0,
      outputTokens: tokens.outputTokens ?? 0,
      reasoningTokens: tokens.reasoningTokens ?? 0,
      cacheReadTokens: tokens.cacheReadTokens ?? 0,
      cacheWriteTokens: tokens.cacheWriteTokens ?? 0,
      costUsd: state.costUsd,
      reported: USAGE_TOKEN_FIELDS.filter((field) => tokens[field] !== undefined),
    }),
    startSession(sessionId) {
      if (state.started && sessionId !== undefined && sessionId === state.sessionId) return;
      state.started = true;
      state.sessionId = sessionId;
      state.baseline = { ...tokens };
      state.baselineCost = state.costUsd;
    },
  };
}
