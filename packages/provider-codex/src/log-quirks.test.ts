import { replayLines, type DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { codexLogSource } from './log-source.js';
import { parseRolloutOutput, patchChanges } from './log-output.js';

// Hand-written rollout lines, one quirk each, in the `{timestamp, type, payload}`
// envelope (session-log notes, Codex section).
const line = (type: string, payload: unknown) => JSON.stringify({ timestamp: '2026-01-01T00:00:00.000Z', type, payload });
const meta = line('session_meta', { id: 'th1', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/w', originator: 'codex_cli_rs', cli_version: '0.50.0' });
const turn = line('turn_context', { cwd: '/w', model: 'gpt-5-codex' });
const prompt = (text: string) => line('event_msg', { type: 'user_message', message: text, images: [] });
const run = (lines: string[]) => replayLines(codexLogSource, lines);
const shown = (events: DisplayEvent[]) =>
  events.filter((event) => event.kind !== 'session' && event.kind !== 'usage').map(({ timestamp: _t, ...rest }) => rest);

describe('Codex rollout quirks', () => {
  it('shows text and reasoning once though the file writes them twice, the event copy first', () => {
    const { events, accounting } = run([
      meta,
      prompt('hi'),
      turn,
      line('event_msg', { type: 'agent_reasoning', text: '**Greeting**' }),
      line('response_item', { type: 'reasoning', summary: [{ type: 'summary_text', text: '**Greeting**' }], content: null, encrypted_content: 'x' }),
      line('event_msg', { type: 'agent_message', message: 'Hello!' }),
      line('response_item', { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Hello!' }] }),
      // A version that writes the copy after the item.
      line('event_msg', { type: 'agent_message', message: 'Hello!' }),
    ]);
    expect(shown(events)).toEqual([
      { kind: 'prompt', form: 'prompt', text: 'hi' },
      { kind: 'reasoning', id: 'reasoning-1', text: '**Greeting**' },
      { kind: 'text', id: 'message-2', text: 'Hello!' },
    ]);
    // session_meta, the prompt held for the start, and the three copies.
    expect(accounting.ignored).toBe(5);
    expect(events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'success', result: 'Hello!', turns: 1 });
  });

  it('0.40 writes both copies before both items: reasoning then text, each once', () => {
    // The order of Codex 0.40.0's rollout, fixtures/codex-log/recorded/0.40.0/thinking-todo/ (scenario thinking-todo).
    const { events } = run([
      meta,
      prompt('Plan the release.'),
      turn,
      line('event_msg', { type: 'agent_reasoning', text: 'The release needs a changelog and a tag.' }),
      line('event_msg', { type: 'agent_message', message: 'I have no tool for that here.' }),
      line('event_msg', { type: 'token_count', info: { total_token_usage: { input_tokens: 1501, output_tokens: 31 } }, rate_limits: null }),
      line('response_item', {
        type: 'reasoning',
        summary: [{ type: 'summary_text', text: 'The release needs a changelog and a tag.' }],
        content: null,
        encrypted_content: null,
      }),
      line('response_item', { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'I have no tool for that here.' }] }),
    ]);
    expect(shown(events)).toEqual([
      { kind: 'prompt', form: 'prompt', text: 'Plan the release.' },
      { kind: 'reasoning', id: 'reasoning-1', text: 'The release needs a changelog and a tag.' },
      { kind: 'text', id: 'message-2', text: 'I have no tool for that here.' },
    ]);
    expect(events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'success', result: 'I have no tool for that here.' });
  });

  it('a turn completed with no reply since its prompt (a failed model request) is no success; one whose reply was a web search is', () => {
    // Codex 0.130.0, fixtures/codex-log/recorded/0.130.0/api-error-400/ and web-fetch/ (scenarios api-error-400, web-fetch).
    const failed = run([meta, turn, prompt('Hello'), line('event_msg', { type: 'task_complete', last_agent_message: null })]);
    expect(failed.events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'incomplete' });
    const search = line('response_item', { type: 'web_search_call', id: 'ws_1', status: 'completed', action: { type: 'search', query: 'status page' } });
    const searched = run([meta, turn, prompt('What does the status page say?'), search, line('event_msg', { type: 'task_complete', last_agent_message: null })]);
    expect(searched.events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'success' });
  });

  it('a copy held before the one an item repeats lost its item: shown before that item', () => {
    const { events } = run([
      meta,
      prompt('hi'),
      turn,
      line('event_msg', { type: 'agent_message', message: 'Lost.' }),
      line('event_msg', { type: 'agent_reasoning', text: 'Kept.' }),
      line('response_item', { type: 'reasoning', summary: [{ type: 'summary_text', text: 'Kept.' }], content: null, encrypted_content: null }),
    ]);
    expect(shown(events)).toEqual([
      { kind: 'prompt', form: 'prompt', text: 'hi' },
      { kind: 'text', id: 'message-1', text: 'Lost.' },
      { kind: 'reasoning', id: 'reasoning-2', text: 'Kept.' },
    ]);
  });

  it('shows an agent_message whose response item is missing', () => {
    const { events } = run([meta, prompt('hi'), turn, line('event_msg', { type: 'agent_message', message: 'Only here.' }), prompt('next')]);
    expect(shown(events)).toEqual([
      { kind: 'prompt', form: 'prompt', text: 'hi' },
      { kind: 'text', id: 'message-1', text: 'Only here.' },
      { kind: 'prompt', form: 'prompt', text: 'next' },
    ]);
  });

  it('does not show the injected user-role context as a prompt; the user_message event is the prompt', () => {
    const { events } = run([
      meta,
      line('response_item', { type: 'message', role: 'developer', content: [{ type: 'input_text', text: '<permissions instructions>…' }] }),
      line('response_item', {
        type: 'message',
        role: 'user',
        content: [{ type: 'input_text', text: '<environment_context><cwd>/w</cwd></environment_context>' }],
      }),
      line('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Fix the bug.' }] }),
      prompt('Fix the bug.'),
      turn,
    ]);
    expect(shown(events)).toEqual([{ kind: 'prompt', form: 'prompt', text: 'Fix the bug.' }]);
    expect(events[0]).toEqual({
      kind: 'session',
      phase: 'start',
      sessionId: 'th1',
      cwd: '/w',
      agentVersion: '0.50.0',
      timestamp: '2026-01-01T00:00:00.000Z',
      model: 'gpt-5-codex',
    });
  });

  it('reads both command-output shapes into exit code, duration and output', () => {
    expect(parseRolloutOutput('{"output":"a\\nb\\n","metadata":{"exit_code":2,"duration_seconds":1.5}}')).toEqual({
      output: 'a\nb\n',
      exitCode: 2,
      durationMs: 1500,
    });
    expect(parseRolloutOutput('Chunk ID: 1\nWall time: 0.0510 seconds\nProcess exited with code 0\nOriginal token count: 3\nOutput:\nhello\n')).toEqual({
      output: 'hello\n',
      exitCode: 0,
      durationMs: 51,
    });
    expect(parseRolloutOutput('Exit code: 1\nWall time: 0.1 seconds\nOutput:\nboom\n')).toEqual({ output: 'boom\n', exitCode: 1, durationMs: 100 });
    // Text that only looks like it has a header stays the output.
    expect(parseRolloutOutput('Note: see below\nOutput:\nx')).toEqual({ output: 'Note: see below\nOutput:\nx' });
  });

  it('matches calls to outputs by call_id and fails a non-zero exit', () => {
    const { events } = run([
      meta,
      turn,
      line('response_item', { type: 'function_call', name: 'shell', arguments: '{"command":["bash","-lc","npm test"]}', call_id: 'c1' }),
      line('response_item', { type: 'function_call_output', call_id: 'c1', output: 'Exit code: 1\nWall time: 2 seconds\nOutput:\n1 failing\n' }),
    ]);
    expect(shown(events)).toEqual([
      { kind: 'tool-use', id: 'c1', name: 'Bash', toolName: 'shell', toolKind: 'execute', arg: 'npm test', input: { command: ['bash', '-lc', 'npm test'] } },
      {
        kind: 'tool-result',
        id: 'c1',
        name: 'Bash',
        toolKind: 'execute',
        status: 'error',
        outputState: 'text',
        output: '1 failing\n',
        details: { exitCode: 1, durationMs: 2000, errorMessage: 'Exit code 1' },
      },
    ]);
    expect(events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'incomplete' });
  });

  it('reads the files an apply_patch body changes', () => {
    expect(patchChanges('*** Begin Patch\n*** Add File: a.ts\n+x\n*** Update File: b.ts\n*** Move to: c.ts\n@@\n*** Delete File: d.ts\n*** End Patch')).toEqual(
      [
        { path: 'a.ts', change: 'created' },
        { path: 'b.ts', change: 'moved' },
        { path: 'd.ts', change: 'deleted' },
      ],
    );
  });

  it('counts a running token total once, and shows a compaction as a notice', () => {
    const total = { input_tokens: 10, cached_input_tokens: 4, output_tokens: 3, reasoning_output_tokens: 1, total_tokens: 13 };
    const count = line('event_msg', { type: 'token_count', info: { total_token_usage: total, last_token_usage: total }, rate_limits: null });
    const { events } = run([meta, turn, count, count, line('compacted', { message: 'summary' })]);
    expect(events.filter((event) => event.kind === 'usage' || event.kind === 'notice').map(({ timestamp: _t, ...rest }) => rest)).toEqual([
      { kind: 'usage', cumulative: true, model: 'gpt-5-codex', inputTokens: 10, outputTokens: 3, reasoningTokens: 1, cacheReadTokens: 4 },
      { kind: 'notice', level: 'info', message: 'Conversation compacted', code: 'compaction' },
    ]);
  });

  it('reads a rollout written before the envelope: a bare meta object, bare items, record_type lines', () => {
    const { events, accounting } = run([
      JSON.stringify({ id: 'old1', timestamp: '2025-06-01T00:00:00.000Z', instructions: null, git: { branch: 'dev' } }),
      JSON.stringify({ record_type: 'state' }),
      JSON.stringify({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Old answer.' }] }),
    ]);
    expect(events.map(({ timestamp: _t, ...rest }) => rest)).toEqual([
      { kind: 'session', phase: 'start', sessionId: 'old1', gitBranch: 'dev' },
      { kind: 'text', id: 'message-1', text: 'Old answer.' },
      { kind: 'session', phase: 'end', status: 'success', sessionId: 'old1', result: 'Old answer.' },
    ]);
    expect(accounting.malformed + accounting.unknown).toBe(0);
  });
});

// The same lines, now with the exact events, session and timestamps included.
describe('Codex rollout quirks, exact events', () => {
  const T = '2026-01-01T00:00:00.000Z';
  const started = { kind: 'session', phase: 'start', sessionId: 'th1', cwd: '/w', agentVersion: '0.50.0', timestamp: T, model: 'gpt-5-codex' } as const;

  it('the session starts at the first turn_context with the model and the CLI version; the prompt before it waits for it', () => {
    const { events, accounting } = run([
      meta,
      prompt('hi'),
      turn,
      line('response_item', { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Hello!' }] }),
    ]);
    expect(events).toEqual([
      started,
      { kind: 'prompt', form: 'prompt', text: 'hi', timestamp: T },
      { kind: 'text', id: 'message-1', text: 'Hello!', timestamp: T },
      { kind: 'session', phase: 'end', status: 'success', sessionId: 'th1', turns: 1, result: 'Hello!', timestamp: T },
    ]);
    expect(accounting).toEqual({ lines: 4, events: 2, ignored: 2, malformed: 0, unknown: 0, unexplained: 0, atEnd: 0, partial: 0 });
  });

  it('a later change of model is a notice; a second session_meta (a fork or resume) is ignored', () => {
    const fork = line('session_meta', { id: 'older', timestamp: T, cwd: '/elsewhere', cli_version: '0.40.0' });
    const { events, diagnostics } = run([meta, turn, fork, line('turn_context', { cwd: '/w', model: 'gpt-5.1-codex' })]);
    expect(events).toEqual([
      started,
      { kind: 'notice', level: 'info', message: 'Model: gpt-5.1-codex', code: 'model', timestamp: T },
      { kind: 'session', phase: 'end', status: 'incomplete', sessionId: 'th1', timestamp: T },
    ]);
    expect(diagnostics).toEqual([]);
  });

  it('12. function_call arguments are a JSON string, custom_tool_call input raw text: an apply_patch is an edit of its files', () => {
    const patch = '*** Begin Patch\n*** Add File: notes.md\n+hi\n*** End Patch';
    const { events } = run([
      meta,
      turn,
      line('response_item', { type: 'custom_tool_call', name: 'apply_patch', call_id: 'p1', input: patch, status: 'completed' }),
      line('response_item', {
        type: 'custom_tool_call_output',
        call_id: 'p1',
        output: '{"output":"Success. Updated the following files:\\nA notes.md\\n","metadata":{"exit_code":0,"duration_seconds":0.0}}',
      }),
    ]);
    expect(events.slice(1, 3)).toEqual([
      { kind: 'tool-use', id: 'p1', name: 'Write', toolName: 'apply_patch', toolKind: 'edit', arg: 'notes.md', input: { patch }, timestamp: T },
      {
        kind: 'tool-result',
        id: 'p1',
        name: 'Write',
        toolKind: 'edit',
        status: 'success',
        outputState: 'text',
        output: 'Success. Updated the following files:\nA notes.md\n',
        details: { path: 'notes.md', changes: [{ path: 'notes.md', change: 'created' }], durationMs: 0, exitCode: 0 },
        timestamp: T,
      },
    ]);
  });

  it('12. reasoning is encrypted: only its summary is shown, and an item with none is ignored with a reason', () => {
    const { events, diagnostics, accounting } = run([
      meta,
      turn,
      line('response_item', { type: 'reasoning', summary: [], content: null, encrypted_content: 'gAAAA' }),
      line('response_item', {
        type: 'reasoning',
        summary: [
          { type: 'summary_text', text: '**Plan**' },
          { type: 'summary_text', text: '**Check**' },
        ],
        encrypted_content: 'gAAAA',
      }),
    ]);
    expect(events.slice(1, -1)).toEqual([{ kind: 'reasoning', id: 'reasoning-1', text: '**Plan**\n\n**Check**', timestamp: T }]);
    expect(diagnostics).toEqual([]);
    expect(accounting.unexplained).toBe(0);
  });

  it('local_shell_call and web_search_call are Bash and WebSearch calls', () => {
    const { events } = run([
      meta,
      turn,
      line('response_item', { type: 'local_shell_call', call_id: 'l1', status: 'completed', action: { type: 'exec', command: ['bash', '-lc', 'ls'] } }),
      line('response_item', { type: 'function_call_output', call_id: 'l1', output: '{"output":"a\\n","metadata":{"exit_code":0,"duration_seconds":0.5}}' }),
      line('response_item', { type: 'web_search_call', id: 'ws1', status: 'completed', action: { type: 'search', query: 'pnpm docs' } }),
    ]);
    expect(events.slice(1, -1)).toEqual([
      {
        kind: 'tool-use',
        id: 'l1',
        name: 'Bash',
        toolName: 'local_shell',
        toolKind: 'execute',
        arg: 'ls',
        input: { type: 'exec', command: ['bash', '-lc', 'ls'] },
        timestamp: T,
      },
      {
        kind: 'tool-result',
        id: 'l1',
        name: 'Bash',
        toolKind: 'execute',
        status: 'success',
        outputState: 'text',
        output: 'a\n',
        details: { durationMs: 500, exitCode: 0 },
        timestamp: T,
      },
      {
        kind: 'tool-use',
        id: 'ws1',
        name: 'WebSearch',
        toolName: 'web_search',
        toolKind: 'fetch',
        arg: 'pnpm docs',
        input: { type: 'search', query: 'pnpm docs' },
        timestamp: T,
      },
      { kind: 'tool-result', id: 'ws1', name: 'WebSearch', toolKind: 'fetch', status: 'success', outputState: 'unavailable', details: {}, timestamp: T },
    ]);
  });

  it('with no final line, the end says what happened last: an aborted turn is cancelled, an error is an error', () => {
    const aborted = run([meta, turn, prompt('go'), line('event_msg', { type: 'turn_aborted', reason: 'interrupted' })]);
    expect(aborted.events.slice(-2)).toEqual([
      { kind: 'notice', level: 'warning', message: 'Turn aborted (interrupted)', code: 'turn_aborted', timestamp: T },
      { kind: 'session', phase: 'end', status: 'cancelled', sessionId: 'th1', turns: 1, timestamp: T },
    ]);
    const failed = run([meta, turn, prompt('go'), line('event_msg', { type: 'error', message: 'stream disconnected before completion' })]);
    expect(failed.events.slice(-2)).toEqual([
      { kind: 'error', message: 'stream disconnected before completion', fatal: false, timestamp: T },
      { kind: 'session', phase: 'end', status: 'error', sessionId: 'th1', turns: 1, timestamp: T },
    ]);
  });

  it('unknown line, item and event types are reported naming the type; bookkeeping is ignored with a reason', () => {
    const { events, diagnostics, accounting } = run([
      meta,
      turn,
      line('response_item', { type: 'ghost_snapshot', ghost_commit: { id: 'abc' } }),
      line('event_msg', { type: 'task_started', model_context_window: 1000 }),
      line('response_item', { type: 'future_item', data: 'x' }),
      line('event_msg', { type: 'future_event' }),
      line('future_line', { x: 1 }),
    ]);
    expect(events).toEqual([started, { kind: 'session', phase: 'end', status: 'incomplete', sessionId: 'th1', timestamp: T }]);
    expect(diagnostics.map((d) => [d.line, d.outcome, d.reason])).toEqual([
      [5, 'unknown', 'unknown response item type "future_item"'],
      [6, 'unknown', 'unknown event_msg type "future_event"'],
      [7, 'unknown', 'unknown rollout line type "future_line"'],
    ]);
    expect(accounting).toMatchObject({ ignored: 3, unknown: 3, unexplained: 0 });
  });

  // Hand-derived from the 0.171 rollout lines recorded in fixtures/codex-log/recorded/0.171.0/.
  it('takes the prompt from an item_completed UserMessage (0.171 writes no user_message), once per turn', () => {
    const userItem = (text: string, turnId: string) =>
      line('event_msg', { type: 'item_completed', thread_id: 'th1', turn_id: turnId, item: { type: 'UserMessage', id: 'u', content: [{ type: 'text', text, text_elements: [] }] } });
    const agentItem = line('event_msg', { type: 'item_completed', thread_id: 'th1', turn_id: 't1', item: { type: 'AgentMessage', id: 'm', content: [{ type: 'Text', text: 'Hi.' }] } });
    const { events, accounting } = run([
      meta,
      turn,
      line('world_state', { full: true, state: { environments: {} } }),
      line('event_msg', { type: 'thread_settings_applied', thread_id: 'th1', thread_settings: { model: 'gpt-5.5' } }),
      userItem('first', 't1'),
      agentItem,
      line('token_usage_record', { thread_id: 'th1', usage: { input_tokens: 1 } }),
      // A version that writes both: the user_message event and its copy, for one turn.
      line('event_msg', { type: 'user_message', message: 'second', turn_id: 't2', images: [] }),
      userItem('second', 't2'),
    ]);
    expect(shown(events).filter((event) => event.kind === 'prompt')).toEqual([
      { kind: 'prompt', form: 'prompt', text: 'first' },
      { kind: 'prompt', form: 'prompt', text: 'second' },
    ]);
    expect(accounting).toMatchObject({ unknown: 0, malformed: 0 });
  });

  it('shows a call Codex refused or could not run as failed, though no exit code says so', () => {
    const call = (id: string) => line('response_item', { type: 'function_call', name: 'shell', arguments: JSON.stringify({ command: ['bash', '-lc', 'rm -rf build'] }), call_id: id });
    const output = (id: string, text: string) => line('response_item', { type: 'function_call_output', call_id: id, output: text });
    const { events } = run([
      meta,
      prompt('clean up'),
      turn,
      call('c1'),
      output('c1', "`bash -lc 'rm -rf build'` rejected: blocked by policy"),
      call('c2'),
      output('c2', 'exec_command failed: CreateProcess { message: "Rejected(\\"`/bin/bash -lc \'rm -rf build\'` rejected: not permitted\\")" }'),
      call('c3'),
      output('c3', 'unsupported call: exec_command'),
      call('c4'),
      output('c4', 'a line that mentions a rejected: thing, from a command that ran'),
      // Codex 0.130.0 names the command: fixtures/codex-log/recorded/0.130.0/permission-denied/ (scenario permission-denied).
      call('c5'),
      output('c5', 'exec_command failed for `/bin/bash -lc \'rm -rf build\'`: CreateProcess { message: "Rejected(\\"`/bin/bash -lc \'rm -rf build\'` rejected: blocked by policy\\")" }'),
    ]);
    const statuses = events.flatMap((event) => (event.kind === 'tool-result' ? [[event.id, event.status]] : []));
    expect(statuses).toEqual([
      ['c1', 'error'],
      ['c2', 'error'],
      ['c3', 'error'],
      ['c4', 'success'],
      ['c5', 'error'],
    ]);
  });

  it('18. a task_complete that names an error (0.150 on) ends the turn failed, with the error shown', () => {
    // Codex 0.150.1, fixtures/codex-log/recorded/0.150.1/api-error-400/ (scenario api-error-400): the prompt, then
    // task_complete with last_agent_message null and the provider's error as a JSON string.
    const failed = line('event_msg', {
      type: 'task_complete',
      turn_id: 't1',
      last_agent_message: null,
      error: { message: '{"error":{"message":"prompt is too long","type":"server_error","code":null}}', codex_error_info: 'other' },
    });
    const { events } = run([meta, prompt('Hello'), turn, failed]);
    expect(shown(events)).toEqual([
      { kind: 'prompt', form: 'prompt', text: 'Hello' },
      { kind: 'error', message: 'prompt is too long', code: 'server_error', fatal: true },
    ]);
    expect(events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'error' });
    // 0.130 writes no error: the same turn is only unanswered.
    const quiet = run([meta, prompt('Hello'), turn, line('event_msg', { type: 'task_complete', turn_id: 't1', last_agent_message: null })]);
    expect(quiet.events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'incomplete' });
  });

  it('23. a compaction is a compaction notice; the summary it asked for (metadata.compaction_output) is no answer', () => {
    // Codex 0.171.0, fixtures/codex-log/recorded/0.171.0/compaction/ (scenario compaction), trimmed: the first turn's
    // answer, then in the resumed turn the summary's response item, the compacted line, and the second answer.
    const answer = (text: string, metadata: object) =>
      JSON.stringify({ timestamp: '2026-01-01T00:00:01.000Z', type: 'response_item', payload: { type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] }, metadata });
    const summary = 'The user asked me to remember the number 7, and I said I would.';
    const { events, accounting } = run([
      meta,
      prompt('Remember the number 7.'),
      turn,
      answer('I will remember 7.', { client_authored: false }),
      answer(summary, { client_authored: false, compaction_output: true }),
      line('compacted', { message: `Another language model started to solve this problem and produced a summary of its thinking process. ${summary}`, replacement_history: [] }),
      prompt('What number did I give you?'),
      answer('You gave me 7.', { client_authored: false }),
    ]);
    expect(shown(events)).toEqual([
      { kind: 'prompt', form: 'prompt', text: 'Remember the number 7.' },
      { kind: 'text', id: expect.any(String), text: 'I will remember 7.' },
      { kind: 'notice', level: 'info', message: 'Conversation compacted', code: 'compaction' },
      { kind: 'prompt', form: 'prompt', text: 'What number did I give you?' },
      { kind: 'text', id: expect.any(String), text: 'You gave me 7.' },
    ]);
    expect([accounting.unknown, accounting.malformed]).toEqual([0, 0]);
  });

  it('24. before 0.171 a compaction also writes a context_compacted event after its compacted line: one notice still', () => {
    // Codex 0.100.0 and 0.130.0, fixtures/codex-log/recorded/{0.100.0,0.130.0}/compaction/, trimmed to the resumed turn.
    const { events, accounting } = run([
      meta,
      turn,
      line('compacted', { message: 'Another language model started to solve this problem and produced a summary of its thinking process.' }),
      line('event_msg', { type: 'context_compacted' }),
      prompt('What number did I give you?'),
    ]);
    expect(shown(events)).toEqual([
      { kind: 'notice', level: 'info', message: 'Conversation compacted', code: 'compaction' },
      { kind: 'prompt', form: 'prompt', text: 'What number did I give you?' },
    ]);
    expect([accounting.unknown, accounting.malformed]).toEqual([0, 0]);
  });
});
