import { aggregateRun, collectDisplayOutput, replayLines, type DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { codexSource } from './codex-source.js';
import { detectCodex } from './detect.js';

type Line = string | Record<string, unknown> | unknown[];

function run(...lines: Line[]) {
  return replayLines(
    codexSource,
    lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))),
  );
}

function ofKind<K extends DisplayEvent['kind']>(events: DisplayEvent[], kind: K): Extract<DisplayEvent, { kind: K }>[] {
  return events.filter((e): e is Extract<DisplayEvent, { kind: K }> => e.kind === kind);
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
    const usages = ofKind(events, 'usage');
    expect(usages.map((u) => u.cumulative)).toEqual([true, true]);
    const totals = aggregateRun(events).usage;
    expect(totals).toMatchObject({ inputTokens: 250, cacheReadTokens: 90, outputTokens: 30 });
  });

  it('2. field presence varies by version: exit_code absent or null, usage with 3 to 5 fields', () => {
    const { events, accounting } = run(
      thread(),
      turn,
      item('started', command('item_0', 'bash -lc ls')),
      item('completed', command('item_0', 'bash -lc ls', { aggregated_output: 'a\n', exit_code: 0, status: 'completed' })),
      item('started', command('item_1', 'bash -lc pwd', { exit_code: null })),
      item('completed', command('item_1', 'bash -lc pwd', { aggregated_output: '/w\n', exit_code: 0, status: 'completed' })),
      completed({ input_tokens: 10, cached_input_tokens: 2, output_tokens: 5 }),
    );
    expect(accounting.malformed + accounting.unknown).toBe(0);
    expect(ofKind(events, 'tool-result').map((r) => r.status)).toEqual(['success', 'success']);
    const [usage] = ofKind(events, 'usage');
    expect(usage).toEqual({ kind: 'usage', cumulative: true, inputTokens: 10, cacheReadTokens: 2, outputTokens: 5 });
  });

  it('3. an MCP failure with error: null carries its message inside result', () => {
    const { events } = run(
      thread(),
      turn,
      item('completed', {
        id: 'item_0',
        type: 'mcp_tool_call',
        server: 'tracker',
        tool: 'get_issue',
        arguments: { id: 'X-1' },
        result: { content: [{ type: 'text', text: 'issue X-1 not found' }], structured_content: null },
        error: null,
        status: 'failed',
      }),
    );
    const [result] = ofKind(events, 'tool-result');
    expect(result).toMatchObject({ name: 'tracker.get_issue', status: 'error', details: { errorMessage: 'issue X-1 not found' } });
  });

  it('4. an error item before turn.started is a non-fatal error', () => {
    const { events } = run(thread(), item('completed', { id: 'item_0', type: 'error', message: 'config key is deprecated' }), turn, completed());
    expect(ofKind(events, 'error')).toEqual([{ kind: 'error', message: 'config key is deprecated', fatal: false }]);
    expect(ofKind(events, 'session').at(-1)).toMatchObject({ phase: 'end', status: 'success' });
  });

  it('5. top-level error is not terminal; turn.failed is, and a JSON provider error becomes readable', () => {
    const body = JSON.stringify({ type: 'error', status: 400, error: { type: 'invalid_request_error', message: 'Unsupported model' } });
    const { events } = run(thread(), turn, { type: 'error', message: 'Reconnecting... 1/5' }, { type: 'error', message: body }, { type: 'turn.failed', error: { message: body } });
    expect(events.slice(1)).toEqual([
      { kind: 'notice', level: 'warning', message: 'Reconnecting... 1/5' },
      { kind: 'notice', level: 'warning', message: 'Unsupported model', code: 'invalid_request_error' },
      { kind: 'error', message: 'Unsupported model', fatal: true, code: 'invalid_request_error' },
      { kind: 'session', phase: 'end', status: 'error', sessionId: 'thread-1', turns: 1 },
    ]);
  });

  it('5. a top-level error alone leaves the run open', () => {
    const { events } = run(thread(), turn, { type: 'error', message: 'stream disconnected' });
    expect(ofKind(events, 'error')).toEqual([]);
    expect(events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'incomplete' });
  });

  it('6. no terminal event: flush ends the session as incomplete (the two-line stream too)', () => {
    const { events } = run(thread(), turn);
    expect(events).toEqual([
      { kind: 'session', phase: 'start', sessionId: 'thread-1' },
      { kind: 'session', phase: 'end', status: 'incomplete', sessionId: 'thread-1', turns: 1 },
    ]);
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
    const ends = ofKind(events, 'session').filter((s) => s.phase === 'end');
    expect(ends.map((e) => [e.status, e.result, e.turns])).toEqual([
      ['success', 'first answer', 1],
      ['success', undefined, 2],
      ['incomplete', undefined, 3],
    ]);
  });

  it('7. thread.started re-emitted with the same id starts no second session; item ids restart without clashing', () => {
    const { events } = run(
      thread('t-1'),
      turn,
      item('completed', command('item_0', 'bash -lc ls', { exit_code: 0, status: 'completed' })),
      completed(),
      thread('t-1'),
      turn,
      item('completed', command('item_0', 'bash -lc ls', { exit_code: 0, status: 'completed' })),
      completed(),
    );
    expect(ofKind(events, 'session').filter((s) => s.phase === 'start')).toHaveLength(1);
    expect(ofKind(events, 'tool-use').map((u) => u.id)).toEqual(['item_0', '2:item_0']);
  });

  it('7. another thread id is another session; an open one is closed first', () => {
    const { events } = run(thread('t-1'), turn, thread('t-2'), turn, completed());
    expect(ofKind(events, 'session').map((s) => [s.phase, s.sessionId, s.status])).toEqual([
      ['start', 't-1', undefined],
      ['end', 't-1', 'incomplete'],
      ['start', 't-2', undefined],
      ['end', 't-2', 'success'],
    ]);
  });

  it('8. shell wrappers are stripped for the preview where clear; legacy argv too; CRLF and escapes are cleaned', () => {
    const { events } = run(
      thread(),
      turn,
      item('started', command('a', 'bash -lc ls')),
      item('started', command('b', "/bin/zsh -lc 'ls -la'")),
      item('started', command('c', 'bash -lc "grep -n \'x\' src/a.ts"')),
      item('started', command('d', "bash -lc 'echo '\\''hi'\\'''")),
      item('started', command('e', 'pwsh -Command Get-ChildItem')),
      legacy({ type: 'exec_command_begin', call_id: 'f', command: ['bash', '-lc', 'npm test'], cwd: '/w' }),
      item('completed', command('g', 'bash -lc test', { aggregated_output: 'one\r\ntwo\r\n\u001b[31mred\u001b[0m\u0007', exit_code: 0, status: 'completed' })),
    );
    expect(ofKind(events, 'tool-use').map((u) => u.arg)).toEqual(['ls', 'ls -la', "grep -n 'x' src/a.ts", "bash -lc 'echo '\\''hi'\\'''", 'pwsh -Command Get-ChildItem', 'npm test', 'test']);
    expect(ofKind(events, 'tool-result')[0]?.output).toBe('one\ntwo\nred\\x07');
  });

  it('9. reasoning is a bold-titled summary, emitted as reasoning and kept out of the text', () => {
    const { events } = run(thread(), turn, item('completed', { id: 'item_0', type: 'reasoning', text: '**Designing**\n**Validating**' }));
    expect(ofKind(events, 'reasoning')).toEqual([{ kind: 'reasoning', id: 'item_0', text: '**Designing**\n**Validating**' }]);
    expect(collectDisplayOutput(events)).toBe('');
  });

  it('10. a web_search item with a duplicated id key is one call, under the id JSON.parse keeps', () => {
    const started = '{"type":"item.started","item":{"id":"item_5","type":"web_search","id":"ws_1","query":"","action":{"type":"other"}}}';
    const done = '{"type":"item.completed","item":{"id":"item_5","type":"web_search","id":"ws_1","query":"nfkd","action":{"type":"search","query":"nfkd"}}}';
    const { events } = run(thread(), turn, started, done);
    expect(ofKind(events, 'tool-use')).toMatchObject([{ id: 'ws_1', name: 'WebSearch', arg: 'nfkd' }]);
    expect(ofKind(events, 'tool-result')).toMatchObject([{ id: 'ws_1', status: 'success' }]);
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
    expect(ofKind(events, 'reasoning').map((e) => e.text).join('')).toBe('**Plan**');
    expect(ofKind(events, 'text').map((e) => [e.id, e.text])).toEqual([
      ['message-2', 'Hel'],
      ['message-2', 'lo'],
      ['message-2', ', world.'],
      ['message-3', 'Second.'],
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
    expect(ofKind(events, 'usage')).toEqual([
      { kind: 'usage', cumulative: false, inputTokens: 10, outputTokens: 2, reasoningTokens: 1, cacheReadTokens: 0 },
      { kind: 'usage', cumulative: true, inputTokens: 30, outputTokens: 6, reasoningTokens: 2, cacheReadTokens: 8 },
    ]);
  });

  it('12. rollout-file lines are not exec output: reported unknown, never a crash', () => {
    const { events, accounting } = run(
      { timestamp: '2026-01-01T00:00:00Z', type: 'session_meta', payload: { id: 'x' } },
      { timestamp: '2026-01-01T00:00:01Z', type: 'response_item', payload: { type: 'function_call', name: 'shell', arguments: '{"command":["ls"]}', call_id: 'c' } },
    );
    expect(events).toEqual([]);
    expect(accounting.unknown).toBe(2);
  });

  it('13. phase on agent_message is tolerated', () => {
    const { events } = run(thread(), turn, item('completed', { id: 'item_0', type: 'agent_message', text: 'Done.', phase: 'final_answer' }));
    expect(ofKind(events, 'text')).toEqual([{ kind: 'text', id: 'item_0', text: 'Done.' }]);
  });

  it('14. types the SDK lags on are handled, and unknown ones are tolerated', () => {
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
    expect(ofKind(events, 'text').map((e) => e.text)).toEqual(['1. Fix it', '.']);
    expect(ofKind(events, 'tool-result')).toMatchObject([{ id: 'item_1', status: 'error', details: { errorMessage: 'Command declined' } }]);
    expect(ofKind(events, 'notice')).toEqual([{ kind: 'notice', level: 'info', message: 'Which branch?', code: 'request_user_input' }]);
    expect(diagnostics.map((d) => d.reason)).toEqual(['unknown item type "future_item"', 'unknown event type "thread.archived"']);
  });

  it('15. legacy config summary (keys with spaces) and prompt line start the session with model and cwd; stderr logs are reported', () => {
    const lines: Line[] = [
      { model: 'gpt-5-codex', sandbox: 'read-only', 'reasoning effort': 'high', workdir: '/w', provider: 'openai', approval: 'never' },
      { prompt: 'hi' },
      '2026-01-01T00:00:00.000Z  INFO codex_core::codex: starting',
      legacy({ type: 'task_started' }),
    ];
    const { events, diagnostics } = run(...lines);
    expect(events[0]).toEqual({ kind: 'session', phase: 'start', model: 'gpt-5-codex', cwd: '/w' });
    expect(diagnostics).toMatchObject([{ line: 3, outcome: 'malformed', reason: 'not JSON: a log line from stderr' }]);
    expect(detectCodex([JSON.stringify(lines[0])]).confidence).toBe(1);
  });

  it('15. a legacy stream that stops after its config summary still starts and ends its session', () => {
    const { events } = run({ model: 'm', provider: 'openai', approval: 'never', sandbox: 'read-only' }, { prompt: 'hi' });
    expect(events.map((e) => e.kind === 'session' && e.phase)).toEqual(['start', 'end']);
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
    expect(accounting.malformed + accounting.unknown).toBe(0);
    expect(ofKind(events, 'tool-result').map((r) => [r.id, r.status, r.outputState])).toEqual([
      ['m', 'success', 'unavailable'],
      ['f', 'success', 'unavailable'],
    ]);
    expect(ofKind(events, 'usage')).toEqual([{ kind: 'usage', cumulative: true, inputTokens: 1, outputTokens: 1 }]);
  });
});

describe('tool calls', () => {
  it('one tool-use per item however many lines it takes', () => {
    const { events } = run(
      thread(),
      turn,
      item('started', command('item_0', 'bash -lc "npm test"')),
      item('updated', command('item_0', 'bash -lc "npm test"', { aggregated_output: 'RUN' })),
      item('updated', command('item_0', 'bash -lc "npm test"', { aggregated_output: 'RUN ok' })),
      item('completed', command('item_0', 'bash -lc "npm test"', { aggregated_output: 'RUN ok\n', exit_code: 0, status: 'completed' })),
      item('completed', command('item_0', 'bash -lc "npm test"', { aggregated_output: 'RUN ok\n', exit_code: 0, status: 'completed' })),
    );
    expect(events.filter((e) => e.kind === 'tool-use' || e.kind === 'tool-result').map((e) => e.kind)).toEqual(['tool-use', 'tool-result']);
  });

  it('a call first seen at item.completed gives its use and its result, in that order', () => {
    const { events } = run(thread(), turn, item('completed', command('item_0', 'bash -lc ls', { exit_code: 2, status: 'failed', aggregated_output: 'ls: x: No such file' })));
    expect(events.slice(1, 3)).toMatchObject([
      { kind: 'tool-use', id: 'item_0', name: 'Bash', arg: 'ls' },
      { kind: 'tool-result', id: 'item_0', status: 'error', details: { exitCode: 2, errorMessage: 'Exit code 2' }, output: 'ls: x: No such file' },
    ]);
  });

  it('`cat FILE` is a Read of that file; anything more is a command', () => {
    const { events } = run(
      thread(),
      turn,
      item('completed', command('a', "bash -lc 'cat README.md'", { aggregated_output: 'x\n', exit_code: 0, status: 'completed' })),
      item('started', command('b', "bash -lc 'cat README.md | wc -l'")),
      item('started', command('c', "bash -lc 'cat -n README.md'")),
      item('started', command('d', "bash -lc 'cat a.md b.md'")),
    );
    expect(ofKind(events, 'tool-use').map((u) => [u.name, u.toolKind, u.arg])).toEqual([
      ['Read', 'read', 'README.md'],
      ['Bash', 'execute', 'cat README.md | wc -l'],
      ['Bash', 'execute', 'cat -n README.md'],
      ['Bash', 'execute', 'cat a.md b.md'],
    ]);
    expect(ofKind(events, 'tool-result')[0]).toMatchObject({ name: 'Read', details: { path: 'README.md', contentLength: 2 } });
  });

  it('file_change is Write when every change adds, Delete when every change deletes, else Edit', () => {
    const change = (id: string, kinds: string[]) =>
      item('completed', { id, type: 'file_change', changes: kinds.map((kind, i) => ({ path: `/w/${id}${i}`, kind })), status: 'completed' });
    const { events } = run(thread(), turn, change('w', ['add', 'add']), change('d', ['delete']), change('e', ['add', 'update']));
    expect(ofKind(events, 'tool-use').map((u) => [u.name, u.toolKind, u.arg])).toEqual([
      ['Write', 'edit', '/w/w0'],
      ['Delete', 'delete', '/w/d0'],
      ['Edit', 'edit', '/w/e0'],
    ]);
    expect(ofKind(events, 'tool-result')[2]?.details.changes).toEqual([
      { path: '/w/e0', change: 'created' },
      { path: '/w/e1', change: 'modified' },
    ]);
  });

  it('todo_list is one TodoWrite, finished with the last snapshot', () => {
    const todo = (items: Array<[string, boolean]>) => ({ id: 'item_0', type: 'todo_list', items: items.map(([text, done]) => ({ text, completed: done })) });
    const { events } = run(
      thread(),
      turn,
      item('started', todo([['a', false], ['b', false]])),
      item('updated', todo([['a', true], ['b', false]])),
      item('completed', todo([['a', true], ['b', true]])),
    );
    expect(ofKind(events, 'tool-use')).toMatchObject([{ name: 'TodoWrite', toolName: 'todo_list' }]);
    expect(ofKind(events, 'tool-result')).toMatchObject([{ status: 'success', output: '- [x] a\n- [x] b' }]);
  });

  it('legacy calls: argv commands, a patch of new files, an MCP Err, a search whose query comes at the end', () => {
    const { events } = run(
      legacy({ type: 'task_started' }),
      legacy({ type: 'exec_command_begin', call_id: 'c1', command: ['bash', '-lc', 'cat notes.txt'], cwd: '/w' }),
      legacy({ type: 'exec_command_end', call_id: 'c1', stdout: 'n\n', stderr: '', exit_code: 0, duration: { secs: 1, nanos: 500000000 } }),
      legacy({ type: 'patch_apply_begin', call_id: 'c2', auto_approved: true, changes: { '/w/new.ts': { add: { content: 'x' } } } }),
      legacy({ type: 'patch_apply_end', call_id: 'c2', stdout: 'Success.', stderr: '', success: true }),
      legacy({ type: 'mcp_tool_call_begin', call_id: 'c3', invocation: { server: 'docs', tool: 'find', arguments: { query: 'nfkd' } } }),
      legacy({ type: 'mcp_tool_call_end', call_id: 'c3', invocation: { server: 'docs', tool: 'find' }, result: { Err: 'server gone' } }),
      legacy({ type: 'web_search_begin', call_id: 'c4' }),
      legacy({ type: 'web_search_end', call_id: 'c4', query: 'nfkd' }),
    );
    expect(ofKind(events, 'tool-use').map((u) => [u.id, u.name, u.arg])).toEqual([
      ['c1', 'Read', 'notes.txt'],
      ['c2', 'Write', '/w/new.ts'],
      ['c3', 'docs.find', 'nfkd'],
      ['c4', 'WebSearch', 'nfkd'],
    ]);
    expect(ofKind(events, 'tool-result').map((r) => [r.id, r.status, r.details])).toEqual([
      ['c1', 'success', { path: 'notes.txt', contentLength: 2, durationMs: 1500, exitCode: 0 }],
      ['c2', 'success', { path: '/w/new.ts', changes: [{ path: '/w/new.ts', change: 'created' }] }],
      ['c3', 'error', { errorMessage: 'server gone' }],
      ['c4', 'success', {}],
    ]);
  });

  it('a legacy end without its begin is still announced before its result', () => {
    const { events } = run(legacy({ type: 'task_started' }), legacy({ type: 'exec_command_end', call_id: 'c9', stdout: '', stderr: 'boom', exit_code: 1 }));
    expect(events.slice(1, 3).map((e) => e.kind)).toEqual(['tool-use', 'tool-result']);
  });
});

describe('sessions and errors', () => {
  it('legacy error: before a task it is not fatal, during a task it ends the session', () => {
    const { events } = run(legacy({ type: 'error', message: 'MCP server failed to start' }, ''), legacy({ type: 'task_started' }), legacy({ type: 'error', message: 'quota exceeded' }), legacy({ type: 'task_complete', last_agent_message: null }));
    expect(events.filter((e) => e.kind !== 'session' || e.phase === 'end')).toEqual([
      { kind: 'error', message: 'MCP server failed to start', fatal: false },
      { kind: 'error', message: 'quota exceeded', fatal: true },
      { kind: 'session', phase: 'end', status: 'error', turns: 1 },
    ]);
  });

  it('legacy turn_aborted ends the session as cancelled', () => {
    const { events } = run(legacy({ type: 'task_started' }), legacy({ type: 'turn_aborted', reason: 'interrupted' }));
    expect(events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'cancelled' });
  });

  it('legacy and current lines are told apart line by line', () => {
    const { events } = run(thread(), legacy({ type: 'agent_message', message: 'old' }), item('completed', { id: 'item_0', type: 'agent_message', text: 'new' }));
    expect(ofKind(events, 'text').map((e) => e.text)).toEqual(['old', 'new']);
  });

  it('the 0.42 --experimental-json variant: session.created, item_type, assistant_message', () => {
    const { events } = run(
      { type: 'session.created', session_id: 's-042' },
      item('completed', { id: 'itm_0', item_type: 'assistant_message', text: 'Hi.' }),
    );
    expect(events.slice(0, 2)).toEqual([
      { kind: 'session', phase: 'start', sessionId: 's-042' },
      { kind: 'text', id: 'itm_0', text: 'Hi.' },
    ]);
  });
});
