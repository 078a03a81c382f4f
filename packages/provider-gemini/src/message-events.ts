import type { DisplayEvent, LineContext } from '@x/core';
import { cutText } from '@x/core/provider-utils';
import { closeMessage, nextMessageId, type GeminiState } from './state.js';
import type { MessageEvent } from './wire-schema.js';

/** A wire value quoted in a diagnostic reason, kept short. */
export function quoted(text: string): string {
  return `"${cutText(text, 40)}"`;
}

function textEvent(id: string, text: string): DisplayEvent[] {
  return text === '' ? [] : [{ kind: 'text', id, text }];
}

/** An assistant delta: part of the message being streamed, which it opens when none is. */
function assistantDelta(state: GeminiState, content: string, context: LineContext): DisplayEvent[] {
  if (content === '') {
    context.ignore('empty assistant text delta');
    return [];
  }
  state.openMessage ??= nextMessageId(state);
  state.answered = true;
  return textEvent(state.openMessage, state.text.delta(state.openMessage, content));
}

/**
 * A complete assistant message. Gemini streams every assistant message as
 * deltas (0.61.0); a complete message, which one older doc promises, may
 * repeat the deltas before it: core's assembler says what it adds.
 */
function assistantMessage(state: GeminiState, content: string, context: LineContext): DisplayEvent[] {
  const id = state.openMessage;
  closeMessage(state);
  if (content !== '') state.answered = true;
  const copy = id === undefined ? undefined : state.text.copy(id, content, true);
  if (id !== undefined && copy?.match === 'continues') {
    if (copy.added === '') context.ignore('complete copy of an assistant message already streamed as deltas');
    return textEvent(id, copy.added);
  }
  const events = textEvent(nextMessageId(state), content);
  if (events.length === 0) context.ignore('empty assistant message');
  return events;
}

/** `message`: assistant text, or the echo of the prompt. */
export function messageEvents(state: GeminiState, event: MessageEvent, context: LineContext): DisplayEvent[] {
  if (event.role === 'assistant') {
    return event.delta === true ? assistantDelta(state, event.content, context) : assistantMessage(state, event.content, context);
  }
  closeMessage(state);
  // The echo of the prompt as given (quirk 9: with the input's trailing newlines, dropped here).
  if (event.role === 'user') return [{ kind: 'prompt', form: 'prompt', text: event.content.trimEnd() }];
  context.unknown(`message with unknown role ${quoted(event.role)}`);
  return [];
}
