import { isJsonObject, type JsonObject } from '@x/core/provider-utils';
import * as z from 'zod';

/*
 * The OpenCode wire as the parser reads it, written to `@opencode-ai/sdk@1.19.3`
 * (`@opencode-ai/sdk/v2`, `dist/v2/gen/types.gen.d.ts`, and the v1 default
 * export) and to `run.ts`, which wraps SDK parts as
 * `{ type, timestamp, sessionID, ...data }`. The parser runs these schemas on
 * every line (`safeParse`): a line that fails is malformed. They ask only for
 * what the parser uses, and keep every other field, since OpenCode adds fields
 * in most releases; event and part types they do not name are told apart by
 * the parser (ignored with a reason, or unknown).
 */

/**
 * An SDK `Part` before its type is known: an object, checked without a copy
 * (a part of a type that is shown is then read with {@link displayedPartSchema};
 * the rest only by `type` and `messageID`).
 */
export const partSchema = z.custom<JsonObject>(isJsonObject, 'expected a part object');

/** SDK `TextPart` and `ReasoningPart`; `text` is the whole text so far (a snapshot). */
const textLikePartSchema = z.looseObject({
  type: z.enum(['text', 'reasoning']),
  id: z.string(),
  text: z.string().optional(),
});

/**
 * SDK `ToolState`: `pending` (input may be `{}` with the partial JSON in
 * `raw`), `running`, `completed`, `error`. `input` is kept as the agent sent it.
 */
const toolStateSchema = z.looseObject({
  status: z.string(),
  input: z.unknown().optional(),
  metadata: z.unknown().optional(),
});

/** SDK `ToolPart`: one part per call, keyed by `callID` (else the part id), updated in place as its state moves. */
const toolPartSchema = z.looseObject({
  type: z.literal('tool'),
  id: z.string().optional(),
  callID: z.string().optional(),
  tool: z.string(),
  state: toolStateSchema,
});

/** SDK `StepFinishPart`: tokens and cost of one step (per step, not cumulative); `reason` may be missing (quirk 9). */
const stepFinishPartSchema = z.looseObject({
  type: z.literal('step-finish'),
  id: z.string().optional(),
  reason: z.string().optional(),
  cost: z.number().optional(),
  tokens: z.unknown().optional(),
});

/** The part types the parser shows, each with what it needs of them. */
export const displayedPartSchema = z.discriminatedUnion('type', [
  textLikePartSchema,
  toolPartSchema,
  z.looseObject({ type: z.literal('step-start') }),
  stepFinishPartSchema,
]);

/** A parsed {@link displayedPartSchema}. */
export type DisplayedPart = z.infer<typeof displayedPartSchema>;
/** A parsed tool part. */
export type ToolPart = z.infer<typeof toolPartSchema>;
/** A parsed step-finish part. */
export type StepFinishPart = z.infer<typeof stepFinishPartSchema>;

const runBase = { timestamp: z.number().optional(), sessionID: z.string().optional() };

/**
 * One line of `opencode run --format json`, as `run.ts` emits it. `done` is
 * written by the newest `run.ts` only; older CLIs end without a final line.
 * `error` is a `SessionError` object, or a string from a failed prompt call.
 */
export const runJsonLineSchema = z.discriminatedUnion('type', [
  z.looseObject({ ...runBase, type: z.literal('step_start'), part: partSchema }),
  z.looseObject({ ...runBase, type: z.literal('text'), part: partSchema }),
  z.looseObject({ ...runBase, type: z.literal('reasoning'), part: partSchema }),
  z.looseObject({ ...runBase, type: z.literal('tool_use'), part: partSchema }),
  z.looseObject({ ...runBase, type: z.literal('step_finish'), part: partSchema }),
  z.looseObject({ ...runBase, type: z.literal('error'), error: z.unknown() }),
  z.looseObject({ ...runBase, type: z.literal('done'), rejected: z.array(z.unknown()).optional() }),
]);

/** A parsed {@link runJsonLineSchema}. */
export type RunJsonLine = z.infer<typeof runJsonLineSchema>;

/** The `type`s `run --format json` writes. */
export const RUN_JSON_TYPES: ReadonlySet<string> = new Set(runJsonLineSchema.options.map((option) => option.shape.type.value));

/** SDK `Session` (the `info` of `session.created` / `session.updated`). */
const sessionInfoSchema = z.looseObject({
  id: z.string(),
  parentID: z.string().optional(),
  directory: z.string().optional(),
  version: z.string().optional(),
});

/** SDK `UserMessage` / `AssistantMessage`: the model is flat (`modelID`, `providerID`) or nested (`model`), quirk 7. */
const messageInfoSchema = z.looseObject({
  id: z.string(),
  role: z.string(),
  sessionID: z.string().optional(),
  time: z.looseObject({ created: z.number().optional(), completed: z.number().optional() }).optional(),
  error: z.unknown().optional(),
  finish: z.string().optional(),
  path: z.looseObject({ cwd: z.string().optional() }).optional(),
});

const sessionRef = { sessionID: z.string().optional() };
const strings = z.array(z.unknown()).optional();

/** Permission asks of every vocabulary: v2 `permission.asked`, v1 `permission.updated`, the newer `permission.v2.asked` (quirk 12). */
const permissionProperties = z.looseObject({
  ...sessionRef,
  permission: z.string().optional(),
  action: z.string().optional(),
  type: z.string().optional(),
  title: z.string().optional(),
  patterns: strings,
  resources: strings,
});

const questionProperties = z.looseObject({ ...sessionRef, questions: z.array(z.unknown()).optional() });

const event = <T extends string, P extends z.ZodType>(type: T, properties: P) =>
  z.looseObject({ id: z.string().optional(), type: z.literal(type), properties });

/**
 * The server bus events the parser shows, in both SDK vocabularies: v2
 * (envelope `id`, `message.part.delta`, `permission.asked`) and v1 (no `id`,
 * `delta` inline in `message.part.updated`, `permission.updated`). Other event
 * types are ignored with a reason or reported as unknown.
 */
export const busEventSchema = z.discriminatedUnion('type', [
  event('session.created', z.looseObject({ ...sessionRef, info: sessionInfoSchema })),
  event('session.updated', z.looseObject({ ...sessionRef, info: sessionInfoSchema })),
  event(
    'session.status',
    z.looseObject({
      ...sessionRef,
      status: z.looseObject({ type: z.string(), attempt: z.number().optional(), message: z.string().optional() }),
    }),
  ),
  event('session.idle', z.looseObject(sessionRef)),
  event('session.error', z.looseObject({ ...sessionRef, error: z.unknown().optional() })),
  event('session.compacted', z.looseObject(sessionRef)),
  event('message.updated', z.looseObject({ ...sessionRef, info: messageInfoSchema })),
  event('message.part.updated', z.looseObject({ ...sessionRef, part: partSchema, delta: z.string().optional() })),
  event(
    'message.part.delta',
    z.looseObject({ ...sessionRef, messageID: z.string().optional(), partID: z.string(), field: z.string().optional(), delta: z.string() }),
  ),
  event('permission.asked', permissionProperties),
  event('permission.updated', permissionProperties),
  event('permission.v2.asked', permissionProperties),
  event('question.asked', questionProperties),
  event('question.v2.asked', questionProperties),
  event('command.executed', z.looseObject({ ...sessionRef, name: z.string(), arguments: z.string().optional() })),
]);

/** A parsed {@link busEventSchema}. */
export type BusEvent = z.infer<typeof busEventSchema>;
/** The bus event of type `T`. */
export type BusEventOf<T extends BusEvent['type']> = Extract<BusEvent, { type: T }>;

/** The bus event types the parser shows. */
export const BUS_EVENT_TYPES: ReadonlySet<string> = new Set(busEventSchema.options.map((option) => option.shape.type.value));

/** `/global/event` wraps each bus event (`{ type: "family.name", properties }`) as `{ directory, project?, workspace?, payload: Event }`. */
export const globalEventSchema = z.looseObject({ directory: z.string().optional(), payload: z.looseObject({ type: z.string() }) });

/** The first issue of a failed parse, in words: where, and what was wrong. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'does not match its type';
  const path = issue.path.map(String).join('.');
  return path === '' ? issue.message : `${path}: ${issue.message}`;
}
