import * as z from 'zod';

/**
 * Loose zod schemas of the Copilot CLI wire (`copilot -p … --output-format
 * json`, copilot.md §2, from `schemas/session-events.schema.json` of
 * `@github/copilot` 1.0.102). Unknown fields and unknown event types are
 * tolerated. The parser does not run them: it reads the few fields it needs
 * with cheap own-property readers, so that a field of the wrong type loses
 * only that field, never the line. They are for consumers who want to
 * validate lines strictly, and the tests check every fixture line with them.
 */

/** Every line except the last: one session event. */
export const copilotEventLineSchema = z.looseObject({
  type: z.string(),
  data: z.looseObject({}),
  id: z.string(),
  timestamp: z.string(),
  parentId: z.string().nullable(),
  ephemeral: z.boolean().optional(),
  agentId: z.string().optional(),
});

/** The last line: the synthetic `result`, written at exit (top-level fields, no `data`). */
export const copilotResultLineSchema = z.looseObject({
  type: z.literal('result'),
  timestamp: z.string().optional(),
  sessionId: z.string().optional(),
  exitCode: z.number().optional(),
  usage: z
    .looseObject({
      // Fractional in practice (`7.5`, CLI 1.0.32).
      premiumRequests: z.number().optional(),
      totalApiDurationMs: z.number().optional(),
      sessionDurationMs: z.number().optional(),
      codeChanges: z
        .looseObject({
          linesAdded: z.number().optional(),
          linesRemoved: z.number().optional(),
          filesModified: z.array(z.string()).optional(),
        })
        .optional(),
    })
    .optional(),
});

/** `session.start` data. */
export const copilotSessionStartSchema = z.looseObject({
  sessionId: z.string(),
  version: z.number().optional(),
  producer: z.string().optional(),
  copilotVersion: z.string().optional(),
  startTime: z.string().optional(),
  selectedModel: z.string().optional(),
  context: z.looseObject({ cwd: z.string().optional() }).optional(),
});

/** One entry of `assistant.message.toolRequests`. */
export const copilotToolRequestSchema = z.looseObject({
  toolCallId: z.string(),
  name: z.string(),
  // Already an object on this wire, unlike Chat Completions' JSON strings.
  arguments: z.unknown().optional(),
  type: z.string().optional(),
  mcpServerName: z.string().optional(),
  mcpToolName: z.string().optional(),
});

/** `assistant.message` data. */
export const copilotAssistantMessageSchema = z.looseObject({
  messageId: z.string(),
  // `""` when the turn only requests tools.
  content: z.string(),
  toolRequests: z.array(copilotToolRequestSchema).optional(),
  model: z.string().optional(),
  reasoningText: z.string().optional(),
  outputTokens: z.number().optional(),
  parentToolCallId: z.string().optional(),
});

/** `tool.execution_complete` data. */
export const copilotToolExecutionCompleteSchema = z.looseObject({
  toolCallId: z.string(),
  success: z.boolean(),
  model: z.string().optional(),
  result: z.looseObject({ content: z.string(), detailedContent: z.string().optional() }).optional(),
  error: z.looseObject({ message: z.string(), code: z.string().optional() }).optional(),
  shellExecution: z.looseObject({ exitCode: z.number() }).optional(),
  fileEdits: z.array(z.looseObject({ path: z.string(), kind: z.string() })).optional(),
  parentToolCallId: z.string().optional(),
});

/** A session event line, inferred from {@link copilotEventLineSchema}. */
export type CopilotEventLine = z.infer<typeof copilotEventLineSchema>;
/** The final `result` line, inferred from {@link copilotResultLineSchema}. */
export type CopilotResultLine = z.infer<typeof copilotResultLineSchema>;
/** `session.start` data, inferred from {@link copilotSessionStartSchema}. */
export type CopilotSessionStart = z.infer<typeof copilotSessionStartSchema>;
/** A tool request, inferred from {@link copilotToolRequestSchema}. */
export type CopilotToolRequest = z.infer<typeof copilotToolRequestSchema>;
/** `assistant.message` data, inferred from {@link copilotAssistantMessageSchema}. */
export type CopilotAssistantMessage = z.infer<typeof copilotAssistantMessageSchema>;
/** `tool.execution_complete` data, inferred from {@link copilotToolExecutionCompleteSchema}. */
export type CopilotToolExecutionComplete = z.infer<typeof copilotToolExecutionCompleteSchema>;
