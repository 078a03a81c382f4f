import {
  type DisplayEvent,
  type LineContext,
  type SessionStatus,
  type UsageDisplayEvent,
} from '@x/core';
import {
  arrayField,
  createToolCallTracker,
  isJsonObject,
  numberField,
  objectField,
  ownField,
  parseJson,
  stringField,
  type JsonObject,
  type ToolCallTracker,
} from '@x/core/provider-utils';
import { framedJsonParser, type ValueParser, type ValueSourceParser } from './framed-json.js';
import { OPENAI_COMPATIBLE_TOOL_ALIASES } from './tool-names.js';
import { completionUsageSchema, errorObjectSchema } from './wire-schema.js';

/** A streamed tool call whose fragments are still arriving. */
interface PendingCall {
  index: number | undefined;
  id: string | undefined;
  name: string;
  /** The `arguments` fragments, concatenated. */
  args: string;
  /** Arguments some gateways send as an object rather than a JSON string (litellm PR #37792). */
  argsObject: JsonObject | undefined;
}

/** One response: a whole body, or a stream of chunks until `[DONE]`. */
interface ResponseState {
  /** Prefix of the block and made-up call ids of this response, unique against the previous response. */
  key: string | undefined;
  sessionId: string | undefined;
  model: string | undefined;
  started: boolean;
  /** The choice shown; the first one seen. The others are announced by a notice and not shown. */
  primaryIndex: number | undefined;
  hiddenChoices: Set<number>;
  /** `finish_reason` of the shown choice, once it arrived. */
  finishReason: string | undefined;
  /** The latest usage seen: a restated total, so it replaces and is reported once. */
  usage: unknown;
  calls: PendingCall[];
  /** A tracker per response: call ids are the server's, and some servers reuse them across requests. */
  tracker: ToolCallTracker;
}

/** How a response ended, which decides the status of its session end. */
type Ending = 'complete' | 'truncated' | 'error';

/** A {@link SourceParser} that also takes values already parsed (what `translateChatCompletion` uses). */
export type ChatCompletionParser = ValueSourceParser;

const UNNAMED_TOOL = 'unnamed';

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

/** `reasoning_content` (DeepSeek, xAI, vLLM before the rename) or `reasoning` (vLLM after it, OpenRouter, Ollama). */
function reasoningOf(holder: JsonObject): string | undefined {
  return nonEmpty(stringField(holder, 'reasoning_content')) ?? nonEmpty(stringField(holder, 'reasoning'));
}

/** `finish_reason`, or the camelCase `finishReason` a Gemini endpoint once sent beside `finish_reason: null`. */
function finishReasonOf(choice: JsonObject): string | undefined {
  return nonEmpty(stringField(choice, 'finish_reason')) ?? nonEmpty(stringField(choice, 'finishReason'));
}

function usageEvent(raw: unknown, model: string | undefined): UsageDisplayEvent | undefined {
  const parsed = completionUsageSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const usage = parsed.data;
  const event: UsageDisplayEvent = { kind: 'usage', cumulative: false };
  if (model !== undefined) event.model = model;
  // Reported as sent, never derived: xAI's completion_tokens exclude reasoning, OpenAI's include it.
  const counts: [keyof UsageDisplayEvent & `${string}Tokens`, number | undefined][] = [
    ['inputTokens', usage.prompt_tokens],
    ['outputTokens', usage.completion_tokens],
    ['reasoningTokens', usage.completion_tokens_details?.reasoning_tokens],
    ['cacheReadTokens', usage.prompt_tokens_details?.cached_tokens ?? usage.prompt_cache_hit_tokens],
    ['cacheWriteTokens', usage.prompt_tokens_details?.cache_write_tokens],
  ];
  let any = false;
  for (const [field, value] of counts) {
    if (value === undefined) continue;
    event[field] = value;
    any = true;
  }
  return any ? event : undefined;
}

/**
 * Creates the per-stream parser of OpenAI-compatible Chat Completions: whole
 * response bodies (one line, or pretty-printed over many), NDJSON of several
 * bodies, streams of `chat.completion.chunk` with or without SSE framing, and
 * error bodies.
 */
export function createChatCompletionParser(): ChatCompletionParser {
  return framedJsonParser(createChatCompletionValues());
}

/** The Chat Completions reader of parsed values, without the line framing. */
export function createChatCompletionValues(): ValueParser {
  let current: ResponseState | undefined;
  let previousKey: string | undefined;
  let responses = 0;
  // One tracker for the whole stream, a scope per response: call ids stay unique even when responses repeat them.
  const tracker = createToolCallTracker({ aliases: OPENAI_COMPATIBLE_TOOL_ALIASES, idPrefix: 'response-1-call' });

  function open(): ResponseState {
    responses += 1;
    if (responses > 1) tracker.newScope(`response-${responses}-call`);
    const state: ResponseState = {
      key: undefined,
      sessionId: undefined,
      model: undefined,
      started: false,
      primaryIndex: undefined,
      hiddenChoices: new Set(),
      finishReason: undefined,
      usage: undefined,
      calls: [],
      tracker,
    };
    return state;
  }

  /** The block-id prefix: the response id, made unique when a server repeats the previous one. */
  function keyOf(state: ResponseState): string {
    if (state.key !== undefined) return state.key;
    const base = state.sessionId ?? `response-${responses}`;
    state.key = base === previousKey ? `${base}-${responses}` : base;
    previousKey = state.key;
    return state.key;
  }

  function ensureStarted(state: ResponseState, events: DisplayEvent[]): void {
    if (state.started) return;
    state.started = true;
    keyOf(state);
    const event: DisplayEvent = { kind: 'session', phase: 'start' };
    if (state.sessionId !== undefined) event.sessionId = state.sessionId;
    if (state.model !== undefined) event.model = state.model;
    events.push(event);
  }

  function pushText(state: ResponseState, events: DisplayEvent[], kind: 'text' | 'reasoning', block: string, text: string): void {
    ensureStarted(state, events);
    events.push({ kind, id: `${keyOf(state)}:${block}`, text });
  }

  function hideChoice(state: ResponseState, index: number, events: DisplayEvent[]): void {
    if (state.hiddenChoices.has(index)) return;
    state.hiddenChoices.add(index);
    ensureStarted(state, events);
    events.push({
      kind: 'notice',
      level: 'info',
      code: 'extra-choice',
      message: `Choice ${index} is not shown: only the first choice of a response is displayed.`,
    });
  }

  function announceCall(state: ResponseState, events: DisplayEvent[], id: string | undefined, name: string | undefined, input: unknown): void {
    ensureStarted(state, events);
    const event = state.tracker.start({ id: nonEmpty(id), toolName: nonEmpty(name) ?? UNNAMED_TOOL, input });
    if (event !== undefined) events.push(event);
  }

  function announcePendingCalls(state: ResponseState, events: DisplayEvent[]): void {
    for (const call of state.calls) announceCall(state, events, call.id, call.name, call.argsObject ?? call.args);
    state.calls = [];
  }

  function close(state: ResponseState, ending: Ending, events: DisplayEvent[]): void {
    announcePendingCalls(state, events);
    ensureStarted(state, events);
    let status: SessionStatus = ending === 'truncated' ? 'incomplete' : ending === 'error' ? 'error' : 'success';
    if (ending === 'complete' && state.finishReason === 'length') {
      status = 'incomplete';
      events.push({
        kind: 'notice',
        level: 'warning',
        code: 'length',
        message: 'The response stopped at the token limit (finish_reason: length).',
      });
    } else if (ending === 'complete' && state.finishReason === 'content_filter') {
      status = 'error';
      events.push({
        kind: 'error',
        fatal: true,
        code: 'content_filter',
        message: 'The response was stopped by the content filter (finish_reason: content_filter).',
      });
    }
    const usage = state.usage === undefined ? undefined : usageEvent(state.usage, state.model);
    if (usage !== undefined) events.push(usage);
    events.push({ kind: 'session', phase: 'end', status });
    if (current === state) current = undefined;
  }

  function closeCurrent(events: DisplayEvent[]): void {
    if (current !== undefined) close(current, current.finishReason === undefined ? 'truncated' : 'complete', events);
  }

  function onBody(body: JsonObject): DisplayEvent[] {
    const events: DisplayEvent[] = [];
    closeCurrent(events);
    const state = open();
    state.sessionId = nonEmpty(stringField(body, 'id'));
    state.model = nonEmpty(stringField(body, 'model'));
    ensureStarted(state, events);
    const choices = arrayField(body, 'choices') ?? [];
    choices.forEach((choice, position) => {
      if (!isJsonObject(choice)) return;
      const index = numberField(choice, 'index') ?? position;
      if (state.primaryIndex === undefined) {
        state.primaryIndex = index;
        readMessage(state, choice, events);
      } else {
        hideChoice(state, index, events);
      }
    });
    state.usage = ownField(body, 'usage');
    close(state, 'complete', events);
    return events;
  }

  function readMessage(state: ResponseState, choice: JsonObject, events: DisplayEvent[]): void {
    state.finishReason = finishReasonOf(choice);
    const message = objectField(choice, 'message');
    if (message === undefined) return;
    const reasoning = reasoningOf(message);
    if (reasoning !== undefined) pushText(state, events, 'reasoning', 'reasoning', reasoning);
    const content = nonEmpty(stringField(message, 'content'));
    if (content !== undefined) pushText(state, events, 'text', 'text', content);
    const refusal = nonEmpty(stringField(message, 'refusal'));
    if (refusal !== undefined) pushText(state, events, 'text', 'refusal', refusal);
    for (const call of arrayField(message, 'tool_calls') ?? []) {
      if (!isJsonObject(call)) continue;
      const custom = objectField(call, 'custom');
      if (stringField(call, 'type') === 'custom' && custom !== undefined) {
        announceCall(state, events, stringField(call, 'id'), stringField(custom, 'name'), ownField(custom, 'input'));
      } else {
        const fn = objectField(call, 'function');
        announceCall(state, events, stringField(call, 'id'), stringField(fn, 'name'), ownField(fn, 'arguments'));
      }
    }
    const legacy = objectField(message, 'function_call');
    if (legacy !== undefined) announceCall(state, events, undefined, stringField(legacy, 'name'), ownField(legacy, 'arguments'));
  }

  /**
   * The pending call a tool-call fragment belongs to: by `id` when it has one,
   * else by `index`, else the latest call (quirk 3: Gemini and old Ollama omit
   * `index`; gateways reuse indexes for new ids).
   */
  function callFor(state: ResponseState, index: number | undefined, id: string | undefined, name: string | undefined): PendingCall | undefined {
    const calls = state.calls;
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

  function addFragment(state: ResponseState, fragment: unknown, legacy: boolean): void {
    if (!isJsonObject(fragment)) return;
    const fn = legacy ? fragment : objectField(fragment, 'function');
    // The deprecated `function_call` has one call per response: a fixed index keeps its fragments together.
    const index = legacy ? -1 : numberField(fragment, 'index');
    const id = legacy ? undefined : nonEmpty(stringField(fragment, 'id'));
    const name = nonEmpty(stringField(fn, 'name'));
    let call = callFor(state, index, id, name);
    if (call === undefined) {
      call = { index, id, name: name ?? '', args: '', argsObject: undefined };
      state.calls.push(call);
    } else {
      if (call.id === undefined && id !== undefined) call.id = id;
      if (call.name === '' && name !== undefined) call.name = name;
    }
    const args = ownField(fn, 'arguments');
    if (typeof args === 'string') call.args += args;
    else if (isJsonObject(args)) call.argsObject = args;
  }

  function onChunk(chunk: JsonObject, context: LineContext): DisplayEvent[] {
    const events: DisplayEvent[] = [];
    const id = nonEmpty(stringField(chunk, 'id'));
    const choices = arrayField(chunk, 'choices') ?? [];
    // Logs of several streams without `[DONE]` between them: a finished
    // response followed by chunks of another id is a new response. Before the
    // finish, ids are not compared, as some servers vary them per chunk.
    if (
      current !== undefined &&
      current.finishReason !== undefined &&
      id !== undefined &&
      current.sessionId !== undefined &&
      id !== current.sessionId &&
      choices.length > 0
    ) {
      close(current, 'complete', events);
    }
    const state = current ?? open();
    current = state;
    // Azure's first chunk has `id: ""` and `model: ""`: take the first non-empty ones.
    state.sessionId ??= id;
    state.model ??= nonEmpty(stringField(chunk, 'model'));
    if (state.sessionId !== undefined || state.model !== undefined) ensureStarted(state, events);
    let reason = choices.length === 0 ? 'chunk without choices (Azure prompt filter results, or usage to report at the end)' : 'chunk with nothing to show';
    choices.forEach((choice, position) => {
      if (!isJsonObject(choice)) return;
      const index = numberField(choice, 'index') ?? position;
      state.primaryIndex ??= index;
      if (index !== state.primaryIndex) {
        hideChoice(state, index, events);
        reason = `delta of choice ${index}, which is not shown`;
        return;
      }
      const delta = objectField(choice, 'delta');
      if (delta !== undefined) {
        const reasoning = reasoningOf(delta);
        if (reasoning !== undefined) pushText(state, events, 'reasoning', 'reasoning', reasoning);
        const content = nonEmpty(stringField(delta, 'content'));
        if (content !== undefined) pushText(state, events, 'text', 'text', content);
        const refusal = nonEmpty(stringField(delta, 'refusal'));
        if (refusal !== undefined) pushText(state, events, 'text', 'refusal', refusal);
        const fragments = arrayField(delta, 'tool_calls');
        for (const fragment of fragments ?? []) addFragment(state, fragment, false);
        const legacy = objectField(delta, 'function_call');
        if (legacy !== undefined) addFragment(state, legacy, true);
        if (fragments !== undefined || legacy !== undefined) reason = 'tool-call fragment, announced once its arguments are complete';
      }
      const finish = finishReasonOf(choice);
      if (finish !== undefined) {
        state.finishReason = finish;
        // Whether there are calls is decided from the fragments, not from the reason (Gemini says "stop").
        announcePendingCalls(state, events);
        reason = `finish chunk (${finish})`;
      }
    });
    const usage = ownField(chunk, 'usage');
    if (usage !== undefined && usage !== null) {
      state.usage = usage;
      if (events.length === 0) reason = 'usage, reported once at the end of the response';
    }
    if (events.length === 0) context.ignore(reason);
    return events;
  }

  function onError(error: unknown): DisplayEvent[] {
    const events: DisplayEvent[] = [];
    const state = current;
    if (state !== undefined) announcePendingCalls(state, events);
    let message: string | undefined;
    let code: string | undefined;
    if (typeof error === 'string') {
      message = error;
    } else {
      const parsed = errorObjectSchema.safeParse(error);
      if (parsed.success) {
        message = parsed.data.message;
        code = parsed.data.code === null || parsed.data.code === undefined ? parsed.data.type : String(parsed.data.code);
      }
    }
    const event: DisplayEvent = { kind: 'error', fatal: true, message: nonEmpty(message) ?? 'The server reported an error without a message.' };
    if (nonEmpty(code) !== undefined) event.code = code;
    if (state !== undefined) {
      ensureStarted(state, events);
      events.push(event);
      close(state, 'error', events);
    } else {
      events.push(event, { kind: 'session', phase: 'end', status: 'error' });
    }
    return events;
  }

  function parseValue(value: unknown, context: LineContext): DisplayEvent[] {
    if (!isJsonObject(value)) {
      context.malformed(Array.isArray(value) ? 'a JSON array, not a chat-completion body or chunk' : 'JSON that is not an object');
      return [];
    }
    const error = ownField(value, 'error');
    if (isJsonObject(error) || (typeof error === 'string' && error !== '')) return onError(error);
    const object = stringField(value, 'object');
    if (object === 'chat.completion.chunk') return onChunk(value, context);
    if (object === 'chat.completion') return onBody(value);
    const choices = arrayField(value, 'choices');
    if (choices !== undefined) {
      const first = choices[0];
      if (first === undefined || objectField(first, 'delta') !== undefined) return onChunk(value, context);
      if (objectField(first, 'message') !== undefined) return onBody(value);
    }
    const type = stringField(value, 'type');
    if (object === 'response' || type?.startsWith('response.') === true) {
      context.unknown(`Responses API event (${type ?? object}); this source reads Chat Completions`);
    } else {
      context.unknown(`not a chat completion, chunk or error body (object: ${object ?? 'missing'})`);
    }
    return [];
  }

  return {
    parseValue,
    isOpen: () => current !== undefined,
    done() {
      const events: DisplayEvent[] = [];
      if (current !== undefined) close(current, 'complete', events);
      return events;
    },
    end() {
      const events: DisplayEvent[] = [];
      closeCurrent(events);
      return events;
    },
  };
}
