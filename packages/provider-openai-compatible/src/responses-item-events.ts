import type { DisplayEvent, LineContext } from '@x/core';
import { arrayField, compactKey, isJsonObject, numberField, objectField, ownField, responsesHostedCall, stringField, type JsonObject } from '@x/core/provider-utils';
import { showMessage, showReasoning, startTurn } from './responses-part-events.js';
import {
  appendArguments,
  itemKey,
  MAX_PENDING_CALL_CHARS,
  MAX_PENDING_CALLS,
  nonEmpty,
  pendingCallChars,
  type OpenAICompatibleState,
  type PendingResponsesCall,
  type ResponsesTurn,
} from './state.js';

/** The name shown for a call whose name never arrived. */
const UNNAMED_TOOL = 'unnamed';

/** The id an output item is shown under (see {@link itemKey}). */
function itemIdOf(turn: ResponsesTurn, item: JsonObject | undefined, outputIndex: number | undefined): string {
  return itemKey(turn.items, stringField(item, 'id'), outputIndex);
}

/** Announces a call once (the tracker drops a second announcement of the same call id) and forgets it. */
export function announceResponsesCall(state: OpenAICompatibleState, turn: ResponsesTurn, events: DisplayEvent[], call: PendingResponsesCall): void {
  turn.calls.delete(call.itemId);
  startTurn(state, turn, events);
  events.push(...state.tracker.start({ id: nonEmpty(call.callId), toolName: nonEmpty(call.name) ?? UNNAMED_TOOL, input: call.args }));
}

/** Announces every call still pending, in the order they opened. */
export function announcePendingResponsesCalls(state: OpenAICompatibleState, turn: ResponsesTurn, events: DisplayEvent[]): void {
  for (const call of [...turn.calls.values()]) announceResponsesCall(state, turn, events, call);
}

/** Records a pending call; past {@link MAX_PENDING_CALLS}, the oldest is announced with what it has. */
function addPending(state: OpenAICompatibleState, turn: ResponsesTurn, call: PendingResponsesCall, events: DisplayEvent[]): PendingResponsesCall {
  turn.calls.set(call.itemId, call);
  if (turn.calls.size > MAX_PENDING_CALLS) {
    const oldest = turn.calls.values().next().value as PendingResponsesCall;
    announceResponsesCall(state, turn, events, oldest);
  }
  announceOverBudget(state, turn, events);
  return call;
}

/** Past {@link MAX_PENDING_CALL_CHARS} kept by the pending calls in all, the oldest calls are announced with what they have. */
function announceOverBudget(state: OpenAICompatibleState, turn: ResponsesTurn, events: DisplayEvent[]): void {
  let chars = 0;
  for (const call of turn.calls.values()) chars += pendingCallChars(call);
  for (const oldest of [...turn.calls.values()]) {
    if (chars <= MAX_PENDING_CALL_CHARS || turn.calls.size <= 1) return;
    chars -= pendingCallChars(oldest);
    announceResponsesCall(state, turn, events, oldest);
  }
}

/** The call an argument event belongs to, by item id, else by output index; a new one when neither is known yet. */
function pendingCall(state: OpenAICompatibleState, turn: ResponsesTurn, event: JsonObject, events: DisplayEvent[]): PendingResponsesCall {
  const outputIndex = numberField(event, 'output_index');
  const itemId = itemKey(turn.items, stringField(event, 'item_id'), outputIndex);
  const call = turn.calls.get(itemId) ?? [...turn.calls.values()].find((pending) => outputIndex !== undefined && pending.outputIndex === outputIndex);
  if (call !== undefined) return call;
  return addPending(state, turn, { itemId, outputIndex, callId: undefined, name: '', args: '' }, events);
}

/** `response.output_item.added`: a tool call opens, a message or reasoning item opens, or another item is reported. */
export function onItemAdded(state: OpenAICompatibleState, turn: ResponsesTurn, event: JsonObject, events: DisplayEvent[], context: LineContext): void {
  const item = objectField(event, 'item');
  const type = stringField(item, 'type');
  const outputIndex = numberField(event, 'output_index');
  if (item !== undefined && (type === 'function_call' || type === 'custom_tool_call')) {
    const args = appendArguments('', stringField(item, type === 'function_call' ? 'arguments' : 'input') ?? '');
    const callId = nonEmpty(stringField(item, 'call_id'));
    addPending(state, turn, { itemId: itemIdOf(turn, item, outputIndex), outputIndex, callId, name: stringField(item, 'name') ?? '', args }, events);
    if (events.length === 0) context.ignore(`a ${type} item opens; announced once its arguments are complete`);
  } else if (type === 'message' || type === 'reasoning') {
    context.ignore(`a ${type} item opens; its content follows`);
  } else if (item !== undefined && responsesHostedCall(item, '') !== undefined) {
    // It opens empty (no query, code or arguments yet): its done event, or the final `Response`, shows the call and its outcome.
    context.ignore(`a ${type} item opens; shown with its outcome when it is done`);
  } else {
    // Other items: reported here once, and not again when they finish.
    if (item !== undefined) turn.reported.set(compactKey(itemIdOf(turn, item, outputIndex)), true);
    context.unknown(`output item of type ${type ?? 'missing'}, not shown`);
  }
}

/** A call's argument fragment, or its complete arguments (`done`), which announce it once its call id is known. */
export function onArguments(
  state: OpenAICompatibleState,
  turn: ResponsesTurn,
  event: JsonObject,
  done: boolean,
  events: DisplayEvent[],
  context: LineContext,
): void {
  const call = pendingCall(state, turn, event, events);
  const custom = stringField(event, 'type')?.startsWith('response.custom_tool_call_input') === true;
  if (!done) {
    call.args = appendArguments(call.args, stringField(event, 'delta') ?? '');
    announceOverBudget(state, turn, events);
    if (events.length === 0) context.ignore('an argument fragment; the call is announced once its arguments are complete');
    return;
  }
  const whole = stringField(event, custom ? 'input' : 'arguments');
  if (whole !== undefined) call.args = appendArguments('', whole);
  call.name = nonEmpty(stringField(event, 'name')) ?? call.name;
  // Without its call id (the item's `added` event was missing), it waits for `output_item.done`.
  if (call.callId !== undefined) announceResponsesCall(state, turn, events, call);
  else if (events.length === 0) context.ignore('arguments complete; announced with its call id when the item is done');
}

function showCall(
  state: OpenAICompatibleState,
  turn: ResponsesTurn,
  events: DisplayEvent[],
  item: JsonObject,
  itemId: string,
  outputIndex: number | undefined,
): void {
  const pending = turn.calls.get(itemId);
  const args = ownField(item, stringField(item, 'type') === 'function_call' ? 'arguments' : 'input');
  announceResponsesCall(state, turn, events, {
    itemId,
    outputIndex,
    callId: nonEmpty(stringField(item, 'call_id')) ?? pending?.callId,
    name: nonEmpty(stringField(item, 'name')) ?? pending?.name ?? '',
    args: typeof args === 'string' ? args : (pending?.args ?? ''),
  });
}

/**
 * A tool the server runs (web search, MCP, ...): its call once, and its
 * result once its status says it is over. Returns whether the item is one.
 */
function showHostedCall(state: OpenAICompatibleState, turn: ResponsesTurn, events: DisplayEvent[], item: JsonObject, outputIndex: number | undefined): boolean {
  const id = itemIdOf(turn, item, outputIndex);
  const hosted = responsesHostedCall(item, id);
  if (hosted === undefined) return false;
  startTurn(state, turn, events);
  // Under the item's one id, so that an id that changes between its added and done events announces it once.
  events.push(...state.tracker.start({ ...hosted.start, id }));
  if (hosted.outcome !== undefined) events.push(...state.tracker.finish(id, hosted.outcome));
  return true;
}

/**
 * Shows what of a finished output item was not shown yet: the text and
 * refusals of a message, the summary and text of a reasoning item, a function
 * or custom tool call, a hosted tool's call and result. An item of another
 * type gives one notice, so that nothing disappears silently.
 */
export function showItem(state: OpenAICompatibleState, turn: ResponsesTurn, events: DisplayEvent[], item: unknown, outputIndex: number | undefined): void {
  if (!isJsonObject(item)) return;
  const itemId = itemIdOf(turn, item, outputIndex);
  const type = stringField(item, 'type');
  if (type === 'message') return showMessage(state, turn, events, item, itemId);
  if (type === 'reasoning') return showReasoning(state, turn, events, item, itemId);
  if (type === 'function_call' || type === 'custom_tool_call') return showCall(state, turn, events, item, itemId, outputIndex);
  if (showHostedCall(state, turn, events, item, outputIndex) || turn.reported.has(compactKey(itemId))) return;
  turn.reported.set(compactKey(itemId), true);
  startTurn(state, turn, events);
  events.push({ kind: 'notice', level: 'info', code: 'unknown-item', message: `Output item of type ${type ?? 'missing'} is not shown.` });
}

/** Every output item of a `Response`, in order, then the calls still pending. */
export function showOutput(state: OpenAICompatibleState, turn: ResponsesTurn, events: DisplayEvent[], response: JsonObject): void {
  (arrayField(response, 'output') ?? []).forEach((item, index) => showItem(state, turn, events, item, index));
  announcePendingResponsesCalls(state, turn, events);
}
