import * as z from 'zod';

/*
 * Loose schemas of the small payloads this package reads, following
 * `ThreadEvent` of @openai/codex-sdk@0.163.0 (current format) and the legacy
 * `EventMsg` shapes of docs/formats/codex.md section 3. Rust writes `None`
 * as `null`, and fields come and go between versions, so every optional field
 * is `nullish`. Lines are dispatched on their `type` with the field readers of
 * @x/core; large payloads (command output, MCP results) are never parsed here.
 */

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
  arguments: z.unknown(),
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
