import * as z from 'zod';

/*
 * Loose schemas of the small wire objects the parser validates as a whole
 * with `safeParse`: usage of either API (once per response) and error
 * objects (rare). Chunks and stream events, the hot path, are read field by
 * field with the `@x/core/provider-utils` readers instead, without a schema
 * parse per line. Not exported from the package.
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
  prompt_tokens_details: z.object({ cached_tokens: tokenCount, cache_write_tokens: tokenCount }).nullish().catch(undefined),
  completion_tokens_details: z.object({ reasoning_tokens: tokenCount }).nullish().catch(undefined),
  /** DeepSeek: prompt tokens served from its context cache. */
  prompt_cache_hit_tokens: tokenCount,
});

/** `ResponseUsage` of openai@6.49.0 (`openai/resources/responses/responses`): input and output tokens with their cached and reasoning details. */
export const responseUsageSchema = z.object({
  input_tokens: tokenCount,
  output_tokens: tokenCount,
  input_tokens_details: z.object({ cached_tokens: tokenCount, cache_write_tokens: tokenCount }).nullish().catch(undefined),
  output_tokens_details: z.object({ reasoning_tokens: tokenCount }).nullish().catch(undefined),
});

const optionalText = z.string().optional().catch(undefined);

/**
 * The `error` of a non-2xx body or an in-stream error frame: openai@6.49.0
 * `ErrorObject` (the `message`, `type` and `code` this package shows; they fit the Responses API's `ResponseError` and `ResponseErrorEvent` too), tolerating a numeric
 * `code` and missing fields as compatible servers send them.
 */
export const errorObjectSchema = z.object({
  message: optionalText,
  type: optionalText,
  code: z.union([z.string(), z.number()]).nullish().catch(undefined),
});
