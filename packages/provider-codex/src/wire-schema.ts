import { isJsonObject, type JsonObject } from '@x/core/provider-utils';
import * as z from 'zod';

/*
 * Loose schemas of the envelope and the small payloads this package reads,
 * following `ThreadEvent` of @openai/codex-sdk@0.163.0 (current format) and
 * the legacy `EventMsg` shapes of docs/formats/codex.md section 3. Rust writes
 * `None` as `null`, and fields come and go between versions, so every
 * optional field is `nullish` or `unknown`. The parser runs these (`safeParse`);
 * they are not part of the package's API. Large payloads (command output, MCP
 * results) are never parsed here: they are read field by field.
 */

/**
 * A `ThreadItem`, kept as the object it is: its fields (id, kind, command
 * output) are read field by field by the item handlers, which say what is
 * missing. Copying it through a schema cost the parser several percent.
 */
const threadItemSchema = z.custom<JsonObject>(isJsonObject, 'item is not an object');

/**
 * One line of the current form (`ThreadEvent`, 0.44+, plus what the Rust
 * types add) and of the 0.42 `--experimental-json` variant: the union the
 * parser dispatches on, by `type`. Unknown fields are dropped (`z.object`,
 * which zod compiles to a fast check): the handlers read only these.
 */
export const threadEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('thread.started'), thread_id: z.string() }),
  z.object({ type: z.literal('session.created'), session_id: z.string() }),
  z.object({ type: z.literal('turn.started') }),
  z.object({ type: z.literal('turn.completed'), usage: z.unknown().optional() }),
  z.object({ type: z.literal('turn.failed'), error: z.unknown().optional() }),
  z.object({ type: z.enum(['item.started', 'item.updated', 'item.completed']), item: threadItemSchema }),
  z.object({ type: z.literal('item.plan.delta'), item_id: z.string(), delta: z.string() }),
  z.object({ type: z.literal('request_user_input'), questions: z.unknown().optional() }),
  z.object({ type: z.literal('error'), message: z.unknown().optional() }),
]);
/** A parsed {@link threadEventSchema}. */
export type ThreadEvent = z.infer<typeof threadEventSchema>;

/** The `type`s {@link threadEventSchema} knows: a line of another type is unknown rather than malformed. */
export const THREAD_EVENT_TYPES: ReadonlySet<string> = new Set([
  'thread.started',
  'session.created',
  'turn.started',
  'turn.completed',
  'turn.failed',
  'item.started',
  'item.updated',
  'item.completed',
  'item.plan.delta',
  'request_user_input',
  'error',
]);

/** Why a line of a known type fails {@link threadEventSchema}: the fields it lacks. */
export const THREAD_MALFORMED_REASONS: ReadonlyMap<string, string> = new Map([
  ['thread.started', 'thread.started without thread_id'],
  ['session.created', 'session.created without session_id'],
  ['item.started', 'item.started without an item id and type'],
  ['item.updated', 'item.updated without an item id and type'],
  ['item.completed', 'item.completed without an item id and type'],
  ['item.plan.delta', 'item.plan.delta without item_id and delta'],
]);

/** A legacy line (up to 0.43, and `codex proto`): `{ id, msg: EventMsg }`, `msg` dispatched on its `type`. */
export const legacyEventSchema = z.object({
  /** The `EventMsg`, kept as the object it is (its fields are read field by field), with its string `type`. */
  msg: z.custom<JsonObject & { type: string }>((value) => isJsonObject(value) && typeof value.type === 'string', 'msg without a string type'),
});
/** A parsed {@link legacyEventSchema}. */
export type LegacyEvent = z.infer<typeof legacyEventSchema>;

const count = z.number().nullish();

/** `turn.completed.usage`: the thread's cumulative total (input includes cached, output includes reasoning). */
export const usageSchema = z.looseObject({
  input_tokens: count,
  cached_input_tokens: count,
  cache_write_input_tokens: count,
  output_tokens: count,
  reasoning_output_tokens: count,
});
/** A parsed {@link usageSchema}. */
export type Usage = z.infer<typeof usageSchema>;

/** One entry of `file_change.changes`. */
export const fileUpdateChangeSchema = z.looseObject({
  path: z.string(),
  kind: z.string(),
});
/** A parsed {@link fileUpdateChangeSchema}. */
export type FileUpdateChange = z.infer<typeof fileUpdateChangeSchema>;

/** One entry of `todo_list.items`. */
export const todoItemSchema = z.looseObject({
  text: z.string(),
  completed: z.boolean().nullish(),
});
/** A parsed {@link todoItemSchema}. */
export type TodoItem = z.infer<typeof todoItemSchema>;

/** Legacy `TokenUsage`: the flat `token_count` itself, or `info.total_token_usage`. */
export const legacyTokenUsageSchema = z.looseObject({
  input_tokens: count,
  cached_input_tokens: count,
  output_tokens: count,
  reasoning_output_tokens: count,
  total_tokens: count,
});
/** A parsed {@link legacyTokenUsageSchema}. */
export type LegacyTokenUsage = z.infer<typeof legacyTokenUsageSchema>;

/** Legacy first line of `exec --json`: a config summary with string values (some keys hold spaces). */
export const legacyConfigSummarySchema = z.looseObject({
  model: z.string(),
  workdir: z.string().nullish(),
  provider: z.string().nullish(),
  approval: z.string().nullish(),
  sandbox: z.string().nullish(),
});
/** A parsed {@link legacyConfigSummarySchema}. */
export type LegacyConfigSummary = z.infer<typeof legacyConfigSummarySchema>;

/** Legacy `mcp_tool_call_begin/end.invocation`. */
export const legacyMcpInvocationSchema = z.looseObject({
  server: z.string(),
  tool: z.string(),
  arguments: z.unknown().optional(),
});
/** A parsed {@link legacyMcpInvocationSchema}. */
export type LegacyMcpInvocation = z.infer<typeof legacyMcpInvocationSchema>;

/** Legacy Rust `Duration` as serde writes it. */
export const legacyDurationSchema = z.looseObject({
  secs: z.number(),
  nanos: z.number(),
});
/** A parsed {@link legacyDurationSchema}. */
export type LegacyDuration = z.infer<typeof legacyDurationSchema>;
