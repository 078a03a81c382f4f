import type { UsageDisplayEvent } from './display-event.js';

/** The token fields of a usage event, in display order. */
export const USAGE_TOKEN_FIELDS = ['inputTokens', 'outputTokens', 'reasoningTokens', 'cacheReadTokens', 'cacheWriteTokens'] as const;

/** One of {@link USAGE_TOKEN_FIELDS}. */
export type UsageTokenField = (typeof USAGE_TOKEN_FIELDS)[number];

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
    startSession(sessionId) {
      if (state.started && sessionId !== undefined && sessionId === state.sessionId) return;
      state.started = true;
      state.sessionId = sessionId;
      state.baseline = { ...tokens };
      state.baselineCost = state.costUsd;
    },
  };
}
