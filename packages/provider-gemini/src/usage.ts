import type { UsageDisplayEvent } from '@x/core';
import { numberField, objectField, type JsonObject } from '@x/core/provider-utils';

/**
 * The model that served most tokens. Gemini routes a run through several
 * models (a flash-lite classifier beside the model that answers); the stats
 * name them only as keys of `models`.
 */
function mainModel(models: JsonObject | undefined, totalOf: (model: unknown) => number | undefined): string | undefined {
  if (models === undefined) return undefined;
  let best: string | undefined;
  let bestTotal = -1;
  for (const name of Object.keys(models)) {
    const total = totalOf(models[name]) ?? 0;
    if (total > bestTotal) {
      best = name;
      bestTotal = total;
    }
  }
  return best === undefined ? undefined : best;
}

const COUNT_FIELDS = ['inputTokens', 'outputTokens', 'reasoningTokens', 'cacheReadTokens'] as const;

type Counts = { [field in (typeof COUNT_FIELDS)[number]]?: number | undefined };

/**
 * A run-total usage event, or `undefined` when the stats hold no count at all.
 * The per-model stats, which only Gemini reports, go under
 * `providerMetadata.gemini.models` as the stats give them.
 */
function usageEvent(model: string | undefined, counts: Counts, models: JsonObject | undefined): UsageDisplayEvent | undefined {
  const event: UsageDisplayEvent = { kind: 'usage', cumulative: true };
  if (model !== undefined) event.model = model;
  if (models !== undefined) event.providerMetadata = { gemini: { models } };
  let any = false;
  for (const field of COUNT_FIELDS) {
    const value = counts[field];
    if (value === undefined) continue;
    event[field] = value;
    any = true;
  }
  return any ? event : undefined;
}

/**
 * The run's usage from a stream-json `result.stats`, whichever version wrote
 * it (quirk 2: `cached` and `input` since v0.22.0, `models` since v0.34.0).
 * `inputTokens` is Gemini's prompt count, which includes the cached tokens
 * also given as `cacheReadTokens`. Thought tokens are not broken out in this
 * format (quirk 1), so `reasoningTokens` stays unset.
 */
export function streamStatsUsage(stats: unknown): UsageDisplayEvent | undefined {
  const models = objectField(stats, 'models');
  const counts = {
    inputTokens: numberField(stats, 'input_tokens'),
    outputTokens: numberField(stats, 'output_tokens'),
    cacheReadTokens: numberField(stats, 'cached'),
  };
  return usageEvent(
    mainModel(models, (model) => numberField(model, 'total_tokens')),
    counts,
    models,
  );
}

function sum(total: number | undefined, value: number | undefined): number | undefined {
  return value === undefined ? total : (total ?? 0) + value;
}

/**
 * The run's usage from the `SessionMetrics` of `--output-format json`, summed
 * over models: `prompt` as input (cached included), `candidates` as output,
 * `cached` as cache reads and `thoughts` as reasoning.
 */
export function sessionMetricsUsage(stats: unknown): UsageDisplayEvent | undefined {
  const models = objectField(stats, 'models');
  if (models === undefined) return undefined;
  let input: number | undefined;
  let output: number | undefined;
  let cached: number | undefined;
  let thoughts: number | undefined;
  for (const name of Object.keys(models)) {
    const tokens = objectField(models[name], 'tokens');
    input = sum(input, numberField(tokens, 'prompt'));
    output = sum(output, numberField(tokens, 'candidates'));
    cached = sum(cached, numberField(tokens, 'cached'));
    thoughts = sum(thoughts, numberField(tokens, 'thoughts'));
  }
  return usageEvent(
    mainModel(models, (model) => numberField(objectField(model, 'tokens'), 'total')),
    {
      inputTokens: input,
      outputTokens: output,
      reasoningTokens: thoughts,
      cacheReadTokens: cached,
    },
    models,
  );
}
