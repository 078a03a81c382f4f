import { aggregateRun, collectDisplayOutput, replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { assistant, fixtureLines, init, ofKind, replay, result, SESSION, START, stream, toolResults, usage } from '../test/lines.js';
import { claudeSource, createClaudeSource } from './source.js';
import { RECORDED_UP_TO } from './recorded-version.js';

/* Behaviours of the provider beyond the numbered quirks of docs/formats/claude.md. */

describe('Claude provider behaviours', () => {
  it('keeps the order of interleaved thinking, text and tool_use blocks of one line', () => {
    const { events } = replay(fixtureLines('multi-block-line'));
    expect(events.slice(1, 6).map((event) => event.kind)).toEqual(['reasoning', 'text', 'tool-use', 'text', 'tool-use']);
    expect(ofKind(events, 'tool-use').map((event) => [event.name, event.arg])).toEqual([
      ['Grep', 'TODO'],
      ['Glob', 'src/**/*.ts'],
    ]);
  });

  it('correlates tool results by tool_use_id, with errors unwrapped from <tool_use_error>', () => {
    const { events } = replay(fixtureLines('tool-error'));
    const results = ofKind(events, 'tool-result');
    expect(results.map((event) => [event.id, event.name, event.status])).toEqual([
      ['toolu_err_read', 'Read', 'error'],
      ['toolu_err_glob', 'Glob', 'success'],
      ['toolu_err_bash', 'Bash', 'error'],
      ['toolu_err_mcp', 'docs.search', 'error'],
    ]);
    expect(results[0]?.details).toEqual({ path: '/work/demo/src/missing.ts', errorMessage: 'File does not exist.' });
  });

  it('reads tool_use_result: Write create vs update, Read file content, Bash stderr, search counts', () => {
    const { events } = replay(fixtureLines('read-edit-run'));
    const byId = new Map(ofKind(events, 'tool-result').map((event) => [event.id, event]));
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${…} in source text the agent read, not a template
    expect(byId.get('toolu_rer_read')?.output).toBe("export function greet(name: string): string {\n  return `Helo, ${name}!`;\n}\n");
    expect(byId.get('toolu_rer_write')?.details.changes).toEqual([{ path: '/work/demo/CHANGELOG.md', change: 'created' }]);
    expect(byId.get('toolu_rer_edit')?.details.changes).toEqual([{ path: '/work/demo/src/greet.ts', change: 'modified' }]);
    expect(byId.get('toolu_rer_bash')?.details.stderr).toBe('npm warn config production Use `--omit=dev` instead.');
    const update = replay([
      assistant('m', [{ type: 'tool_use', id: 'w', name: 'Write', input: { file_path: '/w/a.ts', content: 'x' } }]),
      toolResults([{ type: 'tool_result', tool_use_id: 'w', content: 'The file /w/a.ts has been updated.' }], {
        tool_use_result: { type: 'update', filePath: '/w/a.ts', content: 'x', structuredPatch: [], originalFile: 'y' },
      }),
    ]).events;
    expect(ofKind(update, 'tool-result')[0]?.details.changes).toEqual([{ path: '/w/a.ts', change: 'modified' }]);
    expect(aggregateRun(events).files).toEqual({ created: ['/work/demo/CHANGELOG.md'], modified: ['/work/demo/src/greet.ts'], deleted: [] });
  });

  it('never needs tool_use_result', () => {
    const lines = fixtureLines('read-edit-run')
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const value = JSON.parse(line) as Record<string, unknown>;
        delete value.tool_use_result;
        return JSON.stringify(value);
      });
    const { events, accounting } = replayLines(claudeSource, lines);
    const results = ofKind(events, 'tool-result');
    expect(results.map((event) => [event.name, event.status, event.outputState])).toEqual([
      ['Read', 'success', 'text'],
      ['Edit', 'success', 'text'],
      ['Write', 'success', 'text'],
      ['Bash', 'success', 'text'],
    ]);
    // Without the rich data the Read output is the numbered text the model saw.
    expect(results[0]?.output).toContain('     1\texport function greet');
    expect(accounting.malformed + accounting.unknown).toBe(0);
  });

  it('takes a streamed tool input at content_block_stop when no complete line came first, and announces each call once', () => {
    const { events } = replay([
      stream({ type: 'message_start', message: { id: 'm1', content: [], usage: usage(1, 1) } }),
      stream({ type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 't1', name: 'Bash', input: {} } }),
      stream({ type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"comm' } }),
      stream({ type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: 'and":"npm test"}' } }),
      stream({ type: 'content_block_stop', index: 0 }),
      assistant('m1', [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'npm test' } }]),
      assistant('m1', [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'npm test' } }]),
      toolResults([{ type: 'tool_result', tool_use_id: 't1', content: 'ok' }]),
      toolResults([{ type: 'tool_result', tool_use_id: 't1', content: 'ok' }]),
    ]);
    expect(events.map((event) => event.kind)).toEqual(['session', 'tool-use', 'tool-result', 'usage', 'session']);
    expect(events[1]).toMatchObject({ id: 't1', arg: 'npm test', input: { command: 'npm test' } });
  });

  it('maps system/init to session start and result to session end with its status', () => {
    const start = replay(fixtureLines('plain-answer')).events[0];
    expect(start).toEqual({ kind: 'session', phase: 'start', sessionId: SESSION, model: 'claude-sonnet-4-5-20250929', cwd: '/work/demo', agentVersion: '2.1.329' });
    const end = (extra: object) => replay([result(extra)]).events.at(-1);
    expect(end({})).toMatchObject({ phase: 'end', status: 'success', durationMs: 1000, turns: 1, result: 'done' });
    expect(end({ is_error: true, result: 'Credit balance is too low' })).toMatchObject({ status: 'error', result: 'Credit balance is too low' });
    expect(end({ subtype: 'error_max_turns', is_error: true, result: undefined, errors: ['Reached maximum number of turns (3)'] })).toMatchObject({ status: 'error' });
    expect(end({ subtype: 'error_during_execution', is_error: true, terminal_reason: 'aborted_streaming' })).toMatchObject({ status: 'cancelled' });
  });

  it('ends a run the user stopped cancelled, its diagnostic a notice, and only a real error beside it fatal (quirk 21)', () => {
    // As fixtures/claude/recorded/2.1.332/interrupted.jsonl's result line: no `result`, the CLI's diagnostic in errors[].
    const diagnostic = '[ede_diagnostic] result_type=user last_content_type=n/a stop_reason=null';
    const stopped = (errors: string[]) => replay([init, result({ subtype: 'error_during_execution', is_error: true, result: undefined, terminal_reason: 'aborted_streaming', errors })]).events;
    const quiet = stopped([diagnostic]);
    expect(ofKind(quiet, 'error')).toEqual([]);
    expect(ofKind(quiet, 'notice')).toEqual([{ kind: 'notice', level: 'info', message: diagnostic, code: 'diagnostic' }]);
    expect(quiet.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'cancelled' });
    expect(ofKind(stopped([]), 'error')).toEqual([]);
    const real = stopped([diagnostic, 'Tool execution failed: disk full']);
    expect(ofKind(real, 'error')).toEqual([{ kind: 'error', message: 'Tool execution failed: disk full', fatal: true, code: 'error_during_execution' }]);
    expect(real.at(-1)).toMatchObject({ status: 'cancelled' });
    // Not stopped by the user: the same note is the run's error, as the CLI gave nothing else.
    const failed = replay([init, result({ subtype: 'error_during_execution', is_error: true, result: undefined, errors: [diagnostic] })]).events;
    expect(ofKind(failed, 'error')).toEqual([{ kind: 'error', message: diagnostic, fatal: true, code: 'error_during_execution' }]);
  });

  it('gives error events for error results: is_error on a success subtype, and error subtypes with errors[]', () => {
    const failed = replay(fixtureLines('failed-run')).events;
    expect(ofKind(failed, 'error')).toEqual([{ kind: 'error', message: 'Reached maximum number of turns (3)', fatal: true, code: 'error_max_turns' }]);
    expect(ofKind(failed, 'notice').map((event) => event.code)).toEqual(['rate_limit', 'api_retry', 'compaction', 'permission_denied']);
    const apiError = replay([init, result({ is_error: true, result: 'Overloaded', api_error_status: 529 })]).events;
    expect(ofKind(apiError, 'error')).toEqual([{ kind: 'error', message: 'Overloaded', fatal: true, code: 'api_error' }]);
  });

  it('turns a synthetic assistant.error line into one error event, not text, and does not repeat it from the result', () => {
    const { events } = replay(fixtureLines('api-error'));
    expect(ofKind(events, 'text')).toEqual([]);
    expect(ofKind(events, 'error')).toEqual([{ kind: 'error', message: 'Credit balance is too low', fatal: false, code: 'billing_error' }]);
    expect(events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'error', result: 'Credit balance is too low' });
  });

  it('accounts for hook lines before init, unknown system subtypes, rate limits, keep-alives, retries and control lines without an error', () => {
    const { events, diagnostics, accounting } = replay([
      { type: 'system', subtype: 'hook_started', hook_id: 'h', hook_name: 'SessionStart:startup', hook_event: 'SessionStart', session_id: SESSION },
      { type: 'system', subtype: 'hook_response', hook_id: 'h', hook_name: 'SessionStart:startup', hook_event: 'SessionStart', outcome: 'success', output: '', stdout: '', stderr: '' },
      init,
      { type: 'system', subtype: 'brand_new_subtype' },
      { type: 'rate_limit_event', rate_limit_info: { status: 'allowed' } },
      { type: 'rate_limit_event', rate_limit_info: { status: 'rejected', rateLimitType: 'seven_day', resetsAt: 1767225600 } },
      { type: 'keep_alive' },
      { type: 'system', subtype: 'api_retry', attempt: 2, max_retries: 10, retry_delay_ms: 4000, error_status: null, error: 'rate_limit' },
      { type: 'control_request', request_id: 'r1', request: { subtype: 'interrupt' } },
      { type: 'control_response', response: { subtype: 'success', request_id: 'r0' } },
      { type: 'control_cancel_request', request_id: 'r1' },
      stream({ type: 'ping' }),
    ]);
    expect(diagnostics).toEqual([]);
    expect(accounting).toMatchObject({ lines: 12, events: 3, ignored: 9 });
    expect(events.slice(0, 3)).toEqual([
      expect.objectContaining({ kind: 'session', phase: 'start' }),
      { kind: 'notice', level: 'warning', message: 'Rate limit reached (seven_day); resets at 2026-01-01T00:00:00.000Z', code: 'rate_limit' },
      { kind: 'notice', level: 'warning', message: 'API request failed (rate_limit); retrying in 4s (attempt 2 of 10)', code: 'api_retry' },
    ]);
    expect(ofKind(events, 'error')).toEqual([]);
  });

  it('shows isReplay user lines (--replay-user-messages) as prompts, outside the DisplayOutput', () => {
    const { events, accounting } = replay(fixtureLines('multi-turn-replay'));
    expect(accounting.ignored).toBe(0);
    expect(ofKind(events, 'prompt')).toEqual([
      { kind: 'prompt', form: 'prompt', text: 'What is 2 + 2?', id: '00000000-0000-4000-800f-000000000002' },
      { kind: 'prompt', form: 'prompt', text: 'And 3 + 3?', id: '00000000-0000-4000-800f-000000000006' },
    ]);
    expect(collectDisplayOutput(events)).toBe('2 + 2 = 4.\n3 + 3 = 6.\n');
  });

  it('shows a replayed slash command as a command, and ignores a subagent prompt', () => {
    const line = (content: unknown, parent: string | null) =>
      JSON.stringify({ type: 'user', message: { role: 'user', content }, parent_tool_use_id: parent, session_id: 's', isReplay: true });
    const { events, accounting } = replay([
      line('<command-name>/compact</command-name>\n<command-args>keep the plan</command-args>', null),
      line([{ type: 'text', text: 'Look at the failing test.' }], null),
      line('Search for the config file.', 'toolu_task'),
    ]);
    expect(events).toEqual([
      { kind: 'prompt', form: 'command', text: '/compact keep the plan' },
      { kind: 'prompt', form: 'prompt', text: 'Look at the failing test.' },
    ]);
    expect(accounting.ignored).toBe(1);
  });

  it('reports a JSON document that never closed and ends the session incomplete', () => {
    const lines = fixtureLines('verbose-json-array').slice(0, 40);
    const { events } = replayLines(claudeSource, lines);
    expect(events).toEqual([
      { kind: 'notice', level: 'warning', message: 'The output ended inside a JSON document (multi-line JSON document never closed)', code: 'truncated_document' },
      { kind: 'session', phase: 'start' },
      { kind: 'session', phase: 'end', status: 'incomplete' },
    ]);
  });

  it('gives the parity run the shared shape', () => {
    const { events } = replay(fixtureLines('parity-read-readme'));
    expect(events.filter((event) => event.kind !== 'usage').map((event) => (event.kind === 'tool-use' ? `${event.kind}:${event.name}:${event.arg}` : event.kind))).toEqual([
      'session',
      'text',
      'tool-use:Read:README.md',
      'tool-result',
      'text',
      'session',
    ]);
    const read = ofKind(events, 'tool-result')[0];
    expect(read?.status).toBe('success');
    expect(read?.output?.split('\n')).toHaveLength(43);
    expect(ofKind(events, 'text').at(-1)?.text).toBe('README.md has 42 lines.');
  });

  it('streams a server tool: the call at its complete line or content_block_stop, the result at its content_block_start, each once', () => {
    const search = { type: 'server_tool_use', id: 'srv1', name: 'web_search', input: { query: 'node 22' } };
    const found = { type: 'web_search_tool_result', tool_use_id: 'srv1', content: [{ type: 'web_search_result', title: 'Node 22', url: 'https://nodejs.org', encrypted_content: 'x', page_age: null }] };
    const { events, diagnostics } = replay([
      init,
      stream({ type: 'message_start', message: { id: 'm1', content: [], usage: usage(3, 1) } }),
      stream({ type: 'content_block_start', index: 0, content_block: { ...search, input: {} } }),
      stream({ type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"query":"node 22"}' } }),
      stream({ type: 'content_block_stop', index: 0 }),
      assistant('m1', [search]),
      stream({ type: 'content_block_start', index: 1, content_block: found }),
      stream({ type: 'content_block_stop', index: 1 }),
      assistant('m1', [found]),
      result(),
    ]);
    expect(events.slice(1, 3)).toEqual([
      { kind: 'tool-use', id: 'srv1', name: 'WebSearch', toolName: 'web_search', toolKind: 'fetch', arg: 'node 22', input: { query: 'node 22' } },
      { kind: 'tool-result', id: 'srv1', name: 'WebSearch', toolKind: 'fetch', status: 'success', outputState: 'text', details: { matchCount: 1 }, output: 'Node 22 — https://nodejs.org' },
    ]);
    expect(ofKind(events, 'tool-use')).toHaveLength(1);
    expect(ofKind(events, 'tool-result')).toHaveLength(1);
    expect(diagnostics).toEqual([]);
  });

  it('says the CLI version on the session start and names what it does not know, for the drift alarm', () => {
    const newer = { ...init, claude_code_version: '2.2.0' };
    const { events, diagnostics } = replay([newer, assistant('m1', [{ type: 'hologram' }]), { type: 'brand_new_line' }]);
    expect(claudeSource.testedUpTo).toBe(RECORDED_UP_TO);
    expect(events[0]).toEqual({ ...START, agentVersion: '2.2.0' });
    expect(diagnostics.map((d) => d.reason)).toEqual(['unknown content block "hologram"', 'unknown message type "brand_new_line"']);
  });

  it('ignores text beside tool results, and reports a user block of a kind not known', () => {
    const { events, diagnostics } = replay([
      init,
      assistant('m1', [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'ls' } }]),
      toolResults([{ type: 'text', text: 'a reminder the CLI adds' }]),
      toolResults([{ type: 'search_result_v9', data: 'x' }]),
      toolResults([{ type: 'tool_result', content: 'no id' }]),
    ]);
    expect(ofKind(events, 'tool-result')).toEqual([]);
    expect(diagnostics.map((d) => [d.line, d.outcome, d.reason])).toEqual([
      [4, 'unknown', 'unknown content block "search_result_v9"'],
      [5, 'malformed', 'tool_result block without a tool_use_id'],
    ]);
  });

  it('gives up a pretty-printed document past maxDocumentChars', () => {
    const lines = fixtureLines('verbose-json-array');
    const small = replayLines(createClaudeSource({ maxDocumentChars: 1000 }), lines);
    expect(small.accounting.malformed).toBeGreaterThan(0);
    expect(ofKind(small.events, 'tool-use')).toEqual([]);
    expect(ofKind(replayLines(claudeSource, lines).events, 'tool-use')).toHaveLength(1);
  });
});
