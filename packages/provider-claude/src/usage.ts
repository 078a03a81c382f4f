import type { DisplayEvent, UsageDisplayEvent } from '@x/core';
import { compactKey, isJsonObject, numberField, objectField, type JsonObject } from '@x/core/provider-utils';
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

export interface MessageUsage {
  /** The compact key of the message's id. */
  messageKey: string;
  /** Model and thread, kept only when they fit {@link MAX_USAGE_KEY_CHARS} together; else `oversized`. */
  model: string | undefined;
  parentToolUseId: string | undefined;
  oversized: boolean;
  counts: Counts;
}

/** A thread's (or the overflow's) total for one model. */
export interface UsageTotal {
  model: string | undefined;
  parentToolUseId: string | undefined;
  counts: Counts;
}

/**
 * How many threads' messages in progress, and how many totals per model and
 * thread, a collector keeps (docs/memory.md). Model names and subagent ids
 * come from the stream, so without a bound a stream of distinct ones grew
 * memory without end. A thread past the first is settled early (its counts
 * are folded in, not lost); a total past the limit is summed into one total
 * without model or thread, and a notice says how many were.
 */
export const MAX_USAGE_THREADS = 64;
export const MAX_USAGE_TOTALS = 256;
/** A model name and subagent id longer than this together (no real one comes near) are not kept: their usage goes to the summed total. */
const MAX_USAGE_KEY_CHARS = 1024;

/** The collector's state, one object. */
export interface UsageState {
  /** Per thread, the latest usage of the message in progress. */
  current: Map<string, MessageUsage>;
  /** Per thread and model, the settled totals. */
  totals: Map<string, UsageTotal>;
  /** The sum of the messages whose thread and model came past {@link MAX_USAGE_TOTALS} others, and how many it holds. */
  overflow: UsageTotal | undefined;
  overflowMessages: number;
}

/**
 * Per-message usage for a stream that ends without its `result`. Claude Code
 * repeats a message's usage on every line of that message (one line per
 * content block, claude.md quirk 7), so it keeps the latest usage of the
 * message in progress on each thread and folds it into the totals once, when
 * the thread's next message starts. Memory stays flat: at most
 * {@link MAX_USAGE_THREADS} threads and {@link MAX_USAGE_TOTALS} totals.
 */
export interface UsageCollector {
  /** The usage of a message's line (`message.usage`); replaces the message's earlier figures. */
  record(messageId: string, usage: unknown, model: string | undefined, parentToolUseId: string | undefined): void;
  /** The final output count from a `message_delta` stream event. */
  recordDelta(messageId: string, usage: unknown, parentToolUseId: string | undefined): void;
  /** Forgets everything: a `result` restates the totals. */
  reset(): void;
  /** One increment per model and thread, for `flush`; a notice when some were summed into one. */
  events(): DisplayEvent[];
}

const threadKey = (parentToolUseId: string | undefined) => parentToolUseId ?? '';

function addCounts(into: Counts, from: Counts): void {
  for (const key of Object.keys(from) as (keyof Counts)[]) into[key] = (into[key] ?? 0) + (from[key] ?? 0);
}

function settle(state: UsageState, entry: MessageUsage): void {
  const key = `${compactKey(threadKey(entry.parentToolUseId))}\u0000${compactKey(entry.model ?? '')}`;
  let total = state.totals.get(key);
  if (total === undefined && (state.totals.size >= MAX_USAGE_TOTALS || entry.oversized)) {
    state.overflow ??= { model: undefined, parentToolUseId: undefined, counts: {} };
    state.overflowMessages += 1;
    total = state.overflow;
  } else if (total === undefined) {
    total = { model: entry.model, parentToolUseId: entry.parentToolUseId, counts: {} };
    state.totals.set(key, total);
  }
  addCounts(total.counts, entry.counts);
}

function usageEventOf(total: UsageTotal): UsageDisplayEvent {
  const event: UsageDisplayEvent = { kind: 'usage', cumulative: false };
  if (total.model !== undefined) event.model = total.model;
  Object.assign(event, total.counts);
  if (total.parentToolUseId !== undefined) event.parentToolUseId = total.parentToolUseId;
  return event;
}

function resetUsage(state: UsageState): void {
  state.current.clear();
  state.totals.clear();
  state.overflow = undefined;
  state.overflowMessages = 0;
}

/** Creates a {@link UsageCollector} over `state` (a fresh one unless a test passes its own to look at). */
export function createUsageCollector(state: UsageState = { current: new Map(), totals: new Map(), overflow: undefined, overflowMessages: 0 }): UsageCollector {
  return {
    record(messageId, usage, model, parentToolUseId) {
      if (!isJsonObject(usage)) return;
      const key = compactKey(threadKey(parentToolUseId));
      const messageKey = compactKey(messageId);
      const entry = state.current.get(key);
      if (entry !== undefined && entry.messageKey !== messageKey) settle(state, entry);
      const sameMessage = entry?.messageKey === messageKey;
      const named = model ?? (sameMessage ? entry?.model : undefined);
      // Up to 64 threads wait, each line up to 16 MiB: a model and thread too long to be kept apart in the totals are not kept here either.
      const oversized = (named?.length ?? 0) + (parentToolUseId?.length ?? 0) > MAX_USAGE_KEY_CHARS || (sameMessage && entry?.oversized === true);
      state.current.delete(key);
      state.current.set(key, {
        messageKey,
        model: oversized ? undefined : named,
        parentToolUseId: oversized ? undefined : parentToolUseId,
        oversized,
        counts: apiUsageCounts(usage),
      });
      if (state.current.size > MAX_USAGE_THREADS) {
        const oldest = state.current.keys().next().value as string;
        settle(state, state.current.get(oldest) as MessageUsage);
        state.current.delete(oldest);
      }
    },
    recordDelta(messageId, usage, parentToolUseId) {
      const entry = state.current.get(compactKey(threadKey(parentToolUseId)));
      if (entry === undefined || entry.messageKey !== compactKey(messageId)) return;
      // message_delta usage is cumulative for the message; its null fields mean "unchanged".
      Object.assign(entry.counts, apiUsageCounts(usage));
    },
    reset: () => resetUsage(state),
    events() {
      for (const entry of state.current.values()) settle(state, entry);
      state.current.clear();
      const events: DisplayEvent[] = [...state.totals.values()].map(usageEventOf);
      if (state.overflow !== undefined) {
        const count = state.overflowMessages;
        events.push(usageEventOf(state.overflow), {
          kind: 'notice',
          level: 'warning',
          message: `The usage of ${count} ${count === 1 ? 'message' : 'messages'} is summed into one total without a model or subagent: a run keeps apart the first ${MAX_USAGE_TOTALS} distinct models and subagents`,
          code: 'usage_totals_capped',
        });
      }
      resetUsage(state);
      return events;
    },
  };
}
