import type { DisplayEvent, LineContext } from '@x/core';
import { ownField, parseJson, stringField } from '@x/core/provider-utils';
import { isCallType, readContentBlock } from './content-blocks.js';
import { textEvent, threadOf, type ClaudeState } from './state.js';
import { MAX_BLOCKS_PER_MESSAGE, MAX_THREADS, gatherToolJson, keepsBlock, keepsMessage, setBounded, takeToolJson, type StreamedBlock, type StreamedMessage } from './stream-blocks.js';
import { finishCall, startCall } from './tool-events.js';
import type { ClaudeStreamEventLine } from './wire-schema.js';

/*
 * `stream_event` lines (`--include-partial-messages`): the API's raw stream
 * events. Text and thinking are shown as their deltas arrive; a call is
 * announced when its input is complete (from the complete assistant line,
 * which comes first, or at `content_block_stop`); a server-tool result block
 * arrives whole in its `content_block_start` and is shown there. Whatever
 * the complete assistant line will show anyway is ignored here with a reason.
 */

type StreamEvent = ClaudeStreamEventLine['event'];

/** Where one stream event belongs: its thread's message and the block it names. */
interface StreamPlace {
  parent: string | undefined;
  stream: StreamedMessage | undefined;
  index: number | undefined;
}

/** Event types of `BetaRawMessageStreamEvent`, and `ping`, which the CLI passes on during a stall. */
const KNOWN_EVENTS = new Set(['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop', 'ping']);

function deltaText(state: ClaudeState, stream: StreamedMessage, block: StreamedBlock, text: string, parent: string | undefined): DisplayEvent[] {
  const id = `${stream.messageId}:${block.index}`;
  state.text.delta(id, text);
  return [textEvent(state, block.type === 'text' ? 'text' : 'reasoning', id, text, parent, stream.messageId)];
}

function messageStart(state: ClaudeState, event: StreamEvent, place: StreamPlace, context: LineContext): DisplayEvent[] {
  const message = event.message;
  const messageId = stringField(message, 'id') ?? `stream-${context.lineNumber}`;
  state.usage.record(messageId, ownField(message, 'usage'), stringField(message, 'model'), place.parent);
  if (!keepsMessage(messageId)) {
    state.streams.delete(threadOf(place.parent));
    context.ignore('message_start of a message whose id is longer than any real one: its complete lines show it');
    return [];
  }
  setBounded(state.streams, threadOf(place.parent), { messageId, blocks: new Map() }, MAX_THREADS);
  context.ignore('message_start: the blocks follow');
  return [];
}

function blockStart(state: ClaudeState, event: StreamEvent, { stream, index, parent }: StreamPlace, context: LineContext): DisplayEvent[] {
  const start = event.content_block;
  const type = stringField(start, 'type');
  if (stream === undefined || index === undefined || type === undefined) return [];
  const read = readContentBlock(start);
  if (read.kind === 'result') return finishCall(state, read.id, read.outcome, parent);
  if (stream.blocks.size >= MAX_BLOCKS_PER_MESSAGE && !stream.blocks.has(index)) {
    context.ignore(`content block past the ${MAX_BLOCKS_PER_MESSAGE} tracked per message: its complete line shows it`);
    return [];
  }
  if (!keepsBlock(type, read.kind === 'call' ? read : undefined)) {
    context.ignore('content block whose type, call id or tool name is longer than any real one: its complete line shows it');
    return [];
  }
  const block: StreamedBlock = { index, type, matched: false, json: '' };
  if (read.kind === 'call') {
    block.toolId = read.id;
    block.toolName = read.name;
  }
  stream.blocks.set(index, block);
  if (read.kind === 'text' && read.text !== '') return deltaText(state, stream, block, read.text, parent);
  if (read.kind === 'unknown' || read.kind === 'malformed') context.ignore(`content block "${type}" starts: its complete assistant line reports it`);
  return [];
}

function blockDelta(state: ClaudeState, event: StreamEvent, { stream, index, parent }: StreamPlace, context: LineContext): DisplayEvent[] {
  const delta = event.delta;
  const block = stream !== undefined && index !== undefined ? stream.blocks.get(index) : undefined;
  if (stream === undefined || block === undefined || block.matched) return [];
  const deltaType = stringField(delta, 'type');
  if (deltaType === 'text_delta' || deltaType === 'thinking_delta') {
    const text = stringField(delta, deltaType === 'text_delta' ? 'text' : 'thinking');
    return text ? deltaText(state, stream, block, text, parent) : [];
  }
  if (deltaType === 'input_json_delta') {
    // Past the stream's budget the oldest block's fragments are dropped: its complete line, or no input, announces the call.
    gatherToolJson(state.toolJson, block, stringField(delta, 'partial_json') ?? '');
    context.ignore('tool input fragment: the call is shown when its input is complete');
  }
  return [];
}

function blockStop(state: ClaudeState, { stream, index, parent }: StreamPlace): DisplayEvent[] {
  const block = stream !== undefined && index !== undefined ? stream.blocks.get(index) : undefined;
  if (block === undefined || !isCallType(block.type)) return [];
  const json = takeToolJson(state.toolJson, block) ?? '';
  // The complete assistant line usually came first; if not, the fragments are the input.
  const input = json.trim() === '' ? {} : (parseJson(json)?.value ?? {});
  return startCall(state, block.toolId, block.toolName, input, parent);
}

/**
 * The subagent a stream event belongs to: its `parent_tool_use_id`, except on
 * 1.0.109 (recorded, partial-messages; quirk 20), which tags the start and the
 * input fragments of a call's own block with that call's id though no subagent
 * streams under it. A tag that names no streaming thread, on the start of the
 * block of that call or on a fragment of the main thread's block of that call,
 * is read as the main thread's.
 */
function parentOf(state: ClaudeState, tagged: string | undefined, event: StreamEvent): string | undefined {
  // Every stream event comes through here: an untagged one, nearly all of them, costs one comparison.
  if (tagged === undefined) return undefined;
  const main = state.streams.get(threadOf(undefined));
  if (main === undefined || state.streams.has(threadOf(tagged))) return tagged;
  if (event.type === 'content_block_start') return stringField(event.content_block, 'id') === tagged ? undefined : tagged;
  const block = event.type === 'content_block_delta' && event.index != null ? main.blocks.get(event.index) : undefined;
  return block?.toolId === tagged ? undefined : tagged;
}

/** A `stream_event` line's events. */
export function streamEvents(state: ClaudeState, line: ClaudeStreamEventLine, context: LineContext): DisplayEvent[] {
  const event = line.event;
  state.owesEnd = true;
  const parent = parentOf(state, line.parent_tool_use_id ?? undefined, event);
  const place: StreamPlace = { parent, stream: state.streams.get(threadOf(parent)), index: event.index ?? undefined };
  let events: DisplayEvent[] = [];
  switch (event.type) {
    case 'message_start':
      return messageStart(state, event, place, context);
    case 'content_block_start':
      events = blockStart(state, event, place, context);
      break;
    case 'content_block_delta':
      events = blockDelta(state, event, place, context);
      break;
    case 'content_block_stop':
      events = blockStop(state, place);
      break;
    case 'message_delta':
      if (place.stream !== undefined) state.usage.recordDelta(place.stream.messageId, event.usage, parent);
      break;
  }
  if (events.length > 0) return events;
  const type = event.type ?? undefined;
  if (type === undefined) context.malformed('stream_event without an event type');
  else if (KNOWN_EVENTS.has(type)) context.ignore(`stream event ${type}: nothing new to show`);
  else context.unknown(`unknown stream event type "${type}"`);
  return [];
}
