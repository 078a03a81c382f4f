import * as z from 'zod';

/*
 * Schemas of the Claude Code lines this package reads, after the types of
 * `@anthropic-ai/claude-agent-sdk@0.3.329` (`sdk.d.ts`, `SDKMessage`). Only the
 * envelope fields the parser branches on are declared, and unknown fields pass
 * (the CLI adds some in every release, claude.md quirk 9); content blocks,
 * usage and tool output stay `unknown` and are read field by field, so a large
 * Write input or file content is never walked by a schema.
 *
 * The once-a-run lines (`system/init`, `result`, `rate_limit_event`) are read
 * leniently: a field that is missing, `null` or of another type becomes
 * `undefined`, so that an odd field never costs the session start or end.
 */

const lenientString = z.string().optional().catch(undefined);
const lenientNumber = z.number().optional().catch(undefined);
const lenientBoolean = z.boolean().optional().catch(undefined);

/** `system/init` (sdk `SDKSystemMessage`): the session start. */
export const claudeInitSchema = z.looseObject({
  type: z.literal('system'),
  subtype: z.literal('init'),
  session_id: lenientString,
  model: lenientString,
  cwd: lenientString,
  claude_code_version: lenientString,
});

/*
 * The three line types that make up nearly all of a stream are read with plain
 * (stripping) object schemas of nullable fields: a fraction of the cost of
 * lenient ones, and a field of the wrong type makes the line malformed rather
 * than quietly empty.
 */
const optionalString = z.string().nullish();

/** The `message` of an `assistant` line (API `BetaMessage`), envelope only. */
export const claudeAssistantMessageSchema = z.object({
  id: optionalString,
  model: optionalString,
  content: z.unknown().optional(),
  usage: z.unknown().optional(),
});

/** `assistant` (sdk `SDKAssistantMessage`); `error` marks a synthetic API-error line. */
export const claudeAssistantSchema = z.object({
  type: z.literal('assistant'),
  message: claudeAssistantMessageSchema,
  parent_tool_use_id: optionalString,
  session_id: optionalString,
  error: optionalString,
});

/** `user` (sdk `SDKUserMessage` / `SDKUserMessageReplay`); `tool_use_result` is the tool's own output object. */
export const claudeUserSchema = z.object({
  type: z.literal('user'),
  message: z.object({ content: z.unknown().optional() }),
  parent_tool_use_id: optionalString,
  session_id: optionalString,
  isReplay: z.boolean().nullish(),
  tool_use_result: z.unknown().optional(),
});

/** `stream_event` (sdk `SDKPartialAssistantMessage`), with `--include-partial-messages`. */
export const claudeStreamEventSchema = z.object({
  type: z.literal('stream_event'),
  event: z.object({
    type: optionalString,
    index: z.number().nullish(),
    message: z.unknown().optional(),
    content_block: z.unknown().optional(),
    delta: z.unknown().optional(),
    usage: z.unknown().optional(),
  }),
  parent_tool_use_id: optionalString,
  session_id: optionalString,
});

/**
 * `result` (sdk `SDKResultMessage`): the end of a turn. `cost_usd` and
 * `total_cost` are the CLI ≤ 1.0.21 names of `total_cost_usd`.
 */
export const claudeResultSchema = z.looseObject({
  type: z.literal('result'),
  subtype: lenientString,
  is_error: lenientBoolean,
  result: lenientString,
  errors: z.array(z.unknown()).optional().catch(undefined),
  duration_ms: lenientNumber,
  num_turns: lenientNumber,
  session_id: lenientString,
  uuid: lenientString,
  total_cost_usd: lenientNumber,
  total_cost: lenientNumber,
  cost_usd: lenientNumber,
  terminal_reason: lenientString,
  usage: z.unknown().optional(),
  modelUsage: z.unknown().optional(),
  permission_denials: z.array(z.unknown()).optional().catch(undefined),
});

/** `rate_limit_event` (sdk `SDKRateLimitEvent`). */
export const claudeRateLimitSchema = z.looseObject({
  type: z.literal('rate_limit_event'),
  rate_limit_info: z
    .looseObject({
      status: lenientString,
      resetsAt: lenientNumber,
      rateLimitType: lenientString,
      utilization: lenientNumber,
    })
    .optional()
    .catch(undefined),
});

/** A `system/init` line, as {@link claudeInitSchema} reads it. */
export type ClaudeInit = z.infer<typeof claudeInitSchema>;
/** An `assistant` line, as {@link claudeAssistantSchema} reads it. */
export type ClaudeAssistantLine = z.infer<typeof claudeAssistantSchema>;
/** A `user` line, as {@link claudeUserSchema} reads it. */
export type ClaudeUserLine = z.infer<typeof claudeUserSchema>;
/** A `stream_event` line, as {@link claudeStreamEventSchema} reads it. */
export type ClaudeStreamEventLine = z.infer<typeof claudeStreamEventSchema>;
/** A `result` line, as {@link claudeResultSchema} reads it. */
export type ClaudeResult = z.infer<typeof claudeResultSchema>;
/** A `rate_limit_event` line, as {@link claudeRateLimitSchema} reads it. */
export type ClaudeRateLimitEvent = z.infer<typeof claudeRateLimitSchema>;
