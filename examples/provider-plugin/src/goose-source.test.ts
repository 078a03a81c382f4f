import { collectDisplayOutput, replayLines, summarizeToolResult, type DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { gooseSource } from './index.js';

const VISIBLE = { userVisible: true, agentVisible: true };

function message(id: string | null, role: string, content: unknown[], metadata: object = VISIBLE) {
  return { type: 'message', message: { id, role, created: 1767225600, content, metadata } };
}
const text = (value: string) => ({ type: 'text', text: value });
const request = (id: string, name: string, args: unknown) => ({ type: 'toolRequest', id, toolCall: { status: 'success', value: { name, arguments: args } } });
const response = (id: string, value: unknown) => ({ type: 'toolResponse', id, toolResult: { status: 'success', value } });
const block = (value: string, annotations?: object) => ({ type: 'text', text: value, ...(annotations === undefined ? {} : { annotations }) });

function run(lines: (string | object)[]) {
  return replayLines(
    gooseSource,
    lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))),
  );
}

function ofKind<K extends DisplayEvent['kind']>(events: DisplayEvent[], kind: K): Extract<DisplayEvent, { kind: K }>[] {
  return events.filter((event): event is Extract<DisplayEvent, { kind: K }> => event.kind === kind);
}

describe('text', () => {
  it('continues one block over the chunks of a streamed message, and starts another after a tool call', () => {
    const { events } = run([
      message('m1', 'assistant', [text('Hel')]),
      message('m1', 'assistant', [text('lo.')]),
      message('m1', 'assistant', [text(' Reading.'), request('t1', 'developer__shell', { command: 'ls' }), text('Then this.')]),
      message(null, 'user', [response('t1', { content: [block('a\nb')], isError: false })]),
      message('m1', 'assistant', [text('And done.')]),
      message('m2', 'assistant', [text('New reply.')]),
    ]);
    expect(ofKind(events, 'text').map((event) => [event.id, event.text])).toEqual([
      ['m1', 'Hel'],
      ['m1', 'lo.'],
      ['m1', ' Reading.'],
      ['m1-1', 'Then this.'],
      ['m1-2', 'And done.'],
      ['m2', 'New reply.'],
    ]);
    expect(collectDisplayOutput(events)).toBe('Hello. Reading.\nThen this.\nAnd done.\nNew reply.\n');
  });

  it('gives messages without an id one block each', () => {
    const { events } = run([message(null, 'assistant', [text('One.')]), message(null, 'assistant', [text('Two.')])]);
    expect(ofKind(events, 'text').map((event) => event.id)).toEqual(['message-1', 'message-2']);
  });

  it('shows thinking as reasoning and ignores redacted thinking', () => {
    const { events, accounting } = run([
      message('m1', 'assistant', [{ type: 'thinking', thinking: 'Check the tests.', signature: 's' }, text('Checking.')]),
      message('m2', 'assistant', [{ type: 'redactedThinking', data: 'opaque' }]),
    ]);
    expect(events.slice(0, 2)).toEqual([
      { kind: 'reasoning', id: 'm1', text: 'Check the tests.' },
      { kind: 'text', id: 'm1', text: 'Checking.' },
    ]);
    expect(accounting).toMatchObject({ events: 1, ignored: 1 });
  });

  it('ignores user text and messages hidden from the user', () => {
    const { events, accounting } = run([
      message('u1', 'user', [text('continue')]),
      message('s1', 'assistant', [text('Summary for the model.')], { userVisible: false, agentVisible: true }),
    ]);
    expect(ofKind(events, 'text')).toEqual([]);
    expect(accounting).toMatchObject({ lines: 2, ignored: 2 });
  });
});

describe('tool calls', () => {
  it('announces each call once with its canonical name and preview, and correlates its result', () => {
    const call = request('t1', 'developer__edit', { path: 'src/greet.ts', before: 'Helo', after: 'Hello' });
    const { events, accounting } = run([
      message('m1', 'assistant', [call]),
      message('m1', 'assistant', [call]),
      message(null, 'user', [response('t1', { content: [block('Edited src/greet.ts (1 lines -> 1 lines)', { priority: 0 })], isError: false })]),
    ]);
    expect(events).toEqual([
      { kind: 'tool-use', id: 't1', name: 'Edit', toolName: 'developer__edit', toolKind: 'edit', arg: 'src/greet.ts', input: { path: 'src/greet.ts', before: 'Helo', after: 'Hello' } },
      {
        kind: 'tool-result',
        id: 't1',
        name: 'Edit',
        toolKind: 'edit',
        status: 'success',
        outputState: 'text',
        output: 'Edited src/greet.ts (1 lines -> 1 lines)',
        details: { path: 'src/greet.ts' },
      },
      { kind: 'session', phase: 'end', status: 'incomplete' },
    ]);
    expect(accounting).toMatchObject({ lines: 3, events: 2, ignored: 1 });
  });

  it('takes exit code and stderr from the shell tool, and a failure from isError', () => {
    const { events } = run([
      message('m1', 'assistant', [request('t1', 'developer__shell', { command: 'npm test' })]),
      message(null, 'user', [
        response('t1', {
          content: [block('not ok 1 - greet\n\nCommand exited with code 1')],
          structuredContent: { stdout: 'not ok 1 - greet', stderr: 'npm ERR! Test failed.', exit_code: 1 },
          isError: true,
        }),
      ]),
    ]);
    const [result] = ofKind(events, 'tool-result');
    expect(result).toMatchObject({
      status: 'error',
      outputState: 'text',
      output: 'not ok 1 - greet\n\nCommand exited with code 1',
      details: { exitCode: 1, stderr: 'npm ERR! Test failed.', errorMessage: 'Command exited with code 1' },
    });
    // biome-ignore lint/style/noNonNullAssertion: the fixture has this result; a missing one fails the test here
    expect(summarizeToolResult(result!)).toBe('Error (exit 1): Command exited with code 1');
  });

  it('takes the message of another failed tool from the first line of its output', () => {
    const { events } = run([
      message('m1', 'assistant', [request('t1', 'developer__edit', { path: 'a.ts', before: 'x', after: 'y' })]),
      message(null, 'user', [response('t1', { content: [block('No match found for the specified text.\n\nFile preview:\n```\n   1: a\n```')], isError: true })]),
      message('m2', 'assistant', [request('t2', 'developer__shell', { command: 'sleep 999', timeout_secs: 5 })]),
      message(null, 'user', [response('t2', { content: [block('\n\nCommand timed out after 5 seconds')], structuredContent: { stdout: '', stderr: '', timed_out: true }, isError: true })]),
    ]);
    expect(ofKind(events, 'tool-result').map((result) => summarizeToolResult(result))).toEqual([
      'Error: No match found for the specified text.',
      'Error: Command timed out after 5 seconds',
    ]);
  });

  it('reads an error status as a failed call with no output', () => {
    const { events } = run([
      message('m1', 'assistant', [request('t1', 'developer__web_fetch', { url: 'https://example.com/a' })]),
      message(null, 'user', [{ type: 'toolResponse', id: 't1', toolResult: { status: 'error', error: '-32603: Tool call timed out after 60 seconds' } }]),
    ]);
    const [result] = ofKind(events, 'tool-result');
    expect(result).toMatchObject({ name: 'WebFetch', status: 'error', outputState: 'unavailable', details: { errorMessage: '-32603: Tool call timed out after 60 seconds' } });
    expect(result).not.toHaveProperty('output');
  });

  it('shows the content meant for the user when a tool answers the model and the user apart', () => {
    const { events } = run([
      message('m1', 'assistant', [request('t1', 'developer__tree', { path: '.' })]),
      message(null, 'user', [
        response('t1', {
          content: [block('full listing with line counts for the model', { audience: ['assistant'] }), block('3 files', { audience: ['user'], priority: 0 })],
          isError: false,
        }),
      ]),
    ]);
    expect(ofKind(events, 'tool-result')[0]?.output).toBe('3 files');
  });

  it('reads the content array that older sessions stored as the value itself', () => {
    const { events } = run([
      message('m1', 'assistant', [request('t1', 'developer__shell', { command: 'true' })]),
      message(null, 'user', [response('t1', [block('')])]),
    ]);
    expect(ofKind(events, 'tool-result')[0]).toMatchObject({ status: 'success', outputState: 'empty', output: '' });
  });

  it('shows a tool call goose could not read as an error, and ignores its error response', () => {
    const { events, accounting } = run([
      message('m1', 'assistant', [{ type: 'toolRequest', id: 't1', toolCall: { status: 'error', error: '-32602: Could not interpret tool use parameters' } }]),
      message(null, 'user', [{ type: 'toolResponse', id: 't1', toolResult: { status: 'error', error: '-32602: Could not interpret tool use parameters' } }]),
    ]);
    expect(events.slice(0, -1)).toEqual([{ kind: 'error', message: '-32602: Could not interpret tool use parameters', fatal: false }]);
    expect(accounting).toMatchObject({ events: 1, ignored: 1 });
  });

  it('names other extensions’ tools in the MCP form', () => {
    const { events } = run([message('m1', 'assistant', [request('t1', 'github__list_issues', { query: 'is:open' })])]);
    expect(ofKind(events, 'tool-use')[0]).toMatchObject({ name: 'github.list_issues', toolName: 'github__list_issues', toolKind: 'other', arg: 'is:open' });
  });
});

describe('the end of a run', () => {
  it('turns complete into cumulative usage and a successful end', () => {
    const { events } = run([{ type: 'complete', total_tokens: 120, input_tokens: 100, output_tokens: 20, cache_read_input_tokens: 64, cache_write_input_tokens: 8, cost_usd: 0.0042 }]);
    expect(events).toEqual([
      { kind: 'usage', cumulative: true, inputTokens: 100, outputTokens: 20, cacheReadTokens: 64, cacheWriteTokens: 8, costUsd: 0.0042 },
      { kind: 'session', phase: 'end', status: 'success' },
    ]);
  });

  it('gives no usage for a complete that has only total_tokens, as early releases wrote it', () => {
    expect(run([{ type: 'complete', total_tokens: 4410 }]).events).toEqual([{ kind: 'session', phase: 'end', status: 'success' }]);
    expect(run([{ type: 'complete', total_tokens: null }]).events).toEqual([{ kind: 'session', phase: 'end', status: 'success' }]);
  });

  it('turns the error line into a fatal error and an error end, with nothing added at the end of the stream', () => {
    expect(run([{ type: 'error', error: 'Request failed: Rate limit exceeded (429)' }]).events).toEqual([
      { kind: 'error', message: 'Request failed: Rate limit exceeded (429)', fatal: true },
      { kind: 'session', phase: 'end', status: 'error' },
    ]);
  });

  it('ends a stream that stopped before complete or error as incomplete, once', () => {
    const { events } = run([message('m1', 'assistant', [text('Working.')])]);
    expect(events.at(-1)).toEqual({ kind: 'session', phase: 'end', status: 'incomplete' });
    expect(ofKind(events, 'session')).toHaveLength(1);
  });
});

describe('notifications', () => {
  it('shows a log notification as a notice and ignores progress ticks', () => {
    const { events, accounting } = run([
      { type: 'notification', extension_id: 'developer', log: { message: 'Indexing 42 files' } },
      { type: 'notification', extension_id: 'developer', progress: { progress: 2, total: 5, message: null } },
      { type: 'message', message: { id: null, role: 'assistant', created: 1, content: [{ type: 'systemNotification', notificationType: 'creditsExhausted', msg: 'Out of credits.' }], metadata: VISIBLE } },
    ]);
    expect(events.slice(0, -1)).toEqual([
      { kind: 'notice', level: 'info', message: 'Indexing 42 files' },
      { kind: 'notice', level: 'warning', message: 'Out of credits.' },
    ]);
    expect(accounting).toMatchObject({ events: 2, ignored: 1 });
  });
});

describe('lines it cannot use', () => {
  it('reports each with a reason and never throws', () => {
    const { events, diagnostics } = run([
      'Warning: not JSON',
      '"a string"',
      { message: 'no type' },
      { type: 7 },
      { type: 'model_change', model: 'gpt-4o', mode: 'auto' },
      { type: 'message', message: { role: 'assistant' } },
      message('m1', 'robot', [text('beep')]),
      message('m2', 'assistant', [{ type: 'hologram' }]),
      message('m3', 'assistant', [{ type: 'text' }]),
      { type: 'notification', log: { message: 'which extension?' } },
      { type: 'error', error: 42 },
    ]);
    expect(events).toEqual([{ kind: 'session', phase: 'end', status: 'incomplete' }]);
    expect(diagnostics.map((d) => [d.line, d.outcome, d.reason])).toEqual([
      [1, 'malformed', 'not JSON'],
      [2, 'malformed', 'JSON value that is not an object'],
      [3, 'unknown', 'JSON object without a type'],
      [4, 'malformed', 'line whose type is not a string'],
      [5, 'unknown', 'unknown line type "model_change"'],
      [6, 'malformed', 'message without a string role and a content array'],
      [7, 'unknown', 'message with unknown role "robot"'],
      [8, 'unknown', 'content item of unknown type "hologram"'],
      [9, 'malformed', 'text item without a string text'],
      [10, 'malformed', 'notification without a string extension_id'],
      [11, 'malformed', 'error line without a string error'],
    ]);
  });
});
