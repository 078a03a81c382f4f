import * as z from 'zod';

/*
 * Loose schemas of the small wire objects this source validates as a whole:
 * usage (once per response) and error bodies (rare). Chunks, the hot path,
 * are read field by field with the `@x/core` readers instead, without a
 * schema parse per line.
 *
 * `z.object` (not `z.looseObject`) on purpose: unknown keys are tolerated and
 * dropped from the output, so a hostile `__proto__` key in the input never
 * reaches an object this package reads from. Every field is optional and falls
 * back to `undefined` when it has the wrong type, because compatible servers
 * vary (openai@6.49.0 `CompletionUsage`, `ErrorObject`; see
 * docs/formats/openai-compatible.md).
 */

const tokenCount = z.number().nonnegative().optional().catch(undefined);

/** `CompletionUsage` of openai@6.49.0, plus DeepSeek's `prompt_cache_hit_tokens`. */
export const completionUsageSchema = z.object({
  prompt_tokens: tokenCount,
  completion_tokens: tokenCount,
  prompt_tokens_details: z
    .object({ cached_tokens: tokenCount, cache_write_tokens: tokenCount })
    .nullish()
    .catch(undefined),
  completion_tokens_details: z.object({ reasoning_tokens: tokenCount }).nullish().catch(undefined),
  /** DeepSeek: prompt tokens served from its context cache. */
  prompt_cache_hit_tokens: tokenCount,
});

/** A token usage object as this package reads it. */
export type CompletionUsage = z.infer<typeof completionUsageSchema>;

const optionalText = z.string().optional().catch(undefined);

/**
 * The `error` of a non-2xx body or an in-stream error frame: openai@6.49.0
 * `ErrorObject` (the `message`, `type` and `code` this package shows), tolerating a numeric
 * `code` and missing fields as compatible servers send them.
 */
export const errorObjectSchema = z.object({
  message: optionalText,
  type: optionalText,
  code: z.union([z.string(), z.number()]).nullish().catch(undefined),
});

/** An error object as this package reads it. */
export type ErrorObject = z.infer<typeof errorObjectSchema>;
