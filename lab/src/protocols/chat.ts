import type { ServerResponse } from 'node:http';
import type { WireStep } from '../step.js';
import { type Conversation, type Protocol, pieces, stall, textOf, lastWhere } from './protocol.js';

/*
 * OpenAI Chat Completions (`POST /v1/chat/completions`), as OpenAI-compatible
 * clients call it (OpenCode through `@ai-sdk/openai-compatible`): a stream of
 * `chat.completion.chunk` objects in `data:` lines, each with one choice's
 * `delta` (`reasoning_content`, `content`, `tool_calls` with an `index`, the
 * first piece of a call carrying its `id` and `function.name`), a last choice
 * chunk with the `finish_reason`, a chunk with no choices and the `usage`, and
 * `data: [DONE]`. An error before the stream is an HTTP status with
 * `{"error":{...}}`; one inside it, a `data:` line holding that error object.
 */

type Message = { role?: string; content?: unknown; tool_calls?: unknown[] };

/** Consecutive assistant messages count as one answer. */
function countAnswers(messages: readonly Message[]): number {
  let answers = 0;
  let inAnswer = false;
  for (const message of messages) {
    const isAnswer = message.role === 'assistant';
    if (isAnswer && !inAnswer) answers += 1;
    inAnswer = isAnswer;
  }
  return answers;
}

/**
 * The acknowledgement Gemini CLI (0.8.2) and its forks write themselves after
 * the startup context (Qwen Code ≤0.15: `STARTUP_CONTEXT_MODEL_ACK` in its
 * bundle), as an assistant (`model`) message before the prompt: no answer of
 * the model's.
 */
export const STARTUP_ACK = 'Got it. Thanks for the context!';

/** The messages after a startup exchange (the environment as a user message, and its fixed acknowledgement), or all of them. */
function afterStartup(messages: readonly Message[]): readonly Message[] {
  const ack = messages.findIndex((message) => message.role === 'assistant');
  const startup = ack >= 0 && ack <= 2 && textOf(messages[ack]?.content) === STARTUP_ACK;
  return startup ? [...messages.slice(0, ack).filter((message) => message.role !== 'user'), ...messages.slice(ack + 1)] : messages;
}

function read(body: unknown): Conversation {
  const request = (body ?? {}) as { messages?: Message[]; tools?: { function?: { name?: string } }[]; stream?: boolean; model?: string };
  const messages = afterStartup(Array.isArray(request.messages) ? request.messages : []);
  const tools = (request.tools ?? []).map((tool) => tool.function?.name ?? '');
  const firstAnswer = messages.findIndex((message) => message.role === 'assistant');
  const opening = firstAnswer < 0 ? messages : messages.slice(0, firstAnswer);
  const last = messages[messages.length - 1];
  const followsAnswer = firstAnswer >= 0 && last?.role === 'user';
  return {
    ...(followsAnswer ? { followUpText: textOf(last.content) } : {}),
    // A request that offers no tools is a title or a summary, which quotes the prompt: it gets the side answer, never the scenario's calls.
    firstUserText: tools.length === 0 ? '' : opening.filter((message) => message.role === 'user').map((message) => textOf(message.content)).join('\n'),
    priorAnswers: countAnswers(messages),
    lastUserText: textOf(lastWhere(messages, (message) => message.role === 'user')?.content ?? ''),
    text: textOf(messages),
    tools,
    stream: request.stream === true,
    model: request.model ?? 'lab-model',
  };
}

/**
 * A request's usage: 1,800 input tokens, 300 for a conversation that opens
 * with a compaction's summary, so that an agent that compacts when its
 * window fills (OpenCode, by its last answer's usage) compacts once.
 */
const usage = (n: number, summarised = false) => ({
  prompt_tokens: (summarised ? 300 : 1800) + n,
  completion_tokens: 30 + n,
  total_tokens: (summarised ? 330 : 1830) + 2 * n,
  prompt_tokens_details: { cached_tokens: 1200 },
  completion_tokens_details: { reasoning_tokens: 10 },
});

type Answer = Extract<WireStep, { kind: 'answer' }>;

/** The deltas of an answer, in order: reasoning and text in pieces, then each call's head and its arguments in pieces. */
function deltasOf(step: Answer): Record<string, unknown>[] {
  return [
    ...(step.thinking === undefined ? [] : pieces(step.thinking).map((reasoning_content) => ({ reasoning_content }))),
    ...(step.text === undefined ? [] : pieces(step.text).map((content) => ({ content }))),
    ...step.calls.flatMap((call, index) => [
      { tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] },
      ...pieces(JSON.stringify(call.input)).map((piece) => ({ tool_calls: [{ index, function: { arguments: piece } }] })),
    ]),
  ];
}

/** The whole answer of a request that asked for no stream. */
function completionOf(step: Answer, base: Record<string, unknown>, n: number, summarised: boolean | undefined): Record<string, unknown> {
  const calls = step.calls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.input) } }));
  const message = { role: 'assistant', content: step.text ?? null, ...(step.thinking === undefined ? {} : { reasoning_content: step.thinking }), ...(calls.length === 0 ? {} : { tool_calls: calls }) };
  return { ...base, object: 'chat.completion', choices: [{ index: 0, message, finish_reason: calls.length === 0 ? 'stop' : 'tool_calls' }], usage: usage(n, summarised) };
}

async function answer(step: WireStep, conversation: Conversation, response: ServerResponse, n: number): Promise<void> {
  if (step.kind === 'http-error') {
    response.writeHead(step.status, { 'content-type': 'application/json', 'x-request-id': `req_lab_${n}` });
    response.end(JSON.stringify({ error: { message: step.message, type: step.status === 429 ? 'rate_limit_exceeded' : step.status === 400 ? 'invalid_request_error' : 'server_error', code: null } }));
    return;
  }
  const base = { id: `chatcmpl-lab-${n}`, created: 1_790_000_000 + n, model: conversation.model };
  if (step.kind === 'answer' && !conversation.stream) {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(completionOf(step, base, n, conversation.summarised)));
    return;
  }
  const send = (data: unknown) => response.write(`data: ${JSON.stringify(data)}\n\n`);
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) => send({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] });
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  chunk({ role: 'assistant', content: '' });
  if (step.kind === 'cut' || step.kind === 'stall') {
    chunk({ content: step.text });
    if (step.kind === 'stall') return stall(response);
    send({ error: { message: 'The server is overloaded.', type: 'server_error', code: 'server_is_overloaded' } });
    response.end();
    return;
  }
  for (const delta of deltasOf(step)) chunk(delta);
  chunk({}, step.calls.length === 0 ? 'stop' : 'tool_calls');
  send({ ...base, object: 'chat.completion.chunk', choices: [], usage: usage(n, conversation.summarised) });
  response.write('data: [DONE]\n\n');
  response.end();
}

export const chatCompletions: Protocol = {
  name: 'OpenAI Chat Completions',
  isModelCall: (method, url) => method === 'POST' && /^\/(v1\/)?chat\/completions(\?|$)/.test(url),
  read,
  answer,
};
