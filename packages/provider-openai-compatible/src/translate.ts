import type { DisplayEvent, LineContext } from '@x/core';
import { createPlainPass } from '@x/core/provider-utils';
import { createApiParser, type ValueSourceParser } from './parser.js';

const SILENT: LineContext = { lineNumber: 1, ignore() {}, malformed() {}, unknown() {} };

/**
 * Translates a response an app already holds as a value: a `chat.completion`
 * body (for example the result of `await response.json()` or of the `openai`
 * SDK's `chat.completions.create`), an error body, or an array of
 * `chat.completion.chunk` objects in the order they arrived. Returns the
 * events in order, ending with the session end, with plain strings as the
 * pipeline gives them. Anything else gives `[]`. Never throws.
 *
 * @example
 * ```ts
 * const body = await (await fetch(url, init)).json();
 * for (const event of translateChatCompletion(body)) console.log(event.kind);
 * ```
 */
export function translateChatCompletion(body: unknown): DisplayEvent[] {
  return translateWith(createApiParser('chat'), body);
}

/**
 * Translates a Responses API result an app already holds as a value: a
 * `Response` (for example the result of the `openai` SDK's
 * `responses.create`), or an array of its stream events in the order they
 * arrived. Returns the events in order, ending with the session end, with
 * plain strings. Anything else gives `[]`. Never throws.
 *
 * @example
 * ```ts
 * const response = await client.responses.create({ model, input, tools });
 * for (const event of translateResponse(response)) console.log(event.kind);
 * ```
 */
export function translateResponse(body: unknown): DisplayEvent[] {
  return translateWith(createApiParser('responses'), body);
}

function translateWith(parser: ValueSourceParser, body: unknown): DisplayEvent[] {
  const events: DisplayEvent[] = [];
  const values = Array.isArray(body) ? body : [body];
  for (const value of values) events.push(...parser.parseValue(value, SILENT));
  events.push(...parser.flush(SILENT));
  // Not through the line pipeline, which makes every event plain: do it here, as one stream.
  return events.map(createPlainPass());
}
