import { defineSource, type DisplayEventSource } from '@x/core';
import { createChatCompletionParser } from './chat-completion-parser.js';
import { detectChatCompletion } from './detect.js';

/**
 * Creates the OpenAI-compatible Chat Completions source: response bodies
 * (`chat.completion`, one line or pretty-printed, or NDJSON of several),
 * streamed `chat.completion.chunk` lines with or without SSE framing, and
 * error bodies. Its cadence is `post-response`: a non-streamed body exists
 * only once the HTTP response has ended, so all its events come at once.
 */
export function createOpenAICompatibleSource(): DisplayEventSource {
  return defineSource({
    specificationVersion: 'v1',
    id: 'openai-compatible',
    displayName: 'OpenAI-compatible Chat Completions',
    cadence: 'post-response',
    detect: detectChatCompletion,
    createParser: createChatCompletionParser,
  });
}

/** The default instance of {@link createOpenAICompatibleSource}. */
export const openaiCompatibleSource: DisplayEventSource = createOpenAICompatibleSource();
