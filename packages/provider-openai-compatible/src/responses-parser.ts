import { type DisplayEvent, type LineContext, type SessionStatus } from '@x/core';
import {
  createToolCallTracker,
  isJsonObject,
  objectField,
  ownField,
  stringField,
  type JsonObject,
  type ToolCallTracker,
} from '@x/core/provider-utils';
import { framedJsonParser, type ValueParser, type ValueSourceParser } from './framed-json.js';
import { KNOWN_EVENTS, PART_EVENTS, QUIET_EVENTS, TERMINAL_STATUS } from './responses-event-types.js';
import { onArguments, onItemAdded, onPart } from './responses-items.js';
import { announceCall, ensureStarted, incompleteReasonOf, nonEmpty, positionOf, showItem, showOutput, usageOf, type Turn } from './responses-turn.js';
import { OPENAI_COMPATIBLE_TOOL_ALIASES } from './tool-names.js';
import { errorObjectSchema } from './wire-schema.js';

/** A {@link SourceParser} of the Responses API that also takes values already parsed (what `translateResponse` uses). */
export type ResponsesParser = ValueSourceParser;

/**
 * Creates the per-stream parser of the OpenAI Responses API: `Response`
 * bodies (`object: "response"`, one line or pretty-printed, or NDJSON of
 * several) and streams of its events (`response.created` to
 * `response.completed`), with or without SSE framing.
 */
export function createResponsesParser(): ResponsesParser {
  return framedJsonParser(createResponsesValues());
}

/** The state of one stream of Responses values: the tracker shared by its responses, and the open one. */
interface ResponsesStream {
  readonly tracker: ToolCallTracker;
  current: Turn | undefined;
  previousKey: string | undefined;
  count: number;
}

/** The Responses API reader of parsed values, without the line framing. */
export function createResponsesValues(): ValueParser {
  // One tracker for the whole stream, a scope per response, as for Chat Completions.
  const stream: ResponsesStream = {
    tracker: createToolCallTracker({ aliases: OPENAI_COMPATIBLE_TOOL_ALIASES, idPrefix: 'responses-1-call' }),
    current: undefined,
    previousKey: undefined,
    count: 0,
  };
  const closeOpen = (): DisplayEvent[] => {
    const events: DisplayEvent[] = [];
    if (stream.current !== undefined) close(stream, stream.current, unfinished(stream.current), events);
    return events;
  };
  return {
    parseValue: (value, context) => parseValue(stream, value, context),
    isOpen: () => stream.current !== undefined,
    done: closeOpen,
    end: closeOpen,
  };
}

function open(stream: ResponsesStream, response: JsonObject | undefined): Turn {
  stream.count += 1;
  const { count, tracker } = stream;
  if (count > 1) tracker.newScope(`responses-${count}-call`);
  const sessionId = nonEmpty(stringField(response, 'id'));
  const base = sessionId ?? `responses-${count}`;
  const key = base === stream.previousKey ? `${base}-${count}` : base;
  stream.previousKey = key;
  const turn: Turn = { key, sessionId, model: undefined, started: false, shown: new Set(), calls: new Map(), errored: false, tracker };
  stream.current = turn;
  return turn;
}

function close(stream: ResponsesStream, turn: Turn, status: SessionStatus, events: DisplayEvent[]): void {
  for (const call of [...turn.calls.values()]) announceCall(turn, events, call);
  ensureStarted(turn, events);
  events.push({ kind: 'session', phase: 'end', status });
  if (stream.current === turn) stream.current = undefined;
}

const unfinished = (turn: Turn): SessionStatus => (turn.errored ? 'error' : 'incomplete');

/** The open response, or a new one when none is open or the event names another response. */
function turnFor(stream: ResponsesStream, response: JsonObject | undefined, events: DisplayEvent[]): Turn {
  const id = nonEmpty(stringField(response, 'id'));
  const { current } = stream;
  if (current !== undefined && id !== undefined && current.sessionId !== undefined && id !== current.sessionId) {
    close(stream, current, unfinished(current), events);
  }
  const turn = stream.current ?? open(stream, response);
  turn.model ??= nonEmpty(stringField(response, 'model'));
  return turn;
}

/** Ends a response by its final `Response`: what it says went wrong, its usage, its status. */
function finish(stream: ResponsesStream, turn: Turn, response: JsonObject, eventType: string | undefined, events: DisplayEvent[]): void {
  ensureStarted(turn, events);
  const state = stringField(response, 'status') ?? (eventType === undefined ? undefined : TERMINAL_STATUS[eventType]);
  let status: SessionStatus = 'incomplete';
  if (state === 'completed') status = 'success';
  else if (state === 'cancelled') status = 'cancelled';
  else if (state === 'failed') {
    status = 'error';
    if (!turn.errored) events.push(errorEvent(objectField(response, 'error'), 'The response failed without an error message.'));
  } else if (state === 'incomplete') {
    const reason = incompleteReasonOf(response);
    events.push({
      kind: 'notice',
      level: 'warning',
      code: 'incomplete',
      message: reason === undefined ? 'The response is incomplete.' : `The response is incomplete (incomplete_details.reason: ${reason}).`,
    });
  }
  const usage = usageOf(response, turn.model);
  if (usage !== undefined) events.push(usage);
  close(stream, turn, status, events);
}

function onBody(stream: ResponsesStream, body: JsonObject): DisplayEvent[] {
  const events: DisplayEvent[] = [];
  if (stream.current !== undefined) close(stream, stream.current, unfinished(stream.current), events);
  const turn = open(stream, body);
  turn.model = nonEmpty(stringField(body, 'model'));
  ensureStarted(turn, events);
  showOutput(turn, events, body);
  finish(stream, turn, body, undefined, events);
  return events;
}

/** An `error` event (`code`, `message`), or an `{"error": {...}}` frame or body. */
function onError(stream: ResponsesStream, value: JsonObject): DisplayEvent[] {
  const events: DisplayEvent[] = [];
  const nested = objectField(value, 'error');
  const error = errorEvent(nested ?? { message: ownField(value, 'message'), code: ownField(value, 'code') }, 'The server reported an error without a message.');
  const { current } = stream;
  if (current === undefined) {
    events.push(error, { kind: 'session', phase: 'end', status: 'error' });
    return events;
  }
  // The response stays open: `response.failed` may follow and end it, else the end of the input does.
  ensureStarted(current, events);
  events.push(error);
  current.errored = true;
  return events;
}

function onEvent(stream: ResponsesStream, event: JsonObject, type: string, context: LineContext): DisplayEvent[] {
  if (QUIET_EVENTS[type] !== undefined) {
    context.ignore(QUIET_EVENTS[type]);
    return [];
  }
  if (!KNOWN_EVENTS.has(type) && !PART_EVENTS.has(type)) {
    context.unknown(`Responses API event ${type}, not shown`);
    return [];
  }
  const events: DisplayEvent[] = [];
  const response = objectField(event, 'response');
  const turn = turnFor(stream, response, events);
  if (TERMINAL_STATUS[type] !== undefined) {
    if (response !== undefined) showOutput(turn, events, response);
    finish(stream, turn, response ?? {}, type, events);
  } else {
    onTurnEvent(turn, event, type, events, context);
  }
  if (events.length === 0) context.ignore(`${type}: nothing new to show (already shown, or empty)`);
  return events;
}

/** A known event within the open response that does not end it. */
function onTurnEvent(turn: Turn, event: JsonObject, type: string, events: DisplayEvent[], context: LineContext): void {
  if (type === 'response.created' || type === 'response.in_progress' || type === 'response.queued') {
    ensureStarted(turn, events);
  } else if (type === 'response.output_item.added') {
    onItemAdded(turn, event, context);
  } else if (type === 'response.output_item.done') {
    showItem(turn, events, ownField(event, 'item'), positionOf(event).outputIndex);
  } else if (PART_EVENTS.has(type)) {
    onPart(turn, event, type, events);
  } else {
    onArguments(turn, event, type.endsWith('.done'), events, context);
  }
}

function parseValue(stream: ResponsesStream, value: unknown, context: LineContext): DisplayEvent[] {
  if (!isJsonObject(value)) {
    context.malformed(Array.isArray(value) ? 'a JSON array, not a Response or a Responses stream event' : 'JSON that is not an object');
    return [];
  }
  const type = stringField(value, 'type');
  if (type === 'error' || (type === undefined && isJsonObject(ownField(value, 'error')))) return onError(stream, value);
  if (type === undefined && stringField(value, 'object') === 'response') return onBody(stream, value);
  if (type?.startsWith('response.') === true) return onEvent(stream, value, type, context);
  context.unknown(`not a Response or a Responses stream event (type: ${type ?? 'missing'})`);
  return [];
}

function errorEvent(error: unknown, fallback: string): DisplayEvent {
  const parsed = errorObjectSchema.safeParse(error);
  const data = parsed.success ? parsed.data : {};
  const event: DisplayEvent = { kind: 'error', fatal: true, message: nonEmpty(data.message) ?? fallback };
  const code = data.code === null || data.code === undefined ? data.type : String(data.code);
  if (nonEmpty(code) !== undefined) event.code = code;
  return event;
}
