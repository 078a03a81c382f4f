import type { DisplayEvent } from '@x/core';
import { arrayField, isJsonObject, numberField, objectField, ownField, parseJson, stringField, type JsonObject } from '@x/core/provider-utils';
import {
  appendArguments,
  MAX_ARGUMENT_CHARS,
  MAX_PENDING_CALL_CHARS,
  MAX_PENDING_CALLS,
  nonEmpty,
  pendingCallChars,
  startSession,
  uniqueKey,
  type ChatResponse,
  type OpenAICompatibleState,
  type PendingChatCall,
} from './state.js';

/** The name shown for a call whose name never arrived. */
const UNNAMED_TOOL = 'unnamed';

/** Starts the session of a response once, fixing the prefix of its block ids. */
export function startChat(state: OpenAICompatibleState, response: ChatResponse, events: DisplayEvent[]): void {
  response.key ??= uniqueKey(state.chatCount, response.sessionId ?? `response-${state.chatCount.count}`);
  startSession(state, response.sessionId, response.model, events);
}

/** Announces one call of a Chat Completions response (the tracker drops a repeated id). */
export function announceChatCall(
  state: OpenAICompatibleState,
  response: ChatResponse,
  events: DisplayEvent[],
  call: { id: string | undefined; name: string | undefined; input: unknown },
): void {
  startChat(state, response, events);
  events.push(...state.tracker.start({ id: nonEmpty(call.id), toolName: nonEmpty(call.name) ?? UNNAMED_TOOL, input: call.input }));
}

/** Announces the calls whose fragments arrived, in order, and forgets them. */
export function announcePendingCalls(state: OpenAICompatibleState, response: ChatResponse, events: DisplayEvent[]): void {
  const calls = response.calls;
  response.calls = [];
  for (const call of calls) announceChatCall(state, response, events, { id: call.id, name: call.name, input: call.argsObject ?? call.args });
}

/** The calls of a whole `message`: `tool_calls` (function and custom) and the deprecated `function_call`. */
export function announceMessageCalls(state: OpenAICompatibleState, response: ChatResponse, message: JsonObject, events: DisplayEvent[]): void {
  for (const call of arrayField(message, 'tool_calls') ?? []) {
    if (!isJsonObject(call)) continue;
    const custom = objectField(call, 'custom');
    const id = stringField(call, 'id');
    if (stringField(call, 'type') === 'custom' && custom !== undefined) {
      announceChatCall(state, response, events, { id, name: stringField(custom, 'name'), input: ownField(custom, 'input') });
    } else {
      const fn = objectField(call, 'function');
      announceChatCall(state, response, events, { id, name: stringField(fn, 'name'), input: ownField(fn, 'arguments') });
    }
  }
  const legacy = objectField(message, 'function_call');
  if (legacy !== undefined)
    announceChatCall(state, response, events, { id: undefined, name: stringField(legacy, 'name'), input: ownField(legacy, 'arguments') });
}

/**
 * The pending call a tool-call fragment belongs to: by `id` when it has one,
 * else by `index`, else the latest call (quirk 3: Gemini and old Ollama omit
 * `index`; gateways reuse indexes for new ids).
 */
function callFor(calls: PendingChatCall[], index: number | undefined, id: string | undefined, name: string | undefined): PendingChatCall | undefined {
  if (id !== undefined) {
    const byId = calls.find((call) => call.id === id);
    if (byId !== undefined) return byId;
    return index === undefined ? undefined : calls.find((call) => call.index === index && call.id === undefined);
  }
  if (index !== undefined) {
    // The latest call at this index: a gateway that reuses indexes means the newest call.
    for (let i = calls.length - 1; i >= 0; i -= 1) if (calls[i]?.index === index) return calls[i];
    return undefined;
  }
  const latest = calls.at(-1);
  // A named fragment after a call whose arguments are already whole starts the next call.
  if (latest !== undefined && name !== undefined && latest.name !== '' && (latest.argsObject !== undefined || parseJson(latest.args) !== undefined)) {
    return undefined;
  }
  return latest;
}

/**
 * Adds a streamed tool-call fragment (`delta.tool_calls[]`, or the deprecated
 * `delta.function_call` when `legacy`) to its pending call. Past
 * {@link MAX_PENDING_CALLS} calls of one response, the oldest is announced
 * with what it has, so that the list stays bounded.
 */
export function addFragment(state: OpenAICompatibleState, response: ChatResponse, fragment: unknown, legacy: boolean, events: DisplayEvent[]): void {
  if (!isJsonObject(fragment)) return;
  const fn = legacy ? fragment : objectField(fragment, 'function');
  // The deprecated `function_call` has one call per response: a fixed index keeps its fragments together.
  const index = legacy ? -1 : numberField(fragment, 'index');
  const id = legacy ? undefined : nonEmpty(stringField(fragment, 'id'));
  const name = nonEmpty(stringField(fn, 'name'));
  let call = callFor(response.calls, index, id, name);
  if (call === undefined) {
    call = { index, id, name: name ?? '', args: '', argsObject: undefined, objectChars: 0 };
    response.calls.push(call);
    const oldest = response.calls.length > MAX_PENDING_CALLS ? response.calls.shift() : undefined;
    if (oldest !== undefined) announceChatCall(state, response, events, { id: oldest.id, name: oldest.name, input: oldest.argsObject ?? oldest.args });
  } else {
    if (call.id === undefined && id !== undefined) call.id = id;
    if (call.name === '' && name !== undefined) call.name = name;
  }
  const args = ownField(fn, 'arguments');
  if (typeof args === 'string') call.args = appendArguments(call.args, args);
  else if (isJsonObject(args)) keepArgsObject(call, args);
  announceOverBudget(state, response, events);
}

/** Keeps object arguments whole while their JSON fits one call's budget; past it, as their JSON text cut like string arguments. */
function keepArgsObject(call: PendingChatCall, args: JsonObject): void {
  const text = JSON.stringify(args);
  const fits = text.length <= MAX_ARGUMENT_CHARS;
  call.argsObject = fits ? args : undefined;
  call.objectChars = fits ? text.length : 0;
  if (!fits) call.args = appendArguments('', text);
}

/** Past {@link MAX_PENDING_CALL_CHARS} kept by the pending calls in all, the oldest calls are announced with what they have. */
function announceOverBudget(state: OpenAICompatibleState, response: ChatResponse, events: DisplayEvent[]): void {
  let chars = response.calls.reduce((sum, call) => sum + pendingCallChars(call), 0);
  while (chars > MAX_PENDING_CALL_CHARS && response.calls.length > 1) {
    const oldest = response.calls.shift() as PendingChatCall;
    chars -= pendingCallChars(oldest);
    announceChatCall(state, response, events, { id: oldest.id, name: oldest.name, input: oldest.argsObject ?? oldest.args });
  }
}
