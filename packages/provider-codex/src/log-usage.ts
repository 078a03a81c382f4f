import type { LegacyTokenUsage } from './wire-schema.js';

const FIELDS = ['input_tokens', 'cached_input_tokens', 'output_tokens', 'reasoning_output_tokens', 'total_tokens'] as const;

/**
 * What a rollout's counts add up to across the `codex exec` processes that
 * wrote it. A count's `total_token_usage` is the running total of its
 * process; 0.55 and 0.63 start it over in a resumed run (`exec resume`), so
 * the totals of the earlier processes are kept here to be added to it.
 */
export interface RolloutUsage {
  /** The sum of the totals of the earlier processes. */
  base: LegacyTokenUsage | undefined;
  /** The last total shown, of the current process. */
  shown: LegacyTokenUsage | undefined;
}

/** A fresh {@link RolloutUsage}. */
export function createRolloutUsage(): RolloutUsage {
  return { base: undefined, shown: undefined };
}

function sum(a: LegacyTokenUsage | undefined, b: LegacyTokenUsage): LegacyTokenUsage {
  const out: LegacyTokenUsage = {};
  for (const field of FIELDS) {
    const left = a?.[field];
    const right = b[field];
    if (left != null || right != null) out[field] = (left ?? 0) + (right ?? 0);
  }
  return out;
}

/**
 * The session's total after a new count. A count whose total is its own
 * response's alone (`last_token_usage` the same), after an earlier one, is
 * the first of a process that started the total over (recorded 0.55.0 and
 * 0.63.0, scenario resumed): the earlier total becomes part of the base.
 */
export function sessionTotal(usage: RolloutUsage, total: LegacyTokenUsage, restarted: boolean): LegacyTokenUsage {
  if (restarted && usage.shown !== undefined) usage.base = sum(usage.base, usage.shown);
  usage.shown = total;
  return usage.base === undefined ? total : sum(usage.base, total);
}
