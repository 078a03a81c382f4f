import type { DisplayEvent, LineContext, UsageDisplayEvent } from '@x/core';
import { arrayField, isJsonObject, numberField, objectField, ownField, stringField, type JsonObject } from '@x/core/provider-utils';
import { type QwenState, rememberShellCall } from './state.js';
import { deferredCall } from './tool-names.js';

/** How Qwen Code words a failed model request it reports as the model's text (`[API Error: 429 rate limit exceeded]`). */
export const API_ERROR = '[API Error: ';

/** The subagent call a line belongs to (`parent_tool_use_id`), as every event of it carries it. */
export function parentOf(line: JsonObject): { parentToolUseId?: string } {
  const parent = stringField(line, 'parent_tool_use_id');
  return parent === undefined || parent === '' ? {} : { parentToolUseId: parent };
}

/**
 * The usage of one model response, an increment: Qwen Code writes zeros on
 * the line of a response split in two (its text, then its calls), and the
 * counts on the other. `input_tokens` is the whole prompt, cached tokens
 * included (OpenAI `prompt_tokens`).
 */
export function usageOf(usage: JsonObject | undefined, cumulative: boolean): UsageDisplayEvent | undefined {
  const input = numberField(usage, 'input_tokens') ?? 0;
  const output = numberField(usage, 'output_tokens') ?? 0;
  if (input === 0 && output === 0) return undefined;
  const event: UsageDisplayEvent = { kind: 'usage', cumulative, inputTokens: input, outputTokens: output };
  const cached = numberField(usage, 'cache_read_input_tokens');
  if (cached !== undefined) event.cacheReadTokens = cached;
  return event;
}

/**
 * The id of a text or thinking block: the id the partial messages streamed it
 * under, where they did (the complete line then adds only what they did not
 * show), or the message id and the block's index.
 */
function blockText(state: QwenState, kind: 'text' | 'reasoning', fallbackId: string, text: string): { id: string; text: string } {
  const next = state.streamed.findIndex((block) => block.kind === kind);
  if (next < 0) return { id: fallbackId, text };
  const [block] = state.streamed.splice(0, next + 1).slice(-1);
  const id = block?.id ?? fallbackId;
  return { id, text: state.text.copy(id, text, true).added };
}

function blockEvents(state: QwenState, block: JsonObject, id: string, parent: { parentToolUseId?: string }): DisplayEvent[] {
  switch (ownField(block, 'type')) {
    case 'text': {
      // A failed request comes as the model's text (after what the model said before the stream broke
      // off), then again as the result's error: the text is shown as text, the failure once, as the error.
      const whole = stringField(block, 'text') ?? '';
      const failure = whole.indexOf(API_ERROR);
      const read = blockText(state, 'text', id, failure < 0 ? whole : whole.slice(0, failure));
      const events: DisplayEvent[] = read.text === '' ? [] : [{ kind: 'text', id: read.id, text: read.text, ...parent }];
      if (failure >= 0) state.requestFailed = true;
      if (failure >= 0) events.push(...state.lifecycle.error({ kind: 'error', message: whole.slice(failure), fatal: true, ...parent }));
      return events;
    }
    case 'thinking': {
      const read = blockText(state, 'reasoning', id, stringField(block, 'thinking') ?? '');
      return read.text === '' ? [] : [{ kind: 'reasoning', id: read.id, text: read.text, ...parent }];
    }
    case 'tool_use': {
      const toolName = stringField(block, 'name') ?? 'unknown';
      const input = ownField(block, 'input') ?? {};
      const deferred = deferredCall(toolName, input);
      const callId = stringField(block, 'id');
      if (callId !== undefined && toolName === 'run_shell_command') rememberShellCall(state, callId);
      return state.tracker.start({ id: callId, toolName, input, ...deferred, ...parent });
    }
    default:
      return [];
  }
}

/** An `assistant` line: one model response's text, thinking and tool calls (a response may come as two lines). */
export function assistantEvents(state: QwenState, line: JsonObject, context: LineContext): DisplayEvent[] {
  const message = objectField(line, 'message');
  const content = arrayField(message, 'content');
  if (message === undefined || content === undefined) {
    context.malformed('assistant line without message.content[]');
    return [];
  }
  const messageId = stringField(message, 'id') ?? stringField(line, 'uuid') ?? `message-${context.lineNumber}`;
  const parent = parentOf(line);
  const events: DisplayEvent[] = [];
  content.forEach((block, index) => {
    if (isJsonObject(block)) events.push(...blockEvents(state, block, index === 0 ? messageId : `${messageId}:${index}`, parent));
  });
  const usage = usageOf(objectField(message, 'usage'), false);
  if (usage !== undefined)
    events.push({ ...usage, ...parent, ...(stringField(message, 'model') === undefined ? {} : { model: stringField(message, 'model') }) });
  if (events.length === 0) context.ignore('assistant line with nothing to show');
  return events;
}
