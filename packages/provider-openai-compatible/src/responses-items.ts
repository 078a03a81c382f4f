import { type DisplayEvent, type LineContext } from '@x/core';
import { numberField, objectField, stringField, type JsonObject } from '@x/core/provider-utils';
import { announceCall, nonEmpty, positionOf, pushPart, pushWholePart, type PendingCall, type Turn } from './responses-turn.js';

/** The call an argument event belongs to, by item id, else by output index; a new one when neither is known yet. */
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

/** `response.output_item.added`: a tool call opens, a message or reasoning item opens, or another item is reported. */
export function onItemAdded(turn: Turn, event: JsonObject, context: LineContext): void {
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

/** A call's argument fragment, or its complete arguments (`done`), which announce it once its call id is known. */
export function onArguments(turn: Turn, event: JsonObject, done: boolean, events: DisplayEvent[], context: LineContext): void {
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

/** Where a part event writes: its item and the part keys of its text, summary and reasoning. */
interface PartAt {
  itemId: string;
  content: string;
  summary: string;
  reasoning: string;
}

type PartHandler = (turn: Turn, events: DisplayEvent[], event: JsonObject, at: PartAt) => void;

const textDelta: PartHandler = (turn, events, event, at) => pushPart(turn, events, 'text', at.itemId, at.content, stringField(event, 'delta') ?? '');

function contentPartDone(turn: Turn, events: DisplayEvent[], event: JsonObject, at: PartAt): void {
  const part = objectField(event, 'part');
  const partType = stringField(part, 'type');
  if (partType === 'reasoning_text') return pushWholePart(turn, events, 'reasoning', at.itemId, at.reasoning, stringField(part, 'text'));
  return pushWholePart(turn, events, 'text', at.itemId, at.content, stringField(part, partType === 'refusal' ? 'refusal' : 'text'));
}

/** The events of PART_EVENTS: text, refusal and reasoning, as deltas or whole parts. */
const PART_HANDLERS: ReadonlyMap<string, PartHandler> = new Map<string, PartHandler>([
  ['response.output_text.delta', textDelta],
  ['response.refusal.delta', textDelta],
  ['response.output_text.done', (turn, events, event, at) => pushWholePart(turn, events, 'text', at.itemId, at.content, stringField(event, 'text'))],
  ['response.refusal.done', (turn, events, event, at) => pushWholePart(turn, events, 'text', at.itemId, at.content, stringField(event, 'refusal'))],
  [
    'response.reasoning_summary_text.delta',
    (turn, events, event, at) => pushPart(turn, events, 'reasoning', at.itemId, at.summary, stringField(event, 'delta') ?? ''),
  ],
  [
    'response.reasoning_summary_text.done',
    (turn, events, event, at) => pushWholePart(turn, events, 'reasoning', at.itemId, at.summary, stringField(event, 'text')),
  ],
  [
    'response.reasoning_summary_part.done',
    (turn, events, event, at) => pushWholePart(turn, events, 'reasoning', at.itemId, at.summary, stringField(objectField(event, 'part'), 'text')),
  ],
  [
    'response.reasoning_text.delta',
    (turn, events, event, at) => pushPart(turn, events, 'reasoning', at.itemId, at.reasoning, stringField(event, 'delta') ?? ''),
  ],
  ['response.reasoning_text.done', (turn, events, event, at) => pushWholePart(turn, events, 'reasoning', at.itemId, at.reasoning, stringField(event, 'text'))],
  ['response.content_part.done', contentPartDone],
]);

/** A text, refusal or reasoning event of PART_EVENTS. */
export function onPart(turn: Turn, event: JsonObject, type: string, events: DisplayEvent[]): void {
  const content = String(numberField(event, 'content_index') ?? 0);
  const at: PartAt = {
    itemId: positionOf(event).itemId ?? `item-${positionOf(event).outputIndex ?? 0}`,
    content,
    summary: `summary-${numberField(event, 'summary_index') ?? 0}`,
    reasoning: `reasoning-${content}`,
  };
  PART_HANDLERS.get(type)?.(turn, events, event, at);
}
