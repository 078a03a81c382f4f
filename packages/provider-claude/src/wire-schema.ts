import * as z from 'zod';

/*
 * The envelope of every line Claude Code writes to stdout, after the types of
 * `@anthropic-ai/claude-agent-sdk@0.3.329` (`sdk.d.ts`, `SDKMessage` and the
 * other members of `StdoutMessage`), as one discriminated union on `type`:
 * the parser runs it on every line (`safeParse`) and dispatches on the result.
 * Only the envelope fields the parser branches on are declared, and unknown
 * fields pass (the CLI adds some in every release, claude.md quirk 9); content
 * blocks, usage and tool output stay `unknown` and are read field by field,
 * so a large Write input or file content is never walked by a schema.
 *
 * The once-a-run lines (`system`, `result`, `rate_limit_event`) are read
 * leniently: a field that is missing, `null` or of another type becomes
 * `undefined`, so that an odd field never costs the session start or end.
 */

const lenientString = z.string().optional().catch(undefined);
const lenientNumber = z.number().optional().catch(undefined);
const lenientBoolean = z.boolean().optional().catch(undefined);

/** `system` (sdk `SDKSystemMessage` for `init`, and the other subtypes): `init` is the session start. */
const systemSchema = z.looseObject({
  type: z.literal('system'),
  subtype: lenientString,
  session_id: lenientString,
  model: lenientString,
  cwd: lenientString,
  claude_code_version: lenientString,
});

/*
 * The three line types that make up nearly all of a stream are read with plain
 * (stripping) object schemas of nullable fields: a field of the wrong type
 * makes the line malformed rather than quietly empty.
 */
const optionalString = z.string().nullish();

/** `assistant` (sdk `SDKAssistantMessage`, `message` an API `BetaMessage`); `error` marks a synthetic API-error line. */
const assistantSchema = z.object({
  type: z.literal('assistant'),
  message: z.object({
    id: optionalString,
    model: optionalString,
    content: z.unknown().optional(),
    usage: z.unknown().optional(),
  }),
  parent_tool_use_id: optionalString,
  session_id: optionalString,
  error: optionalString,
});

/** `user` (sdk `SDKUserMessage` / `SDKUserMessageReplay`); `tool_use_result` is the tool's own output object. */
const userSchema = z.object({
  type: z.literal('user'),
  message: z.object({ content: z.unknown().optional() }),
  parent_tool_use_id: optionalString,
  session_id: optionalString,
  isReplay: z.boolean().nullish(),
  tool_use_result: z.unknown().optional(),
});

/** `stream_event` (sdk `SDKPartialAssistantMessage`, `event` an API `BetaRawMessageStreamEvent`), with `--include-partial-messages`. */
const streamEventSchema = z.object({
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
const resultSchema = z.looseObject({
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
const rateLimitSchema = z.looseObject({
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

/** `control_request` (sdk `SDKControlRequest`): a permission prompt, or protocol. */
const controlRequestSchema = z.looseObject({ type: z.literal('control_request'), request: z.unknown().optional() });

/** `auth_status` (sdk `SDKAuthStatusMessage`): authentication progress, or its failure. */
const authStatusSchema = z.looseObject({ type: z.literal('auth_status'), error: lenientString });

/**
 * Line types that are protocol or progress and show nothing: the sdk's
 * `SDKKeepAliveMessage`, `SDKControlResponse`, `SDKControlCancelRequest`,
 * `SDKToolProgressMessage`, `SDKToolUseSummaryMessage`,
 * `SDKPromptSuggestionMessage`, `SDKConversationResetMessage` and
 * `SDKActiveGoalMessage`.
 */
export const QUIET_TYPES = [
  'keep_alive',
  'control_response',
  'control_cancel_request',
  'tool_progress',
  'tool_use_summary',
  'prompt_suggestion',
  'conversation_reset',
  'active_goal',
] as const;

const quietSchema = z.looseObject({ type: z.enum(QUIET_TYPES) });

/** Every line type the parser knows, by `type`. A type outside it is reported as unknown. */
export const claudeLineSchema = z.discriminatedUnion('type', [
  systemSchema,
  assistantSchema,
  userSchema,
  streamEventSchema,
  resultSchema,
  rateLimitSchema,
  controlRequestSchema,
  authStatusSchema,
  quietSchema,
]);

/** One stdout line, as {@link claudeLineSchema} reads it. */
export type ClaudeLine = z.infer<typeof claudeLineSchema>;
/** A `system` line. */
export type ClaudeSystemLine = z.infer<typeof systemSchema>;
/** An `assistant` line. */
export type ClaudeAssistantLine = z.infer<typeof assistantSchema>;
/** A `user` line. */
export type ClaudeUserLine = z.infer<typeof userSchema>;
/** A `stream_event` line. */
export type ClaudeStreamEventLine = z.infer<typeof streamEventSchema>;
/** A `result` line. */
export type ClaudeResult = z.infer<typeof resultSchema>;
/** A `rate_limit_event` line. */
export type ClaudeRateLimitEvent = z.infer<typeof rateLimitSchema>;
/** A `control_request` line. */
export type ClaudeControlRequest = z.infer<typeof controlRequestSchema>;
/** A line of one of the {@link QUIET_TYPES}. */
export type ClaudeQuietLine = z.infer<typeof quietSchema>;

