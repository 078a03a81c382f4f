import { describe, expect, it } from 'vitest';
import { createCopilotSource } from './source.js';
import { eventLine, outcomes, replay, sessionStartLine } from './test-helpers.js';

// The mapping rules of the package README ("Events"), each on exact events.

const message = (messageId: string, content: string, data: Record<string, unknown> = {}) =>
  eventLine('assistant.message', { messageId, content, toolRequests: [], ...data });
const complete = (toolCallId: string, data: Record<string, unknown>) => eventLine('tool.execution_complete', { toolCallId, ...data });

describe('tool calls', () => {
  it('announces a call once when both toolRequests and tool.execution_start carry it, and correlates its result once', () => {
    const args = { command: 'ls', description: 'List files' };
    const lines = [
      message('m1', '', { toolRequests: [{ toolCallId: 'call_1', name: 'bash', arguments: args, type: 'function' }] }),
      eventLine('tool.execution_start', { toolCallId: 'call_1', toolName: 'bash', arguments: args }),
      complete('call_1', { success: true, result: { content: 'a.txt\n' }, shellExecution: { exitCode: 0 } }),
      complete('call_1', { success: true, result: { content: 'a.txt\n' } }),
    ];
    expect(replay(lines).events).toEqual([
      { kind: 'tool-use', id: 'call_1', name: 'Bash', toolName: 'bash', toolKind: 'execute', arg: 'ls', input: args },
      {
        kind: 'tool-result',
        id: 'call_1',
        name: 'Bash',
        toolKind: 'execute',
        status: 'success',
        outputState: 'text',
        details: { exitCode: 0 },
        output: 'a.txt\n',
      },
    ]);
    expect(outcomes(lines)).toEqual([
      ['ignored', 'tool call already announced by its tool request'],
      ['ignored', 'tool result already reported'],
    ]);
  });

  it('announces a call from tool.execution_start alone', () => {
    const input = { path: 'new.ts', file_text: 'x' };
    expect(replay([eventLine('tool.execution_start', { toolCallId: 'call_2', toolName: 'create', arguments: input })]).events).toEqual([
      { kind: 'tool-use', id: 'call_2', name: 'Write', toolName: 'create', toolKind: 'edit', arg: 'new.ts', input },
    ]);
  });

  it('turns success=false into an error result carrying error.message, never an error event', () => {
    const { events } = replay([
      eventLine('tool.execution_start', { toolCallId: 'call_3', toolName: 'bash', arguments: { command: 'foobar' } }),
      complete('call_3', { success: false, error: { message: 'command not found: foobar', code: 'failure' } }),
    ]);
    expect(events.at(-1)).toEqual({
      kind: 'tool-result',
      id: 'call_3',
      name: 'Bash',
      toolKind: 'execute',
      status: 'error',
      outputState: 'unavailable',
      details: { errorMessage: 'command not found: foobar' },
    });
    expect(events.map((event) => event.kind)).toEqual(['tool-use', 'tool-result']);
  });

  it('maps fileEdits onto file changes, leaving out kinds it does not know and entries without a path', () => {
    const { events } = replay([
      eventLine('tool.execution_start', { toolCallId: 'call_4', toolName: 'apply_patch', arguments: { input: '*** Begin Patch' } }),
      complete('call_4', {
        success: true,
        result: { content: 'Done' },
        fileEdits: [
          { path: 'a.ts', kind: 'create' },
          { path: 'b.ts', kind: 'edit' },
          { path: 'c.ts', kind: 'delete' },
          { path: 'd.ts', kind: 'rename' },
          { kind: 'edit' },
        ],
      }),
    ]);
    expect(events.at(-1)).toEqual({
      kind: 'tool-result',
      id: 'call_4',
      name: 'Edit',
      toolKind: 'edit',
      status: 'success',
      outputState: 'text',
      details: {
        changes: [
          { path: 'a.ts', change: 'created' },
          { path: 'b.ts', change: 'modified' },
          { path: 'c.ts', change: 'deleted' },
        ],
      },
      output: 'Done',
    });
  });

  it('names MCP calls server.tool and str_replace_editor by its command', () => {
    const { events } = replay([
      message('m1', '', {
        toolRequests: [
          {
            toolCallId: 'a',
            name: 'github-mcp-server-get_issue',
            arguments: { issue_number: 7 },
            mcpServerName: 'github-mcp-server',
            mcpToolName: 'get_issue',
          },
          { toolCallId: 'b', name: 'str_replace_editor', arguments: { command: 'view', path: 'a.ts' } },
          { toolCallId: 'c', name: 'str_replace_editor', arguments: { command: 'create', path: 'b.ts', file_text: '' } },
        ],
      }),
      complete('a', { success: true, result: { content: '{}' } }),
    ]);
    expect(
      events.map((event) => (event.kind === 'tool-use' ? [event.name, event.toolName, event.toolKind] : [event.kind, 'name' in event ? event.name : ''])),
    ).toEqual([
      ['github-mcp-server.get_issue', 'github-mcp-server-get_issue', 'other'],
      ['Read', 'str_replace_editor', 'read'],
      ['Write', 'str_replace_editor', 'edit'],
      ['tool-result', 'github-mcp-server.get_issue'],
    ]);
  });

  it('shows report_intent as an intent notice and leaves its result out; showIntents: false leaves both out with reasons', () => {
    const lines = [
      message('m1', '', { toolRequests: [{ toolCallId: 'i1', name: 'report_intent', arguments: { intent: 'Exploring the code' } }] }),
      eventLine('tool.execution_start', { toolCallId: 'i1', toolName: 'report_intent', arguments: { intent: 'Exploring the code' } }),
      complete('i1', { success: true, result: { content: 'Intent logged' } }),
    ];
    expect(replay(lines).events).toEqual([{ kind: 'notice', level: 'info', code: 'intent', message: 'Exploring the code' }]);
    const hidden = createCopilotSource({ showIntents: false });
    expect(outcomes(lines, hidden)).toEqual([
      ['ignored', 'assistant message with no text and no new tool calls'],
      ['ignored', 'report_intent call already shown, or without an intent to show'],
      ['ignored', 'report_intent result: the intent is no tool call of its own'],
    ]);
  });

  it('a tool request without toolCallId or name beside other output is a warning; alone, the line is malformed', () => {
    const { events } = replay([message('m', 'Hi', { toolRequests: [{ name: 'bash' }, { toolCallId: 't1', name: 'bash', arguments: { command: 'ls' } }] })]);
    expect(events).toEqual([
      { kind: 'text', id: 'm', text: 'Hi' },
      { kind: 'tool-use', id: 't1', name: 'Bash', toolName: 'bash', toolKind: 'execute', arg: 'ls', input: { command: 'ls' } },
      { kind: 'notice', level: 'warning', message: 'A tool request without toolCallId or name was left out', code: 'unusable_tool_request' },
    ]);
    expect(outcomes([message('m', '', { toolRequests: [{ toolCallId: 't2' }] })])).toEqual([['malformed', 'tool request without toolCallId or name']]);
  });
});

describe('notices and errors', () => {
  it('session.info and session.warning are notices, not errors', () => {
    expect(
      replay([
        eventLine('session.info', { infoType: 'model', message: 'Using gpt-5' }),
        eventLine('session.warning', { warningType: 'quota', message: '90% of premium requests used' }),
      ]).events,
    ).toEqual([
      { kind: 'notice', level: 'info', message: 'Using gpt-5', code: 'model' },
      { kind: 'notice', level: 'warning', message: '90% of premium requests used', code: 'quota' },
    ]);
  });

  it('session.task_complete is a notice, a warning when blocked', () => {
    expect(
      replay([
        eventLine('session.task_complete', { summary: 'Fixed slugify.', success: true, outcome: 'completed' }),
        eventLine('session.task_complete', { outcome: 'blocked', reason: 'Needs credentials' }),
      ]).events,
    ).toEqual([
      { kind: 'notice', level: 'info', message: 'Fixed slugify.', code: 'completed' },
      { kind: 'notice', level: 'warning', message: 'Needs credentials', code: 'blocked' },
    ]);
  });

  it("a subagent's events nest under its task call; subagent.failed is an error that does not end the run", () => {
    const { events } = replay([
      eventLine('tool.execution_start', { toolCallId: 'task_1', toolName: 'task', arguments: { description: 'Explore', prompt: 'Look' } }),
      eventLine('subagent.started', { toolCallId: 'task_1', agentName: 'explore', agentDisplayName: 'Explore' }),
      eventLine('assistant.message_delta', { messageId: 'sm1', deltaContent: 'Found', parentToolCallId: 'task_1' }, { ephemeral: true }),
      message('sm1', 'Found it.', { parentToolCallId: 'task_1' }),
      eventLine('subagent.failed', { toolCallId: 'task_1', agentName: 'explore', agentDisplayName: 'Explore' }),
      complete('task_1', { success: false, error: { message: 'Subagent failed' } }),
    ]);
    expect(events.slice(1)).toEqual([
      { kind: 'text', id: 'sm1', text: 'Found', parentToolUseId: 'task_1' },
      { kind: 'text', id: 'sm1', text: ' it.', parentToolUseId: 'task_1' },
      { kind: 'error', message: 'The Explore subagent failed', fatal: false, code: 'subagent_failed', parentToolUseId: 'task_1' },
      {
        kind: 'tool-result',
        id: 'task_1',
        name: 'Task',
        toolKind: 'think',
        status: 'error',
        outputState: 'unavailable',
        details: { errorMessage: 'Subagent failed' },
      },
    ]);
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
    expect(events).toEqual([
      { kind: 'reasoning', id: 'm1:reasoning', text: 'Plan.' },
      { kind: 'text', id: 'm1', text: 'Looking.' },
      { kind: 'tool-use', id: 'a', name: 'Glob', toolName: 'glob', toolKind: 'search', arg: '*.ts', input: { pattern: '*.ts' } },
      { kind: 'tool-use', id: 'b', name: 'Grep', toolName: 'grep', toolKind: 'search', arg: 'x', input: { pattern: 'x' } },
    ]);
  });
});

describe('lines the parser cannot show', () => {
  it('reports ephemeral, telemetry and unknown events as ignored or unknown, each with a reason naming the type', () => {
    const lines = [
      eventLine('session.mcp_servers_loaded', { servers: [] }, { ephemeral: true }),
      eventLine('tool.execution_partial_result', { toolCallId: 'c', partialOutput: 'x' }, { ephemeral: true }),
      eventLine('assistant.tool_call_delta', { toolCallId: 'c', inputDelta: '{"pa' }, { ephemeral: true }),
      eventLine('model.call_final_result', {}, { ephemeral: true }),
      eventLine('session.brand_new', { x: 1 }),
      eventLine('assistant.new_delta', { x: 1 }, { ephemeral: true }),
    ];
    expect(replay(lines).events).toEqual([]);
    expect(outcomes(lines)).toEqual([
      ['ignored', 'MCP server status'],
      ['ignored', 'partial tool output; the complete result follows'],
      ['ignored', 'partial tool arguments; the call is announced when complete'],
      ['ignored', 'model call telemetry'],
      ['unknown', 'unknown event type "session.brand_new"'],
      ['unknown', 'unknown event type "assistant.new_delta" (ephemeral)'],
    ]);
  });

  it('reports wrong shapes of known events as malformed, saying what is missing or wrong, without throwing', () => {
    const lines = [
      eventLine('assistant.message', null),
      eventLine('assistant.message', { messageId: 'm' }),
      eventLine('assistant.message_delta', { messageId: 'm', deltaContent: 5 }),
      eventLine('tool.execution_start', { toolName: 'bash' }),
      eventLine('tool.execution_complete', { success: true }),
      eventLine('assistant.reasoning', { reasoningId: 'r' }),
      eventLine('session.info', { infoType: 'x' }),
      JSON.stringify({ type: 5 }),
      eventLine('hook.start', 'not an object'),
    ];
    expect(replay(lines).events).toEqual([]);
    expect(outcomes(lines)).toEqual([
      ['malformed', '"assistant.message" event without a "data" object'],
      ['malformed', 'assistant.message without content or toolRequests'],
      ['malformed', 'assistant.message_delta with data.deltaContent of the wrong type'],
      ['malformed', 'tool.execution_start without data.toolCallId'],
      ['malformed', 'tool.execution_complete without data.toolCallId'],
      ['malformed', 'assistant.reasoning without data.content'],
      ['malformed', 'session.info without a message'],
      ['malformed', 'no "type" field'],
      ['malformed', '"hook.start" event without a "data" object'],
    ]);
  });

  it('leaves out an optional field of the wrong type, not the line', () => {
    expect(replay([sessionStartLine('s', { selectedModel: 5, context: 'here', copilotVersion: ['1'] })]).events).toEqual([
      { kind: 'session', phase: 'start', sessionId: 's', timestamp: '2026-01-15T10:00:00.000Z' },
      { kind: 'session', phase: 'end', status: 'incomplete', sessionId: 's' },
    ]);
  });
});
