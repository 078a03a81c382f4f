import type { DisplayEvent, LineContext } from '@x/core';
import { numberField, objectField, stringField, type JsonObject } from '@x/core/provider-utils';
import type { QwenLogState } from './log-state.js';

/** System records that are bookkeeping, not conversation: what each one is, in words. */
const BOOKKEEPING: ReadonlyMap<string, string> = new Map([
  ['attribution_snapshot', 'attribution snapshot (which files the agent changed, for commit trailers)'],
  ['slash_command', 'slash command record (its output is in the records after it)'],
  ['at_command', 'at-command record (the files it read are in the prompt)'],
]);

/**
 * A `ui_telemetry` record: the CLI's own telemetry, written into the log. A
 * failed model request (`qwen-code.api_error`) is the only one the
 * conversation shows: nothing else in the log says the request failed.
 */
function telemetryEvents(state: QwenLogState, record: JsonObject, context: LineContext): DisplayEvent[] {
  const event = objectField(objectField(record, 'systemPayload'), 'uiEvent');
  const name = stringField(event, 'event.name');
  if (name !== 'qwen-code.api_error') {
    context.ignore(`telemetry ${name ?? 'event'}`);
    return [];
  }
  state.last = 'error';
  const status = numberField(event, 'status_code');
  const message = stringField(event, 'error_message') ?? stringField(event, 'error') ?? 'the model request failed';
  return [{ kind: 'error', message, fatal: false, ...(status === undefined ? {} : { code: String(status) }) }];
}

/** A `system` record: telemetry, bookkeeping, or a compression of the context worth a notice. */
export function systemRecord(state: QwenLogState, record: JsonObject, context: LineContext): DisplayEvent[] {
  const subtype = stringField(record, 'subtype') ?? '';
  if (subtype === 'ui_telemetry') return telemetryEvents(state, record, context);
  if (subtype === 'chat_compression') return [{ kind: 'notice', level: 'info', message: 'Qwen Code compressed the conversation', code: 'chat_compression' }];
  const bookkeeping = BOOKKEEPING.get(subtype);
  if (bookkeeping !== undefined) {
    context.ignore(bookkeeping);
    return [];
  }
  context.unknown(`unknown system record subtype ${JSON.stringify(subtype)}`);
  return [];
}
