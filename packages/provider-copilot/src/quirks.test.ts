import { collectDisplayOutput } from '@x/core';
import { describe, expect, it } from 'vitest';
import { eventLine, ofKind, replay, resultLine, sessionStartLine } from './test-helpers.js';

const turnStart = (turnId: string, data: Record<string, unknown> = {}) => eventLine('assistant.turn_start', { turnId, ...data });
const message = (messageId: string, content: string, data: Record<string, unknown> = {}) =>
  eventLine('assistant.message', { messageId, content, toolRequests: [], ...data });
const delta = (messageId: string, deltaContent: string, data: Record<string, unknown> = {}) =>
  eventLine('assistant.message_delta', { messageId, deltaContent, ...data }, { ephemeral: true });

describe('copilot.md §3 quirks', () => {
  it('1. no token usage on stdout: usage only from assistant.message.outputTokens, none when absent', () => {
    const without = replay([sessionStartLine(), turnStart('0'), message('m1', 'Hi.'), resultLine(0)]);
    expect(ofKind(without.events, 'usage')).toEqual([]);

    const withTokens = replay([sessionStartLine(), turnStart('0'), message('m1', 'Hi.', { outputTokens: 5 }), message('m2', 'Again.', { outputTokens: 7 }), resultLine(0)]);
    expect(ofKind(withTokens.events, 'usage')).toEqual([{ kind: 'usage', cumulative: true, outputTokens: 12, model: 'claude-sonnet-4.5' }]);
  });

  it('2. deltas and the final message both arrive: text is shown once, the complete message adds only what deltas missed', () => {
    const { events } = replay([sessionStartLine(), turnStart('0'), delta('m1', 'po'), delta('m1', 'ng'), message('m1', 'pong'), resultLine(0)]);
    expect(ofKind(events, 'text').map((event) => event.text)).toEqual(['po', 'ng']);
    expect(collectDisplayOutput(events)).toBe('pong\n');

    const tail = replay([delta('m2', 'Two files: '), message('m2', 'Two files: a.txt, b.txt.')]);
    expect(ofKind(tail.events, 'text')).toEqual([
      { kind: 'text', id: 'm2', text: 'Two files: ' },
      { kind: 'text', id: 'm2', text: 'a.txt, b.txt.' },
    ]);

    // `--stream off`: no deltas, the complete message is the text.
    const off = replay([message('m3', 'Whole answer.')]);
    expect(ofKind(off.events, 'text')).toEqual([{ kind: 'text', id: 'm3', text: 'Whole answer.' }]);
  });

  it('2. reasoning deltas, assistant.reasoning and reasoningText are shown once', () => {
    const { events } = replay([
      eventLine('assistant.reasoning_delta', { reasoningId: 'r1', deltaContent: 'Think ' }, { ephemeral: true }),
      eventLine('assistant.reasoning_delta', { reasoningId: 'r1', deltaContent: 'hard.' }, { ephemeral: true }),
      eventLine('assistant.reasoning', { reasoningId: 'r1', content: 'Think hard.' }),
      message('m1', 'Done.', { reasoningText: 'Think hard.' }),
    ]);
    expect(ofKind(events, 'reasoning').map((event) => [event.id, event.text])).toEqual([
      ['r1', 'Think '],
      ['r1', 'hard.'],
    ]);

    const only = replay([message('m2', 'Done.', { reasoningText: 'Only here.' })]);
    expect(ofKind(only.events, 'reasoning')).toEqual([{ kind: 'reasoning', id: 'm2:reasoning', text: 'Only here.' }]);
  });

  it('3. tool arguments are objects: kept as the input and previewed from their fields', () => {
    const { events } = replay([
      message('m1', '', { toolRequests: [{ toolCallId: 'call_1', name: 'view', arguments: { path: '/work/demo/src/a.ts', view_range: [1, 20] }, type: 'function' }] }),
    ]);
    const [use] = ofKind(events, 'tool-use');
    expect(use?.input).toEqual({ path: '/work/demo/src/a.ts', view_range: [1, 20] });
    expect(use?.arg).toBe('/work/demo/src/a.ts');
  });

  it('4. content is "" when the turn only requests tools, and a turn can hold several assistant.message events', () => {
    const { events, accounting } = replay([
      turnStart('0'),
      message('m1', '', { toolRequests: [{ toolCallId: 'call_1', name: 'bash', arguments: { command: 'ls' } }] }),
      message('m2', ''),
      message('m3', 'Listed.'),
    ]);
    expect(ofKind(events, 'text')).toEqual([{ kind: 'text', id: 'm3', text: 'Listed.' }]);
    expect(ofKind(events, 'tool-use')).toHaveLength(1);
    expect(accounting.ignored).toBe(2);
    expect(events.some((event) => event.kind === 'text' && event.text === '')).toBe(false);
  });

  it('5. fractional premiumRequests do not upset the result line', () => {
    const { events, accounting } = replay([sessionStartLine(), resultLine(0, { premiumRequests: 7.5 })]);
    expect(accounting.malformed).toBe(0);
    expect(events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'success', sessionId: 'sess-1', durationMs: 9000 });
  });

  it('6. turn_start may omit model, and toolCallId formats vary by model', () => {
    const { events } = replay([
      sessionStartLine(),
      turnStart('0'),
      message('m1', '', {
        toolRequests: [
          { toolCallId: 'toolu_vrtx_01Abc', name: 'view', arguments: { path: 'a.ts' } },
          { toolCallId: 'call_XyZ', name: 'view', arguments: { path: 'b.ts' } },
        ],
      }),
      eventLine('tool.execution_complete', { toolCallId: 'call_XyZ', success: true, result: { content: 'b' } }),
      eventLine('tool.execution_complete', { toolCallId: 'toolu_vrtx_01Abc', success: true, result: { content: 'a' } }),
      resultLine(0),
    ]);
    expect(ofKind(events, 'tool-result').map((event) => [event.id, event.output])).toEqual([
      ['call_XyZ', 'b'],
      ['toolu_vrtx_01Abc', 'a'],
    ]);
    expect(events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', model: 'claude-sonnet-4.5' });
  });

  it('7. values redacted by the secret filter pass through as they are', () => {
    const { events } = replay([
      message('m1', 'Using token ******** now.', { toolRequests: [{ toolCallId: 'call_1', name: 'bash', arguments: { command: 'curl -H "Authorization: ********" https://api.example.com' } }] }),
    ]);
    expect(ofKind(events, 'text')[0]?.text).toBe('Using token ******** now.');
    expect(ofKind(events, 'tool-use')[0]?.arg).toBe('curl -H "Authorization: ********" htt...');
  });

  it('8. killed before exit: no result line, so flush ends the session as incomplete with the session.start id', () => {
    const { events } = replay([sessionStartLine('sess-killed'), turnStart('0'), delta('m1', 'Work'), message('m1', 'Working', { outputTokens: 3 })]);
    expect(events.slice(-2)).toEqual([
      { kind: 'usage', cumulative: true, outputTokens: 3, model: 'claude-sonnet-4.5' },
      { kind: 'session', phase: 'end', status: 'incomplete', sessionId: 'sess-killed', model: 'claude-sonnet-4.5', turns: 1 },
    ]);
  });

  it('9. a session-state events.jsonl replay: types excluded from stdout are known and shown as nothing', () => {
    const excluded = ['assistant.usage', 'session.shutdown', 'session.idle', 'session.model_change', 'assistant.intent', 'permission.requested', 'hook.start', 'skill.invoked', 'user_input.requested'];
    const { events, diagnostics, accounting } = replay(excluded.map((type) => eventLine(type, { model: 'x', inputTokens: 9, outputTokens: 9 })));
    expect(events).toEqual([{ kind: 'session', phase: 'end', status: 'incomplete' }]);
    expect(accounting.ignored).toBe(excluded.length);
    expect(diagnostics).toEqual([]);
  });

  it('10. before 0.0.422 -p prints plain text: every line is reported as not JSON, nothing is thrown', () => {
    const { events, accounting, diagnostics } = replay(['I found two files: a.txt and b.txt.', '', 'Total usage est: 1 Premium request']);
    expect(events).toEqual([]);
    expect(accounting).toMatchObject({ lines: 2, malformed: 2 });
    expect(diagnostics.map((d) => d.reason)).toEqual(['not JSON', 'not JSON']);
  });
});

describe('copilot mapping rules', () => {
  it('announces a call once when both toolRequests and tool.execution_start carry it, and correlates the result', () => {
    const args = { command: 'ls', description: 'List files' };
    const { events, accounting } = replay([
      message('m1', '', { toolRequests: [{ toolCallId: 'call_1', name: 'bash', arguments: args, type: 'function' }] }),
      eventLine('tool.execution_start', { toolCallId: 'call_1', toolName: 'bash', arguments: args }),
      eventLine('tool.execution_complete', { toolCallId: 'call_1', success: true, result: { content: 'a.txt\n' }, shellExecution: { exitCode: 0 } }),
      eventLine('tool.execution_complete', { toolCallId: 'call_1', success: true, result: { content: 'a.txt\n' } }),
    ]);
    expect(events.map((event) => event.kind)).toEqual(['tool-use', 'tool-result', 'session']);
    expect(ofKind(events, 'tool-result')[0]).toMatchObject({ id: 'call_1', name: 'Bash', status: 'success', output: 'a.txt\n', details: { exitCode: 0 } });
    expect(accounting.ignored).toBe(2);
  });

  it('announces a call from tool.execution_start alone', () => {
    const { events } = replay([eventLine('tool.execution_start', { toolCallId: 'call_2', toolName: 'create', arguments: { path: 'new.ts', file_text: 'x' } })]);
    expect(ofKind(events, 'tool-use')[0]).toMatchObject({ id: 'call_2', name: 'Write', toolName: 'create', toolKind: 'edit', arg: 'new.ts' });
  });

  it('turns success=false into an error result carrying error.message', () => {
    const { events } = replay([
      eventLine('tool.execution_start', { toolCallId: 'call_3', toolName: 'bash', arguments: { command: 'foobar' } }),
      eventLine('tool.execution_complete', { toolCallId: 'call_3', success: false, error: { message: 'command not found: foobar', code: 'failure' } }),
    ]);
    expect(ofKind(events, 'tool-result')[0]).toMatchObject({ status: 'error', outputState: 'unavailable', details: { errorMessage: 'command not found: foobar' } });
    expect(ofKind(events, 'error')).toEqual([]);
  });

  it('maps fileEdits onto file changes', () => {
    const { events } = replay([
      eventLine('tool.execution_start', { toolCallId: 'call_4', toolName: 'apply_patch', arguments: { input: '*** Begin Patch' } }),
      eventLine('tool.execution_complete', {
        toolCallId: 'call_4',
        success: true,
        result: { content: 'Done' },
        fileEdits: [
          { path: 'a.ts', kind: 'create' },
          { path: 'b.ts', kind: 'edit' },
          { path: 'c.ts', kind: 'delete' },
          { path: 'd.ts', kind: 'rename' },
        ],
      }),
    ]);
    expect(ofKind(events, 'tool-result')[0]?.details.changes).toEqual([
      { path: 'a.ts', change: 'created' },
      { path: 'b.ts', change: 'modified' },
      { path: 'c.ts', change: 'deleted' },
    ]);
  });

  it('session.start is the session start; the result line gives usage and the session end', () => {
    const { events } = replay([
      sessionStartLine('sess-9', { context: { cwd: '/work/demo' } }),
      message('m1', 'Hi', { outputTokens: 2 }),
      resultLine(0, {}, 'sess-9'),
    ]);
    expect(events[0]).toEqual({ kind: 'session', phase: 'start', sessionId: 'sess-9', timestamp: '2026-01-15T10:00:00.000Z', model: 'claude-sonnet-4.5', cwd: '/work/demo', agentVersion: '1.0.102' });
    expect(events.slice(-2).map((event) => event.kind)).toEqual(['usage', 'session']);
  });

  it('session.resume starts a session without an id of its own; the result line supplies it', () => {
    const { events } = replay([eventLine('session.resume', { resumeTime: '2026-01-15T10:00:00.000Z', eventCount: 12, selectedModel: 'gpt-5' }), resultLine(0, {}, 'sess-r')]);
    expect(events[0]).toEqual({ kind: 'session', phase: 'start', model: 'gpt-5' });
    expect(events.at(-1)).toMatchObject({ phase: 'end', sessionId: 'sess-r' });
  });

  it('session.error is a fatal error; the non-zero exit that follows adds no second error', () => {
    const { events } = replay([sessionStartLine(), eventLine('session.error', { errorType: 'rate_limit', message: 'Rate limit exceeded' }), resultLine(1)]);
    expect(ofKind(events, 'error')).toEqual([{ kind: 'error', message: 'Rate limit exceeded', fatal: true, code: 'rate_limit' }]);
    expect(events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'error' });
  });

  it('a non-zero exitCode alone is a fatal error and an error status', () => {
    const { events } = replay([sessionStartLine(), resultLine(2)]);
    expect(ofKind(events, 'error')).toEqual([{ kind: 'error', message: 'Copilot exited with code 2', fatal: true, code: '2' }]);
    expect(events.at(-1)).toMatchObject({ status: 'error' });
  });

  it('reads `success` when a result line has no exitCode', () => {
    const { events } = replay([JSON.stringify({ type: 'result', sessionId: 's', success: false })]);
    expect(events.map((event) => event.kind)).toEqual(['error', 'session']);
    expect(events.at(-1)).toMatchObject({ status: 'error' });
  });

  it('abort is a warning notice and the run ends cancelled', () => {
    const { events } = replay([sessionStartLine(), eventLine('abort', { reason: 'user_initiated' }), resultLine(1)]);
    expect(ofKind(events, 'notice')).toEqual([{ kind: 'notice', level: 'warning', message: 'The run was aborted (user_initiated)', code: 'user_initiated' }]);
    expect(ofKind(events, 'error')).toEqual([]);
    expect(events.at(-1)).toMatchObject({ status: 'cancelled' });
  });

  it('session.info and session.warning are notices, not errors', () => {
    const { events } = replay([
      eventLine('session.info', { infoType: 'model', message: 'Using gpt-5' }),
      eventLine('session.warning', { warningType: 'quota', message: '90% of premium requests used' }),
    ]);
    expect(ofKind(events, 'notice')).toEqual([
      { kind: 'notice', level: 'info', message: 'Using gpt-5', code: 'model' },
      { kind: 'notice', level: 'warning', message: '90% of premium requests used', code: 'quota' },
    ]);
  });

  it('session.task_complete is a notice, a warning when blocked', () => {
    const { events } = replay([
      eventLine('session.task_complete', { summary: 'Fixed slugify.', success: true, outcome: 'completed' }),
      eventLine('session.task_complete', { outcome: 'blocked', reason: 'Needs credentials' }),
    ]);
    expect(ofKind(events, 'notice')).toEqual([
      { kind: 'notice', level: 'info', message: 'Fixed slugify.', code: 'completed' },
      { kind: 'notice', level: 'warning', message: 'Needs credentials', code: 'blocked' },
    ]);
  });

  it('ephemeral, telemetry and unknown events are no error: ignored or unknown, each with a reason', () => {
    const { events, accounting, diagnostics } = replay([
      eventLine('session.mcp_servers_loaded', { servers: [] }, { ephemeral: true }),
      eventLine('tool.execution_partial_result', { toolCallId: 'c', partialOutput: 'x' }, { ephemeral: true }),
      eventLine('assistant.tool_call_delta', { toolCallId: 'c', inputDelta: '{"pa' }, { ephemeral: true }),
      eventLine('model.call_final_result', {}, { ephemeral: true }),
      eventLine('session.brand_new', { x: 1 }),
      eventLine('assistant.new_delta', { x: 1 }, { ephemeral: true }),
    ]);
    expect(events).toEqual([{ kind: 'session', phase: 'end', status: 'incomplete' }]);
    expect(accounting).toMatchObject({ ignored: 4, unknown: 2, malformed: 0 });
    expect(diagnostics.map((d) => d.reason)).toEqual(['unknown event type "session.brand_new"', 'unknown event type "assistant.new_delta" (ephemeral)']);
  });

  it('subagent events with parentToolCallId set parentToolUseId', () => {
    const { events } = replay([
      eventLine('tool.execution_start', { toolCallId: 'task_1', toolName: 'task', arguments: { description: 'Explore', prompt: 'Look' } }),
      eventLine('subagent.started', { toolCallId: 'task_1', agentName: 'explore', agentDisplayName: 'Explore' }),
      delta('sm1', 'Found', { parentToolCallId: 'task_1' }),
      message('sm1', 'Found it.', { parentToolCallId: 'task_1', toolRequests: [{ toolCallId: 'g1', name: 'grep', arguments: { pattern: 'x' } }] }),
      eventLine('tool.execution_complete', { toolCallId: 'g1', success: true, result: { content: 'a.ts:1:x' }, parentToolCallId: 'task_1' }),
      eventLine('subagent.failed', { toolCallId: 'task_1', agentName: 'explore', agentDisplayName: 'Explore' }),
      eventLine('tool.execution_complete', { toolCallId: 'task_1', success: false, error: { message: 'Subagent failed' } }),
    ]);
    const nested = events.filter((event) => event.parentToolUseId === 'task_1').map((event) => event.kind);
    expect(nested).toEqual(['text', 'text', 'tool-use', 'tool-result', 'error']);
    expect(ofKind(events, 'error')[0]).toEqual({ kind: 'error', message: 'The Explore subagent failed', fatal: false, code: 'subagent_failed', parentToolUseId: 'task_1' });
    expect(ofKind(events, 'tool-result').at(-1)).toMatchObject({ id: 'task_1', name: 'Task', status: 'error' });
    expect(ofKind(events, 'tool-result').at(-1)?.parentToolUseId).toBeUndefined();
  });

  it('keeps the source order of blocks in one line: reasoning, text, then tool calls', () => {
    const { events } = replay([
      message('m1', 'Looking.', {
        reasoningText: 'Plan.',
        toolRequests: [
          { toolCallId: 'a', name: 'glob', arguments: { pattern: '*.ts' } },
          { toolCallId: 'b', name: 'grep', arguments: { pattern: 'x' } },
        ],
      }),
    ]);
    expect(events.map((event) => event.kind)).toEqual(['reasoning', 'text', 'tool-use', 'tool-use', 'session']);
  });

  it('names MCP calls server.tool and str_replace_editor by its command', () => {
    const { events } = replay([
      message('m1', '', {
        toolRequests: [
          { toolCallId: 'a', name: 'github-mcp-server-get_issue', arguments: { issue_number: 7 }, mcpServerName: 'github-mcp-server', mcpToolName: 'get_issue' },
          { toolCallId: 'b', name: 'str_replace_editor', arguments: { command: 'view', path: 'a.ts' } },
          { toolCallId: 'c', name: 'str_replace_editor', arguments: { command: 'create', path: 'b.ts', file_text: '' } },
        ],
      }),
      eventLine('tool.execution_complete', { toolCallId: 'a', success: true, result: { content: '{}' } }),
    ]);
    expect(ofKind(events, 'tool-use').map((event) => [event.name, event.toolName, event.toolKind])).toEqual([
      ['github-mcp-server.get_issue', 'github-mcp-server-get_issue', 'other'],
      ['Read', 'str_replace_editor', 'read'],
      ['Write', 'str_replace_editor', 'edit'],
    ]);
    expect(ofKind(events, 'tool-result')[0]?.name).toBe('github-mcp-server.get_issue');
  });

  it('reports wrong shapes of known events as malformed, without throwing', () => {
    const { events, diagnostics } = replay([
      eventLine('assistant.message', null),
      eventLine('assistant.message', { messageId: 'm' }),
      eventLine('assistant.message_delta', { messageId: 'm', deltaContent: 5 }),
      eventLine('tool.execution_start', { toolName: 'bash' }),
      eventLine('tool.execution_complete', { success: true }),
      eventLine('assistant.message', { messageId: 'm', content: '', toolRequests: [{ name: 'bash' }] }),
      eventLine('session.info', { infoType: 'x' }),
      JSON.stringify({ type: 5 }),
    ]);
    expect(events).toEqual([{ kind: 'session', phase: 'end', status: 'incomplete' }]);
    expect(diagnostics.map((d) => d.outcome)).toEqual(Array(8).fill('malformed'));
  });

  it('a tool request without toolCallId or name beside other output is a warning, not nothing', () => {
    const { events } = replay([eventLine('assistant.message', { messageId: 'm', content: 'Hi', toolRequests: [{ name: 'bash' }, { toolCallId: 't1', name: 'bash', arguments: { command: 'ls' } }] })]);
    expect(events.filter((e) => e.kind !== 'session').map((e) => (e.kind === 'notice' ? e.message : e.kind))).toEqual([
      'text',
      'tool-use',
      'A tool request without toolCallId or name was left out',
    ]);
  });

  it('starts afresh after a result line when a resumed run is appended', () => {
    const { events } = replay([sessionStartLine('s1'), message('m1', 'One', { outputTokens: 1 }), resultLine(0, {}, 's1'), sessionStartLine('s2'), message('m2', 'Two'), resultLine(0, {}, 's2')]);
    expect(ofKind(events, 'session').map((event) => [event.phase, event.sessionId])).toEqual([
      ['start', 's1'],
      ['end', 's1'],
      ['start', 's2'],
      ['end', 's2'],
    ]);
    expect(ofKind(events, 'usage')).toHaveLength(1);
  });
});
