// check:formats module for fixtures/openai-compatible.
//
// Every JSON value in a fixture (a `.json` document, each `.jsonl` line, each
// SSE `data:` payload except `[DONE]`) is assigned, as an object literal, to
// the official type of openai@6.49.0: `ChatCompletion`,
// `ChatCompletionChunk`, `Response` and `ResponseStreamEvent` for the
// Responses API (`openai/resources/responses/responses`), and
// `{ error: ErrorObject }` for error bodies. Where a
// fixture follows a compatible server that breaks those types (the quirks of
// docs/formats/openai-compatible.md), the type is widened by exactly the
// fields of the named exceptions below, and for that fixture only.

/** The official packages, installed outside the workspace. */
export const packages = ['openai@6.49.0'];

/**
 * Each exception widens one part of the types. Parts: `chunk`, `choice` and
 * `delta` and `toolCallDelta` (stream); `message`, `toolCall` and
 * `toolCallFunction` (non-stream); `usage` and `promptDetails` (both).
 */
const EXCEPTIONS = {
  'error-body-wrapper': {
    why: 'the SDK types the `error` of a non-2xx body (`ErrorObject`, openai/resources/shared) but not the `{ error }` wrapper',
    parts: {},
  },
  'reasoning_content': {
    why: 'DeepSeek, xAI and older vLLM add `reasoning_content` to the message and the delta (null on DeepSeek final chunks)',
    parts: { message: 'reasoning_content?: string | null', delta: 'reasoning_content?: string | null' },
  },
  'reasoning': {
    why: 'vLLM after PR #27752, OpenRouter and Ollama add `reasoning` to the message and the delta',
    parts: { message: 'reasoning?: string', delta: 'reasoning?: string' },
  },
  'deepseek-no-refusal': {
    why: 'DeepSeek messages have no `refusal` key',
    parts: { message: 'refusal?: string | null' },
  },
  'deepseek-cache-usage': {
    why: 'DeepSeek adds `prompt_cache_hit_tokens` and `prompt_cache_miss_tokens` to usage',
    parts: { usage: 'prompt_cache_hit_tokens?: number; prompt_cache_miss_tokens?: number' },
  },
  'deepseek-tool-call-index': {
    why: 'DeepSeek puts `index` inside non-stream `tool_calls` items',
    parts: { toolCall: 'index?: number' },
  },
  'obfuscation': {
    why: 'OpenAI sends `obfuscation` padding on every chunk; typed only from openai 7',
    parts: { chunk: 'obfuscation?: string' },
  },
  'tool-call-delta-without-index': {
    why: "Gemini's OpenAI endpoint (and old Ollama) omit `index` on tool-call deltas",
    parts: { toolCallDelta: 'index?: number' },
  },
  'gemini-extra-content': {
    why: 'Gemini adds `extra_content.google.thought_signature` to tool-call deltas',
    parts: { toolCallDelta: 'extra_content?: { google?: { thought_signature?: string } }' },
  },
  'azure-filter-results': {
    why: 'Azure sends a first chunk with `object: ""` and `prompt_filter_results`, and `content_filter_results` on choices',
    parts: {
      chunk: "object: 'chat.completion.chunk' | ''; prompt_filter_results?: Array<{ prompt_index: number; content_filter_results: AzureFilterResults }>",
      choice: 'content_filter_results?: AzureFilterResults',
    },
  },
  'finish-reason-missing': {
    why: 'xAI leaves `finish_reason` out of intermediate chunks instead of sending null',
    parts: { choice: "finish_reason?: ChatCompletionChunk.Choice['finish_reason']" },
  },
  'xai-usage': {
    why: 'xAI adds `num_sources_used`, `cost_in_usd_ticks` and `prompt_tokens_details.text_tokens`/`image_tokens` to usage',
    parts: {
      usage: 'num_sources_used?: number; cost_in_usd_ticks?: number',
      promptDetails: 'text_tokens?: number; image_tokens?: number',
    },
  },
  'dict-arguments': {
    why: 'litellm with Ollama sent tool-call `arguments` as an object (BerriAI/litellm PR #37792)',
    parts: { toolCallFunction: 'arguments: string | Record<string, unknown>' },
  },
  'sdk-output-text': {
    why: "the SDK types `Response.output_text` as required, but it is a convenience the SDK adds after parsing (`addOutputText`, openai/lib/ResponsesParser); the wire never carries it",
    parts: {},
  },
  'malformed-on-purpose': {
    why: 'unknown-and-malformed.sse holds two `data:` payloads that are deliberately not JSON',
    parts: {},
  },
};

/** The exceptions each fixture needs; a fixture not listed is checked against the unwidened types. */
const FIXTURE_EXCEPTIONS = {
  'error-body': ['error-body-wrapper'],
  'stream-error-frame': ['error-body-wrapper'],
  'reasoning-deepseek': ['reasoning_content', 'deepseek-no-refusal', 'deepseek-cache-usage'],
  'stream-deepseek-usage-on-finish': ['reasoning_content', 'deepseek-cache-usage'],
  'deepseek-tool-calls': ['deepseek-no-refusal', 'deepseek-tool-call-index', 'deepseek-cache-usage'],
  'vllm-reasoning-field': ['reasoning'],
  'stream-openai-text': ['obfuscation'],
  'stream-gemini-no-index': ['tool-call-delta-without-index', 'gemini-extra-content'],
  'stream-azure-filter-results': ['azure-filter-results'],
  'stream-xai-whole-call': ['finish-reason-missing', 'xai-usage'],
  'litellm-dict-arguments': ['dict-arguments'],
  'unknown-and-malformed': ['malformed-on-purpose'],
  'responses-body': ['sdk-output-text'],
  'responses-failed': ['sdk-output-text'],
  'responses-incomplete': ['sdk-output-text'],
  'responses-refusal-bare': ['sdk-output-text'],
  'responses-several': ['sdk-output-text'],
  'responses-stream-tool-calls': ['sdk-output-text'],
  'responses-hosted-tools': ['sdk-output-text'],
  'responses-item-id-changes': ['sdk-output-text'],
};

/** The exceptions used, by name, for the driver's summary line. */
export const exceptions = [...new Set(Object.values(FIXTURE_EXCEPTIONS).flat())];

const PARTS = ['chunk', 'choice', 'delta', 'toolCallDelta', 'message', 'toolCall', 'toolCallFunction', 'usage', 'promptDetails'];

function partsOf(names) {
  const parts = Object.fromEntries(PARTS.map((part) => [part, []]));
  for (const name of names) {
    const exception = EXCEPTIONS[name];
    if (exception === undefined) throw new Error(`check:formats openai-compatible: unknown exception "${name}"`);
    for (const [part, fields] of Object.entries(exception.parts)) parts[part].push(fields);
  }
  return Object.fromEntries(PARTS.map((part) => [part, parts[part].length === 0 ? '{}' : `{ ${parts[part].join('; ')} }`]));
}

/** Types of one fixture, in a namespace of their own, widened by its exceptions. */
function typesFor(ns, names) {
  const p = partsOf(names);
  return `namespace ${ns} {
  type PromptDetails = Patch<CompletionUsage.PromptTokensDetails, ${p.promptDetails}>;
  type Usage = Patch<CompletionUsage, { prompt_tokens_details?: PromptDetails } & ${p.usage}>;
  type ToolCallFunction = Patch<ChatCompletionMessageFunctionToolCall.Function, ${p.toolCallFunction}>;
  type ToolCall = Patch<ChatCompletionMessageFunctionToolCall, { function: ToolCallFunction } & ${p.toolCall}>;
  type Message = Patch<ChatCompletionMessage, { tool_calls?: Array<ToolCall | ChatCompletionMessageCustomToolCall> } & ${p.message}>;
  export type Body = Patch<ChatCompletion, { choices: Array<Patch<ChatCompletion.Choice, { message: Message }>>; usage?: Usage }>;
  type ToolCallDelta = Patch<ChatCompletionChunk.Choice.Delta.ToolCall, ${p.toolCallDelta}>;
  type Delta = Patch<ChatCompletionChunk.Choice.Delta, { tool_calls?: Array<ToolCallDelta> } & ${p.delta}>;
  type Choice = Patch<ChatCompletionChunk.Choice, { delta: Delta } & ${p.choice}>;
  export type Chunk = Patch<ChatCompletionChunk, { choices: Array<Choice>; usage?: Usage | null } & ${p.chunk}>;
}
`;
}

/** The JSON payloads of a fixture, with their line numbers. */
function payloadsOf(fixture) {
  if (fixture.file.endsWith('.json') && fixture.lines.length > 1) {
    return [{ number: fixture.lines[0].number, text: fixture.text }];
  }
  const payloads = [];
  for (const line of fixture.lines) {
    let text = line.text;
    if (fixture.file.endsWith('.sse')) {
      if (!text.startsWith('data:')) continue; // comments, event:, retry:
      text = text.slice(text[5] === ' ' ? 6 : 5);
      if (text.trim() === '[DONE]') continue;
    }
    payloads.push({ number: line.number, text });
  }
  return payloads;
}

/** The type a payload is checked against; `undefined` when none fits. */
function typeOf(ns, value, names) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const wire = names.includes('sdk-output-text');
  if (value.type === 'error') return 'ResponseErrorEvent';
  if ('error' in value && value.object !== 'response') return 'ErrorBody';
  if (value.object === 'chat.completion') return `${ns}.Body`;
  if (value.object === 'response') return wire ? 'WireResponse' : 'Response';
  if (typeof value.type === 'string' && value.type.startsWith('response.')) return wire ? 'WireStreamEvent' : 'ResponseStreamEvent';
  if ('choices' in value) return `${ns}.Chunk`;
  return undefined;
}

/** The TypeScript file that assigns every fixture payload to its type. */
export function generate(fixtures) {
  const out = [
    "import type { ChatCompletion, ChatCompletionChunk, ChatCompletionMessage, ChatCompletionMessageCustomToolCall, ChatCompletionMessageFunctionToolCall } from 'openai/resources/chat/completions';",
    "import type { CompletionUsage } from 'openai/resources/completions';",
    "import type { ErrorObject } from 'openai/resources/shared';",
    "import type { Response, ResponseErrorEvent, ResponseStreamEvent } from 'openai/resources/responses/responses';",
    '',
    'type Patch<T, P> = Omit<T, keyof P> & P;',
    `/** Exception error-body-wrapper: ${EXCEPTIONS['error-body-wrapper'].why}. */`,
    'type ErrorBody = { error: ErrorObject };',
    '/** Used by exception azure-filter-results. */',
    'type AzureFilterResults = Record<string, { filtered: boolean; severity?: string; detected?: boolean }>;',
    `/** Exception sdk-output-text: ${EXCEPTIONS['sdk-output-text'].why}. */`,
    'type WireResponse = Omit<Response, \'output_text\'> & { output_text?: string };',
    '/** Every stream event, with the `Response` it carries as the wire sends it (exception sdk-output-text). */',
    'type WireStreamEvent = ResponseStreamEvent extends infer E ? (E extends { response: Response } ? Omit<E, \'response\'> & { response: WireResponse } : E) : never;',
    '',
  ];
  fixtures.forEach((fixture, f) => {
    const names = FIXTURE_EXCEPTIONS[fixture.scenario] ?? [];
    const ns = `F${f}`;
    out.push(`// ${fixture.file}${names.length ? `; exceptions: ${names.map((n) => `${n} (${EXCEPTIONS[n].why})`).join('; ')}` : ''}`);
    out.push(typesFor(ns, names));
    for (const payload of payloadsOf(fixture)) {
      let value;
      try {
        value = JSON.parse(payload.text);
      } catch {
        if (names.includes('malformed-on-purpose')) {
          out.push(`// line ${payload.number}: not JSON, on purpose`);
          continue;
        }
        out.push(`const ${ns}_line${payload.number}_not_json: never = 'line ${payload.number} is not JSON';`);
        continue;
      }
      const type = typeOf(ns, value, names);
      if (type === undefined) {
        out.push(`const ${ns}_line${payload.number}_unknown: never = 'line ${payload.number} has no official type';`);
        continue;
      }
      out.push(`const ${ns}_line${payload.number}: ${type} = ${JSON.stringify(value)};`);
    }
    out.push('');
  });
  out.push('export {};');
  return out.join('\n');
}
