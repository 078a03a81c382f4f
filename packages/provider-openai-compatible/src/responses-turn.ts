import { type DisplayEvent, type UsageDisplayEvent } from '@x/core';
import {
  arrayField,
  isJsonObject,
  numberField,
  objectField,
  ownField,
  stringField,
  type JsonObject,
  type ToolCallTracker,
} from '@x/core/provider-utils';
import { responseUsageSchema } from './responses-wire-schema.js';

/** A function or custom tool call whose arguments (or input) are still arriving. */
export interface PendingCall {
  itemId: string;
  outputIndex: number | undefined;
  callId: string | undefined;
  name: string;
  /** The `arguments` (or custom tool `input`) fragments, concatenated. */
  args: string;
}

/** One response of a Responses stream or body: one session, as in Chat Completions. */
export interface Turn {
  /** The prefix of its block ids, unique against the previous response. */
  readonly key: string;
  readonly sessionId: string | undefined;
  model: string | undefined;
  started: boolean;
  /**
   * Parts already shown (`<item>:<part>`), so that a `.done` event or the
   * final `Response` repeats nothing a delta showed. Items of an unknown
   * type reported once are here too (`<item>`).
   */
  readonly shown: Set<string>;
  /** Calls whose arguments are still arriving, by item id. */
  readonly calls: Map<string, PendingCall>;
  /** Whether an `error` event was shown, so that `response.failed` does not show it twice. */
  errored: boolean;
  readonly tracker: ToolCallTracker;
}

/** The name shown for a call whose name never arrived. */
const UNNAMED_TOOL = 'unnamed';

export function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

export function ensureStarted(turn: Turn, events: DisplayEvent[]): void {
  if (turn.started) return;
  turn.started = true;
  const event: DisplayEvent = { kind: 'session', phase: 'start' };
  if (turn.sessionId !== undefined) event.sessionId = turn.sessionId;
  if (turn.model !== undefined) event.model = turn.model;
  events.push(event);
}

/** A text or reasoning increment of one part; `part` names the block within its item. */
export function pushPart(turn: Turn, events: DisplayEvent[], kind: 'text' | 'reasoning', itemId: string, part: string, text: string): void {
  if (text === '') return;
  ensureStarted(turn, events);
  turn.shown.add(`${itemId}:${part}`);
  events.push({ kind, id: `${turn.key}:${itemId}:${part}`, text });
}

/** A whole part from a `.done` event or a final item: shown only when no delta of it was. */
export function pushWholePart(turn: Turn, events: DisplayEvent[], kind: 'text' | 'reasoning', itemId: string, part: string, text: string | undefined): void {
  if (text === undefined || turn.shown.has(`${itemId}:${part}`)) return;
  pushPart(turn, events, kind, itemId, part, text);
}

/** Announces a call once: the tracker drops a second announcement of the same call id. */
export function announceCall(turn: Turn, events: DisplayEvent[], call: PendingCall): void {
  turn.calls.delete(call.itemId);
  ensureStarted(turn, events);
  const event = turn.tracker.start({ id: nonEmpty(call.callId), toolName: nonEmpty(call.name) ?? UNNAMED_TOOL, input: call.args });
  if (event !== undefined) events.push(event);
}

/** The id of an output item: its `id`, else its position. */
export function itemIdOf(item: JsonObject, outputIndex: number | undefined): string {
  return nonEmpty(stringField(item, 'id')) ?? `item-${outputIndex ?? 0}`;
}

function showMessage(turn: Turn, events: DisplayEvent[], item: JsonObject, itemId: string): void {
  (arrayField(item, 'content') ?? []).forEach((part, index) => {
    const type = stringField(part, 'type');
    if (type === 'output_text') pushWholePart(turn, events, 'text', itemId, String(index), stringField(part, 'text'));
    else if (type === 'refusal') pushWholePart(turn, events, 'text', itemId, String(index), stringField(part, 'refusal'));
  });
}

function showReasoning(turn: Turn, events: DisplayEvent[], item: JsonObject, itemId: string): void {
  (arrayField(item, 'summary') ?? []).forEach((part, index) => {
    pushWholePart(turn, events, 'reasoning', itemId, `summary-${index}`, stringField(part, 'text'));
  });
  (arrayField(item, 'content') ?? []).forEach((part, index) => {
    pushWholePart(turn, events, 'reasoning', itemId, `reasoning-${index}`, stringField(part, 'text'));
  });
}

/**
 * Shows what of a finished output item was not shown yet: the text and
 * refusals of a message, the summary and text of a reasoning item, a function
 * or custom tool call. An item of another type (a hosted tool such as
 * `web_search_call`) gives one notice, so that nothing disappears silently.
 */
export function showItem(turn: Turn, events: DisplayEvent[], item: unknown, outputIndex: number | undefined): void {
  if (!isJsonObject(item)) return;
  const itemId = itemIdOf(item, outputIndex);
  const type = stringField(item, 'type');
  if (type === 'message') return showMessage(turn, events, item, itemId);
  if (type === 'reasoning') return showReasoning(turn, events, item, itemId);
  if (type === 'function_call' || type === 'custom_tool_call') {
    const pending = turn.calls.get(itemId);
    const args = ownField(item, type === 'function_call' ? 'arguments' : 'input');
    announceCall(turn, events, {
      itemId,
      outputIndex,
      callId: nonEmpty(stringField(item, 'call_id')) ?? pending?.callId,
      name: nonEmpty(stringField(item, 'name')) ?? pending?.name ?? '',
      args: typeof args === 'string' ? args : (pending?.args ?? ''),
    });
    return;
  }
  if (turn.shown.has(itemId)) return;
  turn.shown.add(itemId);
  ensureStarted(turn, events);
  events.push({
    kind: 'notice',
    level: 'info',
    code: 'unknown-item',
    message: `Output item of type ${type ?? 'missing'} is not shown.`,
  });
}

/** The usage of a `Response`, as sent: `input_tokens` include the cached ones, `output_tokens` the reasoning ones. */
export function usageOf(response: JsonObject, model: string | undefined): UsageDisplayEvent | undefined {
  const parsed = responseUsageSchema.safeParse(ownField(response, 'usage'));
  if (!parsed.success) return undefined;
  const usage = parsed.data;
  const event: UsageDisplayEvent = { kind: 'usage', cumulative: false };
  if (model !== undefined) event.model = model;
  const counts: [keyof UsageDisplayEvent & `${string}Tokens`, number | undefined][] = [
    ['inputTokens', usage.input_tokens],
    ['outputTokens', usage.output_tokens],
    ['reasoningTokens', usage.output_tokens_details?.reasoning_tokens],
    ['cacheReadTokens', usage.input_tokens_details?.cached_tokens],
    ['cacheWriteTokens', usage.input_tokens_details?.cache_write_tokens],
  ];
  let any = false;
  for (const [field, value] of counts) {
    if (value === undefined) continue;
    event[field] = value;
    any = true;
  }
  return any ? event : undefined;
}

/** Every output item of a `Response`, in order. */
export function showOutput(turn: Turn, events: DisplayEvent[], response: JsonObject): void {
  (arrayField(response, 'output') ?? []).forEach((item, index) => showItem(turn, events, item, index));
  for (const call of [...turn.calls.values()]) announceCall(turn, events, call);
}

/** The `output_index` of a stream event, and its `item_id`. */
export function positionOf(event: JsonObject): { outputIndex: number | undefined; itemId: string | undefined } {
  return { outputIndex: numberField(event, 'output_index'), itemId: nonEmpty(stringField(event, 'item_id')) };
}

/** `incomplete_details.reason` of a `Response`. */
export function incompleteReasonOf(response: JsonObject): string | undefined {
  return nonEmpty(stringField(objectField(response, 'incomplete_details'), 'reason'));
}
