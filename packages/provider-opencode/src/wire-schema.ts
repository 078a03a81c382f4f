import * as z from 'zod';

/*
 * Loose schemas of the OpenCode wire, written to `@opencode-ai/sdk@1.19.3`
 * (`@opencode-ai/sdk/v2`, `dist/v2/gen/types.gen.d.ts`) and to `run.ts`, which
 * wraps SDK parts as `{ type, timestamp, sessionID, ...data }`. Unknown fields
 * are kept and unknown event and part types are tolerated, since OpenCode adds
 * both in most releases. The parser reads lines with the `@x/core` field
 * helpers instead of these schemas, because it runs once per line on the hot
 * path; the schemas document the wire and check fixtures in tests.
 */

const record = z.record(z.string(), z.unknown());

/** Token counts of a step (`StepFinishPart.tokens`) or message; `total` is optional in the types. */
export const tokensSchema = z.looseObject({
  total: z.number().optional(),
  input: z.number(),
  output: z.number(),
  reasoning: z.number(),
  cache: z.looseObject({ read: z.number(), write: z.number() }),
});

/** `AssistantMessage.error` / `session.error` `error`: a named error with a `data` payload. */
export const sessionErrorSchema = z.looseObject({
  name: z.string(),
  data: z.looseObject({ message: z.string().optional() }),
});

const partBase = { id: z.string(), sessionID: z.string(), messageID: z.string() };

/** SDK `TextPart`. */
export const textPartSchema = z.looseObject({
  ...partBase,
  type: z.literal('text'),
  text: z.string(),
  synthetic: z.boolean().optional(),
  ignored: z.boolean().optional(),
  time: z.looseObject({ start: z.number(), end: z.number().optional() }).optional(),
});

/** SDK `ReasoningPart`. */
export const reasoningPartSchema = z.looseObject({
  ...partBase,
  type: z.literal('reasoning'),
  text: z.string(),
  time: z.looseObject({ start: z.number(), end: z.number().optional() }),
});

/** SDK `ToolState`: `pending` (input may be `{}` with the partial JSON in `raw`), `running`, `completed`, `error`. */
export const toolStateSchema = z.discriminatedUnion('status', [
  z.looseObject({ status: z.literal('pending'), input: record, raw: z.string() }),
  z.looseObject({ status: z.literal('running'), input: record, title: z.string().optional(), metadata: record.optional() }),
  z.looseObject({ status: z.literal('completed'), input: record, output: z.string(), title: z.string(), metadata: record }),
  z.looseObject({ status: z.literal('error'), input: record, error: z.string(), metadata: record.optional() }),
]);

/** SDK `ToolPart`: one part per call, keyed by `callID`, updated in place as its state moves. */
export const toolPartSchema = z.looseObject({
  ...partBase,
  type: z.literal('tool'),
  callID: z.string(),
  tool: z.string(),
  state: toolStateSchema,
});

/** SDK `StepStartPart`. */
export const stepStartPartSchema = z.looseObject({ ...partBase, type: z.literal('step-start'), snapshot: z.string().optional() });

/** SDK `StepFinishPart`: tokens and cost of one step (per step, not cumulative). */
export const stepFinishPartSchema = z.looseObject({
  ...partBase,
  type: z.literal('step-finish'),
  reason: z.string(),
  snapshot: z.string().optional(),
  cost: z.number(),
  tokens: tokensSchema,
});

/** The part types this source displays; any other part type (`file`, `patch`, `agent`, ...) is tolerated. */
export const displayedPartSchema = z.discriminatedUnion('type', [
  textPartSchema,
  reasoningPartSchema,
  toolPartSchema,
  stepStartPartSchema,
  stepFinishPartSchema,
]);

const runBase = { timestamp: z.number(), sessionID: z.string() };

/**
 * One line of `opencode run --format json`, as `run.ts` emits it. `done` is
 * written by the newest `run.ts` only; older CLIs end without a final line.
 */
export const runJsonLineSchema = z.discriminatedUnion('type', [
  z.looseObject({ ...runBase, type: z.literal('step_start'), part: stepStartPartSchema }),
  z.looseObject({ ...runBase, type: z.literal('text'), part: textPartSchema }),
  z.looseObject({ ...runBase, type: z.literal('reasoning'), part: reasoningPartSchema }),
  z.looseObject({ ...runBase, type: z.literal('tool_use'), part: toolPartSchema }),
  z.looseObject({ ...runBase, type: z.literal('step_finish'), part: stepFinishPartSchema }),
  z.looseObject({ ...runBase, type: z.literal('error'), error: sessionErrorSchema }),
  z.looseObject({ ...runBase, type: z.literal('done'), reason: z.string(), rejected: z.array(z.string()) }),
]);

/** The `type`s `run --format json` writes. */
export const RUN_JSON_TYPES: ReadonlySet<string> = new Set(runJsonLineSchema.options.map((option) => option.shape.type.value));

const messageInfoSchema = z.looseObject({
  id: z.string(),
  sessionID: z.string(),
  role: z.enum(['user', 'assistant']),
  time: z.looseObject({ created: z.number(), completed: z.number().optional() }),
  error: sessionErrorSchema.optional(),
  modelID: z.string().optional(),
  providerID: z.string().optional(),
  finish: z.string().optional(),
});

const sessionInfoSchema = z.looseObject({ id: z.string(), directory: z.string(), parentID: z.string().optional(), version: z.string() });

/** `session.status` `status`: `idle`, `busy` or `retry` (with attempt, message and next retry time). */
export const busSessionStatusSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('idle') }),
  z.looseObject({ type: z.literal('busy') }),
  z.looseObject({ type: z.literal('retry'), attempt: z.number(), message: z.string(), next: z.number() }),
]);

/**
 * The server bus events this source displays, in both SDK vocabularies: v2
 * (envelope `id`, `message.part.delta`, `permission.asked`) and v1 (no `id`,
 * `delta` inline in `message.part.updated`, `permission.updated`). Any other
 * of the 89 `Event` types, and types added later, are tolerated.
 */
export const busEventSchema = z.discriminatedUnion('type', [
  z.looseObject({ id: z.string().optional(), type: z.literal('session.created'), properties: z.looseObject({ info: sessionInfoSchema }) }),
  z.looseObject({ id: z.string().optional(), type: z.literal('session.updated'), properties: z.looseObject({ info: sessionInfoSchema }) }),
  z.looseObject({
    id: z.string().optional(),
    type: z.literal('session.status'),
    properties: z.looseObject({ sessionID: z.string(), status: busSessionStatusSchema }),
  }),
  z.looseObject({ id: z.string().optional(), type: z.literal('session.idle'), properties: z.looseObject({ sessionID: z.string() }) }),
  z.looseObject({
    id: z.string().optional(),
    type: z.literal('session.error'),
    properties: z.looseObject({ sessionID: z.string().optional(), error: sessionErrorSchema.optional() }),
  }),
  z.looseObject({ id: z.string().optional(), type: z.literal('message.updated'), properties: z.looseObject({ info: messageInfoSchema }) }),
  z.looseObject({
    id: z.string().optional(),
    type: z.literal('message.part.updated'),
    properties: z.looseObject({ part: z.looseObject({ ...partBase, type: z.string() }), delta: z.string().optional() }),
  }),
  z.looseObject({
    id: z.string().optional(),
    type: z.literal('message.part.delta'),
    properties: z.looseObject({ sessionID: z.string(), messageID: z.string(), partID: z.string(), field: z.string(), delta: z.string() }),
  }),
  z.looseObject({
    id: z.string().optional(),
    type: z.literal('permission.asked'),
    properties: z.looseObject({ id: z.string(), sessionID: z.string(), permission: z.string(), patterns: z.array(z.string()) }),
  }),
  z.looseObject({
    id: z.string().optional(),
    type: z.literal('permission.updated'),
    properties: z.looseObject({ id: z.string(), sessionID: z.string(), type: z.string(), title: z.string() }),
  }),
  z.looseObject({
    id: z.string().optional(),
    type: z.literal('command.executed'),
    properties: z.looseObject({ name: z.string(), sessionID: z.string(), arguments: z.string() }),
  }),
]);

/** `/global/event` wraps each bus event with the project it belongs to. */
export const globalEventSchema = z.looseObject({
  directory: z.string(),
  project: z.string().optional(),
  workspace: z.string().optional(),
  payload: z.looseObject({ type: z.string() }),
});

/** One `run --format json` line of a known type. */
export type RunJsonLine = z.infer<typeof runJsonLineSchema>;
/** One display-relevant server bus event. */
export type BusEvent = z.infer<typeof busEventSchema>;
/** SDK `ToolState`. */
export type ToolState = z.infer<typeof toolStateSchema>;
/** A named OpenCode error (`ProviderAuthError`, `APIError`, `MessageAbortedError`, ...). */
export type SessionError = z.infer<typeof sessionErrorSchema>;
