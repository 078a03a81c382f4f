import * as z from 'zod';

/*
 * The document `opencode export <sessionID>` prints (and `storageToExport`
 * assembles), as the log parser reads it: `{ info: Session, messages:
 * [{ info: Message, parts: Part[] }] }` of `@opencode-ai/sdk@1.19.3`. The
 * parser runs these schemas; each asks only for what it reads and keeps every
 * other field.
 */

/** One message of the document: a `UserMessage` or `AssistantMessage` and its parts, in order. */
export const exportMessageSchema = z.looseObject({
  info: z.looseObject({
    id: z.string().optional(),
    role: z.string(),
    time: z.looseObject({ created: z.number().optional(), completed: z.number().optional() }).optional(),
    error: z.unknown().optional(),
    finish: z.string().optional(),
  }),
  parts: z.array(z.unknown()).optional(),
});

/** The whole document: the `Session` and its messages, oldest first. */
export const exportDocumentSchema = z.looseObject({
  info: z.looseObject({
    id: z.string().optional(),
    parentID: z.string().optional(),
    directory: z.string().optional(),
    title: z.string().optional(),
    version: z.string().optional(),
    time: z.looseObject({ created: z.number().optional() }).optional(),
  }),
  messages: z.array(z.unknown()),
});

/** A parsed {@link exportDocumentSchema}. */
export type ExportDocument = z.infer<typeof exportDocumentSchema>;
/** A parsed {@link exportMessageSchema}. */
export type ExportMessage = z.infer<typeof exportMessageSchema>;
