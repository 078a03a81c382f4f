import type { DisplayEvent, ErrorDisplayEvent, LineContext } from '@x/core';
import { compactKey, stringField } from '@x/core/provider-utils';
import { readContentBlock } from './content-blocks.js';
import { textEvent, threadOf, type ClaudeState } from './state.js';
import { MAX_THREADS, setBounded, takeStreamedBlock } from './stream-blocks.js';
import { finishCall, startCall } from './tool-events.js';
import type { ClaudeAssistantLine } from './wire-schema.js';

/** Where a block sits: its message, its position among the message's complete blocks, its thread. */
interface BlockPlace {
  messageId: string;
  index: number;
  parent: string | undefined;
}

const blockId = (messageId: string, index: number) => `${messageId}:${index}`;

/**
 * A text or thinking block. With partial messages its deltas showed it
 * already (claude.md quirk 6): the complete block adds only what they missed,
 * by core's text assembler (a prefix check). Empty thinking shows nothing.
 */
function textBlockEvents(state: ClaudeState, type: 'text' | 'thinking', full: string, place: BlockPlace): DisplayEvent[] {
  const { messageId, parent } = place;
  const kind = type === 'text' ? 'text' : 'reasoning';
  const stream = state.streams.get(threadOf(parent));
  const streamed = stream?.messageId === messageId ? takeStreamedBlock(stream, type) : undefined;
  if (streamed !== undefined) {
    const id = blockId(messageId, streamed.index);
    const rest = state.text.copy(id, full, true).added;
    return rest === '' ? [] : [textEvent(state, kind, id, rest, parent, messageId)];
  }
  return full === '' ? [] : [textEvent(state, kind, blockId(messageId, place.index), full, parent, messageId)];
}

/**
 * The events of one complete content block: text, reasoning, a call, a
 * server-tool or MCP result. A block that shows nothing says why on the
 * context; the reason counts only when the whole line shows nothing.
 */
export function contentBlockEvents(state: ClaudeState, raw: unknown, place: BlockPlace, context: LineContext): DisplayEvent[] {
  const block = readContentBlock(raw);
  switch (block.kind) {
    case 'text':
      return textBlockEvents(state, block.type, block.text, place);
    case 'call':
      return startCall(state, block.id, block.name, block.input, place.parent);
    case 'result':
      return finishCall(state, block.id, block.outcome, place.parent);
    case 'hidden':
      context.ignore(block.reason);
      return [];
    case 'unknown':
      context.unknown(block.reason);
      return [];
    case 'malformed':
      context.malformed(block.reason);
      return [];
  }
}

/** A synthetic line the CLI writes for an API failure (`error` set): its text is the error message. */
function apiErrorEvents(state: ClaudeState, code: string, content: unknown[], parent: string | undefined): DisplayEvent[] {
  const text = content
    .map((block) => stringField(block, 'text') ?? '')
    .join('')
    .trim();
  const error: ErrorDisplayEvent = { kind: 'error', message: text || `API error: ${code}`, fatal: false, code };
  if (parent !== undefined) error.parentToolUseId = parent;
  else state.turnApiError = error.message;
  state.turnErrors.set(compactKey(error.message), true);
  return [error];
}

/** The model a line the CLI wrote itself names, rather than one the API answered. */
const SYNTHETIC_MODEL = '<synthetic>';

/** The one reply the CLI makes up that reports no failure: a turn that asked for none (an empty or interrupted one). */
const NO_RESPONSE = 'No response requested.';

/**
 * A `<synthetic>` line without `error`: Claude Code up to 1.0 marks its
 * API-failure line only by the model (quirk 18; recorded 1.0.128, the
 * api-error-* scenarios), so its text is the error, as a line with `error`
 * says it; "No response requested." is no failure and shows nothing.
 */
function syntheticEvents(state: ClaudeState, content: unknown[], parent: string | undefined, context: LineContext): DisplayEvent[] {
  const text = content.map((block) => stringField(block, 'text') ?? '').join('');
  if (text.trim() === NO_RESPONSE) {
    context.ignore('a reply the CLI made up for a turn that asked for none');
    return [];
  }
  return apiErrorEvents(state, 'api_error', content, parent);
}

/** The counter of the complete blocks of the message a thread's lines are carrying. */
function blockCounter(state: ClaudeState, parent: string | undefined, messageId: string): { messageId: string; next: number } {
  const thread = threadOf(parent);
  // A compact key: the counter only tells one message from the next, and a message id comes from the stream, of any length.
  const messageKey = compactKey(messageId);
  let counter = state.lineBlocks.get(thread);
  if (counter?.messageId !== messageKey) {
    counter = { messageId: messageKey, next: 0 };
    setBounded(state.lineBlocks, thread, counter, MAX_THREADS);
  }
  return counter;
}

/**
 * An `assistant` line: usually one content block of an API message whose
 * lines share `message.id` and repeat its usage (quirk 7, counted once by
 * the usage collector). Block ids are `<message.id>:<n>`, counted across the
 * message's lines.
 */
export function assistantEvents(state: ClaudeState, line: ClaudeAssistantLine, context: LineContext): DisplayEvent[] {
  const message = line.message;
  state.owesEnd = true;
  state.sessionId ??= line.session_id ?? undefined;
  const parent = line.parent_tool_use_id ?? undefined;
  const messageId = message.id ?? `line-${context.lineNumber}`;
  state.usage.record(messageId, message.usage, message.model ?? undefined, parent);
  const content = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
  if (!Array.isArray(content)) {
    context.malformed('assistant message without a content array');
    return [];
  }
  if (line.error) return apiErrorEvents(state, line.error, content, parent);
  if (message.model === SYNTHETIC_MODEL) return syntheticEvents(state, content, parent, context);
  const counter = blockCounter(state, parent, messageId);
  const events: DisplayEvent[] = [];
  for (const block of content) {
    for (const event of contentBlockEvents(state, block, { messageId, index: counter.next++, parent }, context)) events.push(event);
  }
  if (events.length === 0) context.ignore('assistant line with nothing new to show (empty or already streamed blocks)');
  return events;
}
