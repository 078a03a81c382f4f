import type { DisplayEvent, LineContext, SessionStatus } from '@x/core';
import { numberField, objectField, ownField, stringField, type JsonObject } from '@x/core/provider-utils';
import { errorEvent, responsesUsageEvent } from './outcome-events.js';
import { KNOWN_EVENTS, PART_EVENTS, quietReason, TERMINAL_STATUS } from './responses-event-types.js';
import { announcePendingResponsesCalls, onArguments, onItemAdded, showItem, showOutput } from './responses-item-events.js';
import { onPart, startTurn } from './responses-part-events.js';
import { countResponse, createItemIds, createRememberedKeys, nonEmpty, uniqueKey, type OpenAICompatibleState, type ResponsesTurn } from './state.js';

function openTurn(state: OpenAICompatibleState, response: JsonObject | undefined): ResponsesTurn {
  const count = countResponse(state, state.responsesCount, 'responses');
  const sessionId = nonEmpty(stringField(response, 'id'));
  const key = uniqueKey(state.responsesCount, sessionId ?? `responses-${count}`);
  const turn: ResponsesTurn = { key, sessionId, model: undefined, calls: new Map(), items: createItemIds(), reported: createRememberedKeys(), errored: false };
  state.turn = turn;
  return turn;
}

/** Ends a response: its pending calls, its session end; its text blocks and calls are forgotten. */
function closeTurn(state: OpenAICompatibleState, turn: ResponsesTurn, status: SessionStatus, events: DisplayEvent[]): void {
  announcePendingResponsesCalls(state, turn, events);
  startTurn(state, turn, events);
  events.push(...state.lifecycle.end(status));
  // No later value can refer to a part of a response that ended.
  state.texts.clear();
  if (state.turn === turn) state.turn = undefined;
}

const unfinished = (turn: ResponsesTurn): SessionStatus => (turn.errored ? 'error' : 'incomplete');

/** The end of the input (or `[DONE]`) with a response still open: it never said how it ended. */
export function endResponses(state: OpenAICompatibleState, events: DisplayEvent[]): void {
  if (state.turn !== undefined) closeTurn(state, state.turn, unfinished(state.turn), events);
}

/** The open response, or a new one when none is open or the event names another response. */
function turnFor(state: OpenAICompatibleState, response: JsonObject | undefined, events: DisplayEvent[]): ResponsesTurn {
  const id = nonEmpty(stringField(response, 'id'));
  const open = state.turn;
  if (open !== undefined && id !== undefined && open.sessionId !== undefined && id !== open.sessionId) closeTurn(state, open, unfinished(open), events);
  const turn = state.turn ?? openTurn(state, response);
  turn.model ??= nonEmpty(stringField(response, 'model'));
  return turn;
}

/** Ends a response by its final `Response`: what it says went wrong, its usage, its status. */
function finish(state: OpenAICompatibleState, turn: ResponsesTurn, response: JsonObject, eventType: string | undefined, events: DisplayEvent[]): void {
  startTurn(state, turn, events);
  const outcome = stringField(response, 'status') ?? (eventType === undefined ? undefined : TERMINAL_STATUS[eventType]);
  let status: SessionStatus = 'incomplete';
  if (outcome === 'completed') status = 'success';
  else if (outcome === 'cancelled') status = 'cancelled';
  else if (outcome === 'failed') {
    status = 'error';
    if (!turn.errored) events.push(...state.lifecycle.error(errorEvent(objectField(response, 'error'), 'The response failed without an error message.')));
  } else if (outcome === 'incomplete') {
    const reason = nonEmpty(stringField(objectField(response, 'incomplete_details'), 'reason'));
    const message = reason === undefined ? 'The response is incomplete.' : `The response is incomplete (incomplete_details.reason: ${reason}).`;
    events.push({ kind: 'notice', level: 'warning', code: 'incomplete', message });
  }
  const usage = responsesUsageEvent(ownField(response, 'usage'), turn.model);
  if (usage !== undefined) events.push(usage);
  closeTurn(state, turn, status, events);
}

/** A whole `Response` body (`object: "response"`): one session. */
export function onResponsesBody(state: OpenAICompatibleState, body: JsonObject): DisplayEvent[] {
  const events: DisplayEvent[] = [];
  endResponses(state, events);
  const turn = openTurn(state, body);
  turn.model = nonEmpty(stringField(body, 'model'));
  startTurn(state, turn, events);
  showOutput(state, turn, events, body);
  finish(state, turn, body, undefined, events);
  return events;
}

/** An `error` event (`code`, `message`), or an `{"error": {...}}` frame or body. */
export function onResponsesError(state: OpenAICompatibleState, value: JsonObject): DisplayEvent[] {
  const nested = objectField(value, 'error');
  const error = errorEvent(nested ?? { message: ownField(value, 'message'), code: ownField(value, 'code') }, 'The server reported an error without a message.');
  const turn = state.turn;
  if (turn === undefined) return [...state.lifecycle.start(), ...state.lifecycle.error(error), ...state.lifecycle.end('error')];
  // The response stays open: `response.failed` may follow and end it, else the end of the input does.
  const events: DisplayEvent[] = [];
  startTurn(state, turn, events);
  events.push(...state.lifecycle.error(error));
  turn.errored = true;
  return events;
}

/** A known event within the open response that does not end it. */
function onTurnEvent(state: OpenAICompatibleState, turn: ResponsesTurn, event: JsonObject, type: string, events: DisplayEvent[], context: LineContext): void {
  if (type === 'response.created' || type === 'response.in_progress' || type === 'response.queued') {
    startTurn(state, turn, events);
  } else if (type === 'response.output_item.added') {
    onItemAdded(state, turn, event, events, context);
  } else if (type === 'response.output_item.done') {
    showItem(state, turn, events, ownField(event, 'item'), numberField(event, 'output_index'));
  } else if (PART_EVENTS.has(type)) {
    onPart(state, turn, event, type, events);
  } else {
    onArguments(state, turn, event, type.endsWith('.done'), events, context);
  }
}

/** A Responses API stream event (`type: "response.*"`). */
export function onResponsesEvent(state: OpenAICompatibleState, event: JsonObject, type: string, context: LineContext): DisplayEvent[] {
  const quiet = quietReason(type);
  if (quiet !== undefined) {
    context.ignore(quiet);
    return [];
  }
  if (!KNOWN_EVENTS.has(type) && !PART_EVENTS.has(type)) {
    context.unknown(`Responses API event ${type}, not shown`);
    return [];
  }
  const events: DisplayEvent[] = [];
  const response = objectField(event, 'response');
  const turn = turnFor(state, response, events);
  if (TERMINAL_STATUS[type] !== undefined) {
    if (response !== undefined) showOutput(state, turn, events, response);
    finish(state, turn, response ?? {}, type, events);
  } else {
    onTurnEvent(state, turn, event, type, events, context);
  }
  if (events.length === 0) context.ignore(`${type}: nothing new to show (already shown, or empty)`);
  return events;
}
