import type { DisplayEvent, LineContext } from '@x/core';
import { compactKey } from '@x/core/provider-utils';
import { growText, partEvents, type PartScope } from './part-events.js';
import { nest, newTurn, noteChildModel, reportChildError, reportError, seeTime, type OpenCodeState } from './state.js';
import type { BusEventOf } from './wire-schema.js';
import { modelOf } from './wire-values.js';

type MessageInfo = BusEventOf<'message.updated'>['properties']['info'];

/** A user message of the followed session: a new prompt, so a new turn (and a session that ended opens again). */
function userMessage(state: OpenCodeState, info: MessageInfo, context: LineContext): DisplayEvent[] {
  const key = compactKey(info.id);
  if (state.userMessages.has(key)) {
    context.ignore('user message already seen');
    return [];
  }
  state.userMessages.set(key, true);
  const events = newTurn(state);
  if (events.length === 0) context.ignore('user message (its parts are the prompt)');
  return events;
}

/** An assistant message of the followed session: model, cwd and times; its error; a final finish ends the turn. */
function assistantMessage(state: OpenCodeState, info: MessageInfo, context: LineContext): DisplayEvent[] {
  state.turn.assistantSeen = true;
  state.model = modelOf(info) ?? state.model;
  state.cwd = info.path?.cwd ?? state.cwd;
  seeTime(state, info.time?.created);
  const completed = info.time?.completed;
  seeTime(state, completed);
  const events = info.error !== undefined && info.error !== null ? reportError(state, info.error) : [];
  if (completed !== undefined && info.finish !== undefined) state.turn.complete = info.finish !== 'tool-calls';
  if (events.length === 0) context.ignore('assistant message update (usage comes from step-finish parts)');
  return events;
}

/** A message of a subagent's session: its prompt is the Task call's input; its model and error are kept for it. */
function childMessage(info: MessageInfo, scope: Extract<PartScope, { kind: 'child' }>, state: OpenCodeState, context: LineContext): DisplayEvent[] {
  if (info.role === 'user') {
    state.userMessages.set(compactKey(info.id), true);
    context.ignore('user message of a subagent session (its prompt is the Task call input)');
    return [];
  }
  noteChildModel(scope.child, modelOf(info));
  const events = info.error !== undefined && info.error !== null ? reportChildError(scope, info.error) : [];
  if (events.length === 0) context.ignore('assistant message update of a subagent session');
  return events;
}

/** `message.updated`: a user message opens a turn, an assistant message says how it goes. */
export function messageUpdated(state: OpenCodeState, event: BusEventOf<'message.updated'>, scope: PartScope, context: LineContext): DisplayEvent[] {
  const { info } = event.properties;
  if (info.role !== 'user' && info.role !== 'assistant') {
    context.unknown(`unknown OpenCode message role "${info.role}"`);
    return [];
  }
  if (scope.kind === 'child') return childMessage(info, scope, state, context);
  return info.role === 'user' ? userMessage(state, info, context) : assistantMessage(state, info, context);
}

/** `message.part.updated`: a whole snapshot of a part (SDK v1 adds the increment as `delta`). */
export function partUpdated(state: OpenCodeState, event: BusEventOf<'message.part.updated'>, scope: PartScope, context: LineContext): DisplayEvent[] {
  const events = partEvents(state, event.properties.part, event.properties.delta, scope, context);
  return scope.kind === 'child' ? nest(events, scope.parentToolUseId) : events;
}

/** `message.part.delta`: text to append to a part's field; only `text` is shown, as the part's kind (quirk 1). */
export function partDelta(state: OpenCodeState, event: BusEventOf<'message.part.delta'>, scope: PartScope, context: LineContext): DisplayEvent[] {
  const { partID, delta, field, messageID } = event.properties;
  if (messageID !== undefined && state.userMessages.has(compactKey(messageID))) {
    context.ignore('delta of a user message part');
    return [];
  }
  if (field !== undefined && field !== 'text') {
    context.ignore(`delta of field "${field}" not displayed`);
    return [];
  }
  const events = growText(state, state.partKinds.get(compactKey(partID)) ?? 'text', partID, delta, true);
  if (events.length === 0) context.ignore('empty delta');
  return scope.kind === 'child' ? nest(events, scope.parentToolUseId) : events;
}
