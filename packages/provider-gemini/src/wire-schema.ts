import * as z from 'zod';

// Loose schemas of what Gemini CLI writes, after `JsonStreamEvent` and
// `JsonOutput` of @google/gemini-cli-core@0.61.0 (dist/src/output/types.d.ts).
// They check only the fields the parser branches on: payloads (`parameters`,
// `stats`, `error`) stay `unknown` and are read field by field, so that a
// stats shape of another CLI version never costs the event. Optional fields
// accept an explicit `null`. Unknown fields are dropped (`z.object`, which
// zod compiles to a fast check; a loose object's copy of every key cost the
// parser several percent): the handlers read only the fields named here. The
// parser runs these on every line (`safeParse`); they are not part of the
// package's API.

const envelope = {
  /** ISO time the CLI emitted the event; required by the types, read only from `init`. */
  timestamp: z.string().nullish(),
};

/** `init`: once per run, before the prompt; `model` is the configured one, possibly an alias such as `auto`. */
const initEventSchema = z.object({
  type: z.literal('init'),
  ...envelope,
  session_id: z.string().nullish(),
  model: z.string().nullish(),
});

/** `message`: the prompt echo (`role: 'user'`) or an increment of assistant text (`delta: true`). */
const messageEventSchema = z.object({
  type: z.literal('message'),
  ...envelope,
  role: z.string(),
  content: z.string(),
  delta: z.boolean().nullish(),
});

/** `tool_use`: one per tool call request; `tool_id` is opaque (its format changed in v0.43.0). */
const toolUseEventSchema = z.object({
  type: z.literal('tool_use'),
  ...envelope,
  tool_name: z.string(),
  tool_id: z.string(),
  parameters: z.unknown().optional(),
});

/** `tool_result`: the end of a call; `output` only when the tool's display is a string (never for edits and writes). */
const toolResultEventSchema = z.object({
  type: z.literal('tool_result'),
  ...envelope,
  tool_id: z.string(),
  status: z.enum(['success', 'error']),
  output: z.string().nullish(),
  /** `{ type, message }`, `type` from `ToolErrorType`. */
  error: z.unknown().optional(),
});

/** `error`: a non-fatal error (`severity: 'error'`) or warning (`severity: 'warning'`). */
const errorEventSchema = z.object({
  type: z.literal('error'),
  ...envelope,
  severity: z.string().nullish(),
  message: z.string(),
});

/** `result`: the last line of a run; `stats` changed shape in v0.22.0 and v0.34.0. */
const resultEventSchema = z.object({
  type: z.literal('result'),
  ...envelope,
  status: z.enum(['success', 'error']),
  /** `{ type, message }`; absent on an invalid-stream error (quirk 4). */
  error: z.unknown().optional(),
  /** `StreamStats`: `{ total_tokens, input_tokens, output_tokens, cached?, input?, duration_ms, tool_calls, models? }`. */
  stats: z.unknown().optional(),
});

/** One `--output-format stream-json` line: the union the parser dispatches on, by `type`. */
export const streamEventSchema = z.discriminatedUnion('type', [
  initEventSchema,
  messageEventSchema,
  toolUseEventSchema,
  toolResultEventSchema,
  errorEventSchema,
  resultEventSchema,
]);

/** `--output-format json`: one document per run, pretty-printed over many lines; it has no `type`. */
export const jsonOutputSchema = z.object({
  /** Since v0.21.0. */
  session_id: z.string().nullish(),
  /** Text of the final model turn only. */
  response: z.string().nullish(),
  /** `SessionMetrics`: `{ models: { [model]: { api, tokens: { input, prompt, candidates, total, cached, thoughts, tool }, roles } }, tools, files }`. */
  stats: z.unknown().optional(),
  /** `{ type, message, code? }` of a fatal error. */
  error: z.unknown().optional(),
  /** Since v0.42.0. */
  warnings: z.array(z.unknown()).nullish(),
});

export type StreamEvent = z.infer<typeof streamEventSchema>;
export type InitEvent = z.infer<typeof initEventSchema>;
export type MessageEvent = z.infer<typeof messageEventSchema>;
export type ToolUseWireEvent = z.infer<typeof toolUseEventSchema>;
export type ToolResultWireEvent = z.infer<typeof toolResultEventSchema>;
export type ErrorWireEvent = z.infer<typeof errorEventSchema>;
export type ResultEvent = z.infer<typeof resultEventSchema>;
export type JsonOutput = z.infer<typeof jsonOutputSchema>;

/**
 * The reason a line of each known `type` is malformed when it fails the
 * schema. Its keys are the types {@link streamEventSchema} knows, so a type
 * not here is unknown rather than malformed.
 */
export const MALFORMED_REASONS: ReadonlyMap<string, string> = new Map([
  ['init', 'init whose session_id or model is not a string'],
  ['message', 'message without string role and content'],
  ['tool_use', 'tool_use without string tool_name and tool_id'],
  ['tool_result', 'tool_result without string tool_id and a success or error status'],
  ['error', 'error without a string message'],
  ['result', 'result without a success or error status'],
]);
