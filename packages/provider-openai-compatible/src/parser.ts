import type { DisplayEvent, LineContext, SourceParser } from '@x/core';
import { isJsonObject, objectField, ownField, readJsonLine, sseLineData, stringField, type JsonObject } from '@x/core/provider-utils';
import { endChat, onChatBody, onChatChunk, onChatError } from './chat-events.js';
import { isResponsesValue } from './responses-event-types.js';
import { endResponses, onResponsesBody, onResponsesError, onResponsesEvent } from './responses-events.js';
import type { OpenAICompatibleSourceOptions } from './source.js';
import { createOpenAICompatibleState, type OpenAICompatibleState } from './state.js';

/** Which API a parser reads: both (the source), or one alone (`translateChatCompletion`, `translateResponse`). */
export type ApiSelection = 'both' | 'chat' | 'responses';

/** A {@link SourceParser} that also takes values already parsed (what the `translate*` functions use). */
export interface ValueSourceParser extends SourceParser {
  /** Translates one parsed value, as `parse` does for a line. */
  parseValue(value: unknown, context: LineContext): DisplayEvent[];
}

/** The SSE payload that ends a stream. */
const DONE = '[DONE]';

/** A Chat Completions value: a body or chunk by its `object`, else by its `choices`. */
function chatShape(value: JsonObject): 'body' | 'chunk' | undefined {
  const object = stringField(value, 'object');
  if (object === 'chat.completion.chunk') return 'chunk';
  if (object === 'chat.completion') return 'body';
  const choices = ownField(value, 'choices');
  if (!Array.isArray(choices)) return undefined;
  const first: unknown = choices[0];
  if (first === undefined || objectField(first, 'delta') !== undefined) return 'chunk';
  return objectField(first, 'message') !== undefined ? 'body' : undefined;
}

function parseChat(state: OpenAICompatibleState, value: JsonObject, context: LineContext): DisplayEvent[] {
  const error = ownField(value, 'error');
  if (isJsonObject(error) || (typeof error === 'string' && error !== '')) return onChatError(state, error);
  const shape = chatShape(value);
  if (shape === 'chunk') return onChatChunk(state, value, context);
  if (shape === 'body') return onChatBody(state, value);
  const object = stringField(value, 'object');
  const type = stringField(value, 'type');
  if (object === 'response' || type?.startsWith('response.') === true)
    context.unknown(`Responses API event (${type ?? object}); this source reads Chat Completions`);
  else context.unknown(`not a chat completion, chunk or error body (object: ${object ?? 'missing'})`);
  return [];
}

function parseResponses(state: OpenAICompatibleState, value: JsonObject, context: LineContext): DisplayEvent[] {
  const type = stringField(value, 'type');
  if (type === 'error' || (type === undefined && isJsonObject(ownField(value, 'error')))) return onResponsesError(state, value);
  if (type === undefined && stringField(value, 'object') === 'response') return onResponsesBody(state, value);
  if (type?.startsWith('response.') === true) return onResponsesEvent(state, value, type, context);
  context.unknown(`not a Response or a Responses stream event (type: ${type ?? 'missing'})`);
  return [];
}

/**
 * One reader of both APIs: each value goes to the Chat Completions or the
 * Responses handlers by its shape. A response is one API from its start to
 * its end, so a value of the other API inside an open response is reported
 * as unknown rather than taken for the start of another response. An error
 * body (`{"error": {...}}`), which both APIs send, goes to the open one.
 */
function parseBoth(state: OpenAICompatibleState, value: JsonObject, context: LineContext): DisplayEvent[] {
  const errorBody = stringField(value, 'type') === undefined && objectField(value, 'error') !== undefined;
  if (errorBody) return state.turn !== undefined ? parseResponses(state, value, context) : parseChat(state, value, context);
  if (isResponsesValue(value)) {
    if (state.chat === undefined) return parseResponses(state, value, context);
    context.unknown(`Responses API event (${stringField(value, 'type') ?? 'response'}) inside an open Chat Completions stream`);
    return [];
  }
  if (state.turn === undefined) return parseChat(state, value, context);
  context.unknown('a Chat Completions value inside an open Responses stream');
  return [];
}

function parseValue(state: OpenAICompatibleState, api: ApiSelection, value: unknown, context: LineContext): DisplayEvent[] {
  if (!isJsonObject(value)) {
    const what = api === 'responses' ? 'a Response or a Responses stream event' : 'a chat-completion body or chunk';
    context.malformed(Array.isArray(value) ? `a JSON array, not ${what}` : 'JSON that is not an object');
    return [];
  }
  if (api === 'chat') return parseChat(state, value, context);
  if (api === 'responses') return parseResponses(state, value, context);
  return parseBoth(state, value, context);
}

/** Whatever response is still open ends: at `[DONE]` (`done`) or at the end of the input. */
function endOpen(state: OpenAICompatibleState, done: boolean): DisplayEvent[] {
  const events: DisplayEvent[] = [];
  endChat(state, done, events);
  endResponses(state, events);
  return events;
}

function parseLine(state: OpenAICompatibleState, api: ApiSelection, line: string, context: LineContext): DisplayEvent[] {
  const data = sseLineData(line, context);
  if (data === undefined) return [];
  if (data.trim() === DONE) {
    if (state.chat !== undefined || state.turn !== undefined) return endOpen(state, true);
    context.ignore('[DONE] with no open stream');
    return [];
  }
  const read = readJsonLine(state.reader, data, context);
  if (read === undefined) return [];
  return parseValue(state, api, read.value, context);
}

function flush(state: OpenAICompatibleState): DisplayEvent[] {
  const events: DisplayEvent[] = [];
  const unclosed = state.reader.end();
  if (unclosed !== undefined && state.chat === undefined && state.turn === undefined) {
    events.push(...state.lifecycle.start(), {
      kind: 'notice',
      level: 'warning',
      code: 'truncated-document',
      message: 'The response body ended before its JSON document closed; nothing could be read from it.',
    });
    events.push(...state.lifecycle.end('incomplete'));
  }
  events.push(...endOpen(state, false), ...state.lifecycle.flush());
  return events;
}

/** A parser of one API alone, or both; the other API's values are then unknown. */
export function createApiParser(api: ApiSelection, options: OpenAICompatibleSourceOptions = {}): ValueSourceParser {
  const state = createOpenAICompatibleState(options.maxDocumentChars);
  return {
    parse: (line, context) => parseLine(state, api, line, context),
    parseValue: (value, context) => parseValue(state, api, value, context),
    flush: () => flush(state),
  };
}

/**
 * Creates the per-stream parser of what an OpenAI-compatible server returns,
 * from either API. Chat Completions: `chat.completion` bodies (one line,
 * pretty-printed over many, or NDJSON of several), streams of
 * `chat.completion.chunk` with or without SSE framing, and error bodies.
 * Responses: `Response` bodies and streams of its events
 * (`response.created` to `response.completed`). Each value is read by its
 * shape, so one parser serves both endpoints.
 */
export function createOpenAICompatibleParser(options: OpenAICompatibleSourceOptions = {}): SourceParser {
  return createApiParser('both', options);
}
