import type { DisplayEvent } from '@x/core';
import { arrayField, numberField, objectField, stringField, type JsonObject } from '@x/core/provider-utils';
import { itemKey, startSession, type OpenAICompatibleState, type ResponsesTurn } from './state.js';

/*
 * Text, refusal and reasoning parts of the Responses API. A part arrives as
 * deltas, then again whole in its `.done` event, its item's
 * `output_item.done` and the final `Response`: the text assembler shows each
 * character once (a whole copy adds only what the deltas did not show).
 */

type PartKind = 'text' | 'reasoning';

/** The session start of a response, once. */
export function startTurn(state: OpenAICompatibleState, turn: ResponsesTurn, events: DisplayEvent[]): void {
  startSession(state, turn.sessionId, turn.model, events);
}

/** A text or reasoning delta of one part; `part` names the block within its item. */
export function pushPart(
  state: OpenAICompatibleState,
  turn: ResponsesTurn,
  events: DisplayEvent[],
  kind: PartKind,
  itemId: string,
  part: string,
  text: string,
): void {
  if (text === '') return;
  startTurn(state, turn, events);
  const id = `${turn.key}:${itemId}:${part}`;
  events.push({ kind, id, text: state.texts.delta(id, text) });
}

/** A whole part from a `.done` event or a final item: shows what the deltas of the part did not. */
export function pushWholePart(
  state: OpenAICompatibleState,
  turn: ResponsesTurn,
  events: DisplayEvent[],
  kind: PartKind,
  itemId: string,
  part: string,
  text: string | undefined,
): void {
  if (text === undefined) return;
  const id = `${turn.key}:${itemId}:${part}`;
  const { added } = state.texts.copy(id, text, false);
  if (added === '') return;
  startTurn(state, turn, events);
  events.push({ kind, id, text: added });
}

/** The text and refusals of a finished `message` item. */
export function showMessage(state: OpenAICompatibleState, turn: ResponsesTurn, events: DisplayEvent[], item: JsonObject, itemId: string): void {
  (arrayField(item, 'content') ?? []).forEach((part, index) => {
    const type = stringField(part, 'type');
    if (type === 'output_text') pushWholePart(state, turn, events, 'text', itemId, String(index), stringField(part, 'text'));
    else if (type === 'refusal') pushWholePart(state, turn, events, 'text', itemId, String(index), stringField(part, 'refusal'));
  });
}

/** The summary and text of a finished `reasoning` item. */
export function showReasoning(state: OpenAICompatibleState, turn: ResponsesTurn, events: DisplayEvent[], item: JsonObject, itemId: string): void {
  (arrayField(item, 'summary') ?? []).forEach((part, index) => {
    pushWholePart(state, turn, events, 'reasoning', itemId, `summary-${index}`, stringField(part, 'text'));
  });
  (arrayField(item, 'content') ?? []).forEach((part, index) => {
    pushWholePart(state, turn, events, 'reasoning', itemId, `reasoning-${index}`, stringField(part, 'text'));
  });
}

/** Where a part event writes: its item and the part keys of its text, summary and reasoning. */
interface PartAt {
  itemId: string;
  content: string;
  summary: string;
  reasoning: string;
}

type PartHandler = (state: OpenAICompatibleState, turn: ResponsesTurn, events: DisplayEvent[], event: JsonObject, at: PartAt) => void;

const textDelta: PartHandler = (state, turn, events, event, at) =>
  pushPart(state, turn, events, 'text', at.itemId, at.content, stringField(event, 'delta') ?? '');

const contentPartDone: PartHandler = (state, turn, events, event, at) => {
  const part = objectField(event, 'part');
  const partType = stringField(part, 'type');
  if (partType === 'reasoning_text') return pushWholePart(state, turn, events, 'reasoning', at.itemId, at.reasoning, stringField(part, 'text'));
  return pushWholePart(state, turn, events, 'text', at.itemId, at.content, stringField(part, partType === 'refusal' ? 'refusal' : 'text'));
};

/** The handlers of the text, refusal and reasoning events, as deltas or whole parts (see `PART_EVENTS`). */
const PART_HANDLERS: ReadonlyMap<string, PartHandler> = new Map<string, PartHandler>([
  ['response.output_text.delta', textDelta],
  ['response.refusal.delta', textDelta],
  [
    'response.output_text.done',
    (state, turn, events, event, at) => pushWholePart(state, turn, events, 'text', at.itemId, at.content, stringField(event, 'text')),
  ],
  [
    'response.refusal.done',
    (state, turn, events, event, at) => pushWholePart(state, turn, events, 'text', at.itemId, at.content, stringField(event, 'refusal')),
  ],
  [
    'response.reasoning_summary_text.delta',
    (state, turn, events, event, at) => pushPart(state, turn, events, 'reasoning', at.itemId, at.summary, stringField(event, 'delta') ?? ''),
  ],
  [
    'response.reasoning_summary_text.done',
    (state, turn, events, event, at) => pushWholePart(state, turn, events, 'reasoning', at.itemId, at.summary, stringField(event, 'text')),
  ],
  [
    'response.reasoning_summary_part.done',
    (state, turn, events, event, at) => pushWholePart(state, turn, events, 'reasoning', at.itemId, at.summary, stringField(objectField(event, 'part'), 'text')),
  ],
  [
    'response.reasoning_text.delta',
    (state, turn, events, event, at) => pushPart(state, turn, events, 'reasoning', at.itemId, at.reasoning, stringField(event, 'delta') ?? ''),
  ],
  [
    'response.reasoning_text.done',
    (state, turn, events, event, at) => pushWholePart(state, turn, events, 'reasoning', at.itemId, at.reasoning, stringField(event, 'text')),
  ],
  ['response.content_part.done', contentPartDone],
]);

/** A text, refusal or reasoning event of `PART_EVENTS`. */
export function onPart(state: OpenAICompatibleState, turn: ResponsesTurn, event: JsonObject, type: string, events: DisplayEvent[]): void {
  const content = String(numberField(event, 'content_index') ?? 0);
  const at: PartAt = {
    itemId: itemKey(turn.items, stringField(event, 'item_id'), numberField(event, 'output_index')),
    content,
    summary: `summary-${numberField(event, 'summary_index') ?? 0}`,
    reasoning: `reasoning-${content}`,
  };
  PART_HANDLERS.get(type)?.(state, turn, events, event, at);
}
