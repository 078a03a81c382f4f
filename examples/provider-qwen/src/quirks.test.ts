import { type DisplayEvent, replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { brief } from '../test/recordings.js';
import { qwenSource } from './index.js';

/*
 * One test per quirk of Qwen Code's stream-json, each with lines written by
 * hand in the shapes of the lab's recordings (fixtures/qwen/), and the events
 * derived by hand.
 */

const line = (value: Record<string, unknown>) => JSON.stringify({ session_id: 's1', parent_tool_use_id: null, ...value });
const init = line({ type: 'system', subtype: 'init', uuid: 's1', cwd: '/w', model: 'qwen3-coder', permission_mode: 'yolo', qwen_code_version: '0.24.4' });
const assistant = (uuid: string, content: unknown[], usage = { input_tokens: 0, output_tokens: 0 }) =>
  line({ type: 'assistant', uuid, message: { id: uuid, type: 'message', role: 'assistant', model: 'qwen3-coder', content, stop_reason: null, usage } });
const toolResult = (id: string, content: string, isError: boolean) =>
  line({ type: 'user', uuid: `r-${id}`, message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, is_error: isError, content }] } });
const errorResult = (message: string) =>
  line({
    type: 'result',
    subtype: 'error_during_execution',
    uuid: 'end',
    is_error: true,
    duration_ms: 900,
    duration_api_ms: 0,
    num_turns: 1,
    usage: { input_tokens: 0, output_tokens: 0 },
    error: { message },
  });

function replay(lines: string[]): { events: DisplayEvent[]; briefs: string[] } {
  const { events } = replayLines(qwenSource, lines);
  return { events, briefs: events.map(brief) };
}

describe('Qwen Code stream-json quirks', () => {
  it('a failed request is the model\'s text "[API Error: …]" and then the result\'s error: one fatal error, after the text said before it', () => {
    const failure = '[API Error: The server is overloaded.]';
    const { briefs } = replay([init, assistant('a1', [{ type: 'text', text: `Let me start${failure}` }]), errorResult(failure)]);
    expect(briefs).toEqual(['session start', 'text: Let me start', `error (fatal): ${failure}`, 'session end error']);
  });

  it('0.15 ends a run whose request failed as a success, the failure as its result: it ends in error, the failure shown once', () => {
    const failure = '[API Error: 500 internal server error]';
    const result = line({
      type: 'result',
      subtype: 'success',
      uuid: 'end',
      is_error: false,
      duration_ms: 900,
      num_turns: 1,
      result: failure,
      usage: { input_tokens: 0, output_tokens: 0 },
    });
    expect(replay([init, assistant('a1', [{ type: 'text', text: failure }]), result]).briefs).toEqual([
      'session start',
      `error (fatal): ${failure}`,
      'session end error',
    ]);
  });

  it('0.8 and 0.15 end a run whose stream broke off as a success, the text before the failure in its result: the failure shown once', () => {
    // Qwen Code 0.8.2, fixtures/qwen/0.8.2/overloaded-cut.jsonl (scenario overloaded-cut): the text, then a
    // `success` result whose `result` is the whole text, `Let me start[API Error: …]`.
    const failure = '[API Error: The server is overloaded.]';
    const result = line({
      type: 'result',
      subtype: 'success',
      uuid: 'end',
      is_error: false,
      duration_ms: 900,
      num_turns: 1,
      result: `Let me start${failure}`,
      usage: { input_tokens: 0, output_tokens: 0 },
    });
    expect(replay([init, assistant('a1', [{ type: 'text', text: `Let me start${failure}` }]), result]).briefs).toEqual([
      'session start',
      'text: Let me start',
      `error (fatal): ${failure}`,
      'session end error',
    ]);
  });

  it('a call of a deferred tool through `tool_call` shows as the tool it reaches, its own name and input kept', () => {
    const input = { name: 'web_fetch', arguments: { url: 'http://127.0.0.1:8080/status.html', prompt: 'What does the page say?' } };
    const { events } = replay([init, assistant('a1', [{ type: 'tool_use', id: 'c1', name: 'tool_call', input }])]);
    expect(events[1]).toEqual({
      kind: 'tool-use',
      id: 'c1',
      name: 'WebFetch',
      toolName: 'tool_call',
      toolKind: 'fetch',
      arg: 'http://127.0.0.1:8080/status.html',
      input,
    });
  });

  it("a failed shell command's result is Qwen Code's whole record: its output and exit code are read out of it", () => {
    const record = 'Command: npm test\nDirectory: (root)\nOutput: FAIL greet.test.ts\nError: (none)\nExit Code: 1\nSignal: (none)\nProcess Group PGID: (none)';
    const { events } = replay([
      init,
      assistant('a1', [{ type: 'tool_use', id: 'c1', name: 'run_shell_command', input: { command: 'npm test' } }]),
      toolResult('c1', record, true),
    ]);
    expect(events[2]).toMatchObject({ kind: 'tool-result', name: 'Bash', status: 'error', output: 'FAIL greet.test.ts', details: { exitCode: 1 } });
  });

  it("0.15's stdout gives a failed command's output alone, is_error false: the stream cannot tell the failure, so it shows what it says", () => {
    const lines = [
      init,
      assistant('a1', [{ type: 'tool_use', id: 'c1', name: 'run_shell_command', input: { command: 'npm test' } }]),
      toolResult('c1', 'FAIL greet.test.ts', false),
    ];
    expect(replay(lines).events[2]).toMatchObject({ kind: 'tool-result', name: 'Bash', status: 'success', output: 'FAIL greet.test.ts', details: {} });
  });

  it('the same record from a tool that is not the shell is its output as it is', () => {
    const record = 'Directory: x\nOutput: y\nError: (none)\nExit Code: 1';
    const { events } = replay([
      init,
      assistant('a1', [{ type: 'tool_use', id: 'c1', name: 'read_file', input: { file_path: '/w/notes.txt' } }]),
      toolResult('c1', record, false),
    ]);
    expect(events[2]).toMatchObject({ kind: 'tool-result', name: 'Read', status: 'success', output: record });
  });

  it('partial messages stream the text, and the complete assistant line that follows (its uuid is the streamed message id) adds nothing', () => {
    const event = (value: Record<string, unknown>) => line({ type: 'stream_event', uuid: `e-${JSON.stringify(value).length}`, event: value });
    const lines = [
      init,
      event({ type: 'message_start', message: { id: 'm1', role: 'assistant', model: 'qwen3-coder', content: [] } }),
      event({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
      event({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Readi' } }),
      event({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'ng it now.' } }),
      event({ type: 'content_block_stop', index: 0 }),
      assistant('m1', [{ type: 'text', text: 'Reading it now.' }], { input_tokens: 1801, output_tokens: 31 }),
      event({ type: 'message_stop' }),
    ];
    const { events, briefs } = replay(lines);
    expect(briefs).toEqual(['session start', 'text: Readi', 'text: ng it now.', 'usage +1801/31', 'session end incomplete']);
    expect(events.filter((e) => e.kind === 'text').map((e) => (e.kind === 'text' ? e.id : ''))).toEqual(['m1', 'm1']);
  });

  it("a response comes as two assistant lines, its text then its calls: the line with zeros is no usage, the result's total replaces the increments", () => {
    const lines = [
      init,
      assistant('a1', [{ type: 'text', text: 'I will read the file first.' }]),
      assistant('a2', [{ type: 'tool_use', id: 'c1', name: 'read_file', input: { file_path: '/w/a.ts' } }], { input_tokens: 1801, output_tokens: 31 }),
      toolResult('c1', 'export {};\n', false),
      line({
        type: 'result',
        subtype: 'success',
        uuid: 'end',
        is_error: false,
        duration_ms: 500,
        num_turns: 2,
        result: 'Done.',
        usage: { input_tokens: 3603, output_tokens: 63, cache_read_input_tokens: 2400 },
      }),
    ];
    expect(replay(lines).briefs).toEqual([
      'session start',
      'text: I will read the file first.',
      'tool-use Read /w/a.ts',
      'usage +1801/31',
      'tool-result Read success',
      'usage total3603/63',
      'session end success',
    ]);
  });

  it("0.24's background subagent: the task prompt line is no event, its end is a notice under the agent call", () => {
    const lines = [
      init,
      assistant('a1', [
        { type: 'tool_use', id: 'c1', name: 'agent', input: { description: 'Count files', prompt: 'Count the files.', subagent_type: 'general-purpose' } },
      ]),
      line({ type: 'user', uuid: 'u1', parent_tool_use_id: 'c1', message: { role: 'user', content: [{ type: 'text', text: 'Count the files.' }] } }),
      line({ type: 'system', subtype: 'task_started', uuid: 't1', data: { task_id: 'general-purpose-c1', tool_use_id: 'c1', description: 'Count files' } }),
      line({ type: 'system', subtype: 'task_notification', uuid: 't2', data: { task_id: 'general-purpose-c1', tool_use_id: 'c1', status: 'completed' } }),
    ];
    const { events, accounting } = replayLines(qwenSource, lines);
    expect(events.map(brief)).toEqual(['session start', 'tool-use Task Count files', '  notice task_notification', 'session end incomplete']);
    expect(accounting).toMatchObject({ ignored: 2, unknown: 0 });
  });

  it('an unknown line type and an unknown system subtype are counted as unknown, never dropped silently', () => {
    const { accounting, diagnostics } = replayLines(qwenSource, [
      init,
      line({ type: 'control_request', request: {} }),
      line({ type: 'system', subtype: 'new_thing' }),
    ]);
    expect(accounting).toMatchObject({ unknown: 2 });
    expect(diagnostics.map((d) => d.reason)).toEqual(['unknown line type "control_request"', 'unknown system subtype "new_thing"']);
  });
});
