import { defineSource, type DisplayEventSource } from '@x/core';
import { dispatchByApi } from './api-dispatch.js';
import { createChatCompletionValues } from './chat-completion-parser.js';
import { detectOpenAICompatible } from './detect.js';
import { framedJsonParser } from './framed-json.js';
import { createResponsesValues } from './responses-parser.js';

/**
 * Creates the OpenAI-compatible source: what an OpenAI-compatible server
 * returns from either API. Chat Completions: response bodies
 * (`chat.completion`, one line or pretty-printed, or NDJSON of several),
 * streamed `chat.completion.chunk` lines with or without SSE framing, and
 * error bodies. Responses: `Response` bodies and streamed events
 * (`response.created` to `response.completed`), with or without SSE framing.
 * Each value is read by its shape, so one source serves both endpoints. Its
 * cadence is `post-response`: a non-streamed body exists only once the HTTP
 * response has ended, so all its events come at once.
 */
export function createOpenAICompatibleSource(): DisplayEventSource {
  return defineSource({
    specificationVersion: 'v1',
    id: 'openai-compatible',
    displayName: 'OpenAI-compatible (Chat Completions and Responses)',
    cadence: 'post-response',
    detect: detectOpenAICompatible,
    createParser: () => framedJsonParser(dispatchByApi(createChatCompletionValues(), createResponsesValues())),
  });
}

/** The default instance of {@link createOpenAICompatibleSource}. */
export const openaiCompatibleSource: DisplayEventSource = createOpenAICompatibleSource();
