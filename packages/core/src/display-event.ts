import * as z from 'zod';

/**
 * Fields every event may carry. `parentToolUseId` marks an event that belongs
 * to a subagent started by that tool call (Claude `parent_tool_use_id`, Copilot
 * `parentToolCallId`), so a renderer can nest it under the call. `timestamp`
 * is when the agent recorded the event, as an ISO 8601 string, where the
 * stream or log says so (session logs do per message; most live streams do
 * not); a renderer never invents one. `providerMetadata` holds data only one
 * provider has, under that provider's id (`{ copilot: { premiumRequests: 3 } }`),
 * for consumers that know the provider; renderers need not show it.
 */
const eventBase = {
  parentToolUseId: z.string().optional(),
  timestamp: z.string().optional(),
  providerMetadata: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
};

/**
 * Assistant text. Text events are append-only increments: concatenating the
 * `text` of every text event of a run, in order, gives the run's text. `id`
 * names the message or block the increment belongs to, so that a renderer can
 * tell a new block from a continuation.
 */
export const textEventSchema = z.object({
  kind: z.literal('text'),
  id: z.string(),
  text: z.string(),
  ...eventBase,
});

/**
 * The person's side of the conversation, where a log or stream records it:
 * a typed `prompt`, a slash `command` (its name and arguments as typed), or an
 * `interrupt` (the person stopped the agent). `id` names the message where the
 * agent gives it one. A top-level `prompt` of form `prompt` starts a turn;
 * commands and interrupts act within one (docs/turns.md).
 */
export const promptEventSchema = z.object({
  kind: z.literal('prompt'),
  form: z.enum(['prompt', 'command', 'interrupt']),
  text: z.string(),
  id: z.string().optional(),
  ...eventBase,
});

/** Thinking or reasoning text; increments like `text`, hidden in default mode. */
export const reasoningEventSchema = z.object({
  kind: z.literal('reasoning'),
  id: z.string(),
  text: z.string(),
  ...eventBase,
});

/** The coarse categories of tools, the same as the Agent Client Protocol's. */
export const toolKindSchema = z.enum([
  'read',
  'edit',
  'delete',
  'move',
  'search',
  'execute',
  'think',
  'fetch',
  'other',
]);

/**
 * One tool call, emitted exactly once per call however many state updates the
 * provider sends. `name` is the canonical display name, `toolName` the
 * provider's own, `arg` a single-line preview of at most 40 characters, and
 * `input` the raw input (decoded when the provider sent a JSON string).
 */
export const toolUseEventSchema = z.object({
  kind: z.literal('tool-use'),
  id: z.string(),
  name: z.string(),
  toolName: z.string(),
  toolKind: toolKindSchema,
  arg: z.string(),
  input: z.unknown(),
  ...eventBase,
});

/**
 * Whether a tool's output could be read: `text` (found, non-empty), `empty`
 * (found and really empty) or `unavailable` (nothing extractable). A renderer
 * shows "(empty file)" only for `empty`.
 */
export const toolOutputStateSchema = z.enum(['text', 'empty', 'unavailable']);

/** A file a tool call created, modified, deleted or moved. */
export const fileChangeSchema = z.object({
  path: z.string(),
  change: z.enum(['created', 'modified', 'deleted', 'moved']),
});

/** Structure a one-line summary is built from; every field is optional. */
export const toolResultDetailsSchema = z.object({
  path: z.string().optional(),
  /** Files the call changed, where the provider says so (Codex `file_change`, Claude `tool_use_result.type`). */
  changes: z.array(fileChangeSchema).optional(),
  durationMs: z.number().optional(),
  contentLength: z.number().optional(),
  matchCount: z.number().optional(),
  fileCount: z.number().optional(),
  exitCode: z.number().optional(),
  stderr: z.string().optional(),
  errorMessage: z.string().optional(),
});

/**
 * The end of a tool call, correlated to its `tool-use` by `id`. `name` and
 * `toolKind` repeat the call's canonical name and kind so that a result can be
 * summarised on its own; `arg` and `input` say what ran when it is not what
 * the `tool-use` announced.
 */
export const toolResultEventSchema = z.object({
  kind: z.literal('tool-result'),
  id: z.string(),
  name: z.string(),
  toolKind: toolKindSchema,
  status: z.enum(['success', 'error']),
  outputState: toolOutputStateSchema,
  output: z.string().optional(),
  details: toolResultDetailsSchema,
  /**
   * What the call ran, where its completion reported an input different from
   * the one its `tool-use` announced (Codex `item.completed`, OpenCode's
   * completed tool part): that input's one-line preview (at most 40
   * characters). A renderer shows it in place of the `tool-use`'s `arg`. A
   * warning notice (`tool_input_changed`) follows such a result. Absent when
   * nothing changed.
   */
  arg: z.string().optional(),
  /** The input the call completed with, decoded, alongside `arg`; absent when nothing changed. */
  input: z.unknown().optional(),
  ...eventBase,
});

/**
 * Token counts and cost. With `cumulative: true` the event restates the run's
 * total so far (replace); otherwise it is an increment (add). Aggregation
 * follows that flag, so a provider that repeats usage never double counts.
 *
 * One convention across providers: `inputTokens` counts every input token,
 * cached ones included, and `cacheReadTokens` / `cacheWriteTokens` say how
 * many of those were read from or written to the cache. `outputTokens`
 * includes `reasoningTokens` where the provider counts them together.
 */
export const usageEventSchema = z.object({
  kind: z.literal('usage'),
  cumulative: z.boolean(),
  model: z.string().optional(),
  inputTokens: z.number().optional(),
  outputTokens: z.number().optional(),
  reasoningTokens: z.number().optional(),
  cacheReadTokens: z.number().optional(),
  cacheWriteTokens: z.number().optional(),
  costUsd: z.number().optional(),
  ...eventBase,
});

/** How a run ended: `incomplete` when the stream stopped without its final line. */
export const sessionStatusSchema = z.enum(['success', 'error', 'cancelled', 'incomplete']);

/**
 * Session start (`phase: 'start'`: session id, model, working directory, the
 * stream's start time) and
 * end (`phase: 'end'`: status, duration, turns, final result text).
 */
export const sessionEventSchema = z.object({
  kind: z.literal('session'),
  phase: z.enum(['start', 'end']),
  sessionId: z.string().optional(),
  model: z.string().optional(),
  cwd: z.string().optional(),
  /** The git branch the session ran on, where a log records it. */
  gitBranch: z.string().optional(),
  /** A title the agent or the person gave the session, where a log records one. */
  title: z.string().optional(),
  agentVersion: z.string().optional(),
  status: sessionStatusSchema.optional(),
  durationMs: z.number().optional(),
  turns: z.number().optional(),
  result: z.string().optional(),
  ...eventBase,
});

/** A provider-reported error; `fatal` says whether it ended the run. */
export const errorEventSchema = z.object({
  kind: z.literal('error'),
  message: z.string(),
  fatal: z.boolean(),
  code: z.string().optional(),
  ...eventBase,
});

/** Anything worth a line that is not an error: a retry, a permission request, a rate limit. */
export const noticeEventSchema = z.object({
  kind: z.literal('notice'),
  level: z.enum(['info', 'warning']),
  message: z.string(),
  code: z.string().optional(),
  ...eventBase,
});

/**
 * Every event a source emits and a renderer consumes. Plain, JSON-serialisable
 * data. The schema is closed: it rejects a kind this build does not know. To
 * read events that crossed a process or network boundary, where the writer may
 * be a newer version that knows more kinds, use `parseDisplayEvent(value)`,
 * which lets an unknown kind through as unknown.
 */
export const displayEventSchema = z.discriminatedUnion('kind', [
  promptEventSchema,
  textEventSchema,
  reasoningEventSchema,
  toolUseEventSchema,
  toolResultEventSchema,
  usageEventSchema,
  sessionEventSchema,
  errorEventSchema,
  noticeEventSchema,
]);

export type PromptDisplayEvent = z.infer<typeof promptEventSchema>;
export type TextDisplayEvent = z.infer<typeof textEventSchema>;
export type ReasoningDisplayEvent = z.infer<typeof reasoningEventSchema>;
export type ToolKind = z.infer<typeof toolKindSchema>;
export type ToolUseDisplayEvent = z.infer<typeof toolUseEventSchema>;
export type ToolOutputState = z.infer<typeof toolOutputStateSchema>;
export type FileChange = z.infer<typeof fileChangeSchema>;
export type ToolResultDetails = z.infer<typeof toolResultDetailsSchema>;
export type ToolResultDisplayEvent = z.infer<typeof toolResultEventSchema>;
export type UsageDisplayEvent = z.infer<typeof usageEventSchema>;
export type SessionStatus = z.infer<typeof sessionStatusSchema>;
export type SessionDisplayEvent = z.infer<typeof sessionEventSchema>;
export type ErrorDisplayEvent = z.infer<typeof errorEventSchema>;
export type NoticeDisplayEvent = z.infer<typeof noticeEventSchema>;
/**
 * The union of every event kind this build of `@x/core` knows, inferred from
 * {@link displayEventSchema}. It grows when a minor version adds a kind: code
 * that produces events or reads them from `streamEvents` sees the new kind at
 * once. A renderer's `write` takes the frozen {@link DisplayEventV1} instead.
 */
export type DisplayEvent = z.infer<typeof displayEventSchema>;
/** The `kind` discriminator of {@link DisplayEvent}. */
export type DisplayEventKind = DisplayEvent['kind'];

/**
 * The events of contract `v1` as it was published: these nine kinds, and no
 * kind added later. `Renderer.write` takes this type, so that a third-party
 * renderer with an exhaustive `switch (event.kind)` and a
 * `const unreachable: never = event` default keeps compiling when a later
 * minor version of `@x/core` adds a kind. At run time such an event still
 * arrives, and lands in that default branch: a renderer ignores a kind it does
 * not know (returns without output), and never throws on it. Fields added to
 * these kinds later are optional, so they never break a renderer either.
 */
export type DisplayEventV1 =
  | PromptDisplayEvent
  | TextDisplayEvent
  | ReasoningDisplayEvent
  | ToolUseDisplayEvent
  | ToolResultDisplayEvent
  | UsageDisplayEvent
  | SessionDisplayEvent
  | ErrorDisplayEvent
  | NoticeDisplayEvent;

/** Every kind this version of the contract defines, in a stable order. */
export const DISPLAY_EVENT_KINDS = [
  'prompt',
  'text',
  'reasoning',
  'tool-use',
  'tool-result',
  'usage',
  'session',
  'error',
  'notice',
] as const satisfies readonly DisplayEventKind[];
