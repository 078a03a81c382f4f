import { stringField, type JsonObject } from '@x/core/provider-utils';

/*
 * The Responses API stream event types this package reads, by what it does
 * with them (openai@6.49.0 `ResponseStreamEvent`). Any other type is reported
 * as unknown.
 */

/** The status a `response.completed`, `.failed` or `.incomplete` event implies when its `Response` has none. */
export const TERMINAL_STATUS: Record<string, string> = {
  'response.completed': 'completed',
  'response.failed': 'failed',
  'response.incomplete': 'incomplete',
};

/** Events that carry nothing to show, with the reason they are ignored. */
const QUIET_EVENTS: Record<string, string> = {
  'response.content_part.added': 'a content part opens; its text follows in deltas',
  'response.reasoning_summary_part.added': 'a reasoning summary part opens; its text follows in deltas',
  'response.output_text.annotation.added': 'an annotation (citation) of the text, not shown',
};

/**
 * Progress events of the tools the server runs (`response.web_search_call.searching`,
 * `response.mcp_call_arguments.delta`, `response.image_generation_call.partial_image`, ...):
 * the item's `output_item.added` and `.done` events carry the call and its outcome.
 */
const HOSTED_PROGRESS = /^response\.(?:web_search_call|file_search_call|code_interpreter_call(?:_code)?|image_generation_call|mcp_call(?:_arguments)?|mcp_list_tools)\./;

/** Why an event is ignored, or `undefined` for an event that may show something. */
export function quietReason(type: string): string | undefined {
  return QUIET_EVENTS[type] ?? (HOSTED_PROGRESS.test(type) ? "progress of a tool the server runs; its item's added and done events show it" : undefined);
}

/** The events read here besides the text parts, the quiet ones and `error`. */
export const KNOWN_EVENTS = new Set([
  'response.created',
  'response.in_progress',
  'response.queued',
  'response.completed',
  'response.failed',
  'response.incomplete',
  'response.output_item.added',
  'response.output_item.done',
  'response.function_call_arguments.delta',
  'response.function_call_arguments.done',
  'response.custom_tool_call_input.delta',
  'response.custom_tool_call_input.done',
]);

/** Events of one text, refusal or reasoning part: a delta, or the whole part once it is done. */
export const PART_EVENTS = new Set([
  'response.output_text.delta',
  'response.output_text.done',
  'response.refusal.delta',
  'response.refusal.done',
  'response.reasoning_summary_text.delta',
  'response.reasoning_summary_text.done',
  'response.reasoning_summary_part.done',
  'response.reasoning_text.delta',
  'response.reasoning_text.done',
  'response.content_part.done',
]);

/** Whether a value belongs to the Responses API: a `Response` body or a stream event. */
export function isResponsesValue(value: JsonObject): boolean {
  const type = stringField(value, 'type');
  return stringField(value, 'object') === 'response' || type === 'error' || type?.startsWith('response.') === true;
}
