import type { UsageDisplayEvent } from '@x/core';
import { arrayField, isJsonObject, numberField, objectField, ownField, stringField, type JsonObject } from '@x/core/provider-utils';

/*
 * The rules of a Qwen Code session log that both its log source and its
 * session store apply, so that a listing row and the full parse of the same
 * log can never disagree on a prompt, a turn or a token count.
 */

/** The text parts of a message (`parts[].text`), thoughts left out. */
export function textOfParts(parts: readonly unknown[]): string {
  return parts.map((part) => (isJsonObject(part) && ownField(part, 'thought') !== true ? (stringField(part, 'text') ?? '') : '')).join('');
}

/**
 * The person's prompt a `user` record holds, or `undefined` for Qwen Code's
 * own message to the model. 0.24 marks the person's with provenance
 * `real_user` (its own: a background agent's `<task-notification>`,
 * provenance `system`); 0.15 writes no provenance and marks its own with a
 * `subtype`.
 */
export function promptOf(record: JsonObject): string | undefined {
  if (ownField(record, 'type') !== 'user') return undefined;
  const provenance = stringField(record, 'provenance');
  const own = provenance === undefined ? ownField(record, 'subtype') !== undefined : provenance !== 'real_user';
  const parts = arrayField(objectField(record, 'message'), 'parts');
  return own || parts === undefined ? undefined : textOfParts(parts);
}

/**
 * The usage of an `assistant` record (`usageMetadata`, Gemini's names), an
 * increment. Candidates include the thoughts, as the OpenAI-compatible answer
 * counts them; the prompt includes the cached tokens.
 */
export function recordUsage(record: JsonObject): UsageDisplayEvent | undefined {
  const metadata = objectField(record, 'usageMetadata');
  if (ownField(record, 'type') !== 'assistant' || metadata === undefined) return undefined;
  const usage: UsageDisplayEvent = {
    kind: 'usage',
    cumulative: false,
    inputTokens: numberField(metadata, 'promptTokenCount') ?? 0,
    outputTokens: numberField(metadata, 'candidatesTokenCount') ?? 0,
  };
  const thoughts = numberField(metadata, 'thoughtsTokenCount');
  const cached = numberField(metadata, 'cachedContentTokenCount');
  const model = stringField(record, 'model');
  if (thoughts !== undefined) usage.reasoningTokens = thoughts;
  if (cached !== undefined) usage.cacheReadTokens = cached;
  if (model !== undefined) usage.model = model;
  return usage;
}
