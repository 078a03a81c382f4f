import { replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { acpSource } from './index.js';

// What the real agents' ACP traffic (fixtures/acp/recorded/, recorded by the capture lab) showed this
// source reading wrong, each as hand-written lines shaped like the recording's, with the exact events.

const update = (value: object) => ({ jsonrpc: '2.0', method: 'session/update', params: { sessionId: 's1', update: value } });
const request = (id: number, method: string, params: object) => ({ jsonrpc: '2.0', id, method, params });
const result = (id: number, value: object) => ({ jsonrpc: '2.0', id, result: value });
const prompt = request(2, 'session/prompt', { sessionId: 's1', prompt: [{ type: 'text', text: 'go' }] });
const endTurn = result(2, { stopReason: 'end_turn' });
const options = [
  { optionId: 'proceed_once', name: 'Allow', kind: 'allow_once' },
  { optionId: 'cancel', name: 'Reject', kind: 'reject_once' },
];

const run = (lines: object[]) => replayLines(acpSource, lines.map((line) => JSON.stringify(line)));

describe('quirks of recorded ACP agents', () => {
  // Gemini CLI 0.61 (fixtures/acp/recorded/gemini/0.61.0/permission-denied.jsonl) sends a call that needs approval
  // only inside the permission request, and nothing more when it is refused: the call was never shown.
  it('announces a call first seen in a permission request, and ends it refused with the turn when the agent says nothing more', () => {
    const toolCall = { toolCallId: 'run_shell_command__run_shell_command_1_0', status: 'pending', title: 'rm -rf build', content: [], locations: [], kind: 'execute' };
    const { events, accounting } = run([
      prompt,
      request(0, 'session/request_permission', { sessionId: 's1', options, toolCall }),
      result(0, { outcome: { outcome: 'selected', optionId: 'cancel' } }),
      endTurn,
    ]);
    expect(accounting).toMatchObject({ unknown: 0, malformed: 0, unexplained: 0 });
    expect(events.slice(2)).toEqual([
      { kind: 'tool-use', id: toolCall.toolCallId, name: 'Bash', toolName: 'run_shell_command', toolKind: 'execute', input: null, arg: 'rm -rf build' },
      { kind: 'notice', level: 'warning', code: 'permission_request', message: 'Permission requested: rm -rf build (Allow, Reject)' },
      { kind: 'notice', level: 'info', code: 'permission_answer', message: 'Permission rejected (Reject): rm -rf build' },
      {
        kind: 'tool-result',
        id: toolCall.toolCallId,
        name: 'Bash',
        toolKind: 'execute',
        status: 'error',
        outputState: 'unavailable',
        details: { errorMessage: 'Permission rejected (Reject): rm -rf build' },
      },
      { kind: 'session', phase: 'end', status: 'success' },
    ]);
  });

  it("keeps the agent's own failure of a refused call, and ends an allowed call only with its update", () => {
    const refused = { toolCallId: 'c1', status: 'pending', title: 'rm -rf build', kind: 'execute' };
    const allowed = { toolCallId: 'c2', status: 'pending', title: 'ls', kind: 'execute' };
    const { events } = run([
      prompt,
      request(0, 'session/request_permission', { sessionId: 's1', options, toolCall: refused }),
      result(0, { outcome: { outcome: 'selected', optionId: 'cancel' } }),
      update({ sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'failed', content: [{ type: 'content', content: { type: 'text', text: 'The user rejected this call.' } }] }),
      request(1, 'session/request_permission', { sessionId: 's1', options, toolCall: allowed }),
      result(1, { outcome: { outcome: 'selected', optionId: 'proceed_once' } }),
      endTurn,
    ]);
    const results = events.filter((event) => event.kind === 'tool-result' || event.kind === 'tool-use');
    expect(results.map((event) => [event.kind, event.id, event.kind === 'tool-result' ? (event.details?.errorMessage ?? event.status) : event.name])).toEqual([
      ['tool-use', 'c1', 'Bash'],
      ['tool-result', 'c1', 'The user rejected this call.'],
      ['tool-use', 'c2', 'Bash'],
    ]);
  });

  // Gemini CLI 0.61 sends no `name`; its call ids are `<tool>__<tool>_<millis>_<n>` (0.38: `<tool>-<millis>-<n>`), and its kinds are coarse
  // (`search` for both grep and glob, `other` for write_todos, `think` for invoke_agent).
  it("names a call by the tool its Gemini CLI call id repeats, and only by a tool it knows", () => {
    const call = (toolCallId: string, kind: string, title: string) => update({ sessionUpdate: 'tool_call', toolCallId, status: 'in_progress', title, content: [], locations: [], kind });
    const { events } = run([
      call('glob__glob_1795932694375_0', 'search', "'**/*.ts'"),
      call('write_todos__write_todos_1795932714157_0', 'other', 'Set 2 todo(s)'),
      call('invoke_agent__invoke_agent_1795932725104_0', 'think', 'Generalist Agent'),
      call('mystery__mystery_1_0', 'search', 'x'),
      call('glob__grep_1_0', 'search', 'y'),
      // Gemini CLI 0.38.2's ids.
      call('glob-1795933744562-3', 'search', "'**/*.ts'"),
      call('write_todos-1795933764383-1', 'other', 'Set 2 todo(s)'),
      call('mystery-1-1', 'search', 'z'),
    ]);
    expect(events.filter((event) => event.kind === 'tool-use').map((event) => [event.name, event.toolName])).toEqual([
      ['Glob', 'glob'],
      ['TodoWrite', 'write_todos'],
      ['Task', 'invoke_agent'],
      ['Grep', 'search'],
      ['Grep', 'search'],
      ['Glob', 'glob'],
      ['TodoWrite', 'write_todos'],
      ['Grep', 'search'],
    ]);
  });

  // Gemini CLI 0.61 (write-search.jsonl) creates a file with `oldText: ""` and `_meta.kind: "add"`, not ACP's null.
  it('shows a diff from empty text as a file written whole, created when the agent marks it added', () => {
    const diff = { type: 'diff', path: '/home/lab/project/NOTES.md', oldText: '', newText: '# Notes\n', _meta: { kind: 'add' } };
    const toolCallId = 'write_file__write_file_1795932693518_0';
    const { events } = run([update({ sessionUpdate: 'tool_call_update', toolCallId, status: 'completed', title: 'Writing to NOTES.md', content: [diff], locations: [{ path: diff.path }], kind: 'edit' })]);
    expect(events.slice(1, 3)).toEqual([
      { kind: 'tool-use', id: toolCallId, name: 'Write', toolName: 'write_file', toolKind: 'edit', input: { path: diff.path, content: '# Notes\n' }, arg: diff.path },
      { kind: 'tool-result', id: toolCallId, name: 'Write', toolKind: 'edit', status: 'success', outputState: 'unavailable', details: { changes: [{ path: diff.path, change: 'created' }], path: diff.path } },
    ]);
  });

  // OpenCode 1.18 (fixtures/acp/recorded/opencode/1.18.33/write-search.jsonl, failing-command.jsonl) announces a call
  // pending, titled with its tool's name, without its input; the next update brings the input and a real title.
  it('holds an OpenCode placeholder call until the update that brings its input, named by the tool the placeholder names', () => {
    const path = '/home/lab/project/NOTES.md';
    const { events, accounting } = run([
      update({ sessionUpdate: 'tool_call', toolCallId: 'call_lab_2_0', title: 'write', kind: 'edit', status: 'pending', locations: [], rawInput: {} }),
      update({ sessionUpdate: 'tool_call_update', toolCallId: 'call_lab_2_0', status: 'in_progress', kind: 'edit', title: 'write', locations: [{ path }], rawInput: { filePath: path, content: '# Notes\n' } }),
      update({
        sessionUpdate: 'tool_call_update',
        toolCallId: 'call_lab_2_0',
        status: 'completed',
        title: 'home/lab/project/NOTES.md',
        content: [{ type: 'content', content: { type: 'text', text: 'Wrote file successfully.' } }],
        rawOutput: { output: 'Wrote file successfully.', metadata: { filepath: path, exists: false } },
      }),
    ]);
    expect(accounting).toMatchObject({ unknown: 0, malformed: 0, unexplained: 0 });
    expect(events.slice(1, 3)).toEqual([
      { kind: 'tool-use', id: 'call_lab_2_0', name: 'Write', toolName: 'write', toolKind: 'edit', input: { filePath: path, content: '# Notes\n' }, arg: path },
      { kind: 'tool-result', id: 'call_lab_2_0', name: 'Write', toolKind: 'edit', status: 'success', output: 'Wrote file successfully.', outputState: 'text', details: { path } },
    ]);
  });

  it("reads a command's exit code from OpenCode's rawOutput.metadata.exit, and shows a placeholder no update followed when the turn ends", () => {
    const command = "echo 'FAIL greet.test.ts' >&2; exit 1";
    const { events } = run([
      prompt,
      update({ sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'bash', kind: 'execute', status: 'pending', locations: [{ path: '/p' }], rawInput: { cwd: '/p' } }),
      update({ sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'in_progress', kind: 'execute', title: command, rawInput: { command, cwd: '/p' } }),
      update({ sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'completed', title: command, content: [{ type: 'content', content: { type: 'text', text: 'FAIL greet.test.ts\n' } }], rawOutput: { output: 'FAIL greet.test.ts\n', metadata: { exit: 1 } } }),
      update({ sessionUpdate: 'tool_call', toolCallId: 'c2', title: 'glob', kind: 'search', status: 'pending', locations: [], rawInput: {} }),
      endTurn,
    ]);
    const calls = events.filter((event) => event.kind === 'tool-use' || event.kind === 'tool-result');
    expect(calls.map((event) => (event.kind === 'tool-use' ? `use ${event.name} ${event.arg ?? ''}` : `result ${event.name} ${event.status} ${event.details?.exitCode}`))).toEqual([
      `use Bash ${command}`,
      'result Bash error 1',
      'use Glob glob',
    ]);
  });

  // Qwen Code 0.24.4 (fixtures/acp/recorded/qwen/0.24.4/write-search.jsonl) announces a call pending with
  // `rawInput: {}` and its tool's name in `_meta.toolName`, titled with a display name ("WriteFile", "Glob").
  it("holds a Qwen Code placeholder until its input, named by `_meta.toolName`", () => {
    const meta = { toolName: 'glob', provenance: 'builtin' };
    const { events } = run([
      update({ sessionUpdate: 'tool_call', toolCallId: 'call_lab_3_0', status: 'pending', title: 'Glob', content: [], locations: [], kind: 'search', rawInput: {}, _meta: { ...meta, phase: 'preparing' } }),
      update({ sessionUpdate: 'tool_call_update', toolCallId: 'call_lab_3_0', status: 'in_progress', title: "Glob: '**/*.ts'", content: [], locations: [], kind: 'search', rawInput: { pattern: '**/*.ts' }, _meta: meta }),
      update({ sessionUpdate: 'tool_call_update', toolCallId: 'call_lab_3_0', status: 'completed', content: [{ type: 'content', content: { type: 'text', text: 'Found 1 file' } }], _meta: meta }),
    ]);
    expect(events.slice(1, 3)).toEqual([
      { kind: 'tool-use', id: 'call_lab_3_0', name: 'Glob', toolName: 'glob', toolKind: 'search', input: { pattern: '**/*.ts' }, arg: '**/*.ts' },
      { kind: 'tool-result', id: 'call_lab_3_0', name: 'Glob', toolKind: 'search', status: 'success', output: 'Found 1 file', outputState: 'text', details: {} },
    ]);
  });

  // Qwen Code 0.24.4 asks the client `craft/drainMidTurnQueue` (no ACP method) after a tool call; the client answers -32601.
  it('counts a request outside ACP as unknown, and shows nothing for the "Method not found" the other side answers it with', () => {
    const { events, accounting } = run([
      prompt,
      request(0, 'craft/drainMidTurnQueue', { sessionId: 's1', todoStopGuardWatchQueuedPrompt: true }),
      { jsonrpc: '2.0', id: 0, error: { code: -32601, message: '"Method not found": craft/drainMidTurnQueue', data: { method: 'craft/drainMidTurnQueue' } } },
      endTurn,
    ]);
    expect(accounting).toMatchObject({ unknown: 1, malformed: 0, unexplained: 0 });
    expect(events.map((event) => event.kind)).toEqual(['session', 'prompt', 'session']);
  });

  it('still shows another failed request, and a prompt the agent does not know as fatal', () => {
    const { events } = run([prompt, { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found' } }]);
    expect(events.slice(2)).toEqual([
      { kind: 'error', message: 'session/prompt failed: Method not found', fatal: true, code: '-32601' },
      { kind: 'session', phase: 'end', status: 'error' },
    ]);
  });

  // Qwen Code 0.24.4 (plain-answer.jsonl) ends each model reply with an empty chunk whose `_meta.usage` has
  // the reply's tokens in ACP's own fields; its prompt response has no `usage`.
  it("tells a reply's tokens from a chunk's `_meta.usage`, and not the turn's again", () => {
    const tokens = { inputTokens: 1801, outputTokens: 31, totalTokens: 1832, thoughtTokens: 10, cachedReadTokens: 1200 };
    const { events, accounting } = run([
      prompt,
      update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'It is **42**.' } }),
      update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: '' }, _meta: { usage: tokens, durationMs: 2946 } }),
      result(2, { stopReason: 'end_turn', usage: { inputTokens: 1801, outputTokens: 31, totalTokens: 1832 } }),
    ]);
    expect(accounting).toMatchObject({ unknown: 0, malformed: 0, unexplained: 0 });
    expect(events.slice(2)).toEqual([
      { kind: 'text', id: 'agent-1', text: 'It is **42**.' },
      { kind: 'usage', cumulative: false, inputTokens: 1801, outputTokens: 31, reasoningTokens: 10, cacheReadTokens: 1200 },
      { kind: 'session', phase: 'end', status: 'success' },
    ]);
  });

  // Gemini CLI 0.61.0 puts the turn's tokens under the prompt response's `_meta.quota.token_count`.
  it("tells a turn's tokens from Gemini CLI's `_meta.quota`, where ACP's `usage` is absent", () => {
    const quota = { token_count: { input_tokens: 2001, output_tokens: 41 }, model_usage: [{ model: 'gemini-2.5-pro', token_count: { input_tokens: 2001, output_tokens: 41 } }] };
    const { events } = run([prompt, result(2, { stopReason: 'end_turn', _meta: { quota } })]);
    expect(events.slice(2)).toEqual([
      { kind: 'usage', cumulative: false, inputTokens: 2001, outputTokens: 41 },
      { kind: 'session', phase: 'end', status: 'success' },
    ]);
  });

  // Qwen Code 0.15.10 (fixtures/acp/recorded/qwen/0.15.10/subagent.jsonl) streams a subagent's calls in the
  // parent's session, each marked with the call it runs under in `_meta.parentToolCallId`.
  it("nests a subagent's call under the call named by `_meta.parentToolCallId`", () => {
    const sub = { toolName: 'run_shell_command', parentToolCallId: 'call_lab_1_0', subagentType: 'general-purpose' };
    const { events } = run([
      update({ sessionUpdate: 'tool_call', toolCallId: 'call_lab_1_0', status: 'in_progress', title: 'Agent: Count files', kind: 'other', rawInput: { description: 'Count files', prompt: 'Count the files.' }, _meta: { toolName: 'agent' } }),
      update({ sessionUpdate: 'tool_call', toolCallId: 'call_lab_2_0', status: 'pending', title: 'Shell: ls (Run a command)', kind: 'execute', rawInput: { command: 'ls', description: 'Run a command' }, _meta: sub }),
      update({ sessionUpdate: 'tool_call_update', toolCallId: 'call_lab_2_0', status: 'completed', content: [{ type: 'content', content: { type: 'text', text: 'a.txt  b.txt' } }], _meta: sub }),
    ]);
    const calls = events.filter((event) => event.kind === 'tool-use' || event.kind === 'tool-result');
    expect(calls.map((event) => [event.kind, event.name, event.parentToolUseId])).toEqual([
      ['tool-use', 'Task', undefined],
      ['tool-use', 'Bash', 'call_lab_1_0'],
      ['tool-result', 'Bash', 'call_lab_1_0'],
    ]);
  });
});
