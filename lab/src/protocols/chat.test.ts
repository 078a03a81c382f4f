import { describe, expect, it } from 'vitest';
import { opencode } from '../agents/opencode.js';
import { qwen } from '../agents/qwen.js';
import { startLabServer } from '../lab-server.js';
import { SCENARIOS, type Scenario } from '../scenarios.js';

const scenario = (name: string): Scenario => {
  const found = SCENARIOS.find((s) => s.name === name);
  if (found === undefined) throw new Error(name);
  return found;
};

type Chunk = { choices: { delta: Record<string, unknown>; finish_reason: string | null }[]; usage?: Record<string, unknown> };

/** The `data:` payloads of a stream, `[DONE]` as it is. */
const dataOf = (sse: string) => [...sse.matchAll(/^data: (.*)$/gm)].map((match) => (match[1] === '[DONE]' ? '[DONE]' : (JSON.parse(match[1] as string) as Chunk)));

const TOOLS = ['read', 'edit', 'bash'].map((name) => ({ type: 'function', function: { name, parameters: {} } }));

async function post(url: string, body: unknown): Promise<Response> {
  return fetch(`${url}/v1/chat/completions`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
}

describe('the lab server (OpenAI Chat Completions)', () => {
  it('streams a step as deltas: text, then a call whose arguments come in pieces, the finish reason, the usage, [DONE]', async () => {
    const run = scenario('read-edit-run');
    const server = await startLabServer({ protocol: opencode.protocol, scenario: run, makeCall: opencode.makeCall, work: '/w' });
    try {
      const chunks = dataOf(await (await post(server.url, { model: 'lab-model', stream: true, tools: TOOLS, messages: [{ role: 'user', content: [{ type: 'text', text: `"${run.prompt}"` }] }] })).text());
      const deltas = chunks.flatMap((chunk) => (chunk === '[DONE]' ? [] : chunk.choices.map((choice) => choice.delta)));
      expect(deltas.map((delta) => delta.content ?? '').join('')).toBe('I will read the file first.');
      const calls = deltas.flatMap((delta) => (delta.tool_calls as { id?: string; function: { name?: string; arguments: string } }[] | undefined) ?? []);
      expect(calls[0]).toEqual({ index: 0, id: 'call_lab_1_0', type: 'function', function: { name: 'read', arguments: '' } });
      expect(JSON.parse(calls.map((call) => call.function.arguments).join(''))).toEqual({ filePath: '/w/src/greet.ts' });
      const finishes = chunks.flatMap((chunk) => (chunk === '[DONE]' ? [] : chunk.choices.map((choice) => choice.finish_reason))).filter((reason) => reason !== null);
      expect(finishes).toEqual(['tool_calls']);
      expect(chunks.at(-2)).toMatchObject({ choices: [], usage: { prompt_tokens: 1801, completion_tokens: 31, prompt_tokens_details: { cached_tokens: 1200 } } });
      expect(chunks.at(-1)).toBe('[DONE]');
      const history = [{ role: 'user', content: run.prompt }, { role: 'assistant', content: null, tool_calls: [] }, { role: 'tool', content: 'ok' }];
      const second = dataOf(await (await post(server.url, { model: 'lab-model', stream: true, tools: TOOLS, messages: history })).text());
      expect(JSON.stringify(second)).toContain('"name":"edit"');
      expect(server.log.map((entry) => entry.answered)).toEqual(['answer (read)', 'answer (edit)']);
    } finally {
      await server.close();
    }
  });

  it('answers a request that offers no tools (a title) with the side answer, even when it quotes the prompt', async () => {
    const run = scenario('read-edit-run');
    const server = await startLabServer({ protocol: opencode.protocol, scenario: run, makeCall: opencode.makeCall, work: '/w' });
    try {
      const title = await post(server.url, { model: 'lab-model', stream: false, messages: [{ role: 'user', content: `Generate a title for this conversation:\n${run.prompt}` }] });
      expect(await title.json()).toMatchObject({ object: 'chat.completion', choices: [{ message: { role: 'assistant', content: 'none' }, finish_reason: 'stop' }] });
    } finally {
      await server.close();
    }
  });

  it('answers a copy of the conversation that ends in a question of its own with the side answer, and a resumed prompt with the next step', async () => {
    // Qwen Code 0.24's memory extractor sends the finished conversation again, with tools, and a last user message of its own.
    const run = scenario('resumed');
    const server = await startLabServer({ protocol: qwen.protocol, scenario: run, makeCall: qwen.makeCall, work: '/w' });
    try {
      const answered = [{ role: 'user', content: [{ type: 'text', text: run.prompt }] }, { role: 'assistant', content: 'I will remember 7.' }];
      const extractor = await post(server.url, { model: 'lab-model', stream: false, tools: TOOLS, messages: [...answered, { role: 'user', content: 'Managed memory has TWO directories.' }] });
      expect(await extractor.json()).toMatchObject({ choices: [{ message: { content: 'none' } }] });
      const resumed = await post(server.url, { model: 'lab-model', stream: false, tools: TOOLS, messages: [...answered, { role: 'user', content: run.run?.resume }] });
      expect(await resumed.json()).toMatchObject({ choices: [{ message: { content: 'You gave me 7.' } }] });
    } finally {
      await server.close();
    }
  });

  it('reads past the startup exchange Qwen Code 0.15 opens with: the environment, and its own fixed acknowledgement', async () => {
    const run = scenario('read-edit-run');
    const server = await startLabServer({ protocol: qwen.protocol, scenario: run, makeCall: qwen.makeCall, work: '/w' });
    try {
      const startup = [{ role: 'system', content: 'You are Qwen Code.' }, { role: 'user', content: 'This is the Qwen Code. We are setting up the context for our chat.' }, { role: 'assistant', content: 'Got it. Thanks for the context!' }];
      const first = await post(server.url, { model: 'lab-model', stream: false, tools: TOOLS, messages: [...startup, { role: 'user', content: [{ type: 'text', text: run.prompt }] }] });
      expect(await first.json()).toMatchObject({ choices: [{ message: { tool_calls: [{ function: { name: 'read_file' } }] } }] });
    } finally {
      await server.close();
    }
  });

  it('answers an error step with its status and an OpenAI error body', async () => {
    const server = await startLabServer({ protocol: opencode.protocol, scenario: scenario('api-error-429'), makeCall: opencode.makeCall, work: '/w' });
    try {
      const refused = await post(server.url, { model: 'lab-model', stream: true, tools: TOOLS, messages: [{ role: 'user', content: 'Hello' }] });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ error: { message: 'rate limit exceeded', type: 'rate_limit_exceeded', code: null } });
    } finally {
      await server.close();
    }
  });
});
