import type { DisplayEvent, LineContext } from '@x/core';
import { nonEmpty, withParent } from './fields.js';
import { noteModel, type CopilotState } from './state.js';
import { toolRequestEvents } from './tool-events.js';
import type { CopilotData } from './wire-schema.js';

/** The one block of `reasoningSinceMessage`: all reasoning since the last message, in order. */
const SINCE_MESSAGE = 'since-message';

/** `assistant.turn_start`: counts a top-level turn and notes its model; shows nothing. */
export function turnStart(state: CopilotState, data: CopilotData<'assistant.turn_start'>, context: LineContext): DisplayEvent[] {
  noteModel(state, data.model);
  if (data.parentToolCallId === undefined) {
    state.turns += 1;
    state.turnOpen = true;
  }
  context.ignore('turn boundary');
  return [];
}

/** `assistant.turn_end`: a top-level turn is over; shows nothing. */
export function turnEnd(state: CopilotState, data: CopilotData<'assistant.turn_end'>, context: LineContext): DisplayEvent[] {
  if (data.parentToolCallId === undefined) state.turnOpen = false;
  context.ignore('turn boundary');
  return [];
}

/** `assistant.message_delta`: the text as it streams (quirk 2: the complete message follows). */
export function messageDelta(state: CopilotState, data: CopilotData<'assistant.message_delta'>, context: LineContext): DisplayEvent[] {
  state.messages.delta(data.messageId, data.deltaContent);
  if (data.deltaContent === '') {
    context.ignore('empty delta');
    return [];
  }
  return [withParent({ kind: 'text', id: data.messageId, text: data.deltaContent }, data.parentToolCallId)];
}

/** `assistant.reasoning_delta` and `assistant.reasoning`: reasoning once, whichever form shows it first. */
export function reasoning(
  state: CopilotState,
  data: CopilotData<'assistant.reasoning_delta'> | CopilotData<'assistant.reasoning'>,
  context: LineContext,
): DisplayEvent[] {
  const id = data.reasoningId;
  const shown = 'deltaContent' in data ? state.reasonings.delta(id, data.deltaContent) : state.reasonings.copy(id, data.content, false).added;
  state.reasoningSinceMessage.delta(SINCE_MESSAGE, shown);
  state.reasoningId = id;
  if (shown === '') {
    context.ignore('deltaContent' in data ? 'empty delta' : 'reasoning already shown from its deltas');
    return [];
  }
  return [withParent({ kind: 'reasoning', id, text: shown }, data.parentToolCallId)];
}

/** The part of a message's `reasoningText` that no reasoning event since the last message showed. */
function messageReasoning(state: CopilotState, reasoningText: string | undefined, messageId: string, parent: string | undefined): DisplayEvent[] {
  const text = reasoningText === undefined ? '' : state.reasoningSinceMessage.copy(SINCE_MESSAGE, reasoningText, true).added;
  const id = state.reasoningId ?? `${messageId}:reasoning`;
  state.reasoningSinceMessage.clear();
  state.reasoningId = undefined;
  return text === '' ? [] : [withParent({ kind: 'reasoning', id, text }, parent)];
}

/** The part of a message's `content` that its deltas did not show. */
function messageText(state: CopilotState, content: string | undefined, messageId: string, parent: string | undefined): DisplayEvent[] {
  if (content === undefined) return [];
  const text = state.messages.copy(messageId, content, false).added;
  return text === '' ? [] : [withParent({ kind: 'text', id: messageId, text }, parent)];
}

/** A warning for tool requests left out because they lack an id or a name. */
function unusableRequests(count: number, parent: string | undefined): DisplayEvent {
  const what = count === 1 ? 'A tool request without toolCallId or name was' : `${count} tool requests without toolCallId or name were`;
  return withParent({ kind: 'notice', level: 'warning', message: `${what} left out`, code: 'unusable_tool_request' }, parent);
}

/**
 * `assistant.message`: its blocks in source order (reasoning, text, tool
 * calls), each only for what was not shown yet; adds its `outputTokens` to
 * the run's count.
 */
export function assistantMessage(
  state: CopilotState,
  data: CopilotData<'assistant.message'>,
  envelopeId: string | undefined,
  context: LineContext,
): DisplayEvent[] {
  const parent = data.parentToolCallId;
  const messageId = nonEmpty(data.messageId) ?? envelopeId ?? 'message';
  noteModel(state, data.model);
  if (data.outputTokens !== undefined) state.outputTokens = (state.outputTokens ?? 0) + data.outputTokens;
  const events = [...messageReasoning(state, data.reasoningText, messageId, parent), ...messageText(state, data.content, messageId, parent)];
  const requests = toolRequestEvents(state, data.toolRequests ?? [], parent);
  events.push(...requests.events);
  if (events.length === 0 && requests.unusable > 0) {
    context.malformed('tool request without toolCallId or name');
  } else if (requests.unusable > 0) {
    // The line shows something else, so a diagnostic would not be counted: the dropped requests are a warning instead.
    events.push(unusableRequests(requests.unusable, parent));
  } else if (events.length === 0) {
    context.ignore(nonEmpty(data.content) === undefined ? 'assistant message with no text and no new tool calls' : 'text already shown from its deltas');
  }
  return events;
}
