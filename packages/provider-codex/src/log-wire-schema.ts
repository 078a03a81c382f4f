import { isJsonObject, type JsonObject } from '@x/core/provider-utils';
import * as z from 'zod';

/*
 * The envelope of a rollout line, `{ timestamp, type, payload }`, after
 * docs/formats/codex.md section 4. Payloads are read field by field by the
 * handlers (their shapes change by version); `timestamp` is read where it is
 * a string. The parser runs this (`safeParse`); it is not part of
 * the package's API. Rollouts written before the envelope (mid-2025) have no
 * `payload` and are read apart.
 */

/** A payload, kept as the object it is: read field by field (copying it through a schema would cost a pass over its keys). */
const payload = z.custom<JsonObject>(isJsonObject, 'payload is not an object');

/** One enveloped rollout line: the union the log parser dispatches on, by `type`. */
export const rolloutLineSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('session_meta'), timestamp: z.unknown().optional(), payload }),
  z.object({ type: z.literal('turn_context'), timestamp: z.unknown().optional(), payload }),
  z.object({ type: z.literal('response_item'), timestamp: z.unknown().optional(), payload }),
  z.object({ type: z.literal('event_msg'), timestamp: z.unknown().optional(), payload }),
  z.object({ type: z.literal('compacted'), timestamp: z.unknown().optional(), payload }),
]);
/** A parsed {@link rolloutLineSchema}. */
export type RolloutLine = z.infer<typeof rolloutLineSchema>;

/** The line `type`s {@link rolloutLineSchema} knows: a line of another type is unknown. */
export const ROLLOUT_LINE_TYPES: ReadonlySet<string> = new Set(['session_meta', 'turn_context', 'response_item', 'event_msg', 'compacted']);
