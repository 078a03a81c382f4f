import type { ServerResponse } from 'node:http';
import type { WireStep } from '../step.js';
import { type Conversation, type Protocol, jsonPieces, pieces, sendEvent, stall, textOf, lastWhere } from './protocol.js';

/*
 * Anthropic Messages (`POST /v1/messages`), as Claude Code calls it: a
 * streamed answer is `message_start`, then per content block
 * `content_block_start`, its deltas (`text_delta`, `thinking_delta` with a
 * `signature_delta`, `input_json_delta`) and `content_block_stop`, then
 * `message_delta` with the stop reason and `message_stop`. An error before the
 * stream is an HTTP status with `{"type":"error","error":{...}}`; an error
 * inside it is an `error` event.
 */

type Message = { role?: string; content?: unknown };

const ERROR_TYPES: Record<number, string> = { 400: 'invalid_request_error', 429: 'rate_limit_error', 500: 'api_error', 529: 'overloaded_error' };

/** What tells one answer from another: its blocks' call ids and texts (a repeated answer differs from the first in its cache marks). */
function answerKey(message: Message): string {
  if (!Array.isArray(message.content)) return JSON.stringify(message.content);
  return JSON.stringify(message.content.map((block: Record<string, unknown>) => block.id ?? block.text ?? block.thinking ?? block.type));
}

function read(body: unknown): Conversation {
  const request = (body ?? {}) as { messages?: Message[]; tools?: { name?: string }[]; stream?: boolean; model?: string };
  const messages = request.messages ?? [];
  return {
    firstUserText: textOf(messages.find((message) => message.role === 'user')?.content ?? ''),
    // Distinct answers: Claude Code 1.0.60 sends its first answer and that answer's tool result twice in every later request.
    lastUserText: textOf(lastWhere(messages, (message) => message.role === 'user')?.content ?? ''),
    text: textOf(messages),
    priorAnswers: new Set(messages.filter((message) => message.role === 'assistant').map(answerKey)).size,
    tools: (request.tools ?? []).flatMap((tool) => (typeof tool.name === 'string' ? [tool.name] : [])),
    stream: request.stream === true,
    model: request.model ?? 'claude-lab',
  };
}

/** The content blocks of an answer, as the complete message holds them. */
function blocksOf(step: Extract<WireStep, { kind: 'answer' }>, n: number): Record<string, unknown>[] {
  return [
    ...(step.thinking === undefined ? [] : [{ type: 'thinking', thinking: step.thinking, signature: `sig-${n}` }]),
    ...(step.text === undefined ? [] : [{ type: 'text', text: step.text }]),
    ...step.calls.map((call) => ({ type: 'tool_use', id: call.id, name: call.name, input: call.input })),
  ];
}

function streamBlock(response: ServerResponse, index: number, block: Record<string, unknown>): void {
  const start = block.type === 'tool_use' ? { ...block, input: {} } : block.type === 'thinking' ? { type: 'thinking', thinking: '' } : { type: 'text', text: '' };
  sendEvent(response, 'content_block_start', { type: 'content_block_start', index, content_block: start });
  if (block.type === 'thinking') {
    for (const piece of pieces(String(block.thinking))) sendEvent(response, 'content_block_delta', { type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking: piece } });
    sendEvent(response, 'content_block_delta', { type: 'content_block_delta', index, delta: { type: 'signature_delta', signature: block.signature } });
  } else if (block.type === 'text') {
    for (const piece of pieces(String(block.text))) sendEvent(response, 'content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: piece } });
  } else {
    for (const piece of jsonPieces(block.input as Record<string, unknown>)) sendEvent(response, 'content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: piece } });
  }
  sendEvent(response, 'content_block_stop', { type: 'content_block_stop', index });
}

function messageStart(response: ServerResponse, conversation: Conversation, n: number): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'request-id': `req_lab_${n}` });
  const message = { id: `msg_lab_${n}`, type: 'message', role: 'assistant', model: conversation.model, content: [], stop_reason: null, stop_sequence: null };
  sendEvent(response, 'message_start', { type: 'message_start', message: { ...message, usage: { input_tokens: 1200 + n, output_tokens: 1, cache_read_input_tokens: 800 } } });
}

async function answer(step: WireStep, conversation: Conversation, response: ServerResponse, n: number): Promise<void> {
  if (step.kind === 'http-error') {
    response.writeHead(step.status, { 'content-type': 'application/json', 'request-id': `req_lab_${n}` });
    response.end(JSON.stringify({ type: 'error', error: { type: ERROR_TYPES[step.status] ?? 'api_error', message: step.message } }));
    return;
  }
  if (step.kind === 'cut' && !conversation.stream) {
    // A retry without a stream, after a stream broke off: the API is still overloaded.
    return answer({ kind: 'http-error', status: 529, message: 'Overloaded' }, conversation, response, n);
  }
  if (step.kind === 'cut' || step.kind === 'stall') {
    messageStart(response, conversation, n);
    sendEvent(response, 'content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
    sendEvent(response, 'content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: step.text } });
    if (step.kind === 'stall') return stall(response);
    sendEvent(response, 'error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
    response.end();
    return;
  }
  const blocks = blocksOf(step, n);
  const stopReason = step.calls.length > 0 ? 'tool_use' : 'end_turn';
  const usage = { input_tokens: 1200 + n, output_tokens: 40 + n, cache_read_input_tokens: 800 };
  if (!conversation.stream) {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ id: `msg_lab_${n}`, type: 'message', role: 'assistant', model: conversation.model, content: blocks, stop_reason: stopReason, stop_sequence: null, usage }));
    return;
  }
  messageStart(response, conversation, n);
  blocks.forEach((block, index) => streamBlock(response, index, block));
  sendEvent(response, 'message_delta', { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: usage.output_tokens } });
  sendEvent(response, 'message_stop', { type: 'message_stop' });
  response.end();
}

export const anthropicMessages: Protocol = {
  name: 'Anthropic Messages',
  isModelCall: (method, url) => method === 'POST' && /^\/v1\/messages(\?|$)/.test(url),
  read,
  answer,
};
