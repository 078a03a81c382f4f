import * as z from 'zod';

// Loose schemas of what Gemini CLI writes, after `JsonStreamEvent` and
// `JsonOutput` of @google/gemini-cli-core@0.61.0 (dist/src/output/types.d.ts).
// They check only the fields the parser branches on: payloads (`parameters`,
// `stats`, `error`) stay `unknown` and are read field by field, so that a
// stats shape of another CLI version never costs the event. Optional fields
// accept an explicit `null`; unknown fields are kept.

const envelope = {
  /** ISO time the CLI emitted the event; required by the types, never needed here. */
  timestamp: z.string().nullish(),
};

/** `init`: once per run, before the prompt; `model` is the configured one, possibly an alias such as `auto`. */
export const geminiInitEventSchema = z.looseObject({
  type: z.literal('init'),
  ...envelope,
  session_id: z.string().nullish(),
  model: z.string().nullish(),
});

/** `message`: the prompt echo (`role: 'user'`) or an increment of assistant text (`delta: true`). */
export const geminiMessageEventSchema = z.looseObject({
  type: z.literal('message'),
  ...envelope,
  role: z.string(),
  content: z.string(),
  delta: z.boolean().nullish(),
});

/** `tool_use`: one per tool call request; `tool_id` is opaque (its format changed in v0.43.0). */
export const geminiToolUseEventSchema = z.looseObject({
  type: z.literal('tool_use'),
  ...envelope,
  tool_name: z.string(),
  tool_id: z.string(),
  parameters: z.unknown().optional(),
});

/** `tool_result`: the end of a call; `output` only when the tool's display is a string (never for edits and writes). */
export const geminiToolResultEventSchema = z.looseObject({
  type: z.literal('tool_result'),
  ...envelope,
  tool_id: z.string(),
  status: z.enum(['success', 'error']),
  output: z.string().nullish(),
  /** `{ type, message }`, `type` from `ToolErrorType`. */
  error: z.unknown().optional(),
});

/** `error`: a non-fatal error (`severity: 'error'`) or warning (`severity: 'warning'`). */
export const geminiErrorEventSchema = z.looseObject({
  type: z.literal('error'),
  ...envelope,
  severity: z.string().nullish(),
  message: z.string(),
});

/** `result`: the last line of a run; `stats` changed shape in v0.22.0 and v0.34.0. */
export const geminiResultEventSchema = z.looseObject({
  type: z.literal('result'),
  ...envelope,
  status: z.enum(['success', 'error']),
  /** `{ type, message }`; absent on an invalid-stream error (quirk 4). */
  error: z.unknown().optional(),
  /** `StreamStats`: `{ total_tokens, input_tokens, output_tokens, cached?, input?, duration_ms, tool_calls, models? }`. */
  stats: z.unknown().optional(),
});

/** `--output-format json`: one document per run, pretty-printed over many lines. */
export const geminiJsonOutputSchema = z.looseObject({
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

export type GeminiInitEvent = z.infer<typeof geminiInitEventSchema>;
export type GeminiMessageEvent = z.infer<typeof geminiMessageEventSchema>;
export type GeminiToolUseEvent = z.infer<typeof geminiToolUseEventSchema>;
export type GeminiToolResultEvent = z.infer<typeof geminiToolResultEventSchema>;
export type GeminiErrorEvent = z.infer<typeof geminiErrorEventSchema>;
export type GeminiResultEvent = z.infer<typeof geminiResultEventSchema>;
export type GeminiJsonOutput = z.infer<typeof geminiJsonOutputSchema>;
