import { replayLines, summarizeToolResult, type DisplayEvent, type ToolResultDisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { geminiSource } from './index.js';

// One test per quirk of docs/formats/gemini.md, each on hand-written lines,
// with the exact events derived from the format notes.

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

const start: DisplayEvent = { kind: 'session', phase: 'start', sessionId: SID, model: 'auto-gemini-2.5', timestamp: T };
const end = (status: 'success' | 'error' | 'cancelled' | 'incomplete', extra: object = {}): DisplayEvent => ({
  kind: 'session',
  phase: 'end',
  status,
  ...extra,
});

function run(lines: (string | object)[]) {
  return replayLines(
    geminiSource,
    lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))),
  );
}

function results(events: DisplayEvent[]): ToolResultDisplayEvent[] {
  return events.filter((event): event is ToolResultDisplayEvent => event.kind === 'tool-result');
}

describe('gemini.md quirks', () => {
  it('1. no reasoning, and edits and writes end without output, summarised from their path', () => {
    const edit = { file_path: '/w/a.ts', old_string: 'a', new_string: 'b', instruction: 'x' };
    const write = { file_path: '/w/b.ts', content: 'x' };
    const { events } = run([
      init,
      use('replace', 'replace__1', edit),
      ok('replace__1'),
      use('write_file', 'write_file__2', write),
      ok('write_file__2'),
      result('success'),
    ]);
    expect(events).toEqual([
      start,
      { kind: 'tool-use', id: 'replace__1', name: 'Edit', toolName: 'replace', toolKind: 'edit', arg: '/w/a.ts', input: edit },
      { kind: 'tool-result', id: 'replace__1', name: 'Edit', toolKind: 'edit', status: 'success', outputState: 'unavailable', details: { path: '/w/a.ts' } },
      { kind: 'tool-use', id: 'write_file__2', name: 'Write', toolName: 'write_file', toolKind: 'edit', arg: '/w/b.ts', input: write },
      {
        kind: 'tool-result',
        id: 'write_file__2',
        name: 'Write',
        toolKind: 'edit',
        status: 'success',
        outputState: 'unavailable',
        details: { path: '/w/b.ts' },
      },
      end('success'),
    ]);
    expect(results(events).map(summarizeToolResult)).toEqual(['Updated /w/a.ts', 'Wrote /w/b.ts']);
  });

  it('1. a read_file output is a display string: "" is a whole read, not an empty file, and no length is made up', () => {
    const { events } = run([
      init,
      use('read_file', 'read_file__1', { file_path: 'README.md' }),
      ok('read_file__1', ''),
      use('read_file', 'read_file__2', { file_path: 'big.ts', start_line: 1, end_line: 10 }),
      ok('read_file__2', 'Read lines 1-10 of 420 from big.ts'),
    ]);
    expect(results(events)).toEqual([
      {
        kind: 'tool-result',
        id: 'read_file__1',
        name: 'Read',
        toolKind: 'read',
        status: 'success',
        outputState: 'unavailable',
        details: { path: 'README.md' },
      },
      {
        kind: 'tool-result',
        id: 'read_file__2',
        name: 'Read',
        toolKind: 'read',
        status: 'success',
        outputState: 'text',
        output: 'Read lines 1-10 of 420 from big.ts',
        details: { path: 'big.ts' },
      },
    ]);
    expect(results(events).map(summarizeToolResult)).toEqual(['Read README.md', 'Read big.ts']);
  });

  it('1. a search output is a summary line, so no match count is made up from it', () => {
    const { events } = run([init, use('glob', 'glob__1', { pattern: '**/*.ts' }), ok('glob__1', 'Found 12 matching file(s)')]);
    expect(results(events)).toEqual([
      {
        kind: 'tool-result',
        id: 'glob__1',
        name: 'Glob',
        toolKind: 'search',
        status: 'success',
        outputState: 'text',
        output: 'Found 12 matching file(s)',
        details: {},
      },
    ]);
    expect(summarizeToolResult(results(events)[0] as ToolResultDisplayEvent)).toBe('Completed Glob');
  });

  it('2. usage is read from the stats of every version: v0.11, v0.22 (cached), v0.34 (models)', () => {
    const v011 = { total_tokens: 7386, input_tokens: 7352, output_tokens: 16, duration_ms: 4120, tool_calls: 2 };
    const v022 = { ...v011, cached: 7000, input: 352 };
    const models = {
      'gemini-2.5-flash-lite': { total_tokens: 100, input_tokens: 90, output_tokens: 10, cached: 0, input: 90 },
      'gemini-2.5-pro': { total_tokens: 7286, input_tokens: 7262, output_tokens: 6, cached: 7000, input: 262 },
    };
    const v034 = { ...v022, models };
    expect(run([init, result('success', { stats: v011 })]).events).toEqual([
      start,
      { kind: 'usage', cumulative: true, inputTokens: 7352, outputTokens: 16 },
      end('success', { durationMs: 4120 }),
    ]);
    expect(run([init, result('success', { stats: v022 })]).events[1]).toEqual({
      kind: 'usage',
      cumulative: true,
      inputTokens: 7352,
      outputTokens: 16,
      cacheReadTokens: 7000,
    });
    // The model is the one that served most tokens; the per-model stats are kept as Gemini's own.
    expect(run([init, result('success', { stats: v034 })]).events[1]).toEqual({
      kind: 'usage',
      cumulative: true,
      model: 'gemini-2.5-pro',
      inputTokens: 7352,
      outputTokens: 16,
      cacheReadTokens: 7000,
      providerMetadata: { gemini: { models } },
    });
    expect(run([init, result('success', { stats: { total_tokens: 'many', models: null } })]).events).toEqual([start, end('success')]);
  });

  it('3. tool ids of v0.11 (<name>-<ms>-<hex>) and v0.43 (<name>__<id>) correlate as opaque strings', () => {
    const { events } = run([
      init,
      use('read_file', 'read_file-1761734190726-4dfc76eb0c846', { absolute_path: '/w/a.ts' }),
      use('read_file', 'read_file__synth_p1_1767225600000_0', { file_path: '/w/b.ts' }),
      ok('read_file__synth_p1_1767225600000_0', 'Read all 3 lines from b.ts'),
      ok('read_file-1761734190726-4dfc76eb0c846', 'Read all 9 lines from a.ts'),
    ]);
    expect(events).toEqual([
      start,
      {
        kind: 'tool-use',
        id: 'read_file-1761734190726-4dfc76eb0c846',
        name: 'Read',
        toolName: 'read_file',
        toolKind: 'read',
        arg: '/w/a.ts',
        input: { absolute_path: '/w/a.ts' },
      },
      {
        kind: 'tool-use',
        id: 'read_file__synth_p1_1767225600000_0',
        name: 'Read',
        toolName: 'read_file',
        toolKind: 'read',
        arg: '/w/b.ts',
        input: { file_path: '/w/b.ts' },
      },
      {
        kind: 'tool-result',
        id: 'read_file__synth_p1_1767225600000_0',
        name: 'Read',
        toolKind: 'read',
        status: 'success',
        outputState: 'text',
        output: 'Read all 3 lines from b.ts',
        details: { path: '/w/b.ts' },
      },
      {
        kind: 'tool-result',
        id: 'read_file-1761734190726-4dfc76eb0c846',
        name: 'Read',
        toolKind: 'read',
        status: 'success',
        outputState: 'text',
        output: 'Read all 9 lines from a.ts',
        details: { path: '/w/a.ts' },
      },
      end('incomplete'),
    ]);
  });

  it('4. an invalid stream: the result with status error and no error takes the message of the error event before it', () => {
    const message = 'The model returned an empty response.';
    expect(run([init, { type: 'error', timestamp: T, severity: 'error', message }, result('error')]).events).toEqual([
      start,
      { kind: 'error', message, fatal: false },
      { kind: 'error', message, fatal: true },
      end('error'),
    ]);
    expect(run([init, result('error')]).events).toEqual([
      start,
      { kind: 'error', message: 'Gemini CLI ended the run with an error and no message', fatal: true },
      end('error'),
    ]);
  });

  it('5. fatal results report duration_ms 0, which is no duration; a cancellation ends cancelled', () => {
    const stats = { total_tokens: 120, input_tokens: 100, output_tokens: 20, duration_ms: 0, tool_calls: 0 };
    const turnLimit = { type: 'FatalTurnLimitedError', message: 'Reached max session turns for this session.' };
    expect(run([init, result('error', { error: turnLimit, stats })]).events).toEqual([
      start,
      { kind: 'error', message: 'Reached max session turns for this session.', fatal: true, code: 'FatalTurnLimitedError' },
      { kind: 'usage', cumulative: true, inputTokens: 100, outputTokens: 20 },
      end('error'),
    ]);
    const cancelled = { type: 'FatalCancellationError', message: 'Operation cancelled.' };
    expect(run([init, result('error', { error: cancelled, stats: { duration_ms: 0 } })]).events).toEqual([
      start,
      { kind: 'error', message: 'Operation cancelled.', fatal: true, code: 'FatalCancellationError' },
      end('cancelled'),
    ]);
  });

  it('6. an empty or init-less stream (auth failure, exit 41) shows nothing; a stream cut before init starts its session', () => {
    expect(run([]).events).toEqual([]);
    const initless = run(['[STARTUP] StartupProfiler.flush() called with 9 phases', 'Please set an Auth method in your settings.json']);
    expect(initless.events).toEqual([]);
    expect(initless.accounting).toEqual({ lines: 2, events: 0, ignored: 1, malformed: 1, unknown: 0, unexplained: 0, atEnd: 0, partial: 0 });
    expect(run([delta('Hi')]).events).toEqual([{ kind: 'session', phase: 'start' }, { kind: 'text', id: 'message-1', text: 'Hi' }, end('incomplete')]);
  });

  it('7. stderr log lines mixed in are ignored with a reason; other text is malformed', () => {
    const { events, accounting, diagnostics } = run([
      'Loaded cached credentials.',
      init,
      '[WARNING] Skipping unreadable directory',
      delta('Hi'),
      'a foreign line',
      result('success'),
    ]);
    expect(events).toEqual([start, { kind: 'text', id: 'message-1', text: 'Hi' }, end('success')]);
    expect(accounting).toEqual({ lines: 6, events: 3, ignored: 2, malformed: 1, unknown: 0, unexplained: 0, atEnd: 0, partial: 0 });
    expect(diagnostics).toEqual([{ line: 5, outcome: 'malformed', reason: 'not JSON', excerpt: 'a foreign line' }]);
    // Only a line that is exactly `[` or `{` opens a multi-line document; `[STARTUP] x` must not.
    expect(run(['[STARTUP] x', init, delta('Hi'), result('success')]).events).toEqual([start, { kind: 'text', id: 'message-1', text: 'Hi' }, end('success')]);
  });

  it('8. raw output mode: ANSI colours are removed from text and tool output, other sequences shown visibly', () => {
    const { events } = run([
      init,
      delta('\u001b[1mbold\u001b[22m and \u001b]8;;https://x.test\u0007link\u001b]8;;\u0007\r\n'),
      use('run_shell_command', 'run_shell_command__1', { command: 'ls --color' }),
      ok('run_shell_command__1', '\u001b[34msrc\u001b[0m\r\n\u009b31mtest\u009b0m'),
    ]);
    expect(events).toEqual([
      start,
      { kind: 'text', id: 'message-1', text: 'bold and \\x1b]8;;https://x.test\\x07link\\x1b]8;;\\x07\n' },
      {
        kind: 'tool-use',
        id: 'run_shell_command__1',
        name: 'Bash',
        toolName: 'run_shell_command',
        toolKind: 'execute',
        arg: 'ls --color',
        input: { command: 'ls --color' },
      },
      {
        kind: 'tool-result',
        id: 'run_shell_command__1',
        name: 'Bash',
        toolKind: 'execute',
        status: 'success',
        outputState: 'text',
        output: 'src\ntest',
        details: {},
      },
      end('incomplete'),
    ]);
  });

  it('9. the user message is the raw input echo: a prompt without its trailing newlines; a slash command stays literal', () => {
    const { events, accounting } = run([
      init,
      { type: 'message', timestamp: T, role: 'user', content: 'Say hello\n\n\n' },
      { type: 'message', timestamp: T, role: 'user', content: '/compress' },
      delta('Hello.'),
    ]);
    expect(events).toEqual([
      start,
      { kind: 'prompt', form: 'prompt', text: 'Say hello' },
      { kind: 'prompt', form: 'prompt', text: '/compress' },
      { kind: 'text', id: 'message-1', text: 'Hello.' },
      end('incomplete'),
    ]);
    expect(accounting.ignored).toBe(0);
  });

  it('10. the ADK path: RESOURCE_EXHAUSTED and the turn limit as severity error stay non-fatal', () => {
    const { events } = run([
      init,
      { type: 'error', timestamp: T, severity: 'error', message: 'RESOURCE_EXHAUSTED: quota exceeded, retrying' },
      delta('Done.'),
      { type: 'error', timestamp: T, severity: 'error', message: 'Maximum session turns exceeded' },
      { type: 'error', timestamp: T, severity: 'warning', message: 'Loop detected, stopping execution' },
      result('success'),
    ]);
    expect(events).toEqual([
      start,
      { kind: 'error', message: 'RESOURCE_EXHAUSTED: quota exceeded, retrying', fatal: false },
      { kind: 'text', id: 'message-1', text: 'Done.' },
      { kind: 'error', message: 'Maximum session turns exceeded', fatal: false },
      { kind: 'notice', level: 'warning', message: 'Loop detected, stopping execution' },
      end('success'),
    ]);
  });

  it('11. key order does not matter (the docs example puts timestamp last)', () => {
    const shuffled = run([
      `{"model":"auto-gemini-2.5","session_id":"${SID}","type":"init","timestamp":"${T}"}`,
      '{"delta":true,"content":"Hi","role":"assistant","type":"message","timestamp":"' + T + '"}',
      `{"status":"success","type":"result","timestamp":"${T}"}`,
    ]);
    expect(shuffled.events).toEqual([start, { kind: 'text', id: 'message-1', text: 'Hi' }, end('success')]);
  });

  it('12. a very long shell output line is read whole', () => {
    const output = 'x'.repeat(2_000_000);
    const { events } = run([init, use('run_shell_command', 'run_shell_command__1', { command: 'cat big' }), ok('run_shell_command__1', output)]);
    expect(results(events)).toEqual([
      { kind: 'tool-result', id: 'run_shell_command__1', name: 'Bash', toolKind: 'execute', status: 'success', outputState: 'text', output, details: {} },
    ]);
  });

  it('no reasoning in any fixture (quirk 1)', () => {
    for (const fixture of listFixtures('gemini')) {
      expect(
        run(readFixtureLines(fixture)).events.filter((event) => event.kind === 'reasoning'),
        fixture.scenario,
      ).toEqual([]);
    }
  });
});

describe('shell results (#18)', () => {
  const shell = (output: string) => run([init, use('run_shell_command', 'run_shell_command__1', { command: 'npm test' }), ok('run_shell_command__1', output)]);

  it('the report of debug mode, which quotes the command first, says the output, stderr and exit code apart', () => {
    const report =
      'Command: npm test\nDirectory: (root)\nOutput: \n> demo@1.0.0 test\nTests  2 passed (2)\nError: (none)\nExit Code: 0\nSignal: (none)\nBackground PIDs: (none)\nProcess Group PGID: 4242';
    const [done] = results(shell(report).events);
    expect(done).toEqual({
      kind: 'tool-result',
      id: 'run_shell_command__1',
      name: 'Bash',
      toolKind: 'execute',
      status: 'success',
      outputState: 'text',
      output: '\n> demo@1.0.0 test\nTests  2 passed (2)',
      details: { exitCode: 0 },
    });
    expect(summarizeToolResult(done as ToolResultDisplayEvent)).toBe('Completed Bash (exit 0): Tests 2 passed (2)');
  });

  it('the display of a command that printed nothing says its exit code, and the command failed', () => {
    const [done] = results(shell('Command exited with code: 2').events);
    expect(done).toEqual({
      kind: 'tool-result',
      id: 'run_shell_command__1',
      name: 'Bash',
      toolKind: 'execute',
      status: 'error',
      outputState: 'text',
      output: 'Command exited with code: 2',
      details: { exitCode: 2 },
    });
  });

  it('a plain output is the output, with no exit code made up', () => {
    const [done] = results(shell(' Test Files  1 passed (1)\n').events);
    expect(done?.details).toEqual({});
    expect(summarizeToolResult(done as ToolResultDisplayEvent)).toBe('Completed Bash: Test Files 1 passed (1)');
  });
});
