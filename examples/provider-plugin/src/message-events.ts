import type { DisplayEvent, LineContext } from '@x/core';
import { isJsonObject, ownField, stringField, type JsonObject } from '@x/core/provider-utils';
import { quoted, type SkippedItems } from './skipped-items.js';
import { blockId, interrupt, type GooseState } from './state.js';
import { toolRequest, toolResponse } from './tool-events.js';
import { readMessage } from './wire-schema.js';

/** A `systemNotification` item: a notice for what the user should see, nothing for goose's own status. */
function systemNotification(state: GooseState, item: JsonObject, events: DisplayEvent[], skipped: SkippedItems): void {
  const type = stringField(item, 'notificationType');
  const message = stringField(item, 'msg');
  if (type === undefined || message === undefined) {
    skipped.malformed ??= 'system notification without a notificationType and msg';
    return;
  }
  switch (type) {
    case 'thinkingMessage':
      // The CLI's transient "thinking" status, replaced by what comes next.
      skipped.ignored ??= 'thinking status message';
      return;
    case 'inlineMessage':
      interrupt(state);
      events.push({ kind: 'notice', level: 'info', message });
      return;
    case 'creditsExhausted':
      interrupt(state);
      events.push({ kind: 'notice', level: 'warning', message });
      return;
    default:
      skipped.unknown ??= `system notification of unknown type ${quoted(type)}`;
  }
}

/** A `text` or `thinking` item: text or reasoning of the assistant's block. */
function textItem(
  state: GooseState,
  item: JsonObject,
  type: 'text' | 'thinking',
  role: string,
  messageId: string,
  events: DisplayEvent[],
  skipped: SkippedItems,
): void {
  const text = stringField(item, type);
  if (text === undefined) skipped.malformed ??= `${type} item without a string ${type}`;
  // User-role text is goose talking to the model (the prompt and its follow-ups), not the run's output.
  else if (role !== 'assistant') skipped.ignored ??= `${type} of a user message`;
  else if (text === '') skipped.ignored ??= `empty ${type}`;
  else events.push({ kind: type === 'text' ? 'text' : 'reasoning', id: blockId(state, messageId), text });
}

function contentItem(state: GooseState, item: unknown, role: string, messageId: string, events: DisplayEvent[], skipped: SkippedItems): void {
  const type = ownField(item, 'type');
  if (!isJsonObject(item) || typeof type !== 'string') {
    skipped.malformed ??= 'content item without a string type';
    return;
  }
  switch (type) {
    case 'text':
    case 'thinking':
      return textItem(state, item, type, role, messageId, events, skipped);
    case 'toolRequest':
    case 'frontendToolRequest':
      return toolRequest(state, item, events, skipped);
    case 'toolResponse':
      return toolResponse(state, item, events, skipped);
    case 'systemNotification':
      return systemNotification(state, item, events, skipped);
    case 'redactedThinking':
      skipped.ignored ??= 'redacted thinking (encrypted: nothing to show)';
      return;
    case 'image':
      skipped.ignored ??= 'image content';
      return;
    case 'toolConfirmationRequest':
    case 'actionRequired':
      // Headless goose answers confirmations itself (or stops with an error line).
      skipped.ignored ??= `${type} (answered by goose in headless mode)`;
      return;
    default:
      skipped.unknown ??= `content item of unknown type ${quoted(type)}`;
  }
}

/** A `message` line: the events of its content items, or the worst reason none gave one. */
export function messageEvents(state: GooseState, line: JsonObject, context: LineContext): DisplayEvent[] {
  const read = readMessage(line);
  if (read === undefined) {
    context.malformed('message without a string role and a content array');
    return [];
  }
  if (read.metadata?.userVisible === false) {
    context.ignore('message hidden from the user (metadata.userVisible: false)');
    return [];
  }
  if (read.role !== 'assistant' && read.role !== 'user') {
    context.unknown(`message with unknown role ${quoted(read.role)}`);
    return [];
  }
  const messageId = read.id ?? `message-${++state.anonymousMessages}`;
  const events: DisplayEvent[] = [];
  const skipped: SkippedItems = {};
  for (const item of read.content) contentItem(state, item, read.role, messageId, events, skipped);
  if (events.length === 0) {
    if (skipped.malformed !== undefined) context.malformed(skipped.malformed);
    else if (skipped.unknown !== undefined) context.unknown(skipped.unknown);
    else context.ignore(skipped.ignored ?? 'message without content');
  }
  return events;
}
