import type { DisplayEvent, LineContext, SourceParser } from '@x/core';
import { isJsonObject, parseJson } from '@x/core/provider-utils';
import { notificationEvents, requestEvents, responseEvents } from './rpc-events.js';
import { createAcpState, type AcpState } from './state.js';
import { finalEvents } from './turn-events.js';
import { jsonRpcMessageSchema } from './wire-schema.js';

/** One JSON-RPC message: a request, a notification or a response, by the fields JSON-RPC 2.0 gives each. */
function messageEvents(state: AcpState, value: unknown, context: LineContext): DisplayEvent[] {
  const parsed = jsonRpcMessageSchema.safeParse(value);
  if (!parsed.success) {
    context.malformed('not a JSON-RPC 2.0 message (jsonrpc "2.0", with a method, or an id and a result or error)');
    return [];
  }
  const message = parsed.data;
  const hasId = message.id !== undefined && message.id !== null;
  if (message.method !== undefined) {
    return hasId
      ? requestEvents(state, String(message.id), message.method, message.params, context)
      : notificationEvents(state, message.method, message.params, context);
  }
  if (message.id !== undefined && (message.result !== undefined || message.error !== undefined)) return responseEvents(state, message, context);
  context.malformed('JSON-RPC message with neither a method nor a result or error');
  return [];
}

/**
 * The parser of one ACP stream: JSON-RPC 2.0 messages one per line, as
 * ACP's stdio transport frames them, both directions interleaved (a client's
 * recording) or the agent's side alone. The session starts with the first
 * event and ends when the stream does, with the last turn's stop reason.
 */
export function createAcpParser(): SourceParser {
  const state = createAcpState();
  return {
    parse(line, context) {
      const read = parseJson(line);
      if (read === undefined || !isJsonObject(read.value)) {
        context.malformed(read === undefined ? 'not JSON' : 'JSON value that is not an object');
        return [];
      }
      return messageEvents(state, read.value, context);
    },
    flush() {
      return finalEvents(state);
    },
  };
}
