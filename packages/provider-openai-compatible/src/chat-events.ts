import type { DisplayEvent, LineContext, SessionStatus } from '@x/core';
import { arrayField, isJsonObject, numberField, objectField, ownField, stringField, type JsonObject } from '@x/core/provider-utils';
import { addFragment, announceMessageCalls, announcePendingCalls, startChat } from './chat-calls.js';
import { chatUsageEvent, errorEvent } from './outcome-events.js';
import { countResponse, createRememberedKeys, nonEmpty, type ChatBlock, type ChatResponse, type OpenAICompatibleState } from './state.js';

/** How a response ended, which decides the status of its session end. */
type Ending = 'complete' | 'truncated' | 'error';

/** `reasoning_content` (DeepSeek, xAI, vLLM before the rename) or `reasoning` (vLLM after it, OpenRouter, Ollama): quirk 7. */
function reasoningOf(holder: JsonObject): string | undefined {
  return nonEmpty(stringField(holder, 'reasoning_content')) ?? nonEmpty(stringField(holder, 'reasoning'));
}

/** `finish_reason`, or the camelCase `finishReason` a Gemini endpoint once sent beside `finish_reason: null` (quirk 4). */
function finishReasonOf(choice: JsonObject): string | undefined {
  return nonEmpty(stringField(choice, 'finish_reason')) ?? nonEmpty(stringField(choice, 'finishReason'));
}

function openChat(state: OpenAICompatibleState): ChatResponse {
  countResponse(state, state.chatCount, 'response');
  const response: ChatResponse = {
    key: undefined,
    sessionId: undefined,
    model: undefined,
    primaryIndex: undefined,
    hiddenChoices: createRememberedKeys(),
    finishReason: undefined,
    usage: undefined,
    calls: [],
    blockIds: {},
  };
  state.chat = response;
  return response;
}

function pushText(state: OpenAICompatibleState, response: ChatResponse, events: DisplayEvent[], kind: 'text' | 'reasoning', block: ChatBlock, text: string): void {
  startChat(state, response, events);
  // The key is set by startChat and never changes afterwards.
  const id = (response.blockIds[block] ??= `${response.key}:${block}`);
  events.push({ kind, id, text });
}

/** The reasoning, text and refusal of a `message` or a `delta`, each its own block. */
function pushContent(state: OpenAICompatibleState, response: ChatResponse, holder: JsonObject, events: DisplayEvent[]): void {
  const reasoning = reasoningOf(holder);
  if (reasoning !== undefined) pushText(state, response, events, 'reasoning', 'reasoning', reasoning);
  const content = nonEmpty(stringField(holder, 'content'));
  if (content !== undefined) pushText(state, response, events, 'text', 'text', content);
  const refusal = nonEmpty(stringField(holder, 'refusal'));
  if (refusal !== undefined) pushText(state, response, events, 'text', 'refusal', refusal);
}

function hideChoice(state: OpenAICompatibleState, response: ChatResponse, index: number, events: DisplayEvent[]): void {
  if (response.hiddenChoices.has(index)) return;
  response.hiddenChoices.set(index, true);
  startChat(state, response, events);
  events.push({
    kind: 'notice',
    level: 'info',
    code: 'extra-choice',
    message: `Choice ${index} is not shown: only the first choice of a response is displayed.`,
  });
}

/** Ends a response: its pending calls, what its finish reason says went wrong, its usage, its session end. */
function closeChat(state: OpenAICompatibleState, response: ChatResponse, ending: Ending, events: DisplayEvent[]): void {
  announcePendingCalls(state, response, events);
  startChat(state, response, events);
  let status: SessionStatus = ending === 'truncated' ? 'incomplete' : ending === 'error' ? 'error' : 'success';
  if (ending === 'complete' && response.finishReason === 'length') {
    status = 'incomplete';
    events.push({ kind: 'notice', level: 'warning', code: 'length', message: 'The response stopped at the token limit (finish_reason: length).' });
  } else if (ending === 'complete' && response.finishReason === 'content_filter') {
    status = 'error';
    const filtered = 'The response was stopped by the content filter (finish_reason: content_filter).';
    events.push(...state.lifecycle.error({ kind: 'error', fatal: true, code: 'content_filter', message: filtered }));
  }
  const usage = response.usage === undefined ? undefined : chatUsageEvent(response.usage, response.model);
  if (usage !== undefined) events.push(usage);
  events.push(...state.lifecycle.end(status));
  if (state.chat === response) state.chat = undefined;
}

/** The end of the open response at `[DONE]` (`done`) or at the end of the input: without a finish reason, it was cut short. */
export function endChat(state: OpenAICompatibleState, done: boolean, events: DisplayEvent[]): void {
  const response = state.chat;
  if (response === undefined) return;
  closeChat(state, response, done || response.finishReason !== undefined ? 'complete' : 'truncated', events);
}

/** A whole `chat.completion` body: one session, the first choice shown. */
export function onChatBody(state: OpenAICompatibleState, body: JsonObject): DisplayEvent[] {
  const events: DisplayEvent[] = [];
  endChat(state, false, events);
  const response = openChat(state);
  response.sessionId = nonEmpty(stringField(body, 'id'));
  response.model = nonEmpty(stringField(body, 'model'));
  startChat(state, response, events);
  (arrayField(body, 'choices') ?? []).forEach((choice, position) => {
    if (!isJsonObject(choice)) return;
    const index = numberField(choice, 'index') ?? position;
    if (response.primaryIndex !== undefined) return hideChoice(state, response, index, events);
    response.primaryIndex = index;
    response.finishReason = finishReasonOf(choice);
    const message = objectField(choice, 'message');
    if (message === undefined) return;
    pushContent(state, response, message, events);
    announceMessageCalls(state, response, message, events);
  });
  response.usage = ownField(body, 'usage');
  closeChat(state, response, 'complete', events);
  return events;
}

/** What the choice of a chunk adds; returns why a chunk that shows nothing is ignored. */
function onChoice(state: OpenAICompatibleState, response: ChatResponse, choice: JsonObject, position: number, events: DisplayEvent[]): string {
  const index = numberField(choice, 'index') ?? position;
  response.primaryIndex ??= index;
  if (index !== response.primaryIndex) {
    hideChoice(state, response, index, events);
    return `delta of choice ${index}, which is not shown`;
  }
  let reason = 'chunk with nothing to show';
  const delta = objectField(choice, 'delta');
  if (delta !== undefined) {
    pushContent(state, response, delta, events);
    const fragments = arrayField(delta, 'tool_calls');
    for (const fragment of fragments ?? []) addFragment(state, response, fragment, false, events);
    const legacy = objectField(delta, 'function_call');
    if (legacy !== undefined) addFragment(state, response, legacy, true, events);
    if (fragments !== undefined || legacy !== undefined) reason = 'tool-call fragment, announced once its arguments are complete';
  }
  const finish = finishReasonOf(choice);
  if (finish === undefined) return reason;
  response.finishReason = finish;
  // Whether there are calls is decided from the fragments, not from the reason (quirk 4: Gemini says "stop").
  announcePendingCalls(state, response, events);
  return `finish chunk (${finish})`;
}

/** The response a chunk belongs to: the open one, or a new one after a finished response of another id. */
function chatFor(state: OpenAICompatibleState, id: string | undefined, hasChoices: boolean, events: DisplayEvent[]): ChatResponse {
  const open = state.chat;
  // Logs of several streams without `[DONE]` between them: a finished response
  // followed by chunks of another id is a new response. Before the finish, ids
  // are not compared, as some servers vary them per chunk.
  if (open?.finishReason !== undefined && id !== undefined && open.sessionId !== undefined && id !== open.sessionId && hasChoices) {
    closeChat(state, open, 'complete', events);
  }
  return state.chat ?? openChat(state);
}

/** A streamed `chat.completion.chunk`. */
export function onChatChunk(state: OpenAICompatibleState, chunk: JsonObject, context: LineContext): DisplayEvent[] {
  const events: DisplayEvent[] = [];
  const id = nonEmpty(stringField(chunk, 'id'));
  const choices = arrayField(chunk, 'choices') ?? [];
  const response = chatFor(state, id, choices.length > 0, events);
  // Azure's first chunk has `id: ""` and `model: ""` (quirk 8): take the first non-empty ones.
  response.sessionId ??= id;
  response.model ??= nonEmpty(stringField(chunk, 'model'));
  if (response.sessionId !== undefined || response.model !== undefined) startChat(state, response, events);
  let reason = choices.length === 0 ? 'chunk without choices (Azure prompt filter results, or usage to report at the end)' : 'chunk with nothing to show';
  choices.forEach((choice, position) => {
    if (isJsonObject(choice)) reason = onChoice(state, response, choice, position, events);
  });
  const usage = ownField(chunk, 'usage');
  if (usage !== undefined && usage !== null) {
    response.usage = usage;
    if (events.length === 0) reason = 'usage, reported once at the end of the response';
  }
  if (events.length === 0) context.ignore(reason);
  return events;
}

/** An error body or in-stream error frame (`{"error": {...}}` or `{"error": "..."}`): ends the open response, or stands alone. */
export function onChatError(state: OpenAICompatibleState, error: unknown): DisplayEvent[] {
  const events: DisplayEvent[] = [];
  const response = state.chat;
  if (response !== undefined) {
    announcePendingCalls(state, response, events);
    startChat(state, response, events);
  } else {
    events.push(...state.lifecycle.start());
  }
  events.push(...state.lifecycle.error(errorEvent(error, 'The server reported an error without a message.')));
  if (response !== undefined) closeChat(state, response, 'error', events);
  else events.push(...state.lifecycle.end('error'));
  return events;
}
