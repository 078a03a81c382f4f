import type { DisplayEvent, LineContext } from '@x/core';
import { compactKey, stringField, type JsonObject } from '@x/core/provider-utils';
import type { ClaudeState } from './state.js';
import { finishCall } from './tool-events.js';
import { toolResultOutcome } from './tool-results.js';
import { streamUserEvents, userTextOf } from './user-prompt.js';
import type { ClaudeUserLine } from './wire-schema.js';

/** Blocks a user message of tool results may hold besides them, shown as nothing (`ContentBlockParam` of the API types). */
const QUIET_USER_BLOCKS: ReadonlyMap<string, string> = new Map([
  ['text', 'text the CLI adds beside tool results'],
  ['image', 'an image beside tool results'],
  ['document', 'a document beside tool results'],
]);

/** Reports the blocks of a tool-result message that are not tool results: known ones are ignored, others unknown. */
function reportOtherBlocks(content: unknown[], context: LineContext): void {
  for (const block of content) {
    const type = stringField(block, 'type');
    if (type === 'tool_result') continue;
    if (type === undefined) context.malformed('content block without a "type"');
    else if (QUIET_USER_BLOCKS.has(type)) context.ignore(`${type} block: ${QUIET_USER_BLOCKS.get(type)}`);
    else context.unknown(`unknown content block "${type}"`);
  }
}

/**
 * A `user` line: typed input echoed with `--replay-user-messages` (a prompt
 * event), or `tool_result` blocks joined to their calls. `tool_use_result`
 * belongs to the line; with several results it cannot be told whose it is.
 */
export function userEvents(state: ClaudeState, line: ClaudeUserLine, raw: JsonObject, context: LineContext): DisplayEvent[] {
  const content = line.message.content;
  const summary = state.summaryDue && userTextOf(content) !== undefined;
  if (summary) state.summaryDue = false;
  const typed = streamUserEvents(raw, content, line.parent_tool_use_id, context, summary);
  if (typed !== undefined) return typed;
  if (!Array.isArray(content)) {
    context.malformed('user line without a message content array');
    return [];
  }
  state.owesEnd = true;
  state.sessionId ??= line.session_id ?? undefined;
  const parent = line.parent_tool_use_id ?? undefined;
  const results = content.filter((block): block is JsonObject => stringField(block, 'type') === 'tool_result');
  const rich = results.length === 1 ? line.tool_use_result : undefined;
  const events: DisplayEvent[] = [];
  for (const block of results) {
    const id = stringField(block, 'tool_use_id');
    if (id === undefined) {
      context.malformed('tool_result block without a tool_use_id');
      continue;
    }
    const outcome = toolResultOutcome(block, state.openCalls.get(compactKey(id)), rich);
    for (const event of finishCall(state, id, outcome, parent)) events.push(event);
  }
  reportOtherBlocks(content, context);
  if (events.length === 0) context.ignore('user message without new tool results');
  return events;
}
