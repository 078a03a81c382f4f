import { toPlainEvent, type DisplayEvent, type LineContext } from '@x/core';
import { createChatCompletionParser } from './chat-completion-parser.js';

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
  const parser = createChatCompletionParser();
  const events: DisplayEvent[] = [];
  const values = Array.isArray(body) ? body : [body];
  for (const value of values) events.push(...parser.parseValue(value, SILENT));
  events.push(...parser.flush(SILENT));
  // Not through the line pipeline, which makes every event plain: do it here.
  return events.map(toPlainEvent);
}
