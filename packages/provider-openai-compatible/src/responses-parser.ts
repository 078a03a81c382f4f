import {
  createToolCallTracker,
  isJsonObject,
  numberField,
  objectField,
  ownField,
  stringField,
  type DisplayEvent,
  type JsonObject,
  type LineContext,
  type SessionStatus,
} from '@x/core';
import { framedJsonParser, type ValueParser, type ValueSourceParser } from './framed-json.js';
import { KNOWN_EVENTS, PART_EVENTS, QUIET_EVENTS, TERMINAL_STATUS } from './responses-event-types.js';
import {
  announceCall,
  ensureStarted,
  incompleteReasonOf,
  nonEmpty,
  positionOf,
  pushPart,
  pushWholePart,
  showItem,
  showOutput,
  usageOf,
  type PendingCall,
  type Turn,
} from './responses-turn.js';
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

/** The Responses API reader of parsed values, without the line framing. */
export function createResponsesValues(): ValueParser {
  // One tracker for the whole stream, a scope per response, as for Chat Completions.
  const tracker = createToolCallTracker({ aliases: OPENAI_COMPATIBLE_TOOL_ALIASES, idPrefix: 'responses-1-call' });
  let current: Turn | undefined;
  let previousKey: string | undefined;
  let count = 0;

  function open(response: JsonObject | undefined): Turn {
    count += 1;
    if (count > 1) tracker.newScope(`responses-${count}-call`);
    const sessionId = nonEmpty(stringField(response, 'id'));
    const base = sessionId ?? `responses-${count}`;
    const key = base === previousKey ? `${base}-${count}` : base;
    previousKey = key;
    const turn: Turn = { key, sessionId, model: undefined, started: false, shown: new Set(), calls: new Map(), errored: false, tracker };
    current = turn;
    return turn;
  }

  function close(turn: Turn, status: SessionStatus, events: DisplayEvent[]): void {
    for (const call of [...turn.calls.values()]) announceCall(turn, events, call);
    ensureStarted(turn, events);
    events.push({ kind: 'session', phase: 'end', status });
    if (current === turn) current = undefined;
  }

  const unfinished = (turn: Turn): SessionStatus => (turn.errored ? 'error' : 'incomplete');

  /** The open response, or a new one when none is open or the event names another response. */
  function turnFor(response: JsonObject | undefined, events: DisplayEvent[]): Turn {
    const id = nonEmpty(stringField(response, 'id'));
    if (current !== undefined && id !== undefined && current.sessionId !== undefined && id !== current.sessionId) {
      close(current, unfinished(current), events);
    }
    const turn = current ?? open(response);
    turn.model ??= nonEmpty(stringField(response, 'model'));
    return turn;
  }

  /** Ends a response by its final `Response`: what it says went wrong, its usage, its status. */
  function finish(turn: Turn, response: JsonObject, eventType: string | undefined, events: DisplayEvent[]): void {
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
    close(turn, status, events);
  }

  function onBody(body: JsonObject): DisplayEvent[] {
    const events: DisplayEvent[] = [];
    if (current !== undefined) close(current, unfinished(current), events);
    const turn = open(body);
    turn.model = nonEmpty(stringField(body, 'model'));
    ensureStarted(turn, events);
    showOutput(turn, events, body);
    finish(turn, body, undefined, events);
    return events;
  }

  /** An `error` event (`code`, `message`), or an `{"error": {...}}` frame or body. */
  function onError(value: JsonObject): DisplayEvent[] {
    const events: DisplayEvent[] = [];
    const nested = objectField(value, 'error');
    const error = errorEvent(nested ?? { message: ownField(value, 'message'), code: ownField(value, 'code') }, 'The server reported an error without a message.');
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

  function pendingCall(turn: Turn, event: JsonObject): PendingCall {
    const { outputIndex, itemId } = positionOf(event);
    let call = itemId === undefined ? undefined : turn.calls.get(itemId);
    call ??= [...turn.calls.values()].find((pending) => outputIndex !== undefined && pending.outputIndex === outputIndex);
    if (call === undefined) {
      call = { itemId: itemId ?? `item-${outputIndex ?? 0}`, outputIndex, callId: undefined, name: '', args: '' };
      turn.calls.set(call.itemId, call);
    }
    return call;
  }

  function onItemAdded(turn: Turn, event: JsonObject, context: LineContext): void {
    const item = objectField(event, 'item');
    const type = stringField(item, 'type');
    const { outputIndex } = positionOf(event);
    if (item !== undefined && (type === 'function_call' || type === 'custom_tool_call')) {
      const itemId = nonEmpty(stringField(item, 'id')) ?? `item-${outputIndex ?? 0}`;
      const args = stringField(item, type === 'function_call' ? 'arguments' : 'input') ?? '';
      turn.calls.set(itemId, { itemId, outputIndex, callId: nonEmpty(stringField(item, 'call_id')), name: stringField(item, 'name') ?? '', args });
      context.ignore(`a ${type} item opens; announced once its arguments are complete`);
    } else if (type === 'message' || type === 'reasoning') {
      context.ignore(`a ${type} item opens; its content follows`);
    } else {
      // Hosted tools and other items: reported here once, and not again when they finish.
      if (item !== undefined) turn.shown.add(nonEmpty(stringField(item, 'id')) ?? `item-${outputIndex ?? 0}`);
      context.unknown(`output item of type ${type ?? 'missing'}, not shown`);
    }
  }

  function onArguments(turn: Turn, event: JsonObject, done: boolean, events: DisplayEvent[], context: LineContext): void {
    const call = pendingCall(turn, event);
    const custom = stringField(event, 'type')?.startsWith('response.custom_tool_call_input') === true;
    if (!done) {
      call.args += stringField(event, 'delta') ?? '';
      context.ignore('an argument fragment; the call is announced once its arguments are complete');
      return;
    }
    call.args = stringField(event, custom ? 'input' : 'arguments') ?? call.args;
    call.name = nonEmpty(stringField(event, 'name')) ?? call.name;
    // Without its call id (the item's `added` event was missing), it waits for `output_item.done`.
    if (call.callId !== undefined) announceCall(turn, events, call);
    else context.ignore('arguments complete; announced with its call id when the item is done');
  }

  function onPart(turn: Turn, event: JsonObject, type: string, events: DisplayEvent[]): void {
    const itemId = positionOf(event).itemId ?? `item-${positionOf(event).outputIndex ?? 0}`;
    const content = String(numberField(event, 'content_index') ?? 0);
    const summary = `summary-${numberField(event, 'summary_index') ?? 0}`;
    const reasoning = `reasoning-${content}`;
    const delta = stringField(event, 'delta') ?? '';
    switch (type) {
      case 'response.output_text.delta':
      case 'response.refusal.delta':
        return pushPart(turn, events, 'text', itemId, content, delta);
      case 'response.output_text.done':
        return pushWholePart(turn, events, 'text', itemId, content, stringField(event, 'text'));
      case 'response.refusal.done':
        return pushWholePart(turn, events, 'text', itemId, content, stringField(event, 'refusal'));
      case 'response.reasoning_summary_text.delta':
        return pushPart(turn, events, 'reasoning', itemId, summary, delta);
      case 'response.reasoning_summary_text.done':
        return pushWholePart(turn, events, 'reasoning', itemId, summary, stringField(event, 'text'));
      case 'response.reasoning_summary_part.done':
        return pushWholePart(turn, events, 'reasoning', itemId, summary, stringField(objectField(event, 'part'), 'text'));
      case 'response.reasoning_text.delta':
        return pushPart(turn, events, 'reasoning', itemId, reasoning, delta);
      case 'response.reasoning_text.done':
        return pushWholePart(turn, events, 'reasoning', itemId, reasoning, stringField(event, 'text'));
      case 'response.content_part.done': {
        const part = objectField(event, 'part');
        const partType = stringField(part, 'type');
        if (partType === 'reasoning_text') return pushWholePart(turn, events, 'reasoning', itemId, reasoning, stringField(part, 'text'));
        return pushWholePart(turn, events, 'text', itemId, content, stringField(part, partType === 'refusal' ? 'refusal' : 'text'));
      }
    }
  }

  function onEvent(event: JsonObject, type: string, context: LineContext): DisplayEvent[] {
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
    const turn = turnFor(response, events);
    if (type === 'response.created' || type === 'response.in_progress' || type === 'response.queued') {
      ensureStarted(turn, events);
    } else if (TERMINAL_STATUS[type] !== undefined) {
      if (response !== undefined) showOutput(turn, events, response);
      finish(turn, response ?? {}, type, events);
    } else if (type === 'response.output_item.added') {
      onItemAdded(turn, event, context);
    } else if (type === 'response.output_item.done') {
      showItem(turn, events, ownField(event, 'item'), positionOf(event).outputIndex);
    } else if (PART_EVENTS.has(type)) {
      onPart(turn, event, type, events);
    } else {
      onArguments(turn, event, type.endsWith('.done'), events, context);
    }
    if (events.length === 0) context.ignore(`${type}: nothing new to show (already shown, or empty)`);
    return events;
  }

  function parseValue(value: unknown, context: LineContext): DisplayEvent[] {
    if (!isJsonObject(value)) {
      context.malformed(Array.isArray(value) ? 'a JSON array, not a Response or a Responses stream event' : 'JSON that is not an object');
      return [];
    }
    const type = stringField(value, 'type');
    if (type === 'error' || (type === undefined && isJsonObject(ownField(value, 'error')))) return onError(value);
    if (type === undefined && stringField(value, 'object') === 'response') return onBody(value);
    if (type?.startsWith('response.') === true) return onEvent(value, type, context);
    context.unknown(`not a Response or a Responses stream event (type: ${type ?? 'missing'})`);
    return [];
  }

  return {
    parseValue,
    isOpen: () => current !== undefined,
    done() {
      const events: DisplayEvent[] = [];
      if (current !== undefined) close(current, unfinished(current), events);
      return events;
    },
    end() {
      const events: DisplayEvent[] = [];
      if (current !== undefined) close(current, unfinished(current), events);
      return events;
    },
  };
}

function errorEvent(error: unknown, fallback: string): DisplayEvent {
  const parsed = errorObjectSchema.safeParse(error);
  const data = parsed.success ? parsed.data : {};
  const event: DisplayEvent = { kind: 'error', fatal: true, message: nonEmpty(data.message) ?? fallback };
  const code = data.code === null || data.code === undefined ? data.type : String(data.code);
  if (nonEmpty(code) !== undefined) event.code = code;
  return event;
}
