import * as z from 'zod';

/*
 * The Copilot CLI wire (`copilot -p … --output-format json`, docs/formats/copilot.md
 * §2, from `schemas/session-events.schema.json` of `@github/copilot` 1.0.102) as
 * the parser reads it: a discriminated union on `type` of the `result` line and
 * of every event type the parser shows. The parser runs it on each line of
 * those types; lines of other types are checked against the bare envelope.
 *
 * Only the fields the parser reads are listed (others are stripped, so a
 * hostile `__proto__` key never reaches an event). A field the parser cannot
 * do without (an id, a delta's text) fails the line, which is reported as
 * malformed; an optional field of the wrong type is left out instead, so that
 * it loses only itself, never the line.
 */

/** An optional field that, when it has the wrong type, is left out instead of failing the line. */
export function lenient<T extends z.ZodType>(schema: T) {
  return schema.optional().catch(undefined);
}

/** An optional string field (lenient). */
export const text = lenient(z.string());
/** An optional number field (lenient). */
export const count = lenient(z.number());
/** A value read as it is (`success`, `arguments`): the handler decides what it means. */
const raw = z.unknown().optional();

/** The envelope fields of an event line (copilot.md §2, `CopilotEventLine`). */
const envelope = { id: text, timestamp: text, ephemeral: lenient(z.boolean()) };

/** One event line whose `type` is `type` and whose `data` follows `data`. */
export function eventLineSchema<T extends string, D extends z.ZodType>(type: T, data: D) {
  return z.object({ type: z.literal(type), data, ...envelope });
}

/** Any event line: what lines of the types the parser shows as nothing must be. */
export const otherEventLineSchema = z.object({ type: z.string(), data: z.object({}), ...envelope });

const sessionStartData = z.object({
  sessionId: text,
  copilotVersion: text,
  startTime: text,
  selectedModel: text,
  context: lenient(z.object({ cwd: text, branch: text })),
});

const withParent = { parentToolCallId: text };

/** One entry of `assistant.message.toolRequests`; entries that fail it are counted and left out. */
export const toolRequestSchema = z.object({
  toolCallId: z.string(),
  name: z.string(),
  // Already an object on this wire, unlike Chat Completions' JSON strings (quirk 3).
  arguments: raw,
  mcpServerName: text,
  mcpToolName: text,
});

const assistantMessageData = z
  .object({
    messageId: text,
    // `""` when the turn only requests tools (quirk 4).
    content: text,
    toolRequests: lenient(z.array(z.unknown())),
    model: text,
    reasoningText: text,
    outputTokens: count,
    ...withParent,
  })
  .refine((data) => data.content !== undefined || data.toolRequests !== undefined, { message: 'assistant.message without content or toolRequests' });

/** One entry of `tool.execution_complete.fileEdits`. */
export const fileEditSchema = z.object({ path: z.string(), kind: z.string() });

const toolCompleteData = z.object({
  toolCallId: z.string(),
  success: raw,
  model: text,
  result: lenient(z.object({ content: text, detailedContent: text })),
  error: lenient(z.object({ message: text })),
  shellExecution: lenient(z.object({ exitCode: count })),
  // Before `shellExecution` (1.0.62: recorded in fixtures/copilot/recorded/1.0.62/failing-command.jsonl),
  // a shell's exit code is only in its telemetry.
  toolTelemetry: lenient(z.object({ metrics: lenient(z.object({ exit_code: count })) })),
  fileEdits: lenient(z.array(z.unknown())),
  ...withParent,
});

const toolStartData = z.object({ toolCallId: z.string(), toolName: z.string(), arguments: raw, mcpServerName: text, mcpToolName: text, ...withParent });

/** `result.usage.codeChanges`. */
export const codeChangesSchema = z.object({ linesAdded: count, linesRemoved: count, filesModified: lenient(z.array(z.string())) });

/** The last line: the synthetic `result`, written at exit (top-level fields, no `data`). */
export const resultLineSchema = z.object({
  type: z.literal('result'),
  timestamp: text,
  sessionId: text,
  exitCode: count,
  // Not in 1.0.102's writer; read when `exitCode` is missing.
  success: raw,
  usage: lenient(
    z.object({
      // Fractional in practice (`7.5`, CLI 1.0.32: quirk 5).
      premiumRequests: count,
      totalApiDurationMs: count,
      sessionDurationMs: count,
      codeChanges: lenient(codeChangesSchema),
    }),
  ),
});

/** The event lines both the stdout stream and the session log show. */
export const sharedEventLineSchemas = [
  eventLineSchema('session.start', sessionStartData),
  eventLineSchema('session.resume', z.object({ selectedModel: text, context: lenient(z.object({ cwd: text })) })),
  eventLineSchema('assistant.turn_start', z.object({ model: text, ...withParent })),
  eventLineSchema('assistant.turn_end', z.object({ ...withParent })),
  eventLineSchema('assistant.message_delta', z.object({ messageId: z.string(), deltaContent: z.string(), ...withParent })),
  eventLineSchema('assistant.message', assistantMessageData),
  eventLineSchema('assistant.reasoning_delta', z.object({ reasoningId: z.string(), deltaContent: z.string(), ...withParent })),
  eventLineSchema('assistant.reasoning', z.object({ reasoningId: z.string(), content: z.string(), ...withParent })),
  eventLineSchema('tool.execution_start', toolStartData),
  eventLineSchema('tool.execution_complete', toolCompleteData),
  eventLineSchema('session.error', z.object({ errorType: text, message: text })),
  eventLineSchema('session.warning', z.object({ warningType: text, message: text, ...withParent })),
  eventLineSchema('session.info', z.object({ infoType: text, message: text, ...withParent })),
  eventLineSchema('session.task_complete', z.object({ summary: text, reason: text, outcome: text, success: raw })),
  eventLineSchema('subagent.failed', z.object({ toolCallId: text, agentName: text, agentDisplayName: text, error: text, ...withParent })),
  eventLineSchema('abort', z.object({ reason: text })),
] as const;

/** A line of `copilot -p --output-format json` that the parser shows: the union it runs. */
export const copilotLineSchema = z.discriminatedUnion('type', [resultLineSchema, ...sharedEventLineSchemas]);

/** A parsed {@link copilotLineSchema}. */
export type CopilotLine = z.infer<typeof copilotLineSchema>;
/** The `data` of the event line of type `T`. */
export type CopilotData<T extends Exclude<CopilotLine['type'], 'result'>> = Extract<CopilotLine, { type: T }>['data'];
/** A parsed {@link resultLineSchema}. */
export type CopilotResultLine = z.infer<typeof resultLineSchema>;
/** A parsed {@link otherEventLineSchema}. */
export type CopilotOtherLine = z.infer<typeof otherEventLineSchema>;

/** The types a schema of a discriminated union on `type` knows. */
export function typesOf(schemas: readonly { shape: { type: z.ZodType } }[]): ReadonlySet<string> {
  const types = new Set<string>();
  for (const schema of schemas) {
    const type = schema.shape.type;
    if (type instanceof z.ZodLiteral) for (const value of type.values) types.add(String(value));
  }
  return types;
}
