import { collectDisplayOutput, replayLines, summarizeToolResult, type DisplayEvent, type ToolResultDisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { createGeminiSource, geminiSource } from './index.js';

const T = '2026-01-01T00:00:00.000Z';
const SID = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
const init = { type: 'init', timestamp: T, session_id: SID, model: 'auto-gemini-2.5' };
const delta = (content: string) => ({ type: 'message', timestamp: T, role: 'assistant', content, delta: true });
const use = (tool_name: string, tool_id: string, parameters: unknown) => ({ type: 'tool_use', timestamp: T, tool_name, tool_id, parameters });
const ok = (tool_id: string, output?: string) => ({ type: 'tool_result', timestamp: T, tool_id, status: 'success', ...(output === undefined ? {} : { output }) });
const result = (status: 'success' | 'error', extra: object = {}) => ({ type: 'result', timestamp: T, status, ...extra });

function run(lines: (string | object)[]) {
  return replayLines(geminiSource, lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))));
}

function ofKind<K extends DisplayEvent['kind']>(events: DisplayEvent[], kind: K): Extract<DisplayEvent, { kind: K }>[] {
  return events.filter((event): event is Extract<DisplayEvent, { kind: K }> => event.kind === kind);
}

function fixture(scenario: string) {
  const found = listFixtures('gemini').find((f) => f.scenario === scenario);
  if (found === undefined) throw new Error(`no fixture ${scenario}`);
  return run(readFixtureLines(found));
}

describe('gemini.md quirks', () => {
  it('quirk 1: no reasoning, and edit and write results without output still close their call with the right summary', () => {
    const { events } = run([
      init,
      use('replace', 'replace__1', { file_path: '/w/a.ts', old_string: 'a', new_string: 'b', instruction: 'x' }),
      ok('replace__1'),
      use('write_file', 'write_file__2', { file_path: '/w/b.ts', content: 'x' }),
      ok('write_file__2'),
      result('success'),
    ]);
    const results = ofKind(events, 'tool-result');
    expect(results.map((r) => [r.id, r.status, r.outputState, summarizeToolResult(r)])).toEqual([
      ['replace__1', 'success', 'unavailable', 'Updated /w/a.ts'],
      ['write_file__2', 'success', 'unavailable', 'Wrote /w/b.ts'],
    ]);
    for (const scenario of listFixtures('gemini')) {
      expect(ofKind(run(readFixtureLines(scenario)).events, 'reasoning')).toEqual([]);
    }
  });

  it('quirk 1: a read_file output is a display string, never file content: "" is not an empty file', () => {
    const { events } = run([
      init,
      use('read_file', 'read_file__1', { file_path: 'README.md' }),
      ok('read_file__1', ''),
      use('read_file', 'read_file__2', { file_path: 'big.ts', start_line: 1, end_line: 10 }),
      ok('read_file__2', 'Read lines 1-10 of 420 from big.ts'),
    ]);
    const [whole, part] = ofKind(events, 'tool-result') as [ToolResultDisplayEvent, ToolResultDisplayEvent];
    expect(whole.outputState).toBe('unavailable');
    expect(whole.output).toBeUndefined();
    expect(summarizeToolResult(whole)).toBe('Read README.md');
    expect(part.output).toBe('Read lines 1-10 of 420 from big.ts');
    expect(part.details.contentLength).toBeUndefined();
    expect(summarizeToolResult(part)).toBe('Read big.ts');
  });

  it('quirk 1: search outputs are summaries, so no match counts are made up from them', () => {
    const { events } = run([init, use('glob', 'glob__1', { pattern: '**/*.ts' }), ok('glob__1', 'Found 12 matching file(s)')]);
    const [found] = ofKind(events, 'tool-result');
    expect(found?.details.matchCount).toBeUndefined();
    expect(summarizeToolResult(found as ToolResultDisplayEvent)).toBe('Completed Glob');
  });

  it('quirk 2: usage is read from the stats of every version', () => {
    const v011 = { total_tokens: 7386, input_tokens: 7352, output_tokens: 16, duration_ms: 4120, tool_calls: 2 };
    const v022 = { ...v011, cached: 7000, input: 352 };
    const v034 = { ...v022, models: { 'gemini-2.5-flash-lite': { total_tokens: 100, input_tokens: 90, output_tokens: 10, cached: 0, input: 90 }, 'gemini-2.5-pro': { total_tokens: 7286, input_tokens: 7262, output_tokens: 6, cached: 7000, input: 262 } } };
    const usage = (stats: object) => ofKind(run([init, result('success', { stats })]).events, 'usage');
    expect(usage(v011)).toEqual([{ kind: 'usage', cumulative: true, inputTokens: 7352, outputTokens: 16 }]);
    expect(usage(v022)).toEqual([{ kind: 'usage', cumulative: true, inputTokens: 7352, outputTokens: 16, cacheReadTokens: 7000 }]);
    expect(usage(v034)).toEqual([
      { kind: 'usage', cumulative: true, model: 'gemini-2.5-pro', inputTokens: 7352, outputTokens: 16, cacheReadTokens: 7000, providerMetadata: { gemini: { models: v034.models } } },
    ]);
    expect(usage({ total_tokens: 'many', models: null })).toEqual([]);
    const end = ofKind(run([init, result('success', { stats: v011 })]).events, 'session').at(-1);
    expect(end).toEqual({ kind: 'session', phase: 'end', status: 'success', durationMs: 4120 });
  });

  it('quirk 3: tool ids of both formats correlate, as opaque strings', () => {
    const { events } = run([
      init,
      use('read_file', 'read_file-1761734190726-4dfc76eb0c846', { absolute_path: '/w/a.ts' }),
      use('read_file', 'read_file__synth_p1_1767225600000_0', { file_path: '/w/b.ts' }),
      ok('read_file__synth_p1_1767225600000_0', ''),
      ok('read_file-1761734190726-4dfc76eb0c846', ''),
    ]);
    expect(ofKind(events, 'tool-use').map((e) => [e.id, e.arg])).toEqual([
      ['read_file-1761734190726-4dfc76eb0c846', '/w/a.ts'],
      ['read_file__synth_p1_1767225600000_0', '/w/b.ts'],
    ]);
    expect(ofKind(events, 'tool-result').map((e) => [e.id, e.name, e.details.path])).toEqual([
      ['read_file__synth_p1_1767225600000_0', 'Read', '/w/b.ts'],
      ['read_file-1761734190726-4dfc76eb0c846', 'Read', '/w/a.ts'],
    ]);
  });

  it('quirk 4: a result with status error and no error takes the message of the error event before it', () => {
    const { events } = fixture('invalid-stream');
    const errors = ofKind(events, 'error');
    expect(errors.map((e) => e.fatal)).toEqual([false, true]);
    expect(errors[1]?.message).toBe(errors[0]?.message);
    expect(errors[1]?.message).toMatch(/^The model returned an empty response/);
    expect(events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'error' });
    const bare = run([init, result('error')]).events;
    expect(ofKind(bare, 'error')).toEqual([{ kind: 'error', message: 'Gemini CLI ended the run with an error and no message', fatal: true }]);
  });

  it('quirk 5: fatal results report duration_ms 0, which is no duration', () => {
    const { events } = fixture('fatal-turn-limit');
    const end = events.at(-1);
    expect(end).toEqual({ kind: 'session', phase: 'end', status: 'error' });
    expect(ofKind(events, 'error')).toEqual([
      expect.objectContaining({ fatal: true, code: 'FatalTurnLimitedError', message: expect.stringMatching(/^Reached max session turns/) }),
    ]);
    const cancelled = run([init, result('error', { error: { type: 'FatalCancellationError', message: 'Operation cancelled.' }, stats: { duration_ms: 0 } })]);
    expect(cancelled.events.at(-1)).toEqual({ kind: 'session', phase: 'end', status: 'cancelled' });
  });

  it('quirk 6: an empty or init-less stream (auth failure, exit 41) ends incomplete', () => {
    expect(run([]).events).toEqual([{ kind: 'session', phase: 'end', status: 'incomplete' }]);
    const initless = run(['[STARTUP] StartupProfiler.flush() called with 9 phases', 'Please set an Auth method in your settings.json']);
    expect(initless.events).toEqual([{ kind: 'session', phase: 'end', status: 'incomplete' }]);
    expect(initless.accounting).toMatchObject({ lines: 2, ignored: 1, malformed: 1 });
  });

  it('quirk 7: non-JSON noise lines are accounted for, and "[STARTUP] x" is no JSON array', () => {
    const { events, accounting, diagnostics } = fixture('noise-and-unknown');
    expect(accounting).toEqual({ lines: 13, events: 5, ignored: 4, malformed: 2, unknown: 2, unexplained: 0, atEnd: 0, partial: 0 });
    expect(diagnostics.map((d) => [d.line, d.outcome, d.reason])).toEqual([
      [6, 'unknown', 'unknown event type "session_summary"'],
      [7, 'malformed', 'not JSON'],
      [10, 'malformed', 'not JSON'],
      [11, 'unknown', 'unknown event type "checkpoint"'],
    ]);
    expect(collectDisplayOutput(events)).toBe('Hello! How can I help?\n');
    // Only a line that is exactly `[` or `{` opens a multi-line document; a log line must not.
    expect(run(['[STARTUP] x', init, delta('Hi'), result('success')]).events.map((e) => e.kind)).toEqual(['session', 'text', 'session']);
  });

  it('quirk 8: ANSI colours in raw output mode are removed from text and tool output, other sequences shown visibly', () => {
    const { events } = run([
      init,
      delta('\u001b[1mbold\u001b[22m and \u001b]8;;https://x.test\u0007link\u001b]8;;\u0007\r\n'),
      use('run_shell_command', 'run_shell_command__1', { command: 'ls --color' }),
      ok('run_shell_command__1', '\u001b[34msrc\u001b[0m\r\n\u009b31mtest\u009b0m'),
    ]);
    expect(ofKind(events, 'text')[0]?.text).toBe('bold and \\x1b]8;;https://x.test\\x07link\\x1b]8;;\\x07\n');
    expect(ofKind(events, 'tool-result')[0]?.output).toBe('src\ntest');
  });

  it('quirk 9: the user message is the raw input echo: a prompt without its trailing newlines, never assistant text', () => {
    const { events, accounting } = run([
      init,
      { type: 'message', timestamp: T, role: 'user', content: 'Say hello\n\n\n' },
      { type: 'message', timestamp: T, role: 'user', content: '/compress' },
      delta('Hello.'),
    ]);
    expect(ofKind(events, 'text').map((e) => e.text)).toEqual(['Hello.']);
    expect(ofKind(events, 'prompt')).toEqual([
      { kind: 'prompt', form: 'prompt', text: 'Say hello' },
      { kind: 'prompt', form: 'prompt', text: '/compress' },
    ]);
    expect(accounting.ignored).toBe(0);
  });

  it('quirk 10: the ADK path maps the same events; RESOURCE_EXHAUSTED as severity error stays non-fatal', () => {
    const { events } = run([
      init,
      { type: 'error', timestamp: T, severity: 'error', message: 'RESOURCE_EXHAUSTED: quota exceeded, retrying' },
      delta('Done.'),
      { type: 'error', timestamp: T, severity: 'error', message: 'Maximum session turns exceeded' },
      result('success'),
    ]);
    expect(ofKind(events, 'error').map((e) => [e.message, e.fatal])).toEqual([
      ['RESOURCE_EXHAUSTED: quota exceeded, retrying', false],
      ['Maximum session turns exceeded', false],
    ]);
    expect(events.at(-1)).toEqual({ kind: 'session', phase: 'end', status: 'success' });
  });

  it('quirk 11: key order does not matter (the docs example puts timestamp last)', () => {
    const ordered = run([init, delta('Hi'), result('success')]).events;
    const shuffled = run([
      '{"model":"auto-gemini-2.5","session_id":"' + SID + '","type":"init","timestamp":"' + T + '"}',
      '{"delta":true,"content":"Hi","role":"assistant","type":"message","timestamp":"' + T + '"}',
      '{"status":"success","type":"result","timestamp":"' + T + '"}',
    ]).events;
    expect(shuffled).toEqual(ordered);
  });

  it('quirk 12: a very long tool output line is read whole', () => {
    const output = 'x'.repeat(2_000_000);
    const { events } = run([init, use('run_shell_command', 'run_shell_command__1', { command: 'cat big' }), ok('run_shell_command__1', output)]);
    expect(ofKind(events, 'tool-result')[0]?.output).toHaveLength(2_000_000);
  });
});

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
    expect(ofKind(copy.events, 'text').map((e) => e.text).join('')).toBe('Hello world');
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
    const { events } = run([init, use('run_shell_command', 'run_shell_command__1', { command: 'cat x.json' }), ok('run_shell_command__1', '{"output":"inner"}')]);
    expect(ofKind(events, 'tool-result')[0]?.output).toBe('{"output":"inner"}');
  });
});

describe('--output-format json', () => {
  it('reads the pretty-printed document as one run', () => {
    const { events, accounting } = fixture('output-format-json');
    expect(events.map((e) => e.kind)).toEqual(['session', 'notice', 'text', 'usage', 'session']);
    expect(accounting.events).toBe(1);
    expect(accounting.ignored).toBe(accounting.lines - 1);
    expect(ofKind(events, 'usage')[0]).toMatchObject({ kind: 'usage', cumulative: true, model: 'gemini-2.5-pro', inputTokens: 12210, outputTokens: 95, reasoningTokens: 175, cacheReadTokens: 8100 });
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

  it('gives back the lines of a document that never closes as malformed and ends the run incomplete', () => {
    const { events, accounting } = run(['{', '  "session_id": "s",', '  "response": "cut']);
    expect(events).toEqual([{ kind: 'session', phase: 'end', status: 'incomplete' }]);
    expect(accounting).toMatchObject({ lines: 3, ignored: 0, malformed: 3 });
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
    expect(diagnostics.map((d) => d.outcome)).toEqual(['malformed', 'malformed', 'malformed', 'malformed', 'malformed', 'malformed', 'malformed', 'unknown', 'unknown']);
  });
});
