import { isJsonObject, objectField, stringField, type JsonObject } from '@x/core/provider-utils';
import type { OpenCodeExportMessage } from './storage-export.js';

/**
 * OpenCode 0.1 kept each message as one file in the AI SDK 4 form: its parts
 * inline (`text`, `reasoning`, `step-start`, `tool-invocation` whose
 * `toolInvocation` is a `call`, `partial-call` or `result`), and what 1.x
 * keeps on the message under `metadata` (`time`, `error`, `sessionID`,
 * `assistant` with the model, path, cost and tokens, and `tool` keyed by call
 * id with each call's title, times, and `error: true` for a failed one). This
 * turns such a message into the export form the log source reads
 * (docs/formats/opencode.md section 4, recorded: fixtures/opencode-log/recorded/0.1.174/).
 */

/** A part id of the message's own: 0.1 gives its parts none, and the log source names text by its part. */
const partId = (messageId: string, index: number) => `${messageId}-${index}`;

/** A `tool-invocation` as a 1.x `tool` part: completed or failed with its result, else still running. */
function toolPart(invocation: JsonObject, calls: JsonObject | undefined, id: string, base: JsonObject): JsonObject {
  const callId = stringField(invocation, 'toolCallId') ?? id;
  const call = objectField(calls, callId);
  const input = objectField(invocation, 'args') ?? {};
  const time = objectField(call, 'time');
  const common = { ...base, type: 'tool', tool: stringField(invocation, 'toolName') ?? '', callID: callId };
  if (stringField(invocation, 'state') !== 'result')
    return { ...common, state: { status: 'running', input, ...(time ? { time: { start: time.start } } : {}) } };
  const result = stringField(invocation, 'result') ?? '';
  if (call?.error === true) return { ...common, state: { status: 'error', input, error: result, ...(time ? { time } : {}) } };
  const { title, time: _, ...metadata } = call ?? {};
  return {
    ...common,
    state: { status: 'completed', input, output: result, title: typeof title === 'string' ? title : '', metadata, ...(time ? { time } : {}) },
  };
}

/** One inline part in the 1.x form. */
function partOf(part: unknown, index: number, info: JsonObject, calls: JsonObject | undefined): JsonObject | undefined {
  if (!isJsonObject(part)) return undefined;
  const id = partId(String(info.id), index);
  const base = { id, messageID: info.id, sessionID: info.sessionID };
  const invocation = objectField(part, 'toolInvocation');
  if (stringField(part, 'type') === 'tool-invocation' && invocation !== undefined) return toolPart(invocation, calls, id, base);
  return { ...part, ...base };
}

/**
 * The export form of a message in OpenCode 0.1's AI SDK 4 form, or
 * `undefined` for any other object (a 0.5 or 1.x message, whose parts are
 * files of their own).
 */
export function fromAiSdk4Message(message: unknown): OpenCodeExportMessage | undefined {
  if (!isJsonObject(message) || !Array.isArray(message.parts)) return undefined;
  const metadata = objectField(message, 'metadata');
  if (metadata === undefined) return undefined;
  const { system: _, ...assistant } = objectField(metadata, 'assistant') ?? {};
  const info: JsonObject = { id: message.id, role: message.role, sessionID: metadata.sessionID, time: metadata.time, ...assistant };
  if (metadata.error !== undefined) info.error = metadata.error;
  const calls = objectField(metadata, 'tool');
  const parts = message.parts.map((part, index) => partOf(part, index, info, calls)).filter((part): part is JsonObject => part !== undefined);
  return { info, parts };
}
