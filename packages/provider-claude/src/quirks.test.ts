import { aggregateRun, collectDisplayOutput, replayLines, streamEvents, type DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { claudeSource } from './source.js';

/*
 * One test per quirk of docs/formats/claude.md ("Quirks and edge cases",
 * numbered as there), then the behaviours the provider issue asks for.
 */

const SESSION = '11111111-2222-4333-8444-555555555555';

function fixtureLines(scenario: string): string[] {
  const fixture = listFixtures('claude').find((f) => f.scenario === scenario);
  if (fixture === undefined) throw new Error(`no fixture ${scenario}`);
  return readFixtureLines(fixture);
}

const replay = (lines: readonly (string | object)[]) =>
  replayLines(
    claudeSource,
    lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))),
  );

const ofKind = <K extends DisplayEvent['kind']>(events: DisplayEvent[], kind: K) =>
  events.filter((event): event is Extract<DisplayEvent, { kind: K }> => event.kind === kind);

const textOf = (events: DisplayEvent[]) =>
  ofKind(events, 'text')
    .map((event) => event.text)
    .join('');

const usage = (input: number, output: number) => ({ input_tokens: input, output_tokens: output, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 });

const assistant = (id: string, content: object[], extra: object = {}) => ({
  type: 'assistant',
  message: { id, type: 'message', role: 'assistant', model: 'claude-sonnet-4-5-20250929', content, usage: usage(10, 5) },
  parent_tool_use_id: null,
  session_id: SESSION,
  ...extra,
});

const toolResults = (blocks: object[], extra: object = {}) => ({
  type: 'user',
  message: { role: 'user', content: blocks },
  parent_tool_use_id: null,
  session_id: SESSION,
  ...extra,
});

const result = (extra: object = {}) => ({
  type: 'result',
  subtype: 'success',
  is_error: false,
  duration_ms: 1000,
  num_turns: 1,
  result: 'done',
  session_id: SESSION,
  total_cost_usd: 0.01,
  usage: usage(10, 5),
  modelUsage: {},
  ...extra,
});

const init = { type: 'system', subtype: 'init', session_id: SESSION, model: 'claude-sonnet-4-5-20250929', cwd: '/work', claude_code_version: '2.1.329' };

const stream = (event: object, parent: string | null = null) => ({ type: 'stream_event', event, parent_tool_use_id: parent, session_id: SESSION });

describe('claude.md quirks', () => {
  it('1. field renames: reads total_cost_usd ?? total_cost ?? cost_usd', () => {
    const cost = (extra: object) => ofKind(replay([result({ total_cost_usd: undefined, ...extra })]).events, 'usage')[0]?.costUsd;
    expect(cost({ total_cost_usd: 0.5, total_cost: 0.3, cost_usd: 0.1 })).toBe(0.5);
    expect(cost({ total_cost: 0.3, cost_usd: 0.1 })).toBe(0.3);
    expect(cost({ cost_usd: 0.1 })).toBe(0.1);
    expect(ofKind(replay(fixtureLines('legacy-cost-fields')).events, 'usage')[0]?.costUsd).toBe(0.0123);
  });

  it('2. flat API messages of CLIs before 0.2.117 are read as assistant and user lines', () => {
    const { events, accounting } = replay([
      { role: 'assistant', content: [{ type: 'text', text: 'Listing.' }, { type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'ls' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'a\nb' }] },
      { type: 'message', id: 'msg_old', role: 'assistant', content: [{ type: 'text', text: 'Two files.' }] },
    ]);
    expect(events.map((event) => event.kind)).toEqual(['session', 'text', 'tool-use', 'tool-result', 'text', 'session']);
    expect(textOf(events)).toBe('Listing.Two files.');
    expect(accounting.malformed).toBe(0);
  });

  it('3. total_cost_usd is cumulative: each result restates the session total', () => {
    const { events } = replay(fixtureLines('multi-turn-replay'));
    const usages = ofKind(events, 'usage');
    expect(usages.map((event) => [event.cumulative, event.costUsd])).toEqual([
      [true, 0.01],
      [true, 0.025],
    ]);
    expect(aggregateRun(events).usage.costUsd).toBe(0.025);
  });

  it('4. a stream without its result ends incomplete, with the final text rebuilt from the assistant blocks', () => {
    const truncated = replay(fixtureLines('truncated')).events;
    expect(truncated.at(-1)).toEqual({
      kind: 'session',
      phase: 'end',
      status: 'incomplete',
      sessionId: SESSION,
      result: 'One test fails. \nLet me read the date parser.',
    });
    // result:"" after a TodoWrite turn (anthropics/claude-code#8126, #7124).
    const empty = replay(fixtureLines('empty-result')).events;
    expect(empty.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'success', result: 'The parser is done; the tests are next.' });
  });

  it('5. result.result holding only the first chunk is replaced by the text blocks of the final message', () => {
    const { events } = replay(fixtureLines('result-first-chunk'));
    const answer = 'Here is the plan:\n1. Parse the input.\n2. Validate it.\n3. Write the output.';
    expect(events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', result: answer });
    expect(aggregateRun(events).finalMessage).toBe(answer);
  });

  it('6. partial messages: text and thinking streamed as deltas are not shown again from the complete assistant line', () => {
    const { events } = replay(fixtureLines('partial-messages'));
    expect(ofKind(events, 'text').map((event) => [event.id, event.text])).toEqual([
      ['msg_partial_P:1', 'Let me '],
      ['msg_partial_P:1', 'read it.'],
      ['msg_partial_Q:0', 'It says '],
      ['msg_partial_Q:0', '"hello".'],
    ]);
    expect(ofKind(events, 'reasoning').map((event) => event.text).join('')).toBe('Need to read the file first.');
    expect(collectDisplayOutput(events)).toBe('Let me read it.\nIt says "hello".\n');
  });

  it('6. partial messages: the complete line adds only what the deltas missed, also after content_block_stop', () => {
    const { events } = replay([
      stream({ type: 'message_start', message: { id: 'm1', content: [], usage: usage(1, 1) } }),
      stream({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
      stream({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hello' } }),
      stream({ type: 'content_block_stop', index: 0 }),
      assistant('m1', [{ type: 'text', text: 'Hello, world.' }]),
      stream({ type: 'message_stop' }),
      assistant('m1', [{ type: 'text', text: 'A second block, never streamed.' }]),
    ]);
    expect(ofKind(events, 'text').map((event) => [event.id, event.text])).toEqual([
      ['m1:0', 'Hello'],
      ['m1:0', ', world.'],
      ['m1:1', 'A second block, never streamed.'],
    ]);
  });

  it('7. usage repeated on every line of one message is counted once per message id', () => {
    const { events } = replay([
      init,
      assistant('m1', [{ type: 'thinking', thinking: 'hm', signature: 's' }]),
      assistant('m1', [{ type: 'text', text: 'a' }]),
      assistant('m1', [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'ls' } }]),
      toolResults([{ type: 'tool_result', tool_use_id: 't1', content: 'x' }]),
      assistant('m2', [{ type: 'text', text: 'b' }]),
      assistant('m2', [{ type: 'text', text: 'c' }]),
    ]);
    const usages = ofKind(events, 'usage');
    expect(usages).toEqual([{ kind: 'usage', cumulative: false, model: 'claude-sonnet-4-5-20250929', inputTokens: 20, outputTokens: 10, cacheReadTokens: 0, cacheWriteTokens: 0 }]);
    // With partial messages, message_delta carries the message's final output count.
    const streamed = replay([
      stream({ type: 'message_start', message: { id: 'm1', model: 'x', content: [], usage: usage(10, 1) } }),
      assistant('m1', [{ type: 'text', text: 'a' }]),
      stream({ type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 61, input_tokens: null } }),
    ]).events;
    expect(ofKind(streamed, 'usage')[0]).toMatchObject({ inputTokens: 10, outputTokens: 61 });
    // A result restates the totals: nothing per message is emitted then.
    expect(ofKind(replay(fixtureLines('read-edit-run')).events, 'usage')).toHaveLength(1);
  });

  it('8. UTF-8 split across chunk boundaries gives the same events however the bytes are chunked', async () => {
    const lines = [
      init,
      assistant('m1', [{ type: 'text', text: '読み込みます 📄 ファイル' }]),
      assistant('m1', [{ type: 'tool_use', id: 't1', name: 'Read', input: { file_path: '/работа/файл.txt' } }]),
      toolResults([{ type: 'tool_result', tool_use_id: 't1', content: '中文内容 — ok' }]),
      result({ result: '完了 ✅' }),
    ].map((line) => JSON.stringify(line));
    const bytes = new TextEncoder().encode(lines.join('\n') + '\n');
    const whole = replayLines(claudeSource, lines).events;
    for (const size of [1, 2, 3, 5, 7, 64]) {
      const chunks: Uint8Array[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      const events: DisplayEvent[] = [];
      for await (const event of streamEvents(chunks, { source: claudeSource })) events.push(event);
      expect(events).toEqual(whole);
    }
    expect(textOf(whole)).toBe('読み込みます 📄 ファイル');
  });

  it('9. key order and new fields change nothing', () => {
    // Keys reversed at every depth; an unknown field added to each line and its message (tool input is raw and kept).
    const reorder = (value: unknown, depth: number): unknown => {
      if (Array.isArray(value)) return value.map((item) => reorder(item, depth + 1));
      if (typeof value !== 'object' || value === null) return value;
      const entries = Object.entries(value)
        .reverse()
        .map(([key, item]) => [key, reorder(item, depth + 1)]);
      return Object.fromEntries(depth <= 1 ? [['future_field', { nested: [1, null] }], ...entries] : entries);
    };
    const lines = fixtureLines('read-edit-run').filter((line) => line.trim() !== '');
    const shuffled = lines.map((line) => JSON.stringify(reorder(JSON.parse(line), 0)));
    expect(replayLines(claudeSource, shuffled).events).toEqual(replayLines(claudeSource, lines).events);
  });

  it('10. subagent lines carry parentToolUseId; the Agent call is the canonical Task', () => {
    const { events } = replay(fixtureLines('subagent'));
    const agent = ofKind(events, 'tool-use').find((event) => event.toolName === 'Agent');
    expect(agent).toMatchObject({ name: 'Task', toolKind: 'think', arg: 'Find TODOs', id: 'toolu_sub_agent' });
    expect(agent?.parentToolUseId).toBeUndefined();
    const nested = events.filter((event) => event.parentToolUseId !== undefined);
    expect(nested.map((event) => event.kind)).toEqual(['reasoning', 'text', 'tool-use', 'tool-result', 'text']);
    expect(new Set(nested.map((event) => event.parentToolUseId))).toEqual(new Set(['toolu_sub_agent']));
    expect(ofKind(events, 'tool-result').find((event) => event.id === 'toolu_sub_agent')).toMatchObject({ status: 'success', details: { durationMs: 4200 } });
    // The final message is the main thread's, not the subagent's.
    expect(aggregateRun(events).finalMessage).toBe('There is one TODO, in src/a.ts line 3.');
  });

  it('11. a zeroed startup-failure result gives a fatal error with its errors[] and an error end', () => {
    const { events } = replay(fixtureLines('startup-failure'));
    expect(events.map((event) => event.kind)).toEqual(['session', 'error', 'usage', 'session']);
    expect(events[1]).toMatchObject({ fatal: true, code: 'error_during_execution', message: expect.stringContaining('/work/gone') });
    expect(events[3]).toEqual({ kind: 'session', phase: 'end', status: 'error', sessionId: SESSION });
  });

  it('12. stderr and other non-JSON output on stdout is skipped, never fatal; the CLI\'s own `Error: ...` lines become errors', () => {
    const { events, diagnostics, accounting } = replay(fixtureLines('unknown-and-malformed'));
    expect(diagnostics.map((d) => [d.line, d.outcome])).toEqual([
      [6, 'unknown'],
      [9, 'malformed'],
      [13, 'malformed'],
      [16, 'malformed'],
    ]);
    expect(accounting).toEqual({ lines: 19, events: 8, ignored: 7, malformed: 3, unknown: 1, unexplained: 0, atEnd: 0 });
    expect(ofKind(events, 'error')).toEqual([{ kind: 'error', message: 'background task wrote to stdout', fatal: false, code: 'stderr' }]);
    expect(events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'success' });
    const noise = replay(['Loading…', '{"type":"keep_alive"}']);
    expect(noise.diagnostics.map((d) => d.reason)).toEqual(['not JSON (stderr or other output on stdout?)']);
  });

  it('13. --output-format json: the single result object, or with --verbose the array of every message', () => {
    const single = replay(fixtureLines('json-result')).events;
    expect(single.map((event) => event.kind)).toEqual(['session', 'text', 'usage', 'session']);
    expect(collectDisplayOutput(single)).toBe('README.md has 42 lines.\n');
    const verbose = replay(fixtureLines('verbose-json-array'));
    expect(verbose.events.map((event) => event.kind)).toEqual(['notice', 'session', 'text', 'tool-use', 'tool-result', 'text', 'usage', 'session']);
    // Every line of the pretty-printed document but the last is part of a document still open.
    expect(verbose.accounting.events).toBe(1);
    expect(verbose.accounting.ignored).toBe(verbose.accounting.lines - 1);
    // The same array on one line, as the CLI itself prints it.
    const compact = JSON.stringify(JSON.parse(fixtureLines('verbose-json-array').join('\n')));
    expect(replayLines(claudeSource, [compact]).events).toEqual(verbose.events);
  });

  it('14. tool_result content is a string, an array of blocks (images dropped), or missing; is_error absent means success', () => {
    const { events } = replay([
      assistant('m1', [
        { type: 'tool_use', id: 'a', name: 'Bash', input: { command: 'ls' } },
        { type: 'tool_use', id: 'b', name: 'mcp__shots__take', input: { url: 'https://example.com' } },
        { type: 'tool_use', id: 'c', name: 'Write', input: { file_path: '/w/x' } },
      ]),
      toolResults([
        { type: 'tool_result', tool_use_id: 'a', content: 'one' },
        { type: 'tool_result', tool_use_id: 'b', content: [{ type: 'text', text: 'shot taken' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } }] },
        { type: 'tool_result', tool_use_id: 'c' },
      ]),
    ]);
    expect(ofKind(events, 'tool-result').map((event) => [event.id, event.status, event.outputState, event.output])).toEqual([
      ['a', 'success', 'text', 'one'],
      ['b', 'success', 'text', 'shot taken'],
      ['c', 'success', 'unavailable', undefined],
    ]);
    expect(ofKind(events, 'tool-use')[1]).toMatchObject({ name: 'shots.take', toolName: 'mcp__shots__take' });
  });

  it('15. redacted_thinking, signatures and empty thinking are never shown', () => {
    const { events, accounting } = replay([
      assistant('m1', [{ type: 'redacted_thinking', data: 'ZW5jcnlwdGVk' }]),
      assistant('m1', [{ type: 'thinking', thinking: '', signature: 'c2lnbmF0dXJl' }]),
      assistant('m1', [{ type: 'thinking', thinking: 'visible', signature: 'c2lnbmF0dXJl' }]),
      stream({ type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'c2ln' } }),
    ]);
    expect(JSON.stringify(events)).not.toMatch(/ZW5jcnlwdGVk|c2lnbmF0dXJl|c2ln/);
    expect(ofKind(events, 'reasoning').map((event) => event.text)).toEqual(['visible']);
    expect(accounting.ignored).toBe(3);
  });
});

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

  it('gives error events for error results: is_error on a success subtype, and error subtypes with errors[]', () => {
    const failed = replay(fixtureLines('failed-run')).events;
    expect(ofKind(failed, 'error')).toEqual([{ kind: 'error', message: 'Reached maximum number of turns (3)', fatal: true, code: 'error_max_turns' }]);
    expect(ofKind(failed, 'notice').map((event) => event.code)).toEqual(['rate_limit', 'api_retry', 'compact_boundary', 'permission_denied']);
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
});
