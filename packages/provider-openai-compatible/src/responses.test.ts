import { readFileSync } from 'node:fs';
import { replayLines, type DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { detectOpenAICompatible, openAICompatibleSource, translateResponse } from './index.js';

/** The Responses API quirks, one hand-derived expectation each; event shapes follow openai@6.49.0. */

const ID = 'resp_TEST';
const MODEL = 'test-model';

function response(status: string, output: unknown[] = [], extra: object = {}) {
  return { id: ID, object: 'response', created_at: 1, status, model: MODEL, output, error: null, incomplete_details: null, ...extra };
}

function replay(values: object[], framing: 'sse' | 'bare' = 'sse') {
  const lines = values.flatMap((value) => {
    const data = JSON.stringify(value);
    const type = (value as { type?: string }).type;
    return framing === 'sse' ? [...(type === undefined ? [] : [`event: ${type}`]), `data: ${data}`, ''] : [data];
  });
  return replayLines(openAICompatibleSource, lines);
}

const created = { type: 'response.created', sequence_number: 0, response: response('in_progress') };
const start: DisplayEvent = { kind: 'session', phase: 'start', sessionId: ID, model: MODEL };

function textDelta(delta: string, n: number) {
  return { type: 'response.output_text.delta', sequence_number: n, item_id: 'msg_1', output_index: 0, content_index: 0, delta, logprobs: [] };
}

describe('Responses API', () => {
  it('assembles fragmented arguments by item id, interleaved, and announces each call once with its call id', () => {
    const added = (id: string, call: string, name: string, index: number) => ({
      type: 'response.output_item.added',
      sequence_number: index,
      output_index: index,
      item: { type: 'function_call', id, call_id: call, name, arguments: '', status: 'in_progress' },
    });
    const delta = (id: string, index: number, text: string) => ({
      type: 'response.function_call_arguments.delta',
      sequence_number: 9,
      item_id: id,
      output_index: index,
      delta: text,
    });
    const { events } = replay([
      created,
      added('fc_1', 'call_a', 'read_file', 0),
      added('fc_2', 'call_b', 'run_command', 1),
      delta('fc_1', 0, '{"pa'),
      delta('fc_2', 1, '{"command":'),
      delta('fc_1', 0, 'th":"a.txt"}'),
      delta('fc_2', 1, '"ls"}'),
      {
        type: 'response.function_call_arguments.done',
        sequence_number: 10,
        item_id: 'fc_1',
        output_index: 0,
        name: 'read_file',
        arguments: '{"path":"a.txt"}',
      },
      {
        type: 'response.output_item.done',
        sequence_number: 11,
        output_index: 0,
        item: { type: 'function_call', id: 'fc_1', call_id: 'call_a', name: 'read_file', arguments: '{"path":"a.txt"}' },
      },
      { type: 'response.completed', sequence_number: 12, response: response('completed', []) },
    ]);
    expect(events).toEqual([
      start,
      { kind: 'tool-use', id: 'call_a', name: 'Read', toolName: 'read_file', toolKind: 'read', arg: 'a.txt', input: { path: 'a.txt' } },
      // Never finished by its own events: announced from its fragments when the response ends.
      { kind: 'tool-use', id: 'call_b', name: 'Bash', toolName: 'run_command', toolKind: 'execute', arg: 'ls', input: { command: 'ls' } },
      { kind: 'session', phase: 'end', status: 'success' },
    ]);
  });

  it('shows a refusal as text, and its done event repeats nothing', () => {
    const { events } = replay([
      created,
      { type: 'response.refusal.delta', sequence_number: 1, item_id: 'msg_1', output_index: 0, content_index: 0, delta: 'I cannot' },
      { type: 'response.refusal.done', sequence_number: 2, item_id: 'msg_1', output_index: 0, content_index: 0, refusal: 'I cannot' },
      {
        type: 'response.completed',
        sequence_number: 3,
        response: response('completed', [
          { type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'refusal', refusal: 'I cannot' }] },
        ]),
      },
    ]);
    expect(events).toEqual([start, { kind: 'text', id: `${ID}:msg_1:0`, text: 'I cannot' }, { kind: 'session', phase: 'end', status: 'success' }]);
  });

  it('ends response.incomplete as incomplete, with its reason', () => {
    const { events } = replay([
      created,
      { type: 'response.incomplete', sequence_number: 1, response: response('incomplete', [], { incomplete_details: { reason: 'max_output_tokens' } }) },
    ]);
    expect(events).toEqual([
      start,
      { kind: 'notice', level: 'warning', code: 'incomplete', message: 'The response is incomplete (incomplete_details.reason: max_output_tokens).' },
      { kind: 'session', phase: 'end', status: 'incomplete' },
    ]);
  });

  it('ends response.failed as an error with its message and code', () => {
    const { events } = replay([
      created,
      { type: 'response.failed', sequence_number: 1, response: response('failed', [], { error: { code: 'rate_limit_exceeded', message: 'Slow down.' } }) },
    ]);
    expect(events).toEqual([
      start,
      { kind: 'error', fatal: true, message: 'Slow down.', code: 'rate_limit_exceeded' },
      { kind: 'session', phase: 'end', status: 'error' },
    ]);
  });

  it('shows an error event once, whether or not response.failed follows, and alone ends as an error', () => {
    const error = { type: 'error', sequence_number: 1, code: 'server_error', message: 'Oops.', param: null };
    const failed = { type: 'response.failed', sequence_number: 2, response: response('failed', [], { error: { code: 'server_error', message: 'Oops.' } }) };
    const shown: DisplayEvent = { kind: 'error', fatal: true, message: 'Oops.', code: 'server_error' };
    const end: DisplayEvent = { kind: 'session', phase: 'end', status: 'error' };
    expect(replay([created, error, failed]).events).toEqual([start, shown, end]);
    expect(replay([created, error]).events).toEqual([start, shown, end]);
    // Alone, it is a session of its own: an end always pairs a start.
    expect(replay([error]).events).toEqual([{ kind: 'session', phase: 'start' }, shown, end]);
  });

  it('reports usage as sent, with cached and reasoning tokens', () => {
    const usage = {
      input_tokens: 1000,
      input_tokens_details: { cached_tokens: 800, cache_write_tokens: 0 },
      output_tokens: 300,
      output_tokens_details: { reasoning_tokens: 256 },
      total_tokens: 1300,
    };
    const { events } = replay([created, { type: 'response.completed', sequence_number: 1, response: response('completed', [], { usage }) }]);
    expect(events).toContainEqual({
      kind: 'usage',
      cumulative: false,
      model: MODEL,
      inputTokens: 1000,
      outputTokens: 300,
      reasoningTokens: 256,
      cacheReadTokens: 800,
      cacheWriteTokens: 0,
    });
  });

  it('makes each response of one stream its own session, and a new response ends an unfinished one', () => {
    const second = { type: 'response.created', sequence_number: 0, response: { ...response('in_progress'), id: 'resp_TWO' } };
    const { events } = replay([
      created,
      textDelta('a', 1),
      second,
      { type: 'response.completed', sequence_number: 1, response: { ...response('completed'), id: 'resp_TWO' } },
    ]);
    expect(events).toEqual([
      start,
      { kind: 'text', id: `${ID}:msg_1:0`, text: 'a' },
      { kind: 'session', phase: 'end', status: 'incomplete' },
      { kind: 'session', phase: 'start', sessionId: 'resp_TWO', model: MODEL },
      { kind: 'session', phase: 'end', status: 'success' },
    ]);
  });

  it('gives the same events with SSE framing and without', () => {
    const values = [created, textDelta('Hi', 1), { type: 'response.completed', sequence_number: 2, response: response('completed') }];
    const sse = replay(values, 'sse');
    expect(replay(values, 'bare').events).toEqual(sse.events);
    expect(sse.events).toEqual([start, { kind: 'text', id: `${ID}:msg_1:0`, text: 'Hi' }, { kind: 'session', phase: 'end', status: 'success' }]);
  });

  it('reports unknown event types as unknown, and Responses events inside an open chat stream too', () => {
    const { diagnostics } = replay([created, { type: 'response.audio.delta', sequence_number: 1, delta: 'AAAA' }], 'bare');
    expect(diagnostics.map((d) => [d.line, d.outcome, d.reason])).toEqual([[2, 'unknown', 'Responses API event response.audio.delta, not shown']]);
    const chunk = { id: 'c', object: 'chat.completion.chunk', created: 1, model: MODEL, choices: [{ index: 0, delta: { content: 'x' }, finish_reason: null }] };
    const mixed = replay([chunk, textDelta('y', 1)], 'bare');
    expect(mixed.diagnostics.map((d) => d.reason)).toEqual(['Responses API event (response.output_text.delta) inside an open Chat Completions stream']);
  });

  it('translates a Response held as a value', () => {
    const body = response('completed', [
      { type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Done.', annotations: [] }] },
    ]);
    expect(translateResponse(body)).toEqual([
      start,
      { kind: 'text', id: `${ID}:msg_1:0`, text: 'Done.' },
      { kind: 'session', phase: 'end', status: 'success' },
    ]);
    expect(translateResponse('nope')).toEqual([]);
  });
});

describe('detectOpenAICompatible on the Responses API', () => {
  it('gives 1 for a body or a numbered event, less without the number, 0 for bare errors', () => {
    expect(detectOpenAICompatible(['{"id":"r","object":"response","output":[]}']).confidence).toBe(1);
    expect(detectOpenAICompatible(['data: {"type":"response.output_text.delta","sequence_number":3,"delta":"a"}']).confidence).toBe(1);
    expect(detectOpenAICompatible(['{"type":"response.output_text.delta","delta":"a"}']).confidence).toBe(0.8);
    expect(detectOpenAICompatible(['{"type":"error","sequence_number":1,"code":null,"message":"x","param":null}']).confidence).toBe(0.9);
    expect(detectOpenAICompatible(['{"type":"error","message":"Reconnecting... 1/5"}']).confidence).toBe(0);
    expect(detectOpenAICompatible(['{', '  "id": "resp_1",', '  "object": "response",', '  "output": [']).confidence).toBe(0.9);
  });

  it('tells every Responses fixture from chat completions, and claims no chat-completion fixture', () => {
    for (const fixture of listFixtures('openai-compatible')) {
      const lines = readFixtureLines(fixture)
        .filter((line) => line.trim() !== '')
        .slice(0, 20);
      // The evidence names what was recognised: a Responses body or event, or a chat completion.
      const responses = /"object": "response"|"type": "(response\.|error)/.test(detectOpenAICompatible(lines).evidence);
      expect([fixture.scenario, responses]).toEqual([fixture.scenario, fixture.scenario.startsWith('responses-')]);
    }
  });

  it('claims no fixture of another provider', () => {
    const others = ['claude', 'codex', 'copilot', 'gemini', 'opencode'].flatMap((provider) => listFixtures(provider));
    for (const fixture of others) {
      const lines = readFileSync(fixture.streamPath, 'utf8')
        .split(/\r?\n/)
        .filter((line) => line.trim() !== '')
        .slice(0, 20);
      expect([fixture.streamPath, detectOpenAICompatible(lines).confidence]).toEqual([fixture.streamPath, 0]);
    }
  });
});
