import { replayLines, summarizeToolResult, type DisplayEvent, type ToolResultDisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { createGeminiParser, createGeminiSource, geminiSource } from './index.js';

const T = '2026-01-01T00:00:00.000Z';
const SID = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
const init = { type: 'init', timestamp: T, session_id: SID, model: 'auto-gemini-2.5' };
const delta = (content: string) => ({ type: 'message', timestamp: T, role: 'assistant', content, delta: true });
const use = (tool_name: string, tool_id: string, parameters: unknown) => ({ type: 'tool_use', timestamp: T, tool_name, tool_id, parameters });
const ok = (tool_id: string, output?: string) => ({
  type: 'tool_result',
  timestamp: T,
  tool_id,
  status: 'success',
  ...(output === undefined ? {} : { output }),
});
const result = (status: 'success' | 'error', extra: object = {}) => ({ type: 'result', timestamp: T, status, ...extra });

function run(lines: (string | object)[]) {
  return replayLines(
    geminiSource,
    lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))),
  );
}

function ofKind<K extends DisplayEvent['kind']>(events: DisplayEvent[], kind: K): Extract<DisplayEvent, { kind: K }>[] {
  return events.filter((event): event is Extract<DisplayEvent, { kind: K }> => event.kind === kind);
}

function fixture(scenario: string) {
  const found = listFixtures('gemini').find((f) => f.scenario === scenario);
  if (found === undefined) throw new Error(`no fixture ${scenario}`);
  return run(readFixtureLines(found));
}

describe('parity run', () => {
  it('reads README.md with Read and answers, in the shape every provider shares', () => {
    const { events } = fixture('parity-read-readme');
    const shape: string[] = [];
    for (const event of events) {
      if (event.kind === 'usage' || event.kind === 'prompt' || (event.kind === 'text' && shape.at(-1) === 'text')) continue;
      shape.push(event.kind === 'tool-use' || event.kind === 'tool-result' ? `${event.kind}:${event.name}` : event.kind);
    }
    expect(shape).toEqual(['session', 'text', 'tool-use:Read', 'tool-result:Read', 'text', 'session']);
    expect(ofKind(events, 'tool-use')[0]?.arg).toBe('README.md');
    expect(ofKind(events, 'tool-result')[0]?.status).toBe('success');
    expect(ofKind(events, 'text').at(-1)?.text).toBe('README.md has 42 lines.');
    expect(events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'success' });
  });
});

describe('assistant text', () => {
  it('keeps one id per run of deltas and starts a new one after a tool call', () => {
    const { events } = fixture('streamed-deltas');
    expect([...new Set(ofKind(events, 'text').map((e) => e.id))]).toEqual(['message-1', 'message-2']);
  });

  it('emits a complete message that repeats the deltas before it once', () => {
    const copy = run([init, delta('Hello'), delta(' world'), { type: 'message', timestamp: T, role: 'assistant', content: 'Hello world' }]);
    expect(
      ofKind(copy.events, 'text')
        .map((e) => e.text)
        .join(''),
    ).toBe('Hello world');
    expect(copy.accounting.ignored).toBe(1);
    const longer = run([init, delta('Hello'), { type: 'message', timestamp: T, role: 'assistant', content: 'Hello world' }]);
    expect(ofKind(longer.events, 'text').map((e) => [e.id, e.text])).toEqual([
      ['message-1', 'Hello'],
      ['message-1', ' world'],
    ]);
    const other = run([init, { type: 'message', timestamp: T, role: 'assistant', content: 'Whole' }, delta('Next')]);
    expect(ofKind(other.events, 'text').map((e) => [e.id, e.text])).toEqual([
      ['message-1', 'Whole'],
      ['message-2', 'Next'],
    ]);
  });
});

describe('sessions', () => {
  it('ends a session whose result never came before the next init starts another, so that every end pairs a start', () => {
    const { events } = run([init, delta('one'), { ...init, session_id: 'second' }, delta('two'), result('success')]);
    expect(events.filter((event) => event.kind === 'session')).toEqual([
      { kind: 'session', phase: 'start', sessionId: SID, model: 'auto-gemini-2.5', timestamp: T },
      { kind: 'session', phase: 'end', status: 'incomplete' },
      { kind: 'session', phase: 'start', sessionId: 'second', model: 'auto-gemini-2.5', timestamp: T },
      { kind: 'session', phase: 'end', status: 'success' },
    ]);
  });

  it('starts a session before a result that has no init', () => {
    expect(run([result('success', { stats: { duration_ms: 5 } })]).events).toEqual([
      { kind: 'session', phase: 'start' },
      { kind: 'session', phase: 'end', status: 'success', durationMs: 5 },
    ]);
  });

  it('is what createGeminiParser builds: one parser per stream', () => {
    const parser = createGeminiParser();
    const context = { lineNumber: 1, ignore() {}, malformed() {}, unknown() {} };
    expect(parser.parse(JSON.stringify(init), context)).toEqual([{ kind: 'session', phase: 'start', sessionId: SID, model: 'auto-gemini-2.5', timestamp: T }]);
    expect(parser.flush(context)).toEqual([{ kind: 'session', phase: 'end', status: 'incomplete' }]);
  });
});

describe('tool calls', () => {
  it('announces a call once however often its tool_use repeats, and finishes it once', () => {
    const { events, accounting } = run([
      init,
      use('glob', 'glob__1', { pattern: '*.ts' }),
      use('glob', 'glob__1', { pattern: '*.ts' }),
      ok('glob__1', 'Found 1 matching file(s)'),
      ok('glob__1', 'Found 1 matching file(s)'),
    ]);
    expect(ofKind(events, 'tool-use')).toHaveLength(1);
    expect(ofKind(events, 'tool-result')).toHaveLength(1);
    expect(accounting.ignored).toBe(2);
  });

  it('leaves a call of a truncated run without a result', () => {
    const { events } = fixture('truncated');
    expect(ofKind(events, 'tool-use')).toHaveLength(1);
    expect(ofKind(events, 'tool-result')).toHaveLength(0);
    expect(events.at(-1)).toEqual({ kind: 'session', phase: 'end', status: 'incomplete' });
  });

  it('reports a tool error with its message', () => {
    const { events } = fixture('tool-error');
    const failed = ofKind(events, 'tool-result').find((e) => e.status === 'error') as ToolResultDisplayEvent;
    expect(summarizeToolResult(failed)).toBe('Error: File not found: /work/demo/src/util.ts');
  });

  it('keeps a shell output that looks like JSON as it is', () => {
    const { events } = run([
      init,
      use('run_shell_command', 'run_shell_command__1', { command: 'cat x.json' }),
      ok('run_shell_command__1', '{"output":"inner"}'),
    ]);
    expect(ofKind(events, 'tool-result')[0]?.output).toBe('{"output":"inner"}');
  });
});

describe('--output-format json', () => {
  it('reads the pretty-printed document as one run', () => {
    const { events, accounting } = fixture('output-format-json');
    expect(events.map((e) => e.kind)).toEqual(['session', 'notice', 'text', 'usage', 'session']);
    expect(accounting.events).toBe(1);
    expect(accounting.ignored).toBe(accounting.lines - 1);
    expect(ofKind(events, 'usage')[0]).toMatchObject({
      kind: 'usage',
      cumulative: true,
      model: 'gemini-2.5-pro',
      inputTokens: 12210,
      outputTokens: 95,
      reasoningTokens: 175,
      cacheReadTokens: 8100,
    });
    // The per-model SessionMetrics, only Gemini's, kept as they are.
    expect(Object.keys(ofKind(events, 'usage')[0]?.providerMetadata?.gemini?.models as object)).toEqual(['gemini-2.5-flash-lite', 'gemini-2.5-pro']);
  });

  it('reads the fatal error object {session_id, error:{type,message,code}}', () => {
    const { events } = fixture('output-format-json-error');
    expect(events).toEqual([
      { kind: 'session', phase: 'start', sessionId: SID },
      expect.objectContaining({ kind: 'error', fatal: true, code: 'FatalTurnLimitedError' }),
      { kind: 'session', phase: 'end', status: 'error' },
    ]);
  });

  it('gives back the lines of a document that never closes as malformed, and shows nothing', () => {
    const { events, accounting } = run(['{', '  "session_id": "s",', '  "response": "cut']);
    expect(events).toEqual([]);
    expect(accounting).toEqual({ lines: 3, events: 0, ignored: 0, malformed: 3, unknown: 0, unexplained: 0, atEnd: 0, partial: 0 });
  });

  it('gives up a document larger than maxDocumentChars', () => {
    const source = createGeminiSource({ maxDocumentChars: 20 });
    const { diagnostics } = replayLines(source, ['{', `  "response": "${'x'.repeat(40)}"`, '}']);
    expect(diagnostics[0]?.reason).toMatch(/larger than 20 characters/);
  });
});

describe('hostile and odd input', () => {
  it('reads no field through __proto__ and leaves Object.prototype alone', () => {
    const { events } = run([
      '{"type":"init","timestamp":"t","__proto__":{"session_id":"evil","model":"evil"}}',
      '{"type":"tool_use","timestamp":"t","tool_name":"read_file","tool_id":"r1","parameters":{"__proto__":{"file_path":"/evil"}}}',
      '{"type":"result","timestamp":"t","status":"success","stats":{"__proto__":{"input_tokens":9}}}',
      '{"type":"constructor","timestamp":"t"}',
      '{"type":"toString","timestamp":"t"}',
    ]);
    expect(events[0]).toEqual({ kind: 'session', phase: 'start' });
    // The own `__proto__` key is shown as JSON text (no known field): `/evil` is never read as a path.
    expect(ofKind(events, 'tool-use')[0]?.arg).toBe('{"__proto__":{"file_path":"/evil"}}');
    expect(ofKind(events, 'usage')).toEqual([]);
    expect(({} as Record<string, unknown>).session_id).toBeUndefined();
  });

  it('takes explicit nulls for optional fields', () => {
    const { events, accounting } = run([
      { type: 'init', timestamp: null, session_id: null, model: null },
      { type: 'message', timestamp: T, role: 'assistant', content: 'Hi', delta: null },
      { type: 'tool_use', timestamp: T, tool_name: 'glob', tool_id: 'g', parameters: null },
      { type: 'tool_result', timestamp: T, tool_id: 'g', status: 'success', output: null, error: null },
      { type: 'result', timestamp: T, status: 'success', error: null, stats: null },
    ]);
    expect(accounting.malformed + accounting.unknown).toBe(0);
    expect(events.map((e) => e.kind)).toEqual(['session', 'text', 'tool-use', 'tool-result', 'session']);
  });

  it('reports wrong shapes as malformed and unknown roles and types as unknown', () => {
    const { diagnostics } = run([
      { type: 'message', role: 'assistant', content: 5 },
      { type: 'tool_use', tool_name: 'x' },
      { type: 'tool_result', tool_id: 'x', status: 'done' },
      { type: 'error', severity: 'error' },
      { type: 'result', status: 'ok' },
      { type: 7 },
      [1, 2],
      { role: 'assistant' },
      { type: 'message', role: 'system', content: 'x' },
    ]);
    expect(diagnostics.map((d) => d.outcome)).toEqual([
      'malformed',
      'malformed',
      'malformed',
      'malformed',
      'malformed',
      'malformed',
      'malformed',
      'unknown',
      'unknown',
    ]);
  });
});
