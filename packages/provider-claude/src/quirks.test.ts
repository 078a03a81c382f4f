import { aggregateRun, replayLines, streamEvents, type DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { assistant, init, MODEL, ofKind, replay, result, SESSION, START, stream, toolResults, usage } from '../test/lines.js';
import { claudeSource } from './source.js';

/*
 * One test per quirk of docs/formats/claude.md ("Quirks", numbered as there),
 * each with the exact events written by hand from the notes, not copied
 * from a dump.
 */

/** The session end of a turn whose `result` is the helper's default. */
const END = { kind: 'session', phase: 'end', status: 'success', sessionId: SESSION, durationMs: 1000, turns: 1 };

describe('claude.md quirks', () => {
  it('1. field renames: reads total_cost_usd ?? total_cost ?? cost_usd', () => {
    const legacy = { type: 'result', subtype: 'success', is_error: false, duration_ms: 900, num_turns: 1, result: 'ok', session_id: SESSION, cost_usd: 0.1, total_cost: 0.3, usage: usage(4, 2) };
    expect(replay([legacy]).events).toEqual([
      { kind: 'session', phase: 'start', sessionId: SESSION },
      { kind: 'text', id: 'result:1', text: 'ok' },
      { kind: 'usage', cumulative: true, inputTokens: 4, outputTokens: 2, costUsd: 0.3 },
      { kind: 'session', phase: 'end', status: 'success', sessionId: SESSION, durationMs: 900, turns: 1, result: 'ok' },
    ]);
    const cost = (extra: object) => ofKind(replay([result({ total_cost_usd: undefined, ...extra })]).events, 'usage')[0]?.costUsd;
    expect([cost({ total_cost_usd: 0.5, total_cost: 0.3, cost_usd: 0.1 }), cost({ cost_usd: 0.1 })]).toEqual([0.5, 0.1]);
  });

  it('2. flat API messages of CLIs before 0.2.117 are read as assistant and user lines', () => {
    const { events, diagnostics } = replay([
      { role: 'assistant', content: [{ type: 'text', text: 'Listing.' }, { type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'ls' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'a\nb' }] },
    ]);
    expect(events).toEqual([
      { kind: 'session', phase: 'start' },
      { kind: 'text', id: 'line-1:0', text: 'Listing.' },
      { kind: 'tool-use', id: 't1', name: 'Bash', toolName: 'Bash', toolKind: 'execute', arg: 'ls', input: { command: 'ls' } },
      { kind: 'tool-result', id: 't1', name: 'Bash', toolKind: 'execute', status: 'success', outputState: 'text', details: {}, output: 'a\nb' },
      { kind: 'session', phase: 'end', status: 'incomplete', result: 'Listing.' },
    ]);
    expect(diagnostics).toEqual([]);
  });

  it('2. before 0.2.117 the run ends with a flat { role: "system" } summary: read as its result, failed when it repeats the API error', () => {
    // Claude Code 0.2.114, fixtures/claude/recorded/0.2.114/plain-answer.jsonl and api-error-400.jsonl, usage trimmed:
    // no init, the API message as it came, then the summary, which has no is_error (the CLI exits 1 after an API error).
    const answer = { id: 'msg_lab_1', type: 'message', role: 'assistant', model: MODEL, content: [{ type: 'text', text: 'It is **42**.' }], stop_reason: 'end_turn', usage: usage(1201, 41) };
    const summary = (text: string, cost: number) => ({ role: 'system', cost_usd: cost, duration_ms: 123, duration_api_ms: 123, result: text, session_id: SESSION });
    const ok = replay([answer, summary('It is **42**.', 0.004458)]);
    expect(ok.events.filter((event) => event.kind !== 'usage')).toEqual([
      { kind: 'session', phase: 'start' },
      { kind: 'text', id: 'msg_lab_1:0', text: 'It is **42**.' },
      { kind: 'session', phase: 'end', status: 'success', sessionId: SESSION, durationMs: 123, result: 'It is **42**.' },
    ]);
    expect(ofKind(ok.events, 'usage').find((event) => event.cumulative)?.costUsd).toBe(0.004458);
    expect(ok.diagnostics).toEqual([]);
    const synthetic = { id: 'bfa492b8', model: '<synthetic>', role: 'assistant', stop_reason: 'stop_sequence', stop_sequence: '', type: 'message', usage: usage(0, 0), content: [{ type: 'text', text: 'Prompt is too long' }] };
    const failed = replay([synthetic, { ...summary('Prompt is too long', 0), duration_ms: 0 }]);
    expect(failed.events.filter((event) => event.kind !== 'usage')).toEqual([
      { kind: 'session', phase: 'start' },
      { kind: 'error', message: 'Prompt is too long', fatal: false, code: 'api_error' },
      // The summary's duration_ms is 0: a failed session's zero duration is left out (as for every source).
      { kind: 'session', phase: 'end', status: 'error', sessionId: SESSION, result: 'Prompt is too long' },
    ]);
    expect(failed.diagnostics).toEqual([]);
    // 0.2.100 (recorded, api-error-400): each message pretty-printed over several lines, a summary without result
    // or session_id, and exit 0 after the API error all the same.
    const pretty = (line: object) => JSON.stringify(line, null, 2).split('\n');
    const older = replay([...pretty(synthetic), ...pretty({ role: 'system', cost_usd: 0, duration_ms: 0, duration_api_ms: 0 })]);
    expect(older.events.filter((event) => event.kind !== 'usage')).toEqual([
      { kind: 'session', phase: 'start' },
      { kind: 'error', message: 'Prompt is too long', fatal: false, code: 'api_error' },
      { kind: 'session', phase: 'end', status: 'error', result: 'Prompt is too long' },
    ]);
    expect(older.diagnostics).toEqual([]);
  });

  it('3. total_cost_usd is cumulative: each result restates the session total', () => {
    const turn = (cost: number, tokens: number) => result({ total_cost_usd: cost, modelUsage: { [MODEL]: { inputTokens: tokens, outputTokens: 1, costUSD: cost } } });
    const { events } = replay([init, turn(0.01, 10), init, turn(0.025, 25)]);
    const perModel = (cost: number, tokens: number) => ({ claude: { modelUsage: { [MODEL]: { inputTokens: tokens, outputTokens: 1, costUSD: cost } } } });
    expect(ofKind(events, 'usage')).toEqual([
      { kind: 'usage', cumulative: true, model: MODEL, inputTokens: 10, outputTokens: 1, costUsd: 0.01, providerMetadata: perModel(0.01, 10) },
      { kind: 'usage', cumulative: true, model: MODEL, inputTokens: 25, outputTokens: 1, costUsd: 0.025, providerMetadata: perModel(0.025, 25) },
    ]);
    expect(aggregateRun(events).usage.costUsd).toBe(0.025);
  });

  it('4. a stream without its result ends incomplete, with the final text rebuilt from the assistant blocks', () => {
    const read = { type: 'tool_use', id: 't1', name: 'Read', input: { file_path: '/work/date.ts' } };
    expect(replay([init, assistant('m1', [{ type: 'text', text: 'One test fails.' }]), assistant('m1', [read])]).events).toEqual([
      START,
      { kind: 'text', id: 'm1:0', text: 'One test fails.' },
      { kind: 'tool-use', id: 't1', name: 'Read', toolName: 'Read', toolKind: 'read', arg: '/work/date.ts', input: { file_path: '/work/date.ts' } },
      { kind: 'usage', cumulative: false, model: MODEL, inputTokens: 10, outputTokens: 5 },
      { kind: 'session', phase: 'end', status: 'incomplete', sessionId: SESSION, result: 'One test fails.' },
    ]);
    // result:"" after a TodoWrite turn (anthropics/claude-code#8126): the answer is the text shown.
    expect(replay([init, assistant('m1', [{ type: 'text', text: 'Done.' }]), result({ result: '' })]).events).toEqual([
      START,
      { kind: 'text', id: 'm1:0', text: 'Done.' },
      { kind: 'usage', cumulative: true, model: MODEL, inputTokens: 10, outputTokens: 5, costUsd: 0.01 },
      { ...END, result: 'Done.' },
    ]);
  });

  it('5. result.result holding only the first chunk is replaced by the text blocks of the final message', () => {
    const { events } = replay([
      init,
      assistant('m1', [{ type: 'text', text: 'Here is the plan:' }]),
      assistant('m1', [{ type: 'text', text: '1. Parse the input.' }]),
      result({ result: 'Here is the plan:' }),
    ]);
    expect(events).toEqual([
      START,
      { kind: 'text', id: 'm1:0', text: 'Here is the plan:' },
      { kind: 'text', id: 'm1:1', text: '1. Parse the input.' },
      { kind: 'usage', cumulative: true, model: MODEL, inputTokens: 10, outputTokens: 5, costUsd: 0.01 },
      { ...END, result: 'Here is the plan:\n1. Parse the input.' },
    ]);
  });

  it('6. partial messages: deltas are shown as they come, and the complete line adds only what they missed', () => {
    const { events } = replay([
      init,
      stream({ type: 'message_start', message: { id: 'm1', content: [], usage: usage(3, 1) } }),
      stream({ type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } }),
      stream({ type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Plan.' } }),
      assistant('m1', [{ type: 'thinking', thinking: 'Plan.', signature: 's' }]),
      stream({ type: 'content_block_stop', index: 0 }),
      stream({ type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } }),
      stream({ type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Hel' } }),
      stream({ type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'lo' } }),
      assistant('m1', [{ type: 'text', text: 'Hello, world.' }]),
      stream({ type: 'content_block_stop', index: 1 }),
      stream({ type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 7 } }),
      stream({ type: 'message_stop' }),
    ]);
    expect(events).toEqual([
      START,
      { kind: 'reasoning', id: 'm1:0', text: 'Plan.' },
      { kind: 'text', id: 'm1:1', text: 'Hel' },
      { kind: 'text', id: 'm1:1', text: 'lo' },
      { kind: 'text', id: 'm1:1', text: ', world.' },
      { kind: 'usage', cumulative: false, model: MODEL, inputTokens: 10, outputTokens: 7 },
      { kind: 'session', phase: 'end', status: 'incomplete', sessionId: SESSION, result: 'Hello, world.' },
    ]);
  });

  it('6. partial messages: a CRLF cut between two deltas is one line end, as in the complete line', () => {
    // The model's tokens may end at the CR: the pipeline's plain pass joins the cut (core plain-pass.ts).
    const { events } = replay([
      init,
      stream({ type: 'message_start', message: { id: 'm1', content: [], usage: usage(3, 1) } }),
      stream({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
      stream({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Let me\r' } }),
      stream({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: '\nread it.' } }),
      assistant('m1', [{ type: 'text', text: 'Let me\r\nread it.' }]),
      stream({ type: 'content_block_stop', index: 0 }),
    ]);
    expect(ofKind(events, 'text')).toEqual([
      { kind: 'text', id: 'm1:0', text: 'Let me\n' },
      { kind: 'text', id: 'm1:0', text: 'read it.' },
    ]);
    expect(events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', result: 'Let me\nread it.' });
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
    // Two messages of 10 in and 5 out each, however many lines repeat them.
    expect(ofKind(events, 'usage')).toEqual([{ kind: 'usage', cumulative: false, model: MODEL, inputTokens: 20, outputTokens: 10 }]);
  });

  it('8. UTF-8 split across chunk boundaries gives the same events however the bytes are chunked', async () => {
    const lines = [init, assistant('m1', [{ type: 'text', text: '読み込みます 📄 ファイル' }]), result({ result: '完了 ✅' })].map((line) => JSON.stringify(line));
    const bytes = new TextEncoder().encode(lines.join('\n') + '\n');
    const expected = [
      START,
      { kind: 'text', id: 'm1:0', text: '読み込みます 📄 ファイル' },
      { kind: 'usage', cumulative: true, model: MODEL, inputTokens: 10, outputTokens: 5, costUsd: 0.01 },
      { ...END, result: '読み込みます 📄 ファイル' },
    ];
    for (const size of [1, 2, 3, 5, 7, 64]) {
      const chunks: Uint8Array[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      const events: DisplayEvent[] = [];
      for await (const event of streamEvents(chunks, { source: claudeSource })) events.push(event);
      expect(events).toEqual(expected);
    }
  });

  it('9. key order and new fields change nothing', () => {
    const line = { future_field: { nested: [1, null] }, session_id: SESSION, parent_tool_use_id: null, message: { stop_details: { x: 1 }, content: [{ citations: null, text: 'hi', type: 'text' }], id: 'm1' }, type: 'assistant' };
    expect(replay([line]).events).toEqual([
      { kind: 'session', phase: 'start', sessionId: SESSION },
      { kind: 'text', id: 'm1:0', text: 'hi' },
      { kind: 'session', phase: 'end', status: 'incomplete', sessionId: SESSION, result: 'hi' },
    ]);
  });

  it('10. subagent lines carry parentToolUseId; the Agent call is the canonical Task', () => {
    const agent = { type: 'tool_use', id: 'task1', name: 'Agent', input: { description: 'Find TODOs', prompt: 'Find the TODO comments.', subagent_type: 'Explore' } };
    const { events } = replay([
      init,
      assistant('m1', [agent]),
      { type: 'user', message: { role: 'user', content: [{ type: 'text', text: 'Find the TODO comments.' }] }, parent_tool_use_id: 'task1', session_id: SESSION },
      assistant('m2', [{ type: 'text', text: 'One TODO in a.ts.' }], { parent_tool_use_id: 'task1' }),
      toolResults([{ type: 'tool_result', tool_use_id: 'task1', content: [{ type: 'text', text: 'One TODO in a.ts.' }] }]),
      result(),
    ]);
    expect(events).toEqual([
      START,
      { kind: 'tool-use', id: 'task1', name: 'Task', toolName: 'Agent', toolKind: 'think', arg: 'Find TODOs', input: agent.input },
      { kind: 'text', id: 'm2:0', text: 'One TODO in a.ts.', parentToolUseId: 'task1' },
      { kind: 'tool-result', id: 'task1', name: 'Task', toolKind: 'think', status: 'success', outputState: 'text', details: {}, output: 'One TODO in a.ts.' },
      // The subagent's text is not the main thread's: the result is the answer.
      { kind: 'text', id: 'result:1', text: 'done' },
      { kind: 'usage', cumulative: true, model: MODEL, inputTokens: 10, outputTokens: 5, costUsd: 0.01 },
      { ...END, result: 'done' },
    ]);
  });

  it('11. a zeroed startup-failure result gives a fatal error with its errors[] and an error end without the zeros', () => {
    const failure = { type: 'result', subtype: 'error_during_execution', is_error: true, duration_ms: 0, num_turns: 0, session_id: SESSION, total_cost_usd: 0, usage: usage(0, 0), errors: ['The working directory /work/gone cannot be read.'], startup_failure_reason: 'cwd_unreadable' };
    expect(replay([failure]).events).toEqual([
      { kind: 'session', phase: 'start', sessionId: SESSION },
      { kind: 'error', message: 'The working directory /work/gone cannot be read.', fatal: true, code: 'error_during_execution' },
      { kind: 'usage', cumulative: true, inputTokens: 0, outputTokens: 0, costUsd: 0 },
      { kind: 'session', phase: 'end', status: 'error', sessionId: SESSION },
    ]);
  });

  it("12. stderr and other non-JSON output on stdout is skipped, never fatal; the CLI's own `Error: ...` lines become errors", () => {
    const { events, diagnostics } = replay([init, 'Error: background task wrote to stdout', 'Loading…', { type: 'keep_alive' }, assistant('m1', [{ type: 'text', text: 'ok' }]), result()]);
    expect(events).toEqual([
      START,
      { kind: 'error', message: 'background task wrote to stdout', fatal: false, code: 'stderr' },
      { kind: 'text', id: 'm1:0', text: 'ok' },
      { kind: 'usage', cumulative: true, model: MODEL, inputTokens: 10, outputTokens: 5, costUsd: 0.01 },
      { ...END, result: 'ok' },
    ]);
    expect(diagnostics).toEqual([{ line: 3, outcome: 'malformed', reason: 'not JSON (stderr or other output on stdout?)', excerpt: 'Loading…' }]);
  });

  it('13. --output-format json: the single result object, or with --verbose the array of every message', () => {
    expect(replay([result()]).events).toEqual([
      { kind: 'session', phase: 'start', sessionId: SESSION },
      { kind: 'text', id: 'result:1', text: 'done' },
      { kind: 'usage', cumulative: true, inputTokens: 10, outputTokens: 5, costUsd: 0.01 },
      { ...END, result: 'done' },
    ]);
    const array = [init, assistant('m1', [{ type: 'text', text: 'Hi.' }]), result({ result: 'Hi.' })];
    const expected = [
      START,
      { kind: 'text', id: 'm1:0', text: 'Hi.' },
      { kind: 'usage', cumulative: true, model: MODEL, inputTokens: 10, outputTokens: 5, costUsd: 0.01 },
      { ...END, result: 'Hi.' },
    ];
    expect(replay([array]).events).toEqual(expected);
    // Pretty-printed over many lines, as a formatter writes it: the events come with its last line.
    const pretty = replayLines(claudeSource, JSON.stringify(array, null, 2).split('\n'));
    expect(pretty.events).toEqual(expected);
    expect(pretty.accounting).toMatchObject({ events: 1, ignored: pretty.accounting.lines - 1, unexplained: 0 });
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
    expect(ofKind(events, 'tool-result')).toEqual([
      { kind: 'tool-result', id: 'a', name: 'Bash', toolKind: 'execute', status: 'success', outputState: 'text', details: {}, output: 'one' },
      { kind: 'tool-result', id: 'b', name: 'shots.take', toolKind: 'other', status: 'success', outputState: 'text', details: {}, output: 'shot taken' },
      { kind: 'tool-result', id: 'c', name: 'Write', toolKind: 'edit', status: 'success', outputState: 'unavailable', details: { path: '/w/x' } },
    ]);
  });

  it('15. redacted_thinking, signatures and empty thinking are never shown', () => {
    const { events, accounting } = replay([
      init,
      assistant('m1', [{ type: 'redacted_thinking', data: 'ZW5jcnlwdGVk' }]),
      assistant('m1', [{ type: 'thinking', thinking: '', signature: 'c2lnbmF0dXJl' }]),
      assistant('m1', [{ type: 'thinking', thinking: 'visible', signature: 'c2lnbmF0dXJl' }]),
      stream({ type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'c2ln' } }),
    ]);
    expect(events).toEqual([
      START,
      { kind: 'reasoning', id: 'm1:2', text: 'visible' },
      { kind: 'usage', cumulative: false, model: MODEL, inputTokens: 10, outputTokens: 5 },
      { kind: 'session', phase: 'end', status: 'incomplete', sessionId: SESSION },
    ]);
    expect(accounting).toMatchObject({ events: 2, ignored: 3, unexplained: 0 });
  });

  it('16. server-tool and MCP connector calls have their call and their result in the assistant message', () => {
    const { events } = replay([
      init,
      assistant('m1', [{ type: 'server_tool_use', id: 'srv1', name: 'web_search', input: { query: 'node 22' } }]),
      assistant('m1', [{ type: 'web_search_tool_result', tool_use_id: 'srv1', content: [{ type: 'web_search_result', title: 'Node 22', url: 'https://nodejs.org', encrypted_content: 'x', page_age: null }] }]),
      assistant('m1', [{ type: 'mcp_tool_use', id: 'mcp1', name: 'get_issue', server_name: 'github', input: { number: 7 } }]),
      assistant('m1', [{ type: 'mcp_tool_result', tool_use_id: 'mcp1', is_error: false, content: [{ type: 'text', text: 'open' }] }]),
      assistant('m1', [
        { type: 'server_tool_use', id: 'srv2', name: 'code_execution', input: { code: 'print(1/0)' } },
        { type: 'code_execution_tool_result', tool_use_id: 'srv2', content: { type: 'code_execution_result', stdout: '', stderr: 'ZeroDivisionError: division by zero', return_code: 1, content: [] } },
      ]),
      assistant('m1', [{ type: 'web_fetch_tool_result', tool_use_id: 'srv3', content: { type: 'web_fetch_tool_result_error', error_code: 'url_not_accessible' } }]),
    ]);
    expect(events.slice(1, -2)).toEqual([
      { kind: 'tool-use', id: 'srv1', name: 'WebSearch', toolName: 'web_search', toolKind: 'fetch', arg: 'node 22', input: { query: 'node 22' } },
      { kind: 'tool-result', id: 'srv1', name: 'WebSearch', toolKind: 'fetch', status: 'success', outputState: 'text', details: { matchCount: 1 }, output: 'Node 22 — https://nodejs.org' },
      { kind: 'tool-use', id: 'mcp1', name: 'github.get_issue', toolName: 'mcp__github__get_issue', toolKind: 'other', arg: '{"number":7}', input: { number: 7 } },
      { kind: 'tool-result', id: 'mcp1', name: 'github.get_issue', toolKind: 'other', status: 'success', outputState: 'text', details: {}, output: 'open' },
      { kind: 'tool-use', id: 'srv2', name: 'code_execution', toolName: 'code_execution', toolKind: 'other', arg: '{"code":"print(1/0)"}', input: { code: 'print(1/0)' } },
      { kind: 'tool-result', id: 'srv2', name: 'code_execution', toolKind: 'other', status: 'error', outputState: 'empty', details: { exitCode: 1, stderr: 'ZeroDivisionError: division by zero' }, output: '' },
      // A result whose call was never seen is still shown, under the server tool's name.
      { kind: 'tool-result', id: 'srv3', name: 'WebFetch', toolKind: 'fetch', status: 'error', outputState: 'unavailable', details: { errorMessage: 'url_not_accessible' } },
    ]);
  });

  it('17. a content block of a kind not known is reported with its type and line; known kinds shown as nothing say why', () => {
    const { events, diagnostics, accounting } = replay([
      init,
      assistant('m1', [{ type: 'hologram', frames: 3 }]),
      assistant('m1', [{ type: 'container_upload', file_id: 'file_1' }]),
      assistant('m1', [{ type: 'fallback', from: { model: 'a' }, to: { model: 'b' }, trigger: { type: 'refusal', category: null } }]),
      assistant('m1', [{ text: 'no type' }]),
      stream({ type: 'message_start', message: { id: 'm2', content: [] } }),
      stream({ type: 'content_block_start', index: 0, content_block: { type: 'hologram' } }),
      stream({ type: 'future_event' }),
    ]);
    expect(events).toEqual([START, { kind: 'usage', cumulative: false, model: MODEL, inputTokens: 10, outputTokens: 5 }, { kind: 'session', phase: 'end', status: 'incomplete', sessionId: SESSION }]);
    expect(diagnostics.map((d) => [d.line, d.outcome, d.reason])).toEqual([
      [2, 'unknown', 'unknown content block "hologram"'],
      [5, 'malformed', 'content block without a "type"'],
      // The stream's start of the block defers to its complete line, which reports it once.
      [8, 'unknown', 'unknown stream event type "future_event"'],
    ]);
    expect(accounting).toEqual({ lines: 8, events: 1, ignored: 4, malformed: 1, unknown: 2, unexplained: 0, atEnd: 0, partial: 0 });
  });

  it('18. up to 1.0 an API failure is a <synthetic> line without error: shown once, as the error; "No response requested." shows nothing', () => {
    // Claude Code 1.0.128, fixtures/claude/recorded/1.0.128/api-error-429.jsonl (scenario api-error-429), usage trimmed.
    const message = 'API Error: 429 {"type":"error","error":{"type":"rate_limit_error","message":"rate limit exceeded"}}';
    const synthetic = (text: string) => ({
      type: 'assistant',
      message: { id: 'e8780af0', model: '<synthetic>', role: 'assistant', stop_reason: 'stop_sequence', stop_sequence: '', type: 'message', usage: usage(0, 0), content: [{ type: 'text', text }] },
      parent_tool_use_id: null,
      session_id: SESSION,
    });
    const failed = result({ is_error: true, result: message, total_cost_usd: 0, usage: usage(0, 0), duration_ms: 517 });
    const { events } = replay([init, synthetic(message), failed]);
    expect(events.filter((event) => event.kind !== 'usage')).toEqual([
      START,
      { kind: 'error', message, fatal: false, code: 'api_error' },
      { kind: 'session', phase: 'end', status: 'error', sessionId: SESSION, durationMs: 517, turns: 1, result: message },
    ]);
    const quiet = replay([init, synthetic('No response requested.'), result()]);
    expect(quiet.events.filter((event) => event.kind === 'text' || event.kind === 'error' || event.kind === 'notice')).toEqual([{ kind: 'text', id: 'result:1', text: 'done' }]);
  });

  it('19. 2.1 runs a background task\'s notification as a queued turn: one session, both answers shown once, ended at the last result', () => {
    // Claude Code 2.1.332, fixtures/claude/recorded/2.1.332/subagent.jsonl (scenario subagent), trimmed: the second
    // system/init arrives before the first turn's result, and both results follow the queued turn's answer; the
    // second carries origin.kind "task-notification". The subagent's lines are left out.
    const answer = 'The helper counted 2 files.';
    const lines = [
      init,
      assistant('msg_lab_2', [{ type: 'text', text: answer }]),
      init,
      assistant('msg_lab_5', [{ type: 'text', text: answer }]),
      result({ num_turns: 2, duration_ms: 323, result: answer }),
      result({ num_turns: 1, duration_ms: 55, result: answer, origin: { kind: 'task-notification' } }),
    ];
    const { events, diagnostics } = replay(lines);
    expect(events.filter((event) => event.kind !== 'usage')).toEqual([
      START,
      { kind: 'text', id: 'msg_lab_2:0', text: answer },
      { kind: 'text', id: 'msg_lab_5:0', text: answer },
      { kind: 'session', phase: 'end', status: 'success', sessionId: SESSION, durationMs: 378, turns: 3, result: answer },
    ]);
    expect(diagnostics).toEqual([]);
    // Cut after the first result, the session is still owed its end: it ends incomplete at the end of the stream.
    const cut = replay(lines.slice(0, 5)).events.filter((event) => event.kind === 'session');
    expect(cut).toEqual([START, { kind: 'session', phase: 'end', status: 'incomplete', sessionId: SESSION, result: answer }]);
  });

  it('23. a compaction is a compaction notice; the summary after it (isSynthetic) and the command output are not prompts', () => {
    // Claude Code 2.1.332, fixtures/claude/recorded/2.1.332/compaction.compact.jsonl (scenario compaction, the resumed
    // run whose prompt is /compact), trimmed: the status lines, the boundary, the summary and the command's output.
    const summary = 'This session is being continued from a previous conversation that ran out of context.\n\nThe user asked me to remember the number 7, and I said I would.';
    const { events, diagnostics } = replay([
      { type: 'system', subtype: 'status', status: 'compacting', session_id: SESSION },
      { type: 'system', subtype: 'status', status: null, compact_result: 'success', session_id: SESSION },
      init,
      { type: 'system', subtype: 'compact_boundary', session_id: SESSION, compact_metadata: { trigger: 'manual', pre_tokens: 2042, post_tokens: 2550 } },
      { type: 'user', message: { role: 'user', content: summary }, session_id: SESSION, parent_tool_use_id: null, uuid: 'u-summary', isReplay: false, isSynthetic: true },
      { type: 'user', message: { role: 'user', content: '<local-command-stdout>Compacted </local-command-stdout>' }, session_id: SESSION, parent_tool_use_id: null, uuid: 'u-out', isReplay: true },
    ]);
    expect(events).toEqual([
      START,
      { kind: 'notice', level: 'info', message: 'Conversation compacted (manual, 2042 tokens before, 2550 after)', code: 'compaction' },
      { kind: 'notice', level: 'info', message: 'Compacted', code: 'local_command' },
      { kind: 'session', phase: 'end', status: 'incomplete', sessionId: SESSION },
    ]);
    expect(diagnostics.map((d) => d.outcome)).not.toContain('unknown');
    // The same text typed by the person, with no isSynthetic, is a prompt.
    const typed = replay([init, { type: 'user', message: { role: 'user', content: 'Go on.' }, session_id: SESSION, parent_tool_use_id: null, uuid: 'u-typed', isReplay: true }]).events;
    expect(typed).toContainEqual({ kind: 'prompt', form: 'prompt', text: 'Go on.', id: 'u-typed' });
  });

  it('24. before 2.1.332 the summary after the boundary is not marked isSynthetic: the first user text after it is still no prompt', () => {
    // Claude Code 1.0.128, fixtures/claude/recorded/1.0.128/compaction.compact.jsonl, trimmed: no status lines, no
    // post_tokens, the summary with neither isSynthetic nor isReplay, the command's output not marked isReplay.
    const summary = 'This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:\nThe user asked me to remember the number 7, and I said I would..';
    const { events } = replay([
      init,
      { type: 'system', subtype: 'compact_boundary', session_id: SESSION, compact_metadata: { trigger: 'manual', pre_tokens: 2042 } },
      { type: 'user', message: { role: 'user', content: summary }, session_id: SESSION, parent_tool_use_id: null, uuid: 'u-summary' },
      { type: 'user', message: { role: 'user', content: '<local-command-stdout>Compacted </local-command-stdout>' }, session_id: SESSION, parent_tool_use_id: null, uuid: 'u-out' },
      { type: 'user', message: { role: 'user', content: 'Go on.' }, session_id: SESSION, parent_tool_use_id: null, uuid: 'u-typed', isReplay: true },
    ]);
    expect(events).toEqual([
      START,
      { kind: 'notice', level: 'info', message: 'Conversation compacted (manual, 2042 tokens before)', code: 'compaction' },
      { kind: 'notice', level: 'info', message: 'Compacted', code: 'local_command' },
      { kind: 'prompt', form: 'prompt', text: 'Go on.', id: 'u-typed' },
      { kind: 'session', phase: 'end', status: 'incomplete', sessionId: SESSION },
    ]);
  });
});
