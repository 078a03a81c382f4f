import { type UsageDisplayEvent } from '@x/core';
import { isJsonObject, numberField, objectField, type JsonObject } from '@x/core/provider-utils';
import type { ClaudeResult } from './wire-schema.js';

type Counts = Pick<UsageDisplayEvent, 'inputTokens' | 'outputTokens' | 'reasoningTokens' | 'cacheReadTokens' | 'cacheWriteTokens'>;

/**
 * The Anthropic API counts cache reads and writes apart from `input_tokens`;
 * @x counts every input token in `inputTokens` (see `UsageDisplayEvent`).
 */
function withCachedInput(counts: Counts): Counts {
  if (counts.inputTokens === undefined && counts.cacheReadTokens === undefined && counts.cacheWriteTokens === undefined) return counts;
  return { ...counts, inputTokens: (counts.inputTokens ?? 0) + (counts.cacheReadTokens ?? 0) + (counts.cacheWriteTokens ?? 0) };
}

/** API `Usage` (snake case) as display counts. */
function apiUsageCounts(usage: unknown): Counts {
  const counts: Counts = {};
  const input = numberField(usage, 'input_tokens');
  const output = numberField(usage, 'output_tokens');
  const cacheRead = numberField(usage, 'cache_read_input_tokens');
  const cacheWrite = numberField(usage, 'cache_creation_input_tokens');
  const reasoning = numberField(objectField(usage, 'output_tokens_details'), 'thinking_tokens');
  if (input !== undefined) counts.inputTokens = input;
  if (output !== undefined) counts.outputTokens = output;
  if (cacheRead !== undefined) counts.cacheReadTokens = cacheRead;
  if (cacheWrite !== undefined) counts.cacheWriteTokens = cacheWrite;
  if (reasoning !== undefined) counts.reasoningTokens = reasoning;
  return withCachedInput(counts);
}

const MODEL_USAGE_FIELDS = [
  ['inputTokens', 'inputTokens'],
  ['outputTokens', 'outputTokens'],
  ['cacheReadInputTokens', 'cacheReadTokens'],
  ['cacheCreationInputTokens', 'cacheWriteTokens'],
  ['thinkingTokens', 'reasoningTokens'],
] as const;

/** `modelUsage` summed over its models, or `undefined` when it holds none. */
function modelUsageCounts(modelUsage: Record<string, unknown>): Counts | undefined {
  const counts: Counts = {};
  let any = false;
  for (const perModel of Object.values(modelUsage)) {
    if (!isJsonObject(perModel)) continue;
    any = true;
    for (const [wire, field] of MODEL_USAGE_FIELDS) {
      const value = numberField(perModel, wire);
      if (value !== undefined) counts[field] = (counts[field] ?? 0) + value;
    }
  }
  return any ? withCachedInput(counts) : undefined;
}

/** The numeric fields of the Agent SDK's `ModelUsage`, one object per model of `result.modelUsage`. */
const MODEL_USAGE_METADATA_FIELDS = [
  'inputTokens',
  'outputTokens',
  'cacheReadInputTokens',
  'cacheCreationInputTokens',
  'thinkingTokens',
  'webSearchRequests',
  'costUSD',
  'contextWindow',
  'maxOutputTokens',
] as const;

/**
 * `result.modelUsage` as the SDK types it: per model, the known numeric fields
 * only (a field a later version adds is not carried blindly). `undefined` when
 * no model has any.
 */
function modelUsageMetadata(modelUsage: JsonObject): Record<string, Record<string, number>> | undefined {
  const out: Record<string, Record<string, number>> = {};
  for (const [model, value] of Object.entries(modelUsage)) {
    if (model === '__proto__') continue;
    const fields: Record<string, number> = {};
    for (const field of MODEL_USAGE_METADATA_FIELDS) {
      const n = numberField(value, field);
      if (n !== undefined) fields[field] = n;
    }
    if (Object.keys(fields).length > 0) out[model] = fields;
  }
  return Object.keys(out).length === 0 ? undefined : out;
}

/**
 * The usage a `result` reports, as one cumulative event: `modelUsage` summed
 * over models (it covers subagents and helper calls, and is cumulative across
 * the turns of a stream-input session), else `usage` (main loop only), and the
 * cost from `total_cost_usd ?? total_cost ?? cost_usd` (claude.md quirk 1; the
 * cost is cumulative too, quirk 3). `undefined` when the result reports none.
 * The per-model figures themselves (tokens, cost, context window of each
 * model), which only Claude reports, go under `providerMetadata.claude.modelUsage`.
 */
export function resultUsage(result: ClaudeResult, model: string | undefined): UsageDisplayEvent | undefined {
  const modelUsage = isJsonObject(result.modelUsage) ? result.modelUsage : undefined;
  const counts = (modelUsage && modelUsageCounts(modelUsage)) ?? apiUsageCounts(result.usage);
  const costUsd = result.total_cost_usd ?? result.total_cost ?? result.cost_usd;
  if (Object.keys(counts).length === 0 && costUsd === undefined) return undefined;
  const event: UsageDisplayEvent = { kind: 'usage', cumulative: true };
  const firstModel = modelUsage ? Object.keys(modelUsage)[0] : undefined;
  const eventModel = model ?? firstModel;
  if (eventModel !== undefined) event.model = eventModel;
  Object.assign(event, counts);
  if (costUsd !== undefined) event.costUsd = costUsd;
  const perModel = modelUsage && modelUsageMetadata(modelUsage);
  if (perModel !== undefined) event.providerMetadata = { claude: { modelUsage: perModel } };
  return event;
}

interface MessageUsage {
  messageId: string;
  model: string | undefined;
  parentToolUseId: string | undefined;
  counts: Counts;
}

/**
 * Per-message usage for a stream that ends without its `result`. Claude Code
 * repeats a message's usage on every line of that message (one line per
 * content block, claude.md quirk 7), so it keeps the latest usage of the
 * message in progress on each thread and folds it into the totals once, when
 * the thread's next message starts. Memory stays flat: one entry per thread
 * and one total per model and thread.
 */
export interface UsageCollector {
  /** The usage of a message's line (`message.usage`); replaces the message's earlier figures. */
  record(messageId: string, usage: unknown, model: string | undefined, parentToolUseId: string | undefined): void;
  /** The final output count from a `message_delta` stream event. */
  recordDelta(messageId: string, usage: unknown, parentToolUseId: string | undefined): void;
  /** Forgets everything: a `result` restates the totals. */
  reset(): void;
  /** One increment per model and thread, for `flush`. */
  events(): UsageDisplayEvent[];
}

const threadKey = (parentToolUseId: string | undefined) => parentToolUseId ?? '';

function addCounts(into: Counts, from: Counts): void {
  for (const key of Object.keys(from) as (keyof Counts)[]) into[key] = (into[key] ?? 0) + (from[key] ?? 0);
}

/** Creates a {@link UsageCollector}. */
export function createUsageCollector(): UsageCollector {
  const current = new Map<string, MessageUsage>();
  const totals = new Map<string, { model: string | undefined; parentToolUseId: string | undefined; counts: Counts }>();

  const settle = (entry: MessageUsage) => {
    const key = `${threadKey(entry.parentToolUseId)}\u0000${entry.model ?? ''}`;
    const total = totals.get(key) ?? { model: entry.model, parentToolUseId: entry.parentToolUseId, counts: {} };
    addCounts(total.counts, entry.counts);
    totals.set(key, total);
  };

  return {
    record(messageId, usage, model, parentToolUseId) {
      if (!isJsonObject(usage)) return;
      const key = threadKey(parentToolUseId);
      const entry = current.get(key);
      if (entry !== undefined && entry.messageId !== messageId) settle(entry);
      const sameMessage = entry?.messageId === messageId;
      current.set(key, { messageId, model: model ?? (sameMessage ? entry?.model : undefined), parentToolUseId, counts: apiUsageCounts(usage) });
    },
    recordDelta(messageId, usage, parentToolUseId) {
      const entry = current.get(threadKey(parentToolUseId));
      if (entry === undefined || entry.messageId !== messageId) return;
      // message_delta usage is cumulative for the message; its null fields mean "unchanged".
      Object.assign(entry.counts, apiUsageCounts(usage));
    },
    reset() {
      current.clear();
      totals.clear();
    },
    events() {
      for (const entry of current.values()) settle(entry);
      current.clear();
      const events: UsageDisplayEvent[] = [];
      for (const total of totals.values()) {
        const event: UsageDisplayEvent = { kind: 'usage', cumulative: false };
        if (total.model !== undefined) event.model = total.model;
        Object.assign(event, total.counts);
        if (total.parentToolUseId !== undefined) event.parentToolUseId = total.parentToolUseId;
        events.push(event);
      }
      totals.clear();
      return events;
    },
  };
}
