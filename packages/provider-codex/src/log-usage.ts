import { isJsonObject, ownField } from '@x/core/provider-utils';

const FIELDS = ['input_tokens', 'cached_input_tokens', 'output_tokens', 'reasoning_output_tokens', 'total_tokens'] as const;

/** The counts of a `token_count` usage object that are numbers. */
export type TokenCounts = Partial<Record<(typeof FIELDS)[number], number>>;

/**
 * What a rollout's counts add up to across the `codex exec` processes that
 * wrote it. A count's `total_token_usage` is the running total of its
 * process; 0.55 and 0.63 start it over in a resumed run (`exec resume`), so
 * the totals of the earlier processes are kept here to be added to it. The
 * log source and the listing (session-head.ts) both read counts through it,
 * so that a row's tokens are the parse's.
 */
export interface RolloutUsage {
  /** The sum of the totals of the earlier processes. */
  base: TokenCounts | undefined;
  /** The last total read, of the current process. */
  shown: TokenCounts | undefined;
  /** That total as JSON: Codex writes the count again after each tool output. */
  key: string | undefined;
}

/** A fresh {@link RolloutUsage}. */
export function createRolloutUsage(): RolloutUsage {
  return { base: undefined, shown: undefined, key: undefined };
}

function countsOf(value: unknown): TokenCounts | undefined {
  if (!isJsonObject(value)) return undefined;
  const counts: TokenCounts = {};
  for (const field of FIELDS) {
    const count = value[field];
    if (typeof count === 'number' && Number.isFinite(count)) counts[field] = count;
  }
  return counts;
}

function sum(a: TokenCounts | undefined, b: TokenCounts): TokenCounts {
  const out: TokenCounts = {};
  for (const field of FIELDS) {
    const left = a?.[field];
    const right = b[field];
    if (left !== undefined || right !== undefined) out[field] = (left ?? 0) + (right ?? 0);
  }
  return out;
}

/**
 * The session's total after a count's `info`, or `undefined` when it holds
 * none or the same total again. A count whose total is its own response's
 * alone (`last_token_usage` the same), after an earlier one, is the first of
 * a process that started the total over (recorded 0.55.0 and 0.63.0,
 * scenario resumed): the earlier total becomes part of the base.
 */
export function nextSessionTotal(usage: RolloutUsage, info: unknown): TokenCounts | undefined {
  const raw = ownField(info, 'total_token_usage');
  const total = countsOf(raw);
  const key = JSON.stringify(raw);
  if (total === undefined || key === usage.key) return undefined;
  usage.key = key;
  if (usage.shown !== undefined && JSON.stringify(ownField(info, 'last_token_usage')) === key) usage.base = sum(usage.base, usage.shown);
  usage.shown = total;
  return usage.base === undefined ? total : sum(usage.base, total);
}
