import type { DisplayEvent, LineContext } from '@x/core';
import { numberField, objectField, ownField, stringField, type JsonObject } from '@x/core/provider-utils';
import { parentOf } from './assistant-events.js';
import type { QwenState } from './state.js';

/** The most blocks one partial message keeps ids of: no model response has more, a hostile stream cannot grow the list. */
const MAX_STREAMED_BLOCKS = 256;

function startBlock(state: QwenState, event: JsonObject): void {
  const index = numberField(event, 'index') ?? state.streaming.length;
  const type = stringField(objectField(event, 'content_block'), 'type');
  if ((type !== 'text' && type !== 'thinking') || state.streamed.length >= MAX_STREAMED_BLOCKS) return;
  const kind = type === 'text' ? 'text' : 'reasoning';
  const id = index === 0 ? state.partialMessageId : `${state.partialMessageId}:${index}`;
  state.streaming = [...state.streaming.filter((block) => block.index !== index), { index, kind, id }];
  state.streamed.push({ kind, id });
}

function deltaEvents(state: QwenState, event: JsonObject, parent: { parentToolUseId?: string }): DisplayEvent[] {
  const index = numberField(event, 'index');
  const block = state.streaming.find((open) => open.index === index);
  const delta = objectField(event, 'delta');
  const text = stringField(delta, 'text') ?? stringField(delta, 'thinking');
  if (block === undefined || text === undefined || text === '') return [];
  return [{ kind: block.kind, id: block.id, text: state.text.delta(block.id, text), ...parent }];
}

/**
 * A `stream_event` line (`--include-partial-messages`): Anthropic-style
 * events of the response being streamed. Text and thinking deltas are shown
 * as they come; the complete `assistant` line that follows adds only what they
 * did not show. Tool input deltas wait for that line, which has the call
 * whole; `goal_state` (0.24: the `/goal` feature's state) is no event.
 */
export function streamEvents(state: QwenState, line: JsonObject, context: LineContext): DisplayEvent[] {
  const event = objectField(line, 'event');
  const type = stringField(event, 'type');
  if (event === undefined || type === undefined) {
    context.malformed('stream_event without an event type');
    return [];
  }
  switch (type) {
    case 'message_start':
      state.partialMessages += 1;
      // The id of the message being streamed is the uuid of the assistant line that completes it.
      state.partialMessageId = stringField(objectField(event, 'message'), 'id') ?? `partial-${state.partialMessages}`;
      state.streaming = [];
      state.streamed = [];
      break;
    case 'content_block_start':
      startBlock(state, event);
      break;
    case 'content_block_delta': {
      const events = deltaEvents(state, event, parentOf(line));
      if (events.length > 0) return events;
      break;
    }
    case 'content_block_stop':
    case 'message_delta':
    case 'message_stop':
    case 'goal_state':
    case 'tool_progress':
      break;
    default:
      context.unknown(`unknown stream_event type ${JSON.stringify(type)}`);
      return [];
  }
  context.ignore(`stream_event ${type}${ownField(event, 'index') === undefined ? '' : ' of a block'}`);
  return [];
}
