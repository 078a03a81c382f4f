import type { ErrorDisplayEvent } from '@x/core';
import { decodeJsonString, isJsonObject, numberField, objectField, stringField } from '@x/core/provider-utils';

/** An error message fit to show, and the provider's code for it when there is one. */
export interface ReadableError {
  message: string;
  code?: string;
}

/** The readable message and code of an API error body, or `undefined` when `body` is not one. */
function bodyError(body: string): ReadableError | undefined {
  const decoded = decodeJsonString(body);
  if (!isJsonObject(decoded)) return undefined;
  const inner = objectField(decoded, 'error');
  const text = stringField(inner, 'message') ?? stringField(decoded, 'message');
  if (text === undefined || text.trim() === '') return undefined;
  const status = numberField(decoded, 'status');
  const code = stringField(inner, 'type') ?? stringField(inner, 'code') ?? (status === undefined ? undefined : String(status));
  return code === undefined ? { message: text } : { message: text, code };
}

/** `unexpected status 400 Bad Request: {…body…}` (0.63): the status, then the API's error body. */
const STATUS_THEN_BODY = /^(unexpected status [^:{]*): (\{[\s\S]*\})$/;

/**
 * Codex passes some provider errors on as the JSON text of the API's error
 * body (`{"type":"error","status":429,"error":{"type":"rate_limit_exceeded","message":"…"}}`),
 * 0.63 after the HTTP status (`unexpected status 400 Bad Request: {…}`).
 * This takes the readable message out of such a body, with the error type
 * (or HTTP status) as the code, the status kept in front; any other message is
 * kept as it is.
 */
export function readableError(raw: string | undefined, fallback: string): ReadableError {
  const message = raw === undefined || raw.trim() === '' ? fallback : raw;
  const whole = bodyError(message);
  if (whole !== undefined) return whole;
  const match = STATUS_THEN_BODY.exec(message);
  const body = match?.[2] === undefined ? undefined : bodyError(match[2]);
  if (match === null || body === undefined) return { message };
  return { ...body, message: `${match[1]}: ${body.message}` };
}

/** An `error` event of a provider error made readable, with its type as the code. */
export function errorEvent(raw: string | undefined, fallback: string, fatal: boolean): ErrorDisplayEvent {
  const { message, code } = readableError(raw, fallback);
  const event: ErrorDisplayEvent = { kind: 'error', message, fatal };
  if (code !== undefined) event.code = code;
  return event;
}
