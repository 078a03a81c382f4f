import type { DisplayEvent, LineContext } from '@x/core';
import { arrayField, isJsonObject, objectField, ownField, stringField, type JsonObject } from '@x/core/provider-utils';
import { parentOf } from './assistant-events.js';
import { readShellResult } from './shell-output.js';
import { isShellCall, type QwenState } from './state.js';

/** A `tool_result` block: the call's end, an error when `is_error` (a refused call says so in its content). */
function resultEvents(state: QwenState, block: JsonObject, parent: { parentToolUseId?: string }): DisplayEvent[] {
  const id = stringField(block, 'tool_use_id');
  if (id === undefined) return [];
  const content = ownField(block, 'content');
  const failed = ownField(block, 'is_error') === true;
  if (typeof content === 'string' && isShellCall(state, id)) {
    const shell = readShellResult(content);
    return state.tracker.finish(id, { status: failed ? 'error' : 'success', output: shell.output, exitCode: shell.exitCode, ...parent });
  }
  if (failed) return state.tracker.finish(id, { status: 'error', output: content, errorMessage: typeof content === 'string' ? content : undefined, ...parent });
  return state.tracker.finish(id, { status: 'success', output: content, ...parent });
}

/**
 * A `user` line: what Qwen Code sent the model back, the tool results. Its
 * text (a subagent's task prompt, as the subagent's first message) was shown
 * already, as the call's input.
 */
export function userEvents(state: QwenState, line: JsonObject, context: LineContext): DisplayEvent[] {
  const message = objectField(line, 'message');
  const content = ownField(message, 'content');
  if (typeof content === 'string') {
    context.ignore('user text: a prompt already shown as the call that sent it');
    return [];
  }
  const blocks = arrayField(message, 'content');
  if (blocks === undefined) {
    context.malformed('user line without message.content');
    return [];
  }
  const parent = parentOf(line);
  const events = blocks.flatMap((block) => (isJsonObject(block) && ownField(block, 'type') === 'tool_result' ? resultEvents(state, block, parent) : []));
  if (events.length === 0) context.ignore('user line with no new tool result');
  return events;
}
