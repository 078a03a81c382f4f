import { describe, expect, it } from 'vitest';
import { claude } from './agents/claude.js';
import { startLabServer } from './lab-server.js';
import { chatCompletions } from './protocols/chat.js';
import { SCENARIOS, type Scenario, stepFor } from './scenarios.js';

const scenario = (name: string): Scenario => {
  const found = SCENARIOS.find((s) => s.name === name);
  if (found === undefined) throw new Error(name);
  return found;
};

/** The `data:` payloads of a server-sent event stream. */
const dataOf = (sse: string) => [...sse.matchAll(/^data: (.*)$/gm)].map((match) => JSON.parse(match[1] as string) as { type: string; [key: string]: unknown });

async function post(url: string, body: unknown): Promise<Response> {
  return fetch(`${url}/v1/messages?beta=true`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
}

describe('the lab server (Anthropic Messages)', () => {
  it('listens on 127.0.0.1 only and answers each step of the conversation in turn', async () => {
    const server = await startLabServer({ protocol: claude.protocol, scenario: scenario('read-edit-run'), makeCall: claude.makeCall, work: '/w' });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const prompt = scenario('read-edit-run').prompt;
      const tools = [{ name: 'Read' }, { name: 'Edit' }, { name: 'Bash' }];
      const first = dataOf(await (await post(server.url, { model: 'm', stream: true, tools, messages: [{ role: 'user', content: prompt }] })).text());
      expect(first.map((event) => event.type)).toEqual([
        'message_start',
        ...['content_block_start', 'content_block_delta', 'content_block_delta', 'content_block_delta', 'content_block_stop'],
        ...['content_block_start', 'content_block_delta', 'content_block_delta', 'content_block_delta', 'content_block_stop'],
        'message_delta',
        'message_stop',
      ]);
      expect(first[6]).toMatchObject({ content_block: { type: 'tool_use', name: 'Read', id: 'call_lab_1_0' } });
      const json = first.filter((e) => (e.delta as { type?: string } | undefined)?.type === 'input_json_delta').map((e) => (e.delta as { partial_json: string }).partial_json);
      expect(JSON.parse(json.join(''))).toEqual({ file_path: '/w/src/greet.ts' });
      // The path comes whole in one piece, where the normalisation can replace the throwaway home.
      expect(json).toEqual(['{"file_path":', '"/w/src/greet.ts"', '}']);
      const history = [{ role: 'user', content: prompt }, { role: 'assistant', content: [] }, { role: 'user', content: [] }];
      const second = dataOf(await (await post(server.url, { model: 'm', stream: true, tools, messages: history })).text());
      expect(second[1]).toMatchObject({ content_block: { type: 'tool_use', name: 'Edit' } });
      expect(server.log.map((entry) => entry.answered)).toEqual(['answer (Read)', 'answer (Edit)']);
    } finally {
      await server.close();
    }
  });

  it('answers an error step with the status and the error body, and a side request with a short text', async () => {
    const server = await startLabServer({ protocol: claude.protocol, scenario: scenario('api-error-429'), makeCall: claude.makeCall, work: '/w' });
    try {
      const refused = await post(server.url, { model: 'm', stream: true, messages: [{ role: 'user', content: 'Hello' }] });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ type: 'error', error: { type: 'rate_limit_error', message: 'rate limit exceeded' } });
      const side = await post(server.url, { model: 'm', stream: false, messages: [{ role: 'user', content: 'Give this a title' }] });
      expect(await side.json()).toMatchObject({ content: [{ type: 'text', text: 'none' }], stop_reason: 'end_turn' });
      expect((await fetch(`${server.url}/elsewhere`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it("serves the profile's model list at GET /v1/models, and nothing there without one", async () => {
    const modelList = { object: 'list', data: [{ id: 'lab-model' }] };
    const listing = await startLabServer({ protocol: claude.protocol, scenario: scenario('plain-answer'), makeCall: claude.makeCall, work: '/w', modelList });
    const plain = await startLabServer({ protocol: claude.protocol, scenario: scenario('plain-answer'), makeCall: claude.makeCall, work: '/w' });
    try {
      const listed = await fetch(`${listing.url}/v1/models`);
      expect(listed.status).toBe(200);
      expect(await listed.json()).toEqual(modelList);
      // Logged as the model list it was, not as a model call.
      expect(listing.log).toEqual([{ method: 'GET', url: '/v1/models', answered: 'model list' }]);
      expect((await fetch(`${plain.url}/v1/models`)).status).toBe(404);
    } finally {
      await listing.close();
      await plain.close();
    }
  });
});

describe('stepFor', () => {
  it("gives a subagent's conversation its own steps, and a conversation past the script its last text", () => {
    const subagent = scenario('subagent');
    expect(stepFor(subagent, { firstUserText: subagent.prompt, priorAnswers: 0 })).toMatchObject({ calls: [{ kind: 'task' }] });
    expect(stepFor(subagent, { firstUserText: 'Count the files in the working folder.', priorAnswers: 0 })).toMatchObject({ calls: [{ kind: 'shell', command: 'ls' }] });
    expect(stepFor(subagent, { firstUserText: subagent.prompt, priorAnswers: 9 })).toEqual({ kind: 'answer', text: 'The helper counted 2 files.' });
  });
});

describe('the compaction scenario', () => {
  const compaction = scenario('compaction');
  const summary = compaction.compaction?.summary ?? '';
  const conversation = (messages: { role: string; content: string }[]) => claude.protocol.read({ messages }, '/v1/messages');

  it("answers an agent's summarisation request with the scenario's summary, in whichever agent's words it is asked", () => {
    const history = [{ role: 'user', content: compaction.prompt }, { role: 'assistant', content: 'I will remember 7.' }];
    for (const ask of ['Your task is to create a detailed summary of the conversation so far, paying close attention', 'You are performing a CONTEXT CHECKPOINT COMPACTION.', 'First, reason in your scratchpad. Then, generate the updated <state_snapshot>.', 'Please create a detailed summary. The history is being compacted so moving forward', 'Create a new anchored summary from the conversation history in the <conversation> tags above']) {
      expect(stepFor(compaction, conversation([...history, { role: 'user', content: ask }]))).toEqual({ kind: 'answer', text: summary });
    }
    // Another scenario's conversation that asks the same gets its own step: only a compaction scenario summarises.
    expect(stepFor(scenario('resumed'), conversation([{ role: 'user', content: 'Remember the number 7.' }, { role: 'assistant', content: 'x' }, { role: 'user', content: 'CONTEXT CHECKPOINT COMPACTION' }]))).toEqual({
      kind: 'answer',
      text: 'You gave me 7.',
    });
  });

  it('counts the answers the summary replaced, in a conversation that opens with it', () => {
    const after = conversation([{ role: 'user', content: `Summary:\n${summary}` }, { role: 'user', content: compaction.run?.resume ?? '' }]);
    expect(after.priorAnswers).toBe(0);
    expect(stepFor(compaction, after)).toEqual(compaction.steps[1]);
    // Without the summary, a conversation that is not the scenario's gets the side answer.
    expect(stepFor(compaction, conversation([{ role: 'user', content: 'Write a title.' }]))).toEqual({ kind: 'answer', text: 'none' });
  });

  it('answers the note to go on that follows a summary (OpenCode), whose summary holds the prompt, with the second answer', () => {
    const note = 'Continue if you have next steps, or stop and ask for clarification if you are unsure how to proceed.';
    const after = { firstUserText: 'What did we do so far?', priorAnswers: 1, followUpText: note, lastUserText: note, text: `What did we do so far?\n${summary}\n${note}`, tools: ['read'] };
    expect(stepFor(compaction, after)).toEqual({ kind: 'answer', text: 'You gave me 7.' });
    // The same conversation asked for a title (no tools) is a side request.
    expect(stepFor(compaction, { ...after, followUpText: 'Write a title.', tools: [] })).toEqual({ kind: 'answer', text: 'none' });
    // Without the summary, a note of the agent's own after an answer is a side request.
    expect(stepFor(compaction, { ...after, firstUserText: compaction.prompt, text: `${compaction.prompt}\nx\n${note}` })).toEqual({ kind: 'answer', text: 'none' });
  });

  it('reports a smaller usage for a conversation that opens with the summary, so that OpenCode compacts once', async () => {
    const server = await startLabServer({ scenario: compaction, protocol: chatCompletions, makeCall: () => undefined, work: '/w' });
    const usageOf = async (messages: { role: string; content: string }[]) => {
      const request = { model: 'm', messages, tools: [{ function: { name: 'read' } }] };
      const response = await fetch(`${server.url}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) });
      return ((await response.json()) as { usage: { prompt_tokens: number } }).usage.prompt_tokens;
    };
    try {
      expect(await usageOf([{ role: 'user', content: compaction.prompt }])).toBe(1801);
      expect(await usageOf([{ role: 'user', content: 'What did we do so far?' }, { role: 'assistant', content: summary }, { role: 'user', content: 'Continue.' }])).toBe(302);
    } finally {
      await server.close();
    }
  });
});
