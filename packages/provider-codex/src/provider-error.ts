import type { ErrorDisplayEvent } from '@x/core';
import { decodeJsonString, isJsonObject, numberField, objectField, stringField } from '@x/core/provider-utils';

/** An error message fit to show, and the provider's code for it when there is one. */
export interface ReadableError {
  message: string;
  code?: string;
}

/**
 * Codex passes some provider errors on as the JSON text of the API's error
 * body (`{"type":"error","status":429,"error":{"type":"rate_limit_exceeded","message":"…"}}`).
 * This takes the readable message out of such a body, with the error type
 * (or HTTP status) as the code; any other message is kept as it is.
 */
export function readableError(raw: string | undefined, fallback: string): ReadableError {
  const message = raw === undefined || raw.trim() === '' ? fallback : raw;
  const decoded = decodeJsonString(message);
  if (!isJsonObject(decoded)) return { message };
  const inner = objectField(decoded, 'error');
  const text = stringField(inner, 'message') ?? stringField(decoded, 'message');
  if (text === undefined || text.trim() === '') return { message };
  const status = numberField(decoded, 'status');
  const code = stringField(inner, 'type') ?? stringField(inner, 'code') ?? (status === undefined ? undefined : String(status));
  return code === undefined ? { message: text } : { message: text, code };
}

/** An `error` event of a provider error made readable, with its type as the code. */
export function errorEvent(raw: string | undefined, fallback: string, fatal: boolean): ErrorDisplayEvent {
  const { message, code } = readableError(raw, fallback);
  const event: ErrorDisplayEvent = { kind: 'error', message, fatal };
  if (code !== undefined) event.code = code;
  return event;
}
