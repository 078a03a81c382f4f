import type * as acp from '@agentclientprotocol/sdk/unstable';
import { z } from 'zod';

/*
 * The wire schema of ACP traffic. The official SDK (`@agentclientprotocol/sdk`)
 * generates zod schemas, but its exports map publishes only the generated
 * TypeScript types, so the schemas here check the few fields this source
 * branches on, and the type assertions at the end of this file hold each one
 * to the SDK's own type: every value the SDK's type allows passes, so a field
 * renamed or retyped in a new SDK fails the type check here, not at run time.
 * Types come from the `unstable` entry, the stable protocol plus the fields
 * still in draft (a prompt response's `usage`).
 */

const meta = z.unknown().optional();

/** One JSON-RPC 2.0 message, as ACP's stdio transport frames them: one per line. */
export const jsonRpcMessageSchema = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]).optional(),
  method: z.string().optional(),
  params: z.unknown().optional(),
  result: z.unknown().optional(),
  error: z.looseObject({ code: z.number(), message: z.string(), data: z.unknown().optional() }).optional(),
});

/** A JSON-RPC 2.0 message. */
export type JsonRpcMessage = z.infer<typeof jsonRpcMessageSchema>;

const contentBlockSchema = z.looseObject({ type: z.string(), text: z.string().nullish(), uri: z.string().nullish(), name: z.string().nullish() });

/** A content block (text, image, audio, resource link, embedded resource). */
export type WireContentBlock = z.infer<typeof contentBlockSchema>;

/** `session/prompt` params. */
export const promptRequestSchema = z.looseObject({ sessionId: z.string(), prompt: z.array(contentBlockSchema), _meta: meta });

/** `session/new` params. */
export const newSessionRequestSchema = z.looseObject({ cwd: z.string(), _meta: meta });

/** `session/new` and `session/load` results. */
export const newSessionResponseSchema = z.looseObject({ sessionId: z.string().optional(), _meta: meta });

/** `initialize` result: the protocol version and who the agent is. */
export const initializeResponseSchema = z.looseObject({
  protocolVersion: z.number(),
  agentInfo: z.looseObject({ name: z.string(), title: z.string().nullish(), version: z.string() }).nullish(),
  _meta: meta,
});

export const usageSchema = z.looseObject({
  inputTokens: z.number(),
  outputTokens: z.number(),
  thoughtTokens: z.number().nullish(),
  cachedReadTokens: z.number().nullish(),
  cachedWriteTokens: z.number().nullish(),
});

/** Qwen Code's per-request tokens, in ACP's own fields, under a message chunk's `_meta.usage`. */
export const chunkMetaUsageSchema = z.looseObject({ usage: usageSchema });

/** Gemini CLI's tokens for the turn, under the `session/prompt` result's `_meta.quota.token_count`. */
export const geminiQuotaSchema = z.looseObject({
  quota: z.looseObject({ token_count: z.looseObject({ input_tokens: z.number(), output_tokens: z.number() }) }),
});

/** `session/prompt` result: why the turn stopped, and its tokens where the agent says. */
export const promptResponseSchema = z.looseObject({
  stopReason: z.enum(['end_turn', 'max_tokens', 'max_turn_requests', 'refusal', 'cancelled']),
  usage: usageSchema.nullish(),
  _meta: meta,
});

/** Why a prompt turn stopped. */
export type StopReason = z.infer<typeof promptResponseSchema>['stopReason'];

/** A prompt turn's tokens. */
export type WireUsage = z.infer<typeof usageSchema>;

const toolKindSchema = z.enum(['read', 'edit', 'delete', 'move', 'search', 'execute', 'think', 'fetch', 'switch_mode', 'other']);
const toolStatusSchema = z.enum(['pending', 'in_progress', 'completed', 'failed']);

/** One item of a tool call's `content`: content, a diff, or an embedded terminal. */
export const toolCallContentSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('content'), content: contentBlockSchema }),
  z.looseObject({ type: z.literal('diff'), path: z.string(), oldText: z.string().nullish(), newText: z.string() }),
  z.looseObject({ type: z.literal('terminal'), terminalId: z.string() }),
]);

/** One item of a tool call's `content`. */
export type WireToolCallContent = z.infer<typeof toolCallContentSchema>;

const toolCallFields = {
  toolCallId: z.string(),
  name: z.string().nullish(),
  kind: toolKindSchema.nullish(),
  status: toolStatusSchema.nullish(),
  // Checked item by item where it is read: one item of a kind a newer ACP adds must not hide the rest.
  content: z.array(z.unknown()).nullish(),
  locations: z.array(z.looseObject({ path: z.string() })).nullish(),
  rawInput: z.unknown().optional(),
  rawOutput: z.unknown().optional(),
  _meta: meta,
};

/** `tool_call`: a new call, with its title. */
export const toolCallSchema = z.looseObject({ ...toolCallFields, title: z.string() });

/** `tool_call_update` (and the call of a permission request): any field may be missing. */
export const toolCallUpdateSchema = z.looseObject({ ...toolCallFields, title: z.string().nullish() });

/** A tool call as announced or updated. */
export type WireToolCall = z.infer<typeof toolCallUpdateSchema>;

/** A chunk of a user, agent or thought message. */
export const contentChunkSchema = z.looseObject({ content: contentBlockSchema, messageId: z.string().nullish(), _meta: meta });

/** `plan`: the whole plan, every time. */
export const planSchema = z.looseObject({
  entries: z.array(z.looseObject({ content: z.string(), priority: z.string(), status: z.enum(['pending', 'in_progress', 'completed']) })),
  _meta: meta,
});

/** `usage_update`: the context window in use and the session's cost so far. */
export const usageUpdateSchema = z.looseObject({
  used: z.number(),
  size: z.number(),
  cost: z.looseObject({ amount: z.number(), currency: z.string() }).nullish(),
  _meta: meta,
});

/** `notice`: something the agent wants shown. */
export const noticeSchema = z.looseObject({ severity: z.string(), title: z.string(), description: z.string().nullish(), _meta: meta });

/** `compaction_update`: the context was (being) compacted. */
export const compactionUpdateSchema = z.looseObject({ compactionId: z.string(), status: z.string(), error: z.string().nullish(), _meta: meta });

/** `current_mode_update`. */
export const currentModeUpdateSchema = z.looseObject({ currentModeId: z.string(), _meta: meta });

/** `session/update` params: the session and one update, told apart by `sessionUpdate`. */
export const sessionNotificationSchema = z.looseObject({
  sessionId: z.string(),
  update: z.looseObject({ sessionUpdate: z.string() }),
  _meta: meta,
});

/** `session/request_permission` params. */
export const permissionRequestSchema = z.looseObject({
  sessionId: z.string(),
  toolCall: toolCallUpdateSchema,
  options: z.array(z.looseObject({ optionId: z.string(), name: z.string(), kind: z.string() })),
  _meta: meta,
});

/** A permission option offered. */
export type WirePermissionOption = z.infer<typeof permissionRequestSchema>['options'][number];

/** `session/request_permission` result. */
export const permissionResponseSchema = z.looseObject({
  outcome: z.discriminatedUnion('outcome', [
    z.looseObject({ outcome: z.literal('cancelled') }),
    z.looseObject({ outcome: z.literal('selected'), optionId: z.string() }),
  ]),
  _meta: meta,
});

/** `terminal/create` params. */
export const createTerminalRequestSchema = z.looseObject({ command: z.string(), args: z.array(z.string()).nullish(), _meta: meta });

/** `terminal/create` result. */
export const createTerminalResponseSchema = z.looseObject({ terminalId: z.string(), _meta: meta });

const exitStatusSchema = z.looseObject({ exitCode: z.number().nullish(), signal: z.string().nullish() });

/** `terminal/output` params and result. */
export const terminalOutputRequestSchema = z.looseObject({ terminalId: z.string(), _meta: meta });
export const terminalOutputResponseSchema = z.looseObject({ output: z.string(), truncated: z.boolean(), exitStatus: exitStatusSchema.nullish(), _meta: meta });

/** `terminal/wait_for_exit` result. */
export const waitForExitResponseSchema = z.looseObject({ exitCode: z.number().nullish(), signal: z.string().nullish(), _meta: meta });

// Every value of the SDK's type passes the schema: a schema stricter than the protocol fails to compile.
type Accepts<Schema extends z.ZodType, Wire> = [Wire] extends [z.input<Schema>] ? true : false;
type Update<Kind extends acp.SessionUpdate['sessionUpdate']> = Omit<Extract<acp.SessionUpdate, { sessionUpdate: Kind }>, 'sessionUpdate'>;

export const SCHEMAS_ACCEPT_THE_SDK_TYPES: readonly true[] = [
  true satisfies Accepts<typeof promptRequestSchema, acp.PromptRequest>,
  true satisfies Accepts<typeof newSessionRequestSchema, acp.NewSessionRequest>,
  true satisfies Accepts<typeof newSessionResponseSchema, acp.NewSessionResponse>,
  true satisfies Accepts<typeof initializeResponseSchema, acp.InitializeResponse>,
  true satisfies Accepts<typeof promptResponseSchema, acp.PromptResponse>,
  true satisfies Accepts<typeof toolCallContentSchema, acp.ToolCallContent>,
  true satisfies Accepts<typeof toolCallSchema, acp.ToolCall>,
  true satisfies Accepts<typeof toolCallUpdateSchema, acp.ToolCallUpdate>,
  true satisfies Accepts<typeof contentChunkSchema, acp.ContentChunk>,
  true satisfies Accepts<typeof planSchema, acp.Plan>,
  true satisfies Accepts<typeof usageUpdateSchema, Update<'usage_update'>>,
  true satisfies Accepts<typeof noticeSchema, Update<'notice'>>,
  true satisfies Accepts<typeof compactionUpdateSchema, Update<'compaction_update'>>,
  true satisfies Accepts<typeof currentModeUpdateSchema, Update<'current_mode_update'>>,
  true satisfies Accepts<typeof sessionNotificationSchema, acp.SessionNotification>,
  true satisfies Accepts<typeof permissionRequestSchema, acp.RequestPermissionRequest>,
  true satisfies Accepts<typeof permissionResponseSchema, acp.RequestPermissionResponse>,
  true satisfies Accepts<typeof createTerminalRequestSchema, acp.CreateTerminalRequest>,
  true satisfies Accepts<typeof createTerminalResponseSchema, acp.CreateTerminalResponse>,
  true satisfies Accepts<typeof terminalOutputRequestSchema, acp.TerminalOutputRequest>,
  true satisfies Accepts<typeof terminalOutputResponseSchema, acp.TerminalOutputResponse>,
  true satisfies Accepts<typeof waitForExitResponseSchema, acp.WaitForTerminalExitResponse>,
];
