import { aggregateRun, collectDisplayOutput, replayLines, type DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { codexSource, detectCodex } from './index.js';

type Line = string | Record<string, unknown> | unknown[];

function run(...lines: Line[]) {
  return replayLines(
    codexSource,
    lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))),
  );
}

const thread = (id = 'thread-1') => ({ type: 'thread.started', thread_id: id });
const turn = { type: 'turn.started' };
const completed = (usage: Record<string, unknown> = { input_tokens: 10, cached_input_tokens: 0, output_tokens: 5 }) => ({ type: 'turn.completed', usage });
const item = (phase: 'started' | 'updated' | 'completed', body: Record<string, unknown>) => ({ type: `item.${phase}`, item: body });
const command = (id: string, commandLine: string, rest: Record<string, unknown> = {}) => ({
  id,
  type: 'command_execution',
  command: commandLine,
  aggregated_output: '',
  status: 'in_progress',
  ...rest,
});
const legacy = (msg: Record<string, unknown>, id = '1') => ({ id, msg });

const start = (id = 'thread-1'): DisplayEvent => ({ kind: 'session', phase: 'start', sessionId: id });
const end = (status: string, extra: Record<string, unknown> = {}): DisplayEvent =>
  ({ kind: 'session', phase: 'end', status, sessionId: 'thread-1', ...extra }) as DisplayEvent;
const usage10: DisplayEvent = { kind: 'usage', cumulative: true, inputTokens: 10, cacheReadTokens: 0, outputTokens: 5 };
const bashUse = (id: string, arg: string, commandLine: string): DisplayEvent => ({
  kind: 'tool-use',
  id,
  name: 'Bash',
  toolName: 'command_execution',
  toolKind: 'execute',
  arg,
  input: { command: commandLine },
});

// One test per quirk of docs/formats/codex.md, on hand-written lines, with
// the exact events derived from the format notes.
describe('codex.md quirks', () => {
  it('1. usage is cumulative per thread: replaced, never summed', () => {
    const { events } = run(
      thread(),
      turn,
      completed({ input_tokens: 100, cached_input_tokens: 40, output_tokens: 10 }),
      thread(),
      turn,
      completed({ input_tokens: 250, cached_input_tokens: 90, output_tokens: 30 }),
    );
    expect(events).toEqual([
      start(),
      { kind: 'usage', cumulative: true, inputTokens: 100, cacheReadTokens: 40, outputTokens: 10 },
      end('success', { turns: 1 }),
      { kind: 'usage', cumulative: true, inputTokens: 250, cacheReadTokens: 90, outputTokens: 30 },
      end('success', { turns: 2 }),
    ]);
    expect(aggregateRun(events).usage).toMatchObject({ inputTokens: 250, cacheReadTokens: 90, outputTokens: 30 });
  });

  it('2. field presence varies by version: exit_code absent or null, usage with 3 to 5 fields', () => {
    const { events, accounting } = run(
      thread(),
      turn,
      item('started', command('item_0', 'bash -lc ls')),
      item('completed', command('item_0', 'bash -lc ls', { aggregated_output: 'a\n', exit_code: 0, status: 'completed' })),
      item('started', command('item_1', 'bash -lc pwd', { exit_code: null })),
      item('completed', command('item_1', 'bash -lc pwd', { aggregated_output: '/w\n', exit_code: 0, status: 'completed' })),
      completed({ input_tokens: 10, cached_input_tokens: 2, output_tokens: 5, reasoning_output_tokens: 1, cache_write_input_tokens: 3 }),
    );
    const ok = (id: string, output: string): DisplayEvent => ({
      kind: 'tool-result',
      id,
      name: 'Bash',
      toolKind: 'execute',
      status: 'success',
      outputState: 'text',
      output,
      details: { exitCode: 0 },
    });
    expect(events).toEqual([
      start(),
      bashUse('item_0', 'ls', 'bash -lc ls'),
      ok('item_0', 'a\n'),
      bashUse('item_1', 'pwd', 'bash -lc pwd'),
      ok('item_1', '/w\n'),
      { kind: 'usage', cumulative: true, inputTokens: 10, cacheReadTokens: 2, cacheWriteTokens: 3, outputTokens: 5, reasoningTokens: 1 },
      end('success', { turns: 1 }),
    ]);
    expect(accounting).toEqual({ lines: 7, events: 6, ignored: 1, malformed: 0, unknown: 0, unexplained: 0, atEnd: 0, partial: 0 });
  });

  it('3. an MCP failure with error: null carries its message inside result', () => {
    const result = { content: [{ type: 'text', text: 'issue X-1 not found' }], structured_content: null };
    const { events } = run(
      thread(),
      turn,
      item('completed', {
        id: 'item_0',
        type: 'mcp_tool_call',
        server: 'tracker',
        tool: 'get_issue',
        arguments: { id: 'X-1' },
        result,
        error: null,
        status: 'failed',
      }),
    );
    expect(events).toEqual([
      start(),
      {
        kind: 'tool-use',
        id: 'item_0',
        name: 'tracker.get_issue',
        toolName: 'tracker.get_issue',
        toolKind: 'other',
        arg: '{"id":"X-1"}',
        input: { id: 'X-1' },
      },
      {
        kind: 'tool-result',
        id: 'item_0',
        name: 'tracker.get_issue',
        toolKind: 'other',
        status: 'error',
        outputState: 'text',
        output: 'issue X-1 not found',
        details: { errorMessage: 'issue X-1 not found' },
      },
      end('incomplete', { turns: 1 }),
    ]);
  });

  it('4. an error item before turn.started is a non-fatal error', () => {
    const { events } = run(thread(), item('completed', { id: 'item_0', type: 'error', message: 'config key is deprecated' }), turn, completed());
    expect(events).toEqual([start(), { kind: 'error', message: 'config key is deprecated', fatal: false }, usage10, end('success', { turns: 1 })]);
  });

  it('5. top-level error is not terminal; turn.failed is, and a JSON provider error becomes readable, shown once', () => {
    const body = JSON.stringify({ type: 'error', status: 400, error: { type: 'invalid_request_error', message: 'Unsupported model' } });
    const { events } = run(
      thread(),
      turn,
      { type: 'error', message: 'Reconnecting... 1/5' },
      { type: 'error', message: body },
      { type: 'turn.failed', error: { message: body } },
    );
    expect(events).toEqual([
      start(),
      { kind: 'notice', level: 'warning', message: 'Reconnecting... 1/5' },
      // The forewarning that turn.failed repeats is not shown twice (every recorded version 0.44 to 0.171, api-error-*).
      { kind: 'error', message: 'Unsupported model', fatal: true, code: 'invalid_request_error' },
      end('error', { turns: 1 }),
    ]);
    // One that no turn.failed repeats is shown, before what follows it, or at the end of the stream.
    const kept = run(thread(), turn, { type: 'error', message: 'model metadata missing' }, { type: 'turn.completed', usage: { input_tokens: 1, output_tokens: 1 } });
    expect(kept.events.map((event) => event.kind)).toEqual(['session', 'notice', 'usage', 'session']);
    const cut = run(thread(), turn, { type: 'error', message: 'stream error' });
    expect(cut.events.map((event) => event.kind)).toEqual(['session', 'notice', 'session']);
  });

  it('5. 0.63 puts the HTTP status before the error body: the body is made readable, the status kept', () => {
    // Codex 0.63.0, fixtures/codex/recorded/0.63.0/api-error-400.jsonl (scenario api-error-400).
    const message = 'unexpected status 400 Bad Request: {"error":{"message":"prompt is too long","type":"server_error","code":null}}';
    const { events } = run(thread(), turn, { type: 'error', message }, { type: 'turn.failed', error: { message } });
    const readable = 'unexpected status 400 Bad Request: prompt is too long';
    expect(events).toEqual([
      start(),
      { kind: 'error', message: readable, fatal: true, code: 'server_error' },
      end('error', { turns: 1 }),
    ]);
    // A status followed by text that is no error body is kept as it is.
    const plain = run(thread(), turn, { type: 'turn.failed', error: { message: 'unexpected status 502 Bad Gateway: {not json}' } });
    expect(plain.events[1]).toEqual({ kind: 'error', message: 'unexpected status 502 Bad Gateway: {not json}', fatal: true });
  });

  it('5. a top-level error alone leaves the run open', () => {
    const { events } = run(thread(), turn, { type: 'error', message: 'stream disconnected' });
    expect(events).toEqual([start(), { kind: 'notice', level: 'warning', message: 'stream disconnected' }, end('incomplete', { turns: 1 })]);
  });

  it('6. no terminal event: flush ends the session as incomplete (the two-line stream too)', () => {
    expect(run(thread(), turn).events).toEqual([start(), end('incomplete', { turns: 1 })]);
  });

  it('6. turn.started resets per-turn state: the result, the end, open text', () => {
    const { events } = run(
      thread(),
      turn,
      item('completed', { id: 'item_0', type: 'agent_message', text: 'first answer' }),
      completed(),
      turn,
      completed(),
      turn,
    );
    expect(events).toEqual([
      start(),
      { kind: 'text', id: 'item_0', text: 'first answer' },
      usage10,
      end('success', { turns: 1, result: 'first answer' }),
      usage10,
      end('success', { turns: 2 }),
      end('incomplete', { turns: 3 }),
    ]);
  });

  it('7. thread.started re-emitted with the same id starts no second session; item ids restart without clashing', () => {
    const done = (id: string) => item('completed', command(id, 'bash -lc ls', { exit_code: 0, status: 'completed' }));
    const { events } = run(thread('t-1'), turn, done('item_0'), completed(), thread('t-1'), turn, done('item_0'), completed());
    const result = (id: string): DisplayEvent => ({
      kind: 'tool-result',
      id,
      name: 'Bash',
      toolKind: 'execute',
      status: 'success',
      outputState: 'empty',
      output: '',
      details: { exitCode: 0 },
    });
    expect(events).toEqual([
      start('t-1'),
      bashUse('item_0', 'ls', 'bash -lc ls'),
      result('item_0'),
      usage10,
      { kind: 'session', phase: 'end', status: 'success', sessionId: 't-1', turns: 1 },
      bashUse('2:item_0', 'ls', 'bash -lc ls'),
      result('2:item_0'),
      usage10,
      { kind: 'session', phase: 'end', status: 'success', sessionId: 't-1', turns: 2 },
    ]);
  });

  it('7. another thread id is another session; an open one is closed first', () => {
    const { events } = run(thread('t-1'), turn, thread('t-2'), turn, completed());
    expect(events).toEqual([
      start('t-1'),
      { kind: 'session', phase: 'end', status: 'incomplete', sessionId: 't-1', turns: 1 },
      start('t-2'),
      usage10,
      { kind: 'session', phase: 'end', status: 'success', sessionId: 't-2', turns: 1 },
    ]);
  });

  it('8. shell wrappers are stripped for the preview where clear; legacy argv too; CRLF and escapes are cleaned', () => {
    const quoted = "bash -lc 'echo '\\''hi'\\'''";
    const { events } = run(
      thread(),
      turn,
      item('started', command('a', 'bash -lc ls')),
      item('started', command('b', "/bin/zsh -lc 'ls -la'")),
      item('started', command('c', `bash -lc "grep -n 'x' src/a.ts"`)),
      item('started', command('d', quoted)),
      item('started', command('e', 'pwsh -Command Get-ChildItem')),
      legacy({ type: 'exec_command_begin', call_id: 'f', command: ['bash', '-lc', 'npm test'], cwd: '/w' }),
      item('completed', command('g', 'bash -lc test', { aggregated_output: 'one\r\ntwo\r\n\u001b[31mred\u001b[0m\u0007', exit_code: 0, status: 'completed' })),
    );
    expect(events).toEqual([
      start(),
      bashUse('a', 'ls', 'bash -lc ls'),
      bashUse('b', 'ls -la', "/bin/zsh -lc 'ls -la'"),
      bashUse('c', "grep -n 'x' src/a.ts", `bash -lc "grep -n 'x' src/a.ts"`),
      bashUse('d', quoted, quoted),
      bashUse('e', 'pwsh -Command Get-ChildItem', 'pwsh -Command Get-ChildItem'),
      {
        kind: 'tool-use',
        id: 'f',
        name: 'Bash',
        toolName: 'exec_command',
        toolKind: 'execute',
        arg: 'npm test',
        input: { command: ['bash', '-lc', 'npm test'], cwd: '/w' },
      },
      bashUse('g', 'test', 'bash -lc test'),
      {
        kind: 'tool-result',
        id: 'g',
        name: 'Bash',
        toolKind: 'execute',
        status: 'success',
        outputState: 'text',
        output: 'one\ntwo\nred\\x07',
        details: { exitCode: 0 },
      },
      end('incomplete', { turns: 1 }),
    ]);
  });

  it('9. reasoning is a bold-titled summary, emitted as reasoning and kept out of the text', () => {
    const { events } = run(thread(), turn, item('completed', { id: 'item_0', type: 'reasoning', text: '**Designing**\n**Validating**' }));
    expect(events).toEqual([start(), { kind: 'reasoning', id: 'item_0', text: '**Designing**\n**Validating**' }, end('incomplete', { turns: 1 })]);
    expect(collectDisplayOutput(events)).toBe('');
  });

  it('10. a web_search item with a duplicated id key is one call, under the id JSON.parse keeps', () => {
    const started = '{"type":"item.started","item":{"id":"item_5","type":"web_search","id":"ws_1","query":"","action":{"type":"other"}}}';
    const done = '{"type":"item.completed","item":{"id":"item_5","type":"web_search","id":"ws_1","query":"nfkd","action":{"type":"search","query":"nfkd"}}}';
    const { events, diagnostics } = run(thread(), turn, started, done);
    expect(events).toEqual([
      start(),
      {
        kind: 'tool-use',
        id: 'ws_1',
        name: 'WebSearch',
        toolName: 'web_search',
        toolKind: 'fetch',
        arg: 'nfkd',
        input: { query: 'nfkd', action: { type: 'search', query: 'nfkd' } },
      },
      { kind: 'tool-result', id: 'ws_1', name: 'WebSearch', toolKind: 'fetch', status: 'success', outputState: 'unavailable', details: {} },
      end('incomplete', { turns: 1 }),
    ]);
    expect(diagnostics).toEqual([]);
  });

  it('11. legacy deltas then the full message: the text is emitted once', () => {
    const { events } = run(
      legacy({ type: 'task_started' }),
      legacy({ type: 'agent_reasoning_delta', delta: '**Plan**' }),
      legacy({ type: 'agent_reasoning', text: '**Plan**' }),
      legacy({ type: 'agent_message_delta', delta: 'Hel' }),
      legacy({ type: 'agent_message_delta', delta: 'lo' }),
      legacy({ type: 'agent_message', message: 'Hello, world.' }),
      legacy({ type: 'agent_message', message: 'Second.' }),
    );
    expect(events).toEqual([
      { kind: 'session', phase: 'start' },
      { kind: 'reasoning', id: 'reasoning-1', text: '**Plan**' },
      { kind: 'text', id: 'message-2', text: 'Hel' },
      { kind: 'text', id: 'message-2', text: 'lo' },
      { kind: 'text', id: 'message-2', text: ', world.' },
      { kind: 'text', id: 'message-3', text: 'Second.' },
      { kind: 'session', phase: 'end', status: 'incomplete', turns: 1 },
    ]);
  });

  it('11. legacy token_count: flat form is an increment, info form is cumulative, info null is nothing', () => {
    const { events } = run(
      legacy({ type: 'task_started' }),
      legacy({ type: 'token_count', input_tokens: 10, cached_input_tokens: 0, output_tokens: 2, reasoning_output_tokens: 1, total_tokens: 12 }),
      legacy({ type: 'token_count', info: null, rate_limits: null }),
      legacy({
        type: 'token_count',
        info: {
          total_token_usage: { input_tokens: 30, cached_input_tokens: 8, output_tokens: 6, reasoning_output_tokens: 2, total_tokens: 36 },
          last_token_usage: { input_tokens: 20, cached_input_tokens: 8, output_tokens: 4, reasoning_output_tokens: 1, total_tokens: 24 },
          model_context_window: 272000,
        },
        rate_limits: null,
      }),
    );
    expect(events).toEqual([
      { kind: 'session', phase: 'start' },
      { kind: 'usage', cumulative: false, inputTokens: 10, outputTokens: 2, reasoningTokens: 1, cacheReadTokens: 0 },
      { kind: 'usage', cumulative: true, inputTokens: 30, outputTokens: 6, reasoningTokens: 2, cacheReadTokens: 8 },
      { kind: 'session', phase: 'end', status: 'incomplete', turns: 1 },
    ]);
  });

  it('12. rollout-file lines are not exec output: reported unknown, never a crash', () => {
    const { events, diagnostics } = run(
      { timestamp: '2026-01-01T00:00:00Z', type: 'session_meta', payload: { id: 'x' } },
      {
        timestamp: '2026-01-01T00:00:01Z',
        type: 'response_item',
        payload: { type: 'function_call', name: 'shell', arguments: '{"command":["ls"]}', call_id: 'c' },
      },
    );
    expect(events).toEqual([]);
    expect(diagnostics.map((d) => [d.line, d.outcome, d.reason])).toEqual([
      [1, 'unknown', 'unknown event type "session_meta"'],
      [2, 'unknown', 'unknown event type "response_item"'],
    ]);
  });

  it('13. phase on agent_message is tolerated', () => {
    const { events } = run(thread(), turn, item('completed', { id: 'item_0', type: 'agent_message', text: 'Done.', phase: 'final_answer' }), completed());
    expect(events).toEqual([start(), { kind: 'text', id: 'item_0', text: 'Done.' }, usage10, end('success', { turns: 1, result: 'Done.' })]);
  });

  it('14. types the SDK lags on are handled, and unknown ones are reported naming their type', () => {
    const { events, diagnostics } = run(
      thread(),
      turn,
      item('started', { id: 'item_0', type: 'plan', text: '' }),
      { type: 'item.plan.delta', item_id: 'item_0', delta: '1. Fix it' },
      item('completed', { id: 'item_0', type: 'plan', text: '1. Fix it.' }),
      item('completed', command('item_1', 'bash -lc rm', { exit_code: null, status: 'declined' })),
      { type: 'request_user_input', id: 'r', call_id: 'c', questions: [{ question: 'Which branch?' }] },
      item('completed', { id: 'item_2', type: 'future_item', payload: 1 }),
      { type: 'thread.archived' },
    );
    expect(events).toEqual([
      start(),
      { kind: 'text', id: 'item_0', text: '1. Fix it' },
      { kind: 'text', id: 'item_0', text: '.' },
      bashUse('item_1', 'rm', 'bash -lc rm'),
      {
        kind: 'tool-result',
        id: 'item_1',
        name: 'Bash',
        toolKind: 'execute',
        status: 'error',
        outputState: 'empty',
        output: '',
        details: { errorMessage: 'Command declined' },
      },
      { kind: 'notice', level: 'info', message: 'Which branch?', code: 'request_user_input' },
      end('incomplete', { turns: 1 }),
    ]);
    expect(diagnostics.map((d) => [d.line, d.outcome, d.reason])).toEqual([
      [8, 'unknown', 'unknown item type "future_item"'],
      [9, 'unknown', 'unknown event type "thread.archived"'],
    ]);
  });

  it('15. legacy config summary (keys with spaces) and prompt line start the session with model and cwd; stderr logs are reported', () => {
    const lines: Line[] = [
      { model: 'gpt-5-codex', sandbox: 'read-only', 'reasoning effort': 'high', workdir: '/w', provider: 'openai', approval: 'never' },
      { prompt: 'hi' },
      '2026-01-01T00:00:00.000Z  INFO codex_core::codex: starting',
      legacy({ type: 'task_started' }),
    ];
    const { events, diagnostics } = run(...lines);
    expect(events).toEqual([
      { kind: 'session', phase: 'start', model: 'gpt-5-codex', cwd: '/w' },
      { kind: 'session', phase: 'end', status: 'incomplete', turns: 1 },
    ]);
    expect(diagnostics).toEqual([
      { line: 3, outcome: 'malformed', reason: 'not JSON: a log line from stderr', excerpt: '2026-01-01T00:00:00.000Z  INFO codex_core::codex: starting' },
    ]);
    expect(detectCodex([JSON.stringify(lines[0])])).toEqual({ confidence: 1, evidence: 'legacy config summary with "reasoning effort"' });
  });

  it('15. a legacy stream that stops after its config summary still starts and ends its session', () => {
    const { events } = run({ model: 'm', provider: 'openai', approval: 'never', sandbox: 'read-only' }, { prompt: 'hi' });
    expect(events).toEqual([
      { kind: 'session', phase: 'start', model: 'm' },
      { kind: 'session', phase: 'end', status: 'incomplete' },
    ]);
  });

  it('17. legacy exec --json prints no task_complete: a last response of words closed by its token_count ends the run', () => {
    // Codex 0.40.0, fixtures/codex/recorded/0.40.0/failing-command.jsonl (scenario failing-command), trimmed.
    const count = (input: number) =>
      legacy({ type: 'token_count', info: { total_token_usage: { input_tokens: input, output_tokens: 31 } }, rate_limits: null }, '0');
    const failing = [
      { model: 'gpt-5.5', provider: 'lab', approval: 'never', sandbox: 'danger-full-access', workdir: '/home/lab/project' },
      { prompt: 'Run the tests.' },
      legacy({ type: 'task_started', model_context_window: 272000 }, '0'),
      legacy({ type: 'exec_command_begin', call_id: 'c1', command: ['bash', '-lc', 'exit 1'], cwd: '/home/lab/project' }, '0'),
      legacy({ type: 'exec_command_end', call_id: 'c1', stdout: '', stderr: 'FAIL\n', exit_code: 1 }, '0'),
      count(1501),
      legacy({ type: 'agent_message', message: 'The tests fail: greet.test.ts.' }, '0'),
      count(3003),
    ];
    expect(run(...failing).events.at(-1)).toEqual({ kind: 'session', phase: 'end', status: 'success', turns: 1, result: 'The tests fail: greet.test.ts.' });
    // Cut after the command's response (its count comes after the command ran): the model still owes an answer.
    expect(run(...failing.slice(0, 6)).events.at(-1)).toMatchObject({ status: 'incomplete' });
    // Cut after the answer but before its count, or after a count of an empty response.
    expect(run(...failing.slice(0, 7)).events.at(-1)).toMatchObject({ status: 'incomplete' });
    expect(run(...failing.slice(0, 3), count(10)).events.at(-1)).toMatchObject({ status: 'incomplete' });
    // A server-side web search needs no other response (fixtures/codex/recorded/0.40.0/web-fetch.jsonl).
    const search = [
      legacy({ type: 'web_search_begin', call_id: 'ws1' }, '0'),
      legacy({ type: 'web_search_end', call_id: 'ws1', query: 'status page' }, '0'),
      count(1501),
    ];
    expect(run(...failing.slice(0, 3), ...search).events.at(-1)).toMatchObject({ status: 'success' });
  });

  it('16. explicit nulls where the SDK says optional are no error', () => {
    const { events, accounting } = run(
      thread(),
      turn,
      item('started', { id: 'm', type: 'mcp_tool_call', server: 's', tool: 't', arguments: {}, result: null, error: null, status: 'in_progress' }),
      item('completed', { id: 'm', type: 'mcp_tool_call', server: 's', tool: 't', arguments: {}, result: null, error: null, status: 'completed' }),
      item('started', { id: 'f', type: 'file_change', changes: [{ path: '/w/a.ts', kind: 'update' }], status: 'in_progress' }),
      item('completed', { id: 'f', type: 'file_change', changes: [{ path: '/w/a.ts', kind: 'update' }], status: 'completed' }),
      completed({ input_tokens: 1, cached_input_tokens: null, output_tokens: 1, reasoning_output_tokens: null }),
    );
    const changes = [{ path: '/w/a.ts', kind: 'update' }];
    expect(events).toEqual([
      start(),
      { kind: 'tool-use', id: 'm', name: 's.t', toolName: 's.t', toolKind: 'other', arg: 'no arguments', input: {} },
      { kind: 'tool-result', id: 'm', name: 's.t', toolKind: 'other', status: 'success', outputState: 'unavailable', details: {} },
      { kind: 'tool-use', id: 'f', name: 'Edit', toolName: 'file_change', toolKind: 'edit', arg: '/w/a.ts', input: { changes } },
      {
        kind: 'tool-result',
        id: 'f',
        name: 'Edit',
        toolKind: 'edit',
        status: 'success',
        outputState: 'unavailable',
        details: { path: '/w/a.ts', changes: [{ path: '/w/a.ts', change: 'modified' }] },
      },
      { kind: 'usage', cumulative: true, inputTokens: 1, outputTokens: 1 },
      end('success', { turns: 1 }),
    ]);
    expect(accounting).toMatchObject({ malformed: 0, unknown: 0, unexplained: 0 });
  });
});
