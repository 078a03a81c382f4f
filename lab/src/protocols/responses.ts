import type { ServerResponse } from 'node:http';
import type { ToolCall, WireStep } from '../step.js';
import { type Conversation, type Protocol, pieces, sendEvent, stall, textOf, lastWhere } from './protocol.js';

/*
 * OpenAI Responses (`POST /v1/responses`), as Codex and Copilot CLI call it: a
 * stream of `response.created`, per output item `response.output_item.added`,
 * its deltas (`response.output_text.delta`,
 * `response.reasoning_summary_text.delta`,
 * `response.function_call_arguments.delta`, `response.custom_tool_call_input.delta`)
 * and `response.output_item.done`, then `response.completed` with the usage.
 * A failure inside the stream is `response.failed`; one before it, an HTTP
 * status with `{"error":{...}}`.
 */

type Item = { type?: string; role?: string; content?: unknown };

const ASSISTANT_ITEMS = new Set(['function_call', 'custom_tool_call', 'reasoning', 'web_search_call', 'local_shell_call']);

/** Consecutive items of the model's count as one answer. */
function countAnswers(input: readonly Item[]): number {
  let answers = 0;
  let inAnswer = false;
  for (const item of input) {
    const isAnswer = ASSISTANT_ITEMS.has(item.type ?? '') || (item.type === 'message' && item.role === 'assistant');
    if (isAnswer && !inAnswer) answers += 1;
    inAnswer = isAnswer;
  }
  return answers;
}

function read(body: unknown): Conversation {
  const request = (body ?? {}) as { input?: Item[]; tools?: { name?: string; type?: string }[]; stream?: boolean; model?: string };
  const input = Array.isArray(request.input) ? request.input : [];
  const firstAnswer = input.findIndex((item) => ASSISTANT_ITEMS.has(item.type ?? '') || item.role === 'assistant');
  const opening = firstAnswer < 0 ? input : input.slice(0, firstAnswer);
  return {
    firstUserText: opening.filter((item) => item.role === 'user').map((item) => textOf(item.content)).join('\n'),
    priorAnswers: countAnswers(input),
    lastUserText: textOf(lastWhere(input, (item) => item.role === 'user')?.content ?? ''),
    text: textOf(input),
    tools: (request.tools ?? []).map((tool) => tool.name ?? tool.type ?? ''),
    stream: request.stream !== false,
    model: request.model ?? 'gpt-lab',
  };
}

/** The complete output item of a call. */
function callItem(call: ToolCall): Record<string, unknown> {
  if (call.form === 'server') return { type: 'web_search_call', id: `ws_${call.id}`, status: 'completed', action: { type: 'search', query: String(call.input.query ?? '') } };
  if (call.form === 'custom') return { type: 'custom_tool_call', id: `ctc_${call.id}`, call_id: call.id, name: call.name, input: String(call.input.input ?? ''), status: 'completed' };
  return { type: 'function_call', id: `fc_${call.id}`, call_id: call.id, name: call.name, arguments: JSON.stringify(call.input), status: 'completed' };
}

/** Streams one output item: added, its deltas, done. */
function streamItem(response: ServerResponse, index: number, item: Record<string, unknown>): void {
  const id = String(item.id);
  const send = (data: Record<string, unknown>) => sendEvent(response, String(data.type), data);
  if (item.type === 'message') {
    const text = String((item.content as { text: string }[])[0]?.text ?? '');
    send({ type: 'response.output_item.added', output_index: index, item: { ...item, status: 'in_progress', content: [] } });
    send({ type: 'response.content_part.added', item_id: id, output_index: index, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } });
    for (const delta of pieces(text)) send({ type: 'response.output_text.delta', item_id: id, output_index: index, content_index: 0, delta });
    send({ type: 'response.output_text.done', item_id: id, output_index: index, content_index: 0, text });
    send({ type: 'response.content_part.done', item_id: id, output_index: index, content_index: 0, part: { type: 'output_text', text, annotations: [] } });
  } else if (item.type === 'reasoning') {
    const text = String((item.summary as { text: string }[])[0]?.text ?? '');
    send({ type: 'response.output_item.added', output_index: index, item: { ...item, summary: [] } });
    for (const delta of pieces(text)) send({ type: 'response.reasoning_summary_text.delta', item_id: id, output_index: index, summary_index: 0, delta });
    send({ type: 'response.reasoning_summary_text.done', item_id: id, output_index: index, summary_index: 0, text });
  } else if (item.type === 'function_call' || item.type === 'custom_tool_call') {
    const field = item.type === 'function_call' ? 'arguments' : 'input';
    const kind = item.type === 'function_call' ? 'function_call_arguments' : 'custom_tool_call_input';
    send({ type: 'response.output_item.added', output_index: index, item: { ...item, [field]: '', status: 'in_progress' } });
    for (const delta of pieces(String(item[field]))) send({ type: `response.${kind}.delta`, item_id: id, output_index: index, delta });
  } else {
    send({ type: 'response.output_item.added', output_index: index, item: { ...item, status: 'in_progress' } });
  }
  send({ type: 'response.output_item.done', output_index: index, item });
}

function itemsOf(step: Extract<WireStep, { kind: 'answer' }>, n: number): Record<string, unknown>[] {
  return [
    ...(step.thinking === undefined ? [] : [{ type: 'reasoning', id: `rs_lab_${n}`, summary: [{ type: 'summary_text', text: step.thinking }] }]),
    ...(step.text === undefined ? [] : [{ type: 'message', id: `msg_lab_${n}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: step.text, annotations: [] }] }]),
    ...step.calls.map(callItem),
  ];
}

const usage = (n: number) => ({ input_tokens: 1500 + n, input_tokens_details: { cached_tokens: 1000 }, output_tokens: 30 + n, output_tokens_details: { reasoning_tokens: 10 }, total_tokens: 1530 + 2 * n });

async function answer(step: WireStep, conversation: Conversation, response: ServerResponse, n: number): Promise<void> {
  if (step.kind === 'http-error') {
    response.writeHead(step.status, { 'content-type': 'application/json', 'x-request-id': `req_lab_${n}` });
    response.end(JSON.stringify({ error: { message: step.message, type: step.status === 429 ? 'rate_limit_exceeded' : 'server_error', code: null } }));
    return;
  }
  const base = { id: `resp_lab_${n}`, object: 'response', created_at: 1_790_000_000 + n, model: conversation.model };
  response.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': `req_lab_${n}` });
  sendEvent(response, 'response.created', { type: 'response.created', response: { ...base, status: 'in_progress', output: [] } });
  if (step.kind === 'cut' || step.kind === 'stall') {
    // The message starts and never ends.
    const id = `msg_lab_${n}`;
    sendEvent(response, 'response.output_item.added', { type: 'response.output_item.added', output_index: 0, item: { type: 'message', id, role: 'assistant', status: 'in_progress', content: [] } });
    sendEvent(response, 'response.output_text.delta', { type: 'response.output_text.delta', item_id: id, output_index: 0, content_index: 0, delta: step.text });
    if (step.kind === 'stall') return stall(response);
    sendEvent(response, 'response.failed', { type: 'response.failed', response: { ...base, status: 'failed', error: { code: 'server_is_overloaded', message: 'The server is overloaded.' } } });
    response.end();
    return;
  }
  const items = itemsOf(step, n);
  items.forEach((item, index) => streamItem(response, index, item));
  sendEvent(response, 'response.completed', { type: 'response.completed', response: { ...base, status: 'completed', output: items, usage: usage(n) } });
  response.end();
}

export const openAIResponses: Protocol = {
  name: 'OpenAI Responses',
  isModelCall: (method, url) => method === 'POST' && /^\/(v1\/)?responses(\?|$)/.test(url),
  read,
  answer,
};
