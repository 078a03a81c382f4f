import type { UsageEvent } from './display-event.js';

/** The token fields of a usage event, in display order. */
export const USAGE_TOKEN_FIELDS = ['inputTokens', 'outputTokens', 'reasoningTokens', 'cacheReadTokens', 'cacheWriteTokens'] as const;

/** One of {@link USAGE_TOKEN_FIELDS}. */
export type UsageTokenField = (typeof USAGE_TOKEN_FIELDS)[number];

/** Running usage totals; a field no event reported stays `undefined`. */
export interface UsageCounter {
  add(event: UsageEvent): void;
  readonly tokens: Readonly<Partial<Record<UsageTokenField, number>>>;
  readonly costUsd: number | undefined;
}

function finite(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * Adds usage events up the one way every consumer must: an event with
 * `cumulative: true` restates the total so far (replace), any other adds to
 * it, so a provider that repeats its totals is never counted twice. Values
 * that are not finite numbers are skipped (events may have crossed a process
 * boundary unvalidated).
 */
export function createUsageCounter(): UsageCounter {
  const tokens: Partial<Record<UsageTokenField, number>> = {};
  let costUsd: number | undefined;
  return {
    tokens,
    get costUsd() {
      return costUsd;
    },
    add(event) {
      for (const field of USAGE_TOKEN_FIELDS) {
        const value = event[field];
        if (!finite(value)) continue;
        tokens[field] = event.cumulative ? value : (tokens[field] ?? 0) + value;
      }
      if (finite(event.costUsd)) costUsd = event.cumulative ? event.costUsd : (costUsd ?? 0) + event.costUsd;
    },
  };
}
