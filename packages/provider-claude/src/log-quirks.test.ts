import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../tooling/fixtures.js';
import { replayLog } from '../test/lines.js';
import { claudeLogSource } from './log-source.js';

/*
 * One test per quirk of docs/formats/claude-log.md, numbered as there, each
 * with the exact events written by hand from the notes. Lines carry the
 * envelope Claude Code writes on every conversation line; line n is stamped
 * second n.
 */

const base = { isSidechain: false, userType: 'external', cwd: '/w', sessionId: 's1', version: '2.0.14', gitBranch: 'main' };
const MODEL = 'claude-sonnet-4-5';
let n = 0;
const time = (k: number) => `2026-01-01T00:00:${String(k).padStart(2, '0')}.000Z`;
const user = (content: unknown, extra: Record<string, unknown> = {}) => {
  n += 1;
  return { parentUuid: null, ...base, type: 'user', message: { role: 'user', content }, uuid: `u${n}`, timestamp: time(n), ...extra };
};
const assistant = (id: string, block: unknown, extra: Record<string, unknown> = {}, usage = { input_tokens: 5, output_tokens: 7 }) => {
  n += 1;
  const message = { model: MODEL, id, type: 'message', role: 'assistant', content: [block], stop_reason: null, usage };
  return { parentUuid: null, ...base, type: 'assistant', message, requestId: `req_${id}`, uuid: `a${n}`, timestamp: time(n), ...extra };
};

/** The session start the envelope above gives, with the time of the first line. */
const START = { kind: 'session', phase: 'start', sessionId: 's1', cwd: '/w', gitBranch: 'main', agentVersion: '2.0.14', timestamp: time(1), model: MODEL };
const usageOf = (input: number, output: number) => ({ kind: 'usage', cumulative: false, model: MODEL, inputTokens: input, outputTokens: output });
const end = (status: string, extra: Record<string, unknown>) => ({ kind: 'session', phase: 'end', status, sessionId: 's1', ...extra });
const prompt = (k: number, text: string, form = 'prompt') => ({ kind: 'prompt', form, text, id: `u${k}`, timestamp: time(k) });

beforeEach(() => {
  n = 0;
});

describe('claude-log.md quirks', () => {
  it('1. one block per line: ids count across the lines of a message, and its repeated usage counts once', () => {
    const { events } = replayLog([
      user('hi'),
      assistant('m1', { type: 'thinking', thinking: 'plan', signature: 'x' }),
      assistant('m1', { type: 'text', text: 'Hello' }),
      assistant('m1', { type: 'text', text: 'there' }, {}, { input_tokens: 5, output_tokens: 9 }),
    ]);
    expect(events).toEqual([
      START,
      prompt(1, 'hi'),
      { kind: 'reasoning', id: 'm1:0', text: 'plan', timestamp: time(2) },
      { kind: 'text', id: 'm1:1', text: 'Hello', timestamp: time(3) },
      { kind: 'text', id: 'm1:2', text: 'there', timestamp: time(4) },
      // The last line's figures, once: not 15 input tokens.
      usageOf(5, 9),
      end('success', { turns: 1, result: 'Hello\nthere', timestamp: time(4) }),
    ]);
  });

  it('2. no final line: the end says what the main conversation did last', () => {
    const last = (lines: object[]) => replayLog(lines).events.at(-1);
    expect(last([user('first'), assistant('m1', { type: 'text', text: 'ok' }), user('second')])).toEqual(end('incomplete', { turns: 2, result: 'ok', timestamp: time(3) }));
    n = 0;
    expect(last([user('go'), assistant('m1', { type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'ls' } }, { message: { model: MODEL, id: 'm1', content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'ls' } }], stop_reason: 'tool_use' } })])).toEqual(
      end('incomplete', { turns: 1, timestamp: time(2) }),
    );
    n = 0;
    expect(last([user('go'), { ...assistant('m1', { type: 'text', text: 'All done.' }), message: { model: MODEL, id: 'm1', content: [], stop_reason: 'end_turn' } }])).toEqual(end('success', { turns: 1, timestamp: time(2) }));
  });

  it('3. no system/init: the start takes the envelope of the first line and the model of the first assistant line, which the prompt waits for', () => {
    const { events } = replayLog([user('Fix it'), assistant('m1', { type: 'text', text: 'Done.' })]);
    expect(events.slice(0, 3)).toEqual([START, prompt(1, 'Fix it'), { kind: 'text', id: 'm1:0', text: 'Done.', timestamp: time(2) }]);
  });

  it('4. slash commands, their output (escape sequences removed) and interruptions are user text', () => {
    const { events } = replayLog([
      user('<command-message>model is running…</command-message>\n<command-name>/model</command-name>\n<command-args>opus</command-args>'),
      user('<local-command-stdout>Set model to \u001b[1mopus\u001b[22m</local-command-stdout>'),
      assistant('m1', { type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'sleep 100' } }),
      user([{ type: 'tool_result', tool_use_id: 't1', content: 'Interrupted', is_error: true }]),
      user([{ type: 'text', text: '[Request interrupted by user for tool use]' }]),
    ]);
    expect(events).toEqual([
      START,
      prompt(1, '/model opus', 'command'),
      { kind: 'notice', level: 'info', message: 'Set model to opus', code: 'local_command', timestamp: time(2) },
      { kind: 'tool-use', id: 't1', name: 'Bash', toolName: 'Bash', toolKind: 'execute', arg: 'sleep 100', input: { command: 'sleep 100' }, timestamp: time(3) },
      { kind: 'tool-result', id: 't1', name: 'Bash', toolKind: 'execute', status: 'error', outputState: 'text', details: { errorMessage: 'Interrupted' }, output: 'Interrupted', timestamp: time(4) },
      prompt(5, 'Request interrupted by user for tool use', 'interrupt'),
      usageOf(5, 7),
      end('cancelled', { timestamp: time(5) }),
    ]);
  });

  it('5. isMeta and isCompactSummary text was not typed by the person and is not shown', () => {
    const { events, accounting } = replayLog([
      user('go'),
      user('Caveat: The messages below were generated by the user while running local commands.', { isMeta: true }),
      user('Summary of the conversation so far…', { isCompactSummary: true }),
      assistant('m1', { type: 'text', text: 'ok' }),
    ]);
    expect(events.slice(0, 3)).toEqual([START, prompt(1, 'go'), { kind: 'text', id: 'm1:0', text: 'ok', timestamp: time(4) }]);
    expect(accounting).toMatchObject({ ignored: 3, unexplained: 0 });
  });

  it('6. a compaction is a compact_boundary system line, shown as a notice with code compaction', () => {
    const boundary = { parentUuid: null, logicalParentUuid: 'a2', ...base, type: 'system', subtype: 'compact_boundary', content: 'Conversation compacted', level: 'info', compactMetadata: { trigger: 'manual', preTokens: 9000 }, uuid: 'c3', timestamp: time(3) };
    const { events } = replayLog([user('go'), assistant('m1', { type: 'text', text: 'working' }), boundary]);
    expect(events.slice(3, 4)).toEqual([{ kind: 'notice', level: 'info', message: 'Conversation compacted (manual, 9000 tokens before)', code: 'compaction', timestamp: time(3) }]);
    // 2.1.332 also writes the tokens after (fixtures/claude-log/recorded/2.1.332/compaction/), as stdout's compact_metadata has them.
    const after = replayLog([user('go'), assistant('m1', { type: 'text', text: 'working' }), { ...boundary, compactMetadata: { trigger: 'manual', preTokens: 2042, postTokens: 2550 } }]).events[3];
    expect(after).toMatchObject({ kind: 'notice', message: 'Conversation compacted (manual, 2042 tokens before, 2550 after)', code: 'compaction' });
  });

  it('7. a sidechain nests under the Task call whose prompt started it; a chain no call started gets a marker', () => {
    const side = { isSidechain: true };
    const task = { type: 'tool_use', id: 'task1', name: 'Task', input: { description: 'look', prompt: 'Find the bug.' } };
    const { events } = replayLog([
      user('delegate'),
      assistant('m1', task),
      user('Find the bug.', side),
      assistant('m2', { type: 'text', text: 'Found it.' }, { ...side, parentUuid: 'u3' }),
      user('Warmup', { ...side, agentId: 'w1' }),
    ]);
    expect(events.slice(2, 5)).toEqual([
      { kind: 'tool-use', id: 'task1', name: 'Task', toolName: 'Task', toolKind: 'think', arg: 'look', input: task.input, timestamp: time(2) },
      { kind: 'text', id: 'm2:0', text: 'Found it.', parentToolUseId: 'task1', timestamp: time(4) },
      { ...prompt(5, 'Warmup'), parentToolUseId: 'sidechain:w1' },
    ]);
    // The Task call is still open when the file ends: not a finished session.
    expect(events.at(-1)).toEqual(end('incomplete', { turns: 1, timestamp: time(5) }));
  });

  it('8. a <synthetic> API-error turn is an error, and the session ends with error', () => {
    const typed = user('hi');
    const failed = assistant('m1', { type: 'text', text: 'API Error: 529 overloaded' }, { isApiErrorMessage: true });
    const { events } = replayLog([typed, { ...failed, message: { ...failed.message, model: '<synthetic>' } }]);
    expect(events).toEqual([
      { kind: 'session', phase: 'start', sessionId: 's1', cwd: '/w', gitBranch: 'main', agentVersion: '2.0.14', timestamp: time(1) },
      prompt(1, 'hi'),
      { kind: 'error', message: 'API Error: 529 overloaded', fatal: false, code: 'api_error', timestamp: time(2) },
      end('error', { turns: 1, timestamp: time(2) }),
    ]);
  });

  it('9. titles and bookkeeping are ignored with a reason, the title goes on the start, an unknown type is reported', () => {
    const { events, accounting, diagnostics } = replayLog([
      { type: 'summary', summary: 'Bug hunt', leafUuid: 'x' },
      { type: 'file-history-snapshot', messageId: 'u1', snapshot: {}, isSnapshotUpdate: false },
      { type: 'permission-mode', permissionMode: 'plan', sessionId: 's1' },
      user('go'),
      assistant('m1', { type: 'text', text: 'ok' }),
      { type: 'brand-new-line', sessionId: 's1' },
    ]);
    expect(events[0]).toEqual({ ...START, title: 'Bug hunt' });
    expect(accounting).toEqual({ lines: 6, events: 1, ignored: 4, malformed: 0, unknown: 1, unexplained: 0, atEnd: 0, partial: 0 });
    expect(diagnostics.map((d) => [d.line, d.reason])).toEqual([[6, 'unknown transcript line type "brand-new-line"']]);
  });

  it('9. a title written after the start, with none before it, goes on the end, as a listing reads it; one before the start wins', () => {
    // 1.0.128 writes a `summary` line mid-file after a compaction (fixtures/claude-log/recorded/1.0.128/compaction).
    const late = replayLog([user('go'), assistant('m1', { type: 'text', text: 'ok' }), { type: 'summary', summary: 'Bug hunt', leafUuid: 'x' }, { type: 'summary', summary: 'Later', leafUuid: 'y' }]).events;
    expect(late[0]).toEqual(START);
    expect(late.at(-1)).toMatchObject({ kind: 'session', phase: 'end', title: 'Bug hunt' });
    const early = replayLog([{ type: 'summary', summary: 'First', leafUuid: 'x' }, user('go'), assistant('m1', { type: 'text', text: 'ok' }), { type: 'summary', summary: 'Bug hunt', leafUuid: 'y' }]).events;
    expect(early[0]).toMatchObject({ kind: 'session', phase: 'start', title: 'First' });
    expect(early.at(-1)).not.toHaveProperty('title');
  });

  it('10. toolUseResult (camel case) adds the structure; after a failure it is a plain string', () => {
    const write = { type: 'tool_use', id: 'w1', name: 'Write', input: { file_path: '/w/a.ts', content: 'x' } };
    const bash = { type: 'tool_use', id: 'b1', name: 'Bash', input: { command: 'false' } };
    const { events } = replayLog([
      user('go'),
      assistant('m1', write),
      user([{ type: 'tool_result', tool_use_id: 'w1', content: 'File created successfully at: /w/a.ts' }], { toolUseResult: { type: 'create', filePath: '/w/a.ts', content: 'x', structuredPatch: [] } }),
      assistant('m2', bash),
      user([{ type: 'tool_result', tool_use_id: 'b1', content: 'Exit code 1', is_error: true }], { toolUseResult: 'Error: Exit code 1' }),
    ]);
    expect(events.filter((event) => event.kind === 'tool-result')).toEqual([
      { kind: 'tool-result', id: 'w1', name: 'Write', toolKind: 'edit', status: 'success', outputState: 'text', details: { path: '/w/a.ts', changes: [{ path: '/w/a.ts', change: 'created' }] }, output: 'File created successfully at: /w/a.ts', timestamp: time(3) },
      { kind: 'tool-result', id: 'b1', name: 'Bash', toolKind: 'execute', status: 'error', outputState: 'text', details: { errorMessage: 'Exit code 1' }, output: 'Exit code 1', timestamp: time(5) },
    ]);
  });

  it('11. a last line cut while the session was writing it is reported, and the rest still reads', () => {
    const { events, diagnostics } = replayLog([user('go'), assistant('m1', { type: 'text', text: 'ok' }), JSON.stringify(assistant('m2', { type: 'text', text: 'more' })).slice(0, 60)]);
    expect(events).toEqual([START, prompt(1, 'go'), { kind: 'text', id: 'm1:0', text: 'ok', timestamp: time(2) }, usageOf(5, 7), end('success', { turns: 1, result: 'ok', timestamp: time(2) })]);
    expect(diagnostics.map((d) => [d.line, d.outcome, d.reason])).toEqual([[3, 'malformed', 'not JSON (a line cut while the session was writing it?)']]);
  });

  it('12. server-tool and MCP blocks are calls with results; a block kind not known is reported with its type', () => {
    const { events, diagnostics } = replayLog([
      user('look it up'),
      assistant('m1', { type: 'server_tool_use', id: 'srv1', name: 'web_fetch', input: { url: 'https://nodejs.org' } }),
      assistant('m1', { type: 'web_fetch_tool_result', tool_use_id: 'srv1', content: { type: 'web_fetch_result', url: 'https://nodejs.org', retrieved_at: null, content: { type: 'document', citations: null, title: null, source: { type: 'text', media_type: 'text/plain', data: 'Node.js' } } } }),
      assistant('m1', { type: 'mcp_tool_use', id: 'mcp1', name: 'close_issue', server_name: 'github', input: { number: 7 } }),
      assistant('m1', { type: 'mcp_tool_result', tool_use_id: 'mcp1', is_error: true, content: 'Permission denied' }),
      assistant('m1', { type: 'hologram' }),
    ]);
    expect(events.slice(2, 6)).toEqual([
      { kind: 'tool-use', id: 'srv1', name: 'WebFetch', toolName: 'web_fetch', toolKind: 'fetch', arg: 'https://nodejs.org', input: { url: 'https://nodejs.org' }, timestamp: time(2) },
      { kind: 'tool-result', id: 'srv1', name: 'WebFetch', toolKind: 'fetch', status: 'success', outputState: 'text', details: {}, output: 'Node.js', timestamp: time(3) },
      { kind: 'tool-use', id: 'mcp1', name: 'github.close_issue', toolName: 'mcp__github__close_issue', toolKind: 'other', arg: '{"number":7}', input: { number: 7 }, timestamp: time(4) },
      { kind: 'tool-result', id: 'mcp1', name: 'github.close_issue', toolKind: 'other', status: 'error', outputState: 'text', details: { errorMessage: 'Permission denied' }, output: 'Permission denied', timestamp: time(5) },
    ]);
    expect(diagnostics.map((d) => [d.line, d.outcome, d.reason])).toEqual([[6, 'unknown', 'unknown content block "hologram"']]);
  });

  it('13. a transcript of queue-operation lines alone (a run stopped before its first answer) is still told for one', () => {
    // Claude Code 2.0.34, interrupted: fixtures/claude-log/recorded/2.0.34/interrupted/.claude/projects/-home-lab-project/3b089f05-….jsonl, the whole file.
    const lines = [
      '{"type":"queue-operation","operation":"enqueue","timestamp":"2026-11-29T14:56:25.229Z","content":"Write a long essay.","sessionId":"3b089f05-e5c3-4258-9d51-4edbba012ee2"}',
      '{"type":"queue-operation","operation":"dequeue","timestamp":"2026-11-29T14:56:25.258Z","sessionId":"3b089f05-e5c3-4258-9d51-4edbba012ee2"}',
    ];
    expect(claudeLogSource.detect(lines)).toEqual({ confidence: 0.9, evidence: 'queue-operation line with operation' });
    const { events, diagnostics } = replayLog(lines);
    expect(events).toEqual([]);
    // Bookkeeping only: nothing to show, nothing unknown.
    expect(diagnostics).toEqual([]);
  });

  it('14. 2.1.100 can exit before its transcript has the final answer: the log ends at the tool result, an answer still owed', () => {
    // Claude Code 2.1.100, web-fetch: the stdout recording ends with the answer and its result; the transcript, read line by
    // line, has the prompt, the WebFetch call, its refusal and a last-prompt line, and no answer after them.
    const file = join(FIXTURES_DIR, 'claude-log', 'recorded', '2.1.100', 'web-fetch', '.claude', 'projects', '-home-lab-project', '64d1b15d-0c0e-4cf2-b9da-96e39a6ca374.jsonl');
    const { events, diagnostics } = replayLog(readFileSync(file, 'utf8').split('\n'));
    const shown = events.map((event) => (event.kind === 'tool-use' ? `use ${event.name}` : event.kind === 'tool-result' ? `result ${event.name} ${event.status}` : event.kind));
    expect(shown).toEqual(['session', 'prompt', 'use WebFetch', 'result WebFetch error', 'usage', 'session']);
    expect(events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'incomplete', turns: 1 });
    expect(diagnostics.filter((d) => d.outcome !== 'ignored')).toEqual([]);
  });
});
