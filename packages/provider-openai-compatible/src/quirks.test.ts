import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { replayLines, type DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { openAICompatibleSource, translateChatCompletion } from './index.js';

/** The quirks of docs/formats/openai-compatible.md, section 5, one test (or group) each. */

const fixtures = listFixtures('openai-compatible');

function replayFixture(scenario: string) {
  const fixture = fixtures.find((f) => f.scenario === scenario);
  if (fixture === undefined) throw new Error(`no fixture ${scenario}`);
  return replayLines(openAICompatibleSource, readFixtureLines(fixture));
}

function replay(values: unknown[], framing: 'sse' | 'ndjson' = 'sse') {
  const lines = values.map((value) => {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return framing === 'sse' ? `data: ${text}` : text;
  });
  return replayLines(openAICompatibleSource, lines);
}

function ofKind<K extends DisplayEvent['kind']>(events: DisplayEvent[], kind: K): Extract<DisplayEvent, { kind: K }>[] {
  return events.filter((event): event is Extract<DisplayEvent, { kind: K }> => event.kind === kind);
}

const ID = 'chatcmpl-TEST';
function chunk(delta: object, extra: { finish?: string | null; index?: number; usage?: object | null; id?: string } = {}) {
  return {
    id: extra.id ?? ID,
    object: 'chat.completion.chunk',
    created: 1,
    model: 'test-model',
    choices: [{ index: extra.index ?? 0, delta, finish_reason: extra.finish ?? null }],
    usage: extra.usage ?? null,
  };
}
function fragment(value: object) {
  return chunk({ tool_calls: [value] });
}
function body(message: object, finish = 'stop', extra: object = {}) {
  return {
    id: ID,
    object: 'chat.completion',
    created: 1,
    model: 'test-model',
    choices: [{ index: 0, message: { role: 'assistant', content: null, refusal: null, ...message }, logprobs: null, finish_reason: finish }],
    ...extra,
  };
}

// Expected events below are written from the format notes (docs/formats/openai-compatible.md), not copied from a dump.
const start: DisplayEvent = { kind: 'session', phase: 'start', sessionId: ID, model: 'test-model' };
const end = (status: 'success' | 'incomplete' | 'error' = 'success'): DisplayEvent => ({ kind: 'session', phase: 'end', status });
const read = (id: string, path: string): DisplayEvent => ({
  kind: 'tool-use',
  id,
  name: 'Read',
  toolName: 'read_file',
  toolKind: 'read',
  arg: path,
  input: { path },
});

describe('quirk 1: arguments is a JSON-encoded string', () => {
  it('decodes the string into input and previews a known field', () => {
    const [use] = ofKind(replayFixture('streamed-text-and-tool-calls').events, 'tool-use');
    expect(use).toMatchObject({ name: 'Read', arg: 'src/slugify.ts', input: { path: 'src/slugify.ts' } });
  });

  it('concatenates fragments after an empty first one', () => {
    const { events } = replay([
      fragment({ index: 0, id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '' } }),
      fragment({ index: 0, function: { arguments: '{"path":' } }),
      fragment({ index: 0, function: { arguments: '"a.txt"}' } }),
      chunk({}, { finish: 'tool_calls' }),
    ]);
    expect(events).toEqual([start, read('call_1', 'a.txt'), end()]);
  });

  it('accepts dict arguments from gateways, in a body and in a stream', () => {
    expect(ofKind(replayFixture('litellm-dict-arguments').events, 'tool-use')[0]).toMatchObject({ arg: 'src/slugify.ts', input: { path: 'src/slugify.ts' } });
    const { events } = replay([
      fragment({ index: 0, id: 'call_1', function: { name: 'bash', arguments: { command: 'ls -la' } } }),
      chunk({}, { finish: 'tool_calls' }),
    ]);
    expect(events).toEqual([
      start,
      { kind: 'tool-use', id: 'call_1', name: 'Bash', toolName: 'bash', toolKind: 'execute', arg: 'ls -la', input: { command: 'ls -la' } },
      end(),
    ]);
  });

  it('previews arguments that are not valid JSON from the raw string, cut to 40 characters', () => {
    const uses = ofKind(replayFixture('tool-call-invalid-arguments').events, 'tool-use');
    expect(uses[1]?.arg).toBe('{"command":"grep -rn \\"normalize(\\" s...');
    expect([...(uses[1]?.arg ?? '')].length).toBeLessThanOrEqual(40);
    expect(typeof uses[1]?.input).toBe('string');
  });
});

describe('quirk 2: fragmentation varies', () => {
  it.each([
    ['token by token (DeepSeek)', 'stream-deepseek-usage-on-finish', 'src/slugify.ts'],
    ['the whole call in one chunk (xAI)', 'stream-xai-whole-call', 'src/slugify.ts'],
    ['split mid-token (Anthropic)', 'stream-anthropic-index-one', 'a.txt'],
  ])('assembles a call sent %s', (_how, scenario, path) => {
    const uses = ofKind(replayFixture(scenario).events, 'tool-use');
    expect(uses).toHaveLength(1);
    expect(uses[0]).toMatchObject({ name: 'Read', arg: path, input: { path } });
  });

  it('gives the same events for a call split mid-token and a call sent whole', () => {
    const whole = replay([
      fragment({ index: 0, id: 'call_1', function: { name: 'read_file', arguments: '{"path":"a.txt"}' } }),
      chunk({}, { finish: 'tool_calls' }),
    ]);
    const split = replay([
      fragment({ index: 0, id: 'call_1', function: { name: 'read_file', arguments: '{"pa' } }),
      fragment({ index: 0, function: { arguments: 'th":"a.' } }),
      fragment({ index: 0, function: { arguments: 'txt"}' } }),
      chunk({}, { finish: 'tool_calls' }),
    ]);
    expect(whole.events).toEqual([start, read('call_1', 'a.txt'), end()]);
    expect(split.events).toEqual(whole.events);
  });
});

describe('quirk 3: irregular index', () => {
  it('takes a first call at index 1 after text (Anthropic)', () => {
    expect(ofKind(replayFixture('stream-anthropic-index-one').events, 'tool-use').map((e) => e.id)).toEqual(['toolu_SYNTHETIC000000000110']);
    const { events } = replay([
      chunk({ content: 'Reading.' }),
      fragment({ index: 1, id: 'toolu_1', function: { name: 'read_file', arguments: '{"path":"a.txt"}' } }),
      chunk({}, { finish: 'tool_calls' }),
    ]);
    expect(events).toEqual([start, { kind: 'text', id: `${ID}:text`, text: 'Reading.' }, read('toolu_1', 'a.txt'), end()]);
  });

  it('keys calls without index by id (Gemini), ignoring extra_content', () => {
    const google = { google: { thought_signature: 'c2lnbmF0dXJl' } };
    const { events } = replay([
      fragment({ id: 'function-call-1', type: 'function', function: { name: 'read_file', arguments: '{"path":"a.txt"}' }, extra_content: google }),
      fragment({ id: 'function-call-2', type: 'function', function: { name: 'read_file', arguments: '{"path":"b.txt"}' } }),
      chunk({}, { finish: 'stop' }),
    ]);
    expect(events).toEqual([start, read('function-call-1', 'a.txt'), read('function-call-2', 'b.txt'), end()]);
  });

  it('appends fragments with neither index nor id to the latest call (old Ollama)', () => {
    const { events } = replay([
      fragment({ id: 'call_a', function: { name: 'read_file', arguments: '{"path":' } }),
      fragment({ function: { arguments: '"a.txt"}' } }),
      fragment({ function: { name: 'read_file', arguments: '{"path":"b.txt"}' } }),
      chunk({}, { finish: 'tool_calls' }),
    ]);
    // The second call has no id: the tracker makes one up, numbered within the response.
    expect(events).toEqual([start, read('call_a', 'a.txt'), read('response-1-call-1', 'b.txt'), end()]);
  });

  it('starts a new call when a reused index comes with a new id, and accepts sparse indexes', () => {
    const { events } = replay([
      fragment({ index: 0, id: 'call_a', function: { name: 'read_file', arguments: '{"path":"a.txt"}' } }),
      fragment({ index: 0, id: 'call_b', function: { name: 'read_file', arguments: '{"path":' } }),
      fragment({ index: 0, function: { arguments: '"b.txt"}' } }),
      fragment({ index: 7, id: 'call_c', function: { name: 'shell', arguments: '{"command":"ls"}' } }),
      chunk({}, { finish: 'tool_calls' }),
    ]);
    expect(events).toEqual([
      start,
      read('call_a', 'a.txt'),
      read('call_b', 'b.txt'),
      { kind: 'tool-use', id: 'call_c', name: 'Bash', toolName: 'shell', toolKind: 'execute', arg: 'ls', input: { command: 'ls' } },
      end(),
    ]);
  });
});

describe('quirk 4: finish_reason is unreliable for tool calls', () => {
  it('announces calls when the reason is "stop" (Gemini)', () => {
    const { events } = replay([fragment({ id: 'call_1', function: { name: 'read_file', arguments: '{"path":"a.txt"}' } }), chunk({}, { finish: 'stop' })]);
    expect(events).toEqual([start, read('call_1', 'a.txt'), end()]);
  });

  it('reads a camelCase finishReason sent beside finish_reason: null', () => {
    const { events } = replay([
      fragment({ index: 0, id: 'call_1', function: { name: 'read_file', arguments: '{"path":"a.txt"}' } }),
      { ...chunk({}), choices: [{ index: 0, delta: {}, finish_reason: null, finishReason: 'length' }] },
    ]);
    // The camelCase reason is the one read: `length` makes the response incomplete.
    expect(events).toEqual([
      start,
      read('call_1', 'a.txt'),
      { kind: 'notice', level: 'warning', code: 'length', message: 'The response stopped at the token limit (finish_reason: length).' },
      end('incomplete'),
    ]);
  });

  it('announces calls at [DONE] when no finish_reason came', () => {
    const { events } = replay([fragment({ index: 0, id: 'call_1', function: { name: 'read_file', arguments: '{"path":"a.txt"}' } }), '[DONE]']);
    expect(events).toEqual([start, read('call_1', 'a.txt'), end()]);
  });
});

describe('quirk 5: usage placement differs', () => {
  const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
  const reported: DisplayEvent = { kind: 'usage', cumulative: false, model: 'test-model', inputTokens: 10, outputTokens: 5 };

  it('reads a final chunk with choices: [] (OpenAI)', () => {
    const { events } = replay([chunk({ content: 'Hi' }), chunk({}, { finish: 'stop' }), { ...chunk({}), choices: [], usage }, '[DONE]']);
    expect(events).toEqual([start, { kind: 'text', id: `${ID}:text`, text: 'Hi' }, reported, end()]);
  });

  it('reads usage on the finish chunk, with usage: null elsewhere (DeepSeek)', () => {
    expect(ofKind(replayFixture('stream-deepseek-usage-on-finish').events, 'usage')).toEqual([
      { kind: 'usage', cumulative: false, model: 'deepseek-reasoner', inputTokens: 233, outputTokens: 48, reasoningTokens: 12, cacheReadTokens: 192 },
    ]);
  });

  it('gives no usage when the stream has none (Anthropic) or was interrupted', () => {
    expect(replay([chunk({ content: 'Hi' }), chunk({}, { finish: 'stop' }), '[DONE]']).events).toEqual([
      start,
      { kind: 'text', id: `${ID}:text`, text: 'Hi' },
      end(),
    ]);
    // Interrupted: the usage chunk never came, and the stream ends incomplete.
    expect(replay([chunk({ content: 'Hi' })]).events).toEqual([start, { kind: 'text', id: `${ID}:text`, text: 'Hi' }, end('incomplete')]);
  });

  it('reports usage once when both the finish chunk and a trailing chunk carry it', () => {
    const { events } = replay([chunk({ content: 'Hi' }), chunk({}, { finish: 'stop', usage }), { ...chunk({}), choices: [], usage }, '[DONE]']);
    expect(events).toEqual([start, { kind: 'text', id: `${ID}:text`, text: 'Hi' }, reported, end()]);
  });
});

describe('quirk 6: total_tokens is not prompt + completion on xAI', () => {
  it('reports the counts as sent and derives no total', () => {
    const usage = { prompt_tokens: 307, completion_tokens: 26, total_tokens: 588, completion_tokens_details: { reasoning_tokens: 255 } };
    const { events } = replay([chunk({ content: 'Hi' }), chunk({}, { finish: 'stop', usage }), '[DONE]']);
    expect(ofKind(events, 'usage')).toEqual([
      { kind: 'usage', cumulative: false, model: 'test-model', inputTokens: 307, outputTokens: 26, reasoningTokens: 255 },
    ]);
  });
});

describe('quirk 7: reasoning field names', () => {
  it('reads reasoning_content (DeepSeek) and reasoning (vLLM)', () => {
    const { events } = replay([chunk({ reasoning_content: 'one' }), chunk({ reasoning: 'two' }), chunk({ content: 'Done.' }, { finish: 'stop' }), '[DONE]']);
    expect(events).toEqual([
      start,
      { kind: 'reasoning', id: `${ID}:reasoning`, text: 'one' },
      { kind: 'reasoning', id: `${ID}:reasoning`, text: 'two' },
      { kind: 'text', id: `${ID}:text`, text: 'Done.' },
      end(),
    ]);
  });

  it('skips the empty first and null final reasoning_content of DeepSeek streams', () => {
    const { events } = replay([
      chunk({ role: 'assistant', content: null, reasoning_content: '' }),
      chunk({ content: null, reasoning_content: 'Think.' }),
      chunk({ content: 'Answer.', reasoning_content: null }, { finish: 'stop' }),
      '[DONE]',
    ]);
    expect(events).toEqual([start, { kind: 'reasoning', id: `${ID}:reasoning`, text: 'Think.' }, { kind: 'text', id: `${ID}:text`, text: 'Answer.' }, end()]);
  });

  it('emits reasoning once when a server sends both names', () => {
    const { events } = replay([chunk({ reasoning_content: 'think', reasoning: 'think' }), '[DONE]']);
    expect(events).toEqual([start, { kind: 'reasoning', id: `${ID}:reasoning`, text: 'think' }, end()]);
  });
});

describe('quirk 8: Azure first chunk', () => {
  const azureFirst = { choices: [], created: 0, id: '', model: '', object: '', prompt_filter_results: [{ prompt_index: 0, content_filter_results: {} }] };

  it('neither ends the stream nor lends its empty id and model', () => {
    const { events, diagnostics, accounting } = replay([
      azureFirst,
      {
        ...chunk({ content: 'Hi' }),
        choices: [{ index: 0, delta: { content: 'Hi' }, finish_reason: null, content_filter_results: { hate: { filtered: false } } }],
      },
      chunk({}, { finish: 'stop' }),
      '[DONE]',
    ]);
    expect(events).toEqual([start, { kind: 'text', id: `${ID}:text`, text: 'Hi' }, end()]);
    expect(diagnostics).toEqual([]);
    // The Azure chunk and the finish chunk show nothing; [DONE] gives the end.
    expect(accounting.ignored).toBe(2);
  });

  it('ends a stream that stopped after the Azure first chunk as incomplete', () => {
    expect(replay([azureFirst]).events).toEqual([
      { kind: 'session', phase: 'start' },
      { kind: 'session', phase: 'end', status: 'incomplete' },
    ]);
  });
});

describe('quirk 9: OpenAI role chunk, empty finish delta, obfuscation', () => {
  it('shows no empty text and ignores obfuscation', () => {
    const { events, diagnostics } = replay([
      { ...chunk({ role: 'assistant', content: '', refusal: null }), obfuscation: 'k3' },
      { ...chunk({ content: 'Hi' }), obfuscation: 'x9Qz' },
      { ...chunk({}, { finish: 'stop' }), obfuscation: 'aB' },
      '[DONE]',
    ]);
    expect(events).toEqual([start, { kind: 'text', id: `${ID}:text`, text: 'Hi' }, end()]);
    expect(diagnostics).toEqual([]);
  });
});

describe('quirk 10: content "" or null beside tool calls; index inside items; id formats', () => {
  it.each([
    ['"" (DeepSeek, xAI)', ''],
    ['null (OpenAI)', null],
  ])('gives no text for content %s and keeps the ids as sent', (_who, content) => {
    const calls = [
      { index: 0, id: 'call_00_abc', type: 'function', function: { name: 'read_file', arguments: '{"path":"a.txt"}' } },
      { index: 1, id: 'toolu_01', type: 'function', function: { name: 'read_file', arguments: '{"path":"b.txt"}' } },
    ];
    const { events } = replay([body({ content, tool_calls: calls }, 'tool_calls')], 'ndjson');
    expect(events).toEqual([start, read('call_00_abc', 'a.txt'), read('toolu_01', 'b.txt'), end()]);
  });
});

describe('quirk 11: [DONE] is not JSON', () => {
  it('ends the stream without a malformed line, with or without data: framing', () => {
    for (const framing of ['sse', 'ndjson'] as const) {
      const { events, diagnostics } = replay([chunk({ content: 'Hi' }, { finish: 'stop' }), '[DONE]'], framing);
      expect(events).toEqual([start, { kind: 'text', id: `${ID}:text`, text: 'Hi' }, end()]);
      expect(diagnostics).toEqual([]);
    }
  });

  it('reads payload-only chunk logs that have no [DONE]', () => {
    const { events } = replay([chunk({ content: 'Hi' }), chunk({}, { finish: 'stop' })], 'ndjson');
    expect(events).toEqual([start, { kind: 'text', id: `${ID}:text`, text: 'Hi' }, end()]);
  });
});

describe('quirk 12: finish_reason and logprobs may be missing', () => {
  it('reads xAI chunks without finish_reason keys', () => {
    const bare = (delta: object) => ({ id: ID, object: 'chat.completion.chunk', created: 1, model: 'test-model', choices: [{ index: 0, delta }] });
    const { events, diagnostics } = replay([bare({ role: 'assistant', content: 'Hi' }), bare({ content: ' there' }), chunk({}, { finish: 'stop' })], 'ndjson');
    expect(events).toEqual([start, { kind: 'text', id: `${ID}:text`, text: 'Hi' }, { kind: 'text', id: `${ID}:text`, text: ' there' }, end()]);
    expect(diagnostics).toEqual([]);
  });
});

describe('response bodies', () => {
  it('reads a body pretty-printed over many lines', () => {
    const { events, accounting } = replayFixture('plain-answer');
    expect(events.map((e) => e.kind)).toEqual(['session', 'text', 'usage', 'session']);
    expect(accounting.events).toBe(1);
    expect(accounting.ignored).toBe(accounting.lines - 1);
  });

  it('reads NDJSON of several bodies, one session each', () => {
    const sessions = ofKind(replayFixture('read-edit-run').events, 'session');
    expect(sessions.map((e) => e.phase)).toEqual(['start', 'end', 'start', 'end', 'start', 'end', 'start', 'end']);
  });

  it('shows only the first choice and says so', () => {
    const { events } = replayFixture('several-choices');
    expect(ofKind(events, 'text')).toHaveLength(1);
    expect(ofKind(events, 'notice')).toEqual([
      { kind: 'notice', level: 'info', code: 'extra-choice', message: 'Choice 1 is not shown: only the first choice of a response is displayed.' },
    ]);
  });

  it('shows only the first choice of a stream, with one notice per other choice', () => {
    const { events } = replay([
      chunk({ content: 'A' }),
      chunk({ content: 'B' }, { index: 1 }),
      chunk({ content: 'A2' }),
      chunk({ content: 'B2' }, { index: 1 }),
      '[DONE]',
    ]);
    expect(ofKind(events, 'text').map((e) => e.text)).toEqual(['A', 'A2']);
    expect(ofKind(events, 'notice')).toHaveLength(1);
  });

  it('marks a response cut at the token limit as incomplete, with a warning', () => {
    const { events } = replayFixture('tool-call-invalid-arguments');
    expect(ofKind(events, 'notice')[0]).toMatchObject({ level: 'warning', code: 'length' });
    expect(events.at(-1)).toEqual({ kind: 'session', phase: 'end', status: 'incomplete' });
  });

  it('reports a content-filter stop as a fatal error', () => {
    const { events } = replay([body({ content: 'Partial' }, 'content_filter')], 'ndjson');
    expect(events.slice(-2)).toEqual([
      { kind: 'error', fatal: true, code: 'content_filter', message: 'The response was stopped by the content filter (finish_reason: content_filter).' },
      { kind: 'session', phase: 'end', status: 'error' },
    ]);
  });

  it('shows a refusal as text', () => {
    const { events } = replay([body({ refusal: 'I cannot help with that.' })], 'ndjson');
    expect(ofKind(events, 'text')).toEqual([{ kind: 'text', id: `${ID}:refusal`, text: 'I cannot help with that.' }]);
  });

  it('reads custom tool calls and the deprecated function_call', () => {
    const { events } = replay(
      [
        body({ tool_calls: [{ id: 'call_c', type: 'custom', custom: { name: 'apply_patch', input: '*** Begin Patch' } }] }, 'tool_calls'),
        body({ function_call: { name: 'run_command', arguments: '{"command":"ls"}' } }, 'function_call'),
      ],
      'ndjson',
    );
    expect(ofKind(events, 'tool-use').map((e) => [e.id, e.name, e.arg])).toEqual([
      ['call_c', 'Edit', '*** Begin Patch'],
      ['response-2-call-1', 'Bash', 'ls'],
    ]);
  });

  it('assembles a streamed deprecated function_call', () => {
    const { events } = replay([
      chunk({ function_call: { name: 'run_command', arguments: '{"comm' } }),
      chunk({ function_call: { arguments: 'and":"ls"}' } }),
      chunk({}, { finish: 'function_call' }),
    ]);
    expect(ofKind(events, 'tool-use').map((e) => [e.name, e.arg])).toEqual([['Bash', 'ls']]);
  });

  it('keeps text blocks of two responses with the same id apart', () => {
    const { events } = replay([body({ content: 'One' }), body({ content: 'Two' })], 'ndjson');
    const ids = ofKind(events, 'text').map((e) => e.id);
    expect(new Set(ids).size).toBe(2);
  });

  it('reports a pretty-printed body that never closed', () => {
    const { events } = replayLines(openAICompatibleSource, ['{', '  "id": "chatcmpl-1",', '  "object": "chat.completion",']);
    expect(events).toEqual([
      { kind: 'session', phase: 'start' },
      {
        kind: 'notice',
        level: 'warning',
        code: 'truncated-document',
        message: 'The response body ended before its JSON document closed; nothing could be read from it.',
      },
      { kind: 'session', phase: 'end', status: 'incomplete' },
    ]);
  });
});

describe('streams', () => {
  it('ends a truncated stream as incomplete and still announces the started call', () => {
    const { events } = replayFixture('truncated-stream');
    expect(events.slice(-2)).toEqual([
      expect.objectContaining({ kind: 'tool-use', id: 'call_SYNTHETIC0000000000070run', name: 'Bash' }),
      { kind: 'session', phase: 'end', status: 'incomplete' },
    ]);
  });

  it('ends a stream at an in-stream error frame', () => {
    const { events } = replayFixture('stream-error-frame');
    expect(events.slice(-2)).toEqual([
      { kind: 'error', fatal: true, code: 'server_error', message: 'The server had an error while processing your request. Sorry about that!' },
      { kind: 'session', phase: 'end', status: 'error' },
    ]);
  });

  it('splits logs of several streams without [DONE] by id after a finish', () => {
    const { events } = replay([chunk({ content: 'One' }, { finish: 'stop' }), chunk({ content: 'Two' }, { id: 'chatcmpl-OTHER', finish: 'stop' })], 'ndjson');
    expect(ofKind(events, 'session').map((e) => [e.phase, e.sessionId ?? e.status])).toEqual([
      ['start', ID],
      ['end', 'success'],
      ['start', 'chatcmpl-OTHER'],
      ['end', 'success'],
    ]);
  });

  it('reports comments, fields, unknown types and malformed lines, and goes on', () => {
    const { events, diagnostics, accounting } = replayFixture('unknown-and-malformed');
    expect(
      ofKind(events, 'text')
        .map((e) => e.text)
        .join(''),
    ).toBe('Both files use the same regex.');
    // replayLines numbers the non-blank lines it hands to the source.
    expect(diagnostics.map((d) => [d.line, d.outcome])).toEqual([
      [4, 'unknown'],
      [5, 'malformed'],
      [8, 'malformed'],
      [11, 'unknown'],
    ]);
    expect(diagnostics[0]?.reason).toMatch(/Responses API/);
    // Two comments, the retry and event fields, the finish chunk and the usage chunk.
    expect(accounting.ignored).toBe(6);
  });
});

describe('error bodies', () => {
  it('gives a session of its own: start, the fatal error, an end', () => {
    expect(replayFixture('error-body').events).toEqual([
      { kind: 'session', phase: 'start' },
      {
        kind: 'error',
        fatal: true,
        code: 'invalid_request_error',
        message:
          "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: call_SYNTHETIC000000000000run",
      },
      { kind: 'session', phase: 'end', status: 'error' },
    ]);
  });

  it('accepts a plain-string error and a numeric code', () => {
    expect(replay([{ error: 'model "x" not found' }], 'ndjson').events[1]).toEqual({ kind: 'error', fatal: true, message: 'model "x" not found' });
    expect(replay([{ error: { message: 'Bad request', type: 'BadRequestError', code: 400 } }], 'ndjson').events[1]).toEqual({
      kind: 'error',
      fatal: true,
      message: 'Bad request',
      code: '400',
    });
  });
});

describe('translateChatCompletion', () => {
  it('gives the events of a parsed body, as the line source does', () => {
    const text = readFileSync(join(FIXTURES_DIR, 'openai-compatible', 'plain-answer.json'), 'utf8');
    expect(translateChatCompletion(JSON.parse(text))).toEqual(replayFixture('plain-answer').events);
  });

  it('takes an array of chunk objects in arrival order', () => {
    const lines = readFileSync(join(FIXTURES_DIR, 'openai-compatible', 'streamed-text-and-tool-calls.sse'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('data: {'))
      .map((line) => JSON.parse(line.slice(6)) as unknown);
    expect(translateChatCompletion(lines)).toEqual(replayFixture('streamed-text-and-tool-calls').events);
  });

  it('makes strings plain and gives [] for what is not a response', () => {
    expect(ofKind(translateChatCompletion(body({ content: 'a\u001b[2Jb\u0007' })), 'text')[0]?.text).toBe('a\\x1b[2Jb\\x07');
    expect(translateChatCompletion('{"object":"chat.completion"}')).toEqual([]);
    expect(translateChatCompletion(null)).toEqual([]);
  });
});

describe('previews of functions the app declares', () => {
  it('shows the compact JSON of arguments without a known field', () => {
    const events = translateChatCompletion(
      body({ tool_calls: [{ id: 'call_w', type: 'function', function: { name: 'get_weather', arguments: '{"location":"San Francisco"}' } }] }, 'tool_calls'),
    );
    expect(ofKind(events, 'tool-use')).toEqual([
      {
        kind: 'tool-use',
        id: 'call_w',
        name: 'get_weather',
        toolName: 'get_weather',
        toolKind: 'other',
        arg: '{"location":"San Francisco"}',
        input: { location: 'San Francisco' },
      },
    ]);
  });
});
