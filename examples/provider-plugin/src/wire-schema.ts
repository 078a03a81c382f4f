import { arrayField, numberField, objectField, ownField, stringField, type JsonObject } from '@x/core/provider-utils';

// What `goose run --output-format stream-json` prints, after the serde types
// of aaif-goose/goose (see README.md, "Sources"): `StreamEvent` and
// `NotificationData` in crates/goose-cli/src/session/mod.rs, `Message` and
// `MessageContent` in crates/goose/src/conversation/message.rs, and the
// `{ status, value | error }` wrapper of conversation/tool_result_serde.rs.
//
// The readers below check only the fields the parser branches on and read
// everything through core's own-property helpers, so unknown fields are kept
// out of the way and hostile keys such as `__proto__` find nothing. Each
// returns `undefined` for a shape it cannot use; the caller reports why.

/** One line of the stream: `StreamEvent`, tagged by `type` in snake case. */
export type GooseStreamEvent = GooseMessageEvent | GooseNotificationEvent | GooseErrorEvent | GooseCompleteEvent;

/** `{"type":"message","message":{...}}`: every message the agent yields, text chunks included. */
export interface GooseMessageEvent {
  type: 'message';
  message: GooseMessage;
}

/** `Message` (camel case). Chunks of one streamed reply share the `id`; goose's own messages have `id: null`. */
export interface GooseMessage {
  id: string | null;
  /** `assistant`, or `user` for the tool responses goose sends back to the model. */
  role: string;
  /** Seconds since the epoch. */
  created?: number;
  content: unknown[];
  /** `{ userVisible, agentVisible }`; a message with `userVisible: false` is for the model only. */
  metadata?: { userVisible?: boolean; agentVisible?: boolean };
}

/**
 * `{"type":"notification","extension_id":"...", "log": {...}}` or `"progress": {...}`:
 * an MCP extension's logging or progress notification (`NotificationData`,
 * flattened into the line).
 */
export interface GooseNotificationEvent {
  type: 'notification';
  extension_id: string;
  log?: { message: string };
  progress?: { progress: number; total: number | null; message: string | null };
}

/** `{"type":"error","error":"..."}`: the error that ended the run; no `complete` follows. */
export interface GooseErrorEvent {
  type: 'error';
  error: string;
}

/**
 * `{"type":"complete",...}`: the last line of a run that succeeded, with the
 * session's accumulated usage. Early releases sent `total_tokens` only; every
 * other field is left out when goose does not know it.
 */
export interface GooseCompleteEvent {
  type: 'complete';
  total_tokens: number | null;
  input_tokens?: number;
  output_tokens?: number;
  cache_read_input_tokens?: number;
  cache_write_input_tokens?: number;
  cost_usd?: number;
}

/** `toolCall` of a `toolRequest` item: `{status:"success",value:{name,arguments}}` or `{status:"error",error}`. */
export type GooseToolCall = { status: 'success'; name: string; arguments: unknown } | { status: 'error'; error: string };

/**
 * `toolResult` of a `toolResponse` item. `value` is an MCP `CallToolResult`
 * (`{ content, structuredContent?, isError? }`), or, in sessions written
 * before goose adopted it, the `content` array itself.
 */
export type GooseToolResult = { status: 'success'; value: unknown } | { status: 'error'; error: string };

/** The `message` of a `message` line, or `undefined` without a string `role` and a `content` array. */
export function readMessage(event: JsonObject): GooseMessage | undefined {
  const message = objectField(event, 'message');
  const role = stringField(message, 'role');
  const content = arrayField(message, 'content');
  if (role === undefined || content === undefined) return undefined;
  const read: GooseMessage = { id: stringField(message, 'id') ?? null, role, content };
  const created = numberField(message, 'created');
  if (created !== undefined) read.created = created;
  const metadata = objectField(message, 'metadata');
  if (metadata !== undefined) {
    const userVisible = ownField(metadata, 'userVisible');
    const agentVisible = ownField(metadata, 'agentVisible');
    read.metadata = {};
    if (typeof userVisible === 'boolean') read.metadata.userVisible = userVisible;
    if (typeof agentVisible === 'boolean') read.metadata.agentVisible = agentVisible;
  }
  return read;
}

/** A `notification` line, or `undefined` without a string `extension_id`. */
export function readNotification(event: JsonObject): GooseNotificationEvent | undefined {
  const extensionId = stringField(event, 'extension_id');
  if (extensionId === undefined) return undefined;
  const read: GooseNotificationEvent = { type: 'notification', extension_id: extensionId };
  const log = objectField(event, 'log');
  const logMessage = stringField(log, 'message');
  if (logMessage !== undefined) read.log = { message: logMessage };
  const progress = objectField(event, 'progress');
  const done = numberField(progress, 'progress');
  if (done !== undefined) read.progress = { progress: done, total: numberField(progress, 'total') ?? null, message: stringField(progress, 'message') ?? null };
  return read;
}

/** An `error` line, or `undefined` without a string `error`. */
export function readError(event: JsonObject): GooseErrorEvent | undefined {
  const error = stringField(event, 'error');
  return error === undefined ? undefined : { type: 'error', error };
}

/** A `complete` line. Counts of the wrong type are left out: the run still ended. */
export function readComplete(event: JsonObject): GooseCompleteEvent {
  const read: GooseCompleteEvent = { type: 'complete', total_tokens: numberField(event, 'total_tokens') ?? null };
  for (const key of ['input_tokens', 'output_tokens', 'cache_read_input_tokens', 'cache_write_input_tokens', 'cost_usd'] as const) {
    const value = numberField(event, key);
    if (value !== undefined) read[key] = value;
  }
  return read;
}

/** The `toolCall` of a `toolRequest` or `frontendToolRequest` item, or `undefined` when it is neither shape. */
export function readToolCall(item: JsonObject): GooseToolCall | undefined {
  const call = objectField(item, 'toolCall');
  const status = stringField(call, 'status');
  if (status === 'error') return { status, error: stringField(call, 'error') ?? '' };
  const value = objectField(call, 'value');
  const name = stringField(value, 'name');
  if (status !== 'success' || name === undefined) return undefined;
  return { status, name, arguments: ownField(value, 'arguments') ?? null };
}

/** The `toolResult` of a `toolResponse` item, or `undefined` when it is neither shape. */
export function readToolResult(item: JsonObject): GooseToolResult | undefined {
  const result = objectField(item, 'toolResult');
  const status = stringField(result, 'status');
  if (status === 'error') return { status, error: stringField(result, 'error') ?? '' };
  const value = ownField(result, 'value');
  if (status !== 'success' || value === undefined) return undefined;
  return { status, value };
}

