import type { ErrorDisplayEvent, UsageDisplayEvent } from '@x/core';
import { nonEmpty } from './state.js';
import { completionUsageSchema, errorObjectSchema, responseUsageSchema } from './wire-schema.js';

type TokenField = keyof UsageDisplayEvent & `${string}Tokens`;

function usageOf(counts: [TokenField, number | undefined][], model: string | undefined): UsageDisplayEvent | undefined {
  const event: UsageDisplayEvent = { kind: 'usage', cumulative: false };
  if (model !== undefined) event.model = model;
  let any = false;
  for (const [field, value] of counts) {
    if (value === undefined) continue;
    event[field] = value;
    any = true;
  }
  return any ? event : undefined;
}

/**
 * The usage event of a Chat Completions `usage` object, or `undefined` when it
 * has no count. Reported as sent, never derived: xAI's `completion_tokens`
 * exclude reasoning, OpenAI's include it (quirk 6).
 */
export function chatUsageEvent(raw: unknown, model: string | undefined): UsageDisplayEvent | undefined {
  const parsed = completionUsageSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const usage = parsed.data;
  return usageOf(
    [
      ['inputTokens', usage.prompt_tokens],
      ['outputTokens', usage.completion_tokens],
      ['reasoningTokens', usage.completion_tokens_details?.reasoning_tokens],
      ['cacheReadTokens', usage.prompt_tokens_details?.cached_tokens ?? usage.prompt_cache_hit_tokens],
      ['cacheWriteTokens', usage.prompt_tokens_details?.cache_write_tokens],
    ],
    model,
  );
}

/** The usage event of a Responses API `usage` object, or `undefined` when it has no count. */
export function responsesUsageEvent(raw: unknown, model: string | undefined): UsageDisplayEvent | undefined {
  const parsed = responseUsageSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const usage = parsed.data;
  return usageOf(
    [
      ['inputTokens', usage.input_tokens],
      ['outputTokens', usage.output_tokens],
      ['reasoningTokens', usage.output_tokens_details?.reasoning_tokens],
      ['cacheReadTokens', usage.input_tokens_details?.cached_tokens],
      ['cacheWriteTokens', usage.input_tokens_details?.cache_write_tokens],
    ],
    model,
  );
}

/** A fatal error event from an error object of either API (`message`, `code` or else `type`), or a plain string. */
export function errorEvent(error: unknown, fallback: string): ErrorDisplayEvent {
  if (typeof error === 'string') return { kind: 'error', fatal: true, message: nonEmpty(error) ?? fallback };
  const parsed = errorObjectSchema.safeParse(error);
  const data = parsed.success ? parsed.data : {};
  const event: ErrorDisplayEvent = { kind: 'error', fatal: true, message: nonEmpty(data.message) ?? fallback };
  const code = data.code === null || data.code === undefined ? data.type : String(data.code);
  if (nonEmpty(code) !== undefined) event.code = code;
  return event;
}
