import * as z from 'zod';

/*
 * The loose schema of the Responses API object this package validates as a
 * whole: usage, once per response. Errors are read with `errorObjectSchema`,
 * whose `message`, `type` and `code` fit `ResponseError` and
 * `ResponseErrorEvent` too. Stream events, the hot path, are read field by
 * field with the `@x/core` readers instead. Field names are
 * those of openai@6.49.0 (`openai/resources/responses/responses`); every
 * field is optional and falls back to `undefined` when it has the wrong type,
 * because compatible servers vary. `z.object` drops unknown keys, so a hostile
 * `__proto__` never reaches an object this package reads from.
 */

const tokenCount = z.number().nonnegative().optional().catch(undefined);

/** `ResponseUsage` of openai@6.49.0: input and output tokens with their cached and reasoning details. */
export const responseUsageSchema = z.object({
  input_tokens: tokenCount,
  output_tokens: tokenCount,
  input_tokens_details: z
    .object({ cached_tokens: tokenCount, cache_write_tokens: tokenCount })
    .nullish()
    .catch(undefined),
  output_tokens_details: z.object({ reasoning_tokens: tokenCount }).nullish().catch(undefined),
});

/** A Responses API usage object as this package reads it. */
export type ResponseUsage = z.infer<typeof responseUsageSchema>;

