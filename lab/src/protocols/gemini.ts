import type { ServerResponse } from 'node:http';
import type { WireStep } from '../step.js';
import { STARTUP_ACK } from './chat.js';
import { type Conversation, type Protocol, pieces, stall, textOf, lastWhere } from './protocol.js';

/*
 * Gemini API `generateContent` / `streamGenerateContent?alt=sse`
 * (`POST /v1beta/models/<model>:<method>`), as Gemini CLI calls it: each SSE
 * `data:` is a whole GenerateContentResponse (candidates with content parts:
 * `text`, `text` with `thought: true`, `functionCall`), the last with a
 * `finishReason` and the usage; an error is an HTTP status with
 * `{"error":{"code","message","status"}}`. `countTokens` answers a count.
 */

type Content = { role?: string; parts?: { text?: string; functionCall?: unknown; functionResponse?: unknown }[] };

const STATUS: Record<number, string> = { 400: 'INVALID_ARGUMENT', 429: 'RESOURCE_EXHAUSTED', 500: 'INTERNAL', 503: 'UNAVAILABLE' };

/**
 * The contents after a startup exchange (0.8.2 opens with the environment as a
 * user content and its own fixed acknowledgement, before the prompt), or all
 * of them: the acknowledgement is no answer, the environment no prompt.
 */
function afterStartup(contents: readonly Content[]): readonly Content[] {
  const ack = contents.findIndex((content) => content.role === 'model');
  const startup = ack >= 0 && ack <= 2 && textOf((contents[ack]?.parts ?? []).map((part) => part.text ?? '')) === STARTUP_ACK;
  return startup ? contents.slice(ack + 1) : contents;
}

function read(body: unknown, url: string): Conversation {
  const request = (body ?? {}) as { contents?: Content[]; tools?: { functionDeclarations?: { name?: string }[] }[] };
  const contents = afterStartup(request.contents ?? []);
  const firstModel = contents.findIndex((content) => content.role === 'model');
  const opening = firstModel < 0 ? contents : contents.slice(0, firstModel);
  return {
    firstUserText: opening.map((content) => textOf((content.parts ?? []).map((part) => part.text ?? ''))).join('\n'),
    priorAnswers: contents.filter((content) => content.role === 'model').length,
    lastUserText: textOf((lastWhere(contents, (content) => content.role === 'user')?.parts ?? []).map((part) => part.text ?? '')),
    text: contents.map((content) => textOf((content.parts ?? []).map((part) => part.text ?? ''))).join('\n'),
    tools: (request.tools ?? []).flatMap((tool) => tool.functionDeclarations ?? []).flatMap((declaration) => (declaration.name === undefined ? [] : [declaration.name])),
    stream: url.includes(':streamGenerateContent'),
    model: /models\/([^:/]+):/.exec(url)?.[1] ?? 'gemini-lab',
  };
}

const usage = (n: number) => ({ promptTokenCount: 2000 + n, candidatesTokenCount: 40 + n, thoughtsTokenCount: 10, cachedContentTokenCount: 1500, totalTokenCount: 2050 + 2 * n });

/** The chunks of an answer: thought and text in pieces, each call whole, the last with the finish reason and usage. */
function chunksOf(step: Extract<WireStep, { kind: 'answer' }>, model: string, n: number): Record<string, unknown>[] {
  const parts: Record<string, unknown>[][] = [
    ...(step.thinking === undefined ? [] : pieces(step.thinking).map((text) => [{ text, thought: true }])),
    ...(step.text === undefined ? [] : pieces(step.text).map((text) => [{ text }])),
    ...(step.calls.length === 0 ? [] : [step.calls.map((call) => ({ functionCall: { name: call.name, args: call.input } }))]),
  ];
  return parts.map((chunk, index) => ({
    candidates: [{ content: { role: 'model', parts: chunk }, index: 0, ...(index === parts.length - 1 ? { finishReason: 'STOP' } : {}) }],
    ...(index === parts.length - 1 ? { usageMetadata: usage(n) } : {}),
    modelVersion: model,
    responseId: `resp_lab_${n}`,
  }));
}

async function answer(step: WireStep, conversation: Conversation, response: ServerResponse, n: number): Promise<void> {
  if (step.kind === 'http-error') {
    response.writeHead(step.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { code: step.status, message: step.message, status: STATUS[step.status] ?? 'UNKNOWN' } }));
    return;
  }
  const send = (chunk: unknown) => response.write(`data: ${JSON.stringify(chunk)}\r\n\r\n`);
  if (step.kind === 'cut' || step.kind === 'stall') {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    send({ candidates: [{ content: { role: 'model', parts: [{ text: step.text }] }, index: 0 }], modelVersion: conversation.model });
    if (step.kind === 'stall') return stall(response);
    // The connection drops mid-stream, as an overloaded backend's does.
    response.destroy();
    return;
  }
  const chunks = chunksOf(step, conversation.model, n);
  if (!conversation.stream) {
    const parts = chunks.flatMap((chunk) => ((chunk.candidates as { content: { parts: unknown[] } }[])[0]?.content.parts ?? []));
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }], usageMetadata: usage(n), modelVersion: conversation.model }));
    return;
  }
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const chunk of chunks) send(chunk);
  response.end();
}

export const geminiApi: Protocol = {
  name: 'Gemini generateContent',
  isModelCall: (method, url) => method === 'POST' && /\/models\/[^/:]+:(stream)?[gG]enerateContent/.test(url),
  read,
  answer,
};
