import * as z from 'zod';
import { codeChangesSchema, count, eventLineSchema, lenient, resultLineSchema, sharedEventLineSchemas, text } from './wire-schema.js';

/*
 * The persisted event types only the session-state log shows
 * (`~/.copilot/session-state/<id>/events.jsonl`), after `SessionDisplayEvent` of
 * `@github/copilot-sdk@1.0.14` (`dist/generated/session-events.d.ts`), added
 * to the stdout union. Same rules as wire-schema.ts: what the parser needs
 * fails the line, a lenient field of the wrong type is left out.
 */

/** One model's entry of `session.shutdown.modelMetrics`. */
const modelMetricsSchema = z.object({
  requests: lenient(z.object({ count, cost: count })),
  usage: lenient(z.object({ inputTokens: count, outputTokens: count, cacheReadTokens: count, cacheWriteTokens: count })),
});

const shutdownData = z.object({
  shutdownType: text,
  totalPremiumRequests: count,
  totalApiDurationMs: count,
  // Epoch milliseconds.
  sessionStartTime: count,
  codeChanges: lenient(codeChangesSchema),
  // A model whose entry is not an object is left out.
  modelMetrics: lenient(z.record(z.string(), lenient(modelMetricsSchema))),
  currentModel: text,
  // Present from some version between 1.0.62 and 1.0.102 on: its presence says modelMetrics restate the session's totals (log-events.ts).
  accountingSnapshot: lenient(z.object({ totalUserRequests: count })),
});

/** The log-only event lines. */
export const logEventLineSchemas = [
  eventLineSchema('user.message', z.object({ content: text })),
  eventLineSchema('session.shutdown', shutdownData),
  eventLineSchema(
    'session.compaction_complete',
    z.object({ success: z.unknown().optional(), trigger: z.unknown().optional(), preCompactionTokens: z.unknown().optional(), postCompactionTokens: z.unknown().optional() }),
  ),
] as const;

/** A line of a session-state log that the log parser shows: the union it runs. */
export const copilotLogLineSchema = z.discriminatedUnion('type', [resultLineSchema, ...sharedEventLineSchemas, ...logEventLineSchemas]);

/** A parsed {@link copilotLogLineSchema}. */
export type CopilotLogLine = z.infer<typeof copilotLogLineSchema>;
/** The `data` of the log-only event line of type `T`. */
export type CopilotLogData<T extends CopilotLogLine['type']> = Extract<CopilotLogLine, { type: T }> extends { data: infer D } ? D : never;
