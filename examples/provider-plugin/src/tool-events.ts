import type { DisplayEvent } from '@x/core';
import { stringField, type JsonObject } from '@x/core/provider-utils';
import type { SkippedItems } from './skipped-items.js';
import { interrupt, type GooseState } from './state.js';
import { toolCallOutcome } from './tool-response.js';
import { readToolCall, readToolResult } from './wire-schema.js';

/** A `toolRequest` item: a `tool-use` once per id, or an error when goose could not read the call. */
export function toolRequest(state: GooseState, item: JsonObject, events: DisplayEvent[], skipped: SkippedItems): void {
  const id = stringField(item, 'id');
  const call = readToolCall(item);
  if (call === undefined) {
    skipped.malformed ??= 'tool request without a readable toolCall';
    return;
  }
  interrupt(state);
  if (call.status === 'error') {
    // The model asked for a call goose could not parse (unknown tool, bad JSON arguments).
    if (id !== undefined) state.unreadable.add(id);
    events.push({ kind: 'error', message: call.error === '' ? 'goose could not read a tool call' : call.error, fatal: false });
    return;
  }
  const announced = state.tracker.start({ id, toolName: call.name, input: call.arguments ?? {} });
  if (announced.length === 0) skipped.ignored ??= 'tool request of a call already announced';
  events.push(...announced);
}

/** A `toolResponse` item: the `tool-result` of its call, once. */
export function toolResponse(state: GooseState, item: JsonObject, events: DisplayEvent[], skipped: SkippedItems): void {
  const id = stringField(item, 'id');
  const result = readToolResult(item);
  if (id === undefined || result === undefined) {
    skipped.malformed ??= 'tool response without an id and a readable toolResult';
    return;
  }
  interrupt(state);
  if (state.unreadable.has(id)) {
    skipped.ignored ??= 'response to a tool call goose could not read';
    return;
  }
  const [finished, ...notices] = state.tracker.finish(id, toolCallOutcome(result));
  if (finished === undefined) {
    skipped.ignored ??= 'tool response of a call already finished';
    return;
  }
  // Core counts the lines of a search's output as matches; goose's only
  // search-kind tool is `tree`, whose lines are a listing, not matches.
  if (finished.toolKind === 'search') {
    delete finished.details.matchCount;
    delete finished.details.fileCount;
  }
  events.push(finished, ...notices);
}
