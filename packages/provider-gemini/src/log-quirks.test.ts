import { replayLines, summarizeToolResult, type ToolResultDisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { createGeminiLogSource, geminiLogSource, geminiSource } from './index.js';
import { parseShellReport, readShellOutput } from './shell-output.js';

const META = { sessionId: 's-1', projectHash: 'p', startTime: '2026-05-02T09:00:00.000Z', lastUpdated: '2026-05-02T09:00:00.000Z', kind: 'main' };
const T = '2026-05-02T09:00:01.000Z';
const user = (id: string, text: string) => ({ id, timestamp: T, type: 'user', content: [{ text }] });
const gemini = (id: string, content: string, extra: object = {}) => ({ id, timestamp: T, type: 'gemini', content, model: 'gemini-2.5-pro', ...extra });
const call = (id: string, status: string, response: object = { output: 'ok' }) => ({
  id,
  name: 'read_file',
  args: { file_path: 'a.ts' },
  result: [{ functionResponse: { id, name: 'read_file', response } }],
  status,
  timestamp: T,
});

function run(records: object[], source = geminiLogSource) {
  return replayLines(
    source,
    records.map((record) => JSON.stringify(record)),
  );
}

describe('gemini-log quirks', () => {
  // Hand-derived from 0.61.0's chat file (recorded: fixtures/gemini-log/recorded/0.61.0/plain-answer/).
  it('the session context 0.61 records as the first user message is no prompt', () => {
    const context = user('c0', "<session_context>\nThis is the Gemini CLI. We are setting up the context for our chat.\nToday's date is Saturday.\n</session_context>");
    const { events, accounting } = run([META, { $set: { messages: [context] } }, user('u1', 'What is 6 times 7?'), gemini('g1', 'It is 42.')]);
    expect(events.filter((event) => event.kind === 'prompt')).toEqual([{ kind: 'prompt', form: 'prompt', text: 'What is 6 times 7?', id: 'u1', timestamp: T }]);
    expect(accounting).toMatchObject({ unknown: 0, malformed: 0, unexplained: 0 });
  });

  it('a message re-appended under the same id replaces the earlier copy, keeping its place', () => {
    const { events } = run([
      META,
      user('u1', 'Read a.ts'),
      gemini('g1', 'Reading.'),
      gemini('g1', 'Reading.', { toolCalls: [call('c1', 'success')] }),
      gemini('g2', 'Done.'),
    ]);
    expect(events).toEqual([
      { kind: 'session', phase: 'start', sessionId: 's-1', timestamp: '2026-05-02T09:00:00.000Z' },
      { kind: 'prompt', form: 'prompt', text: 'Read a.ts', id: 'u1', timestamp: T },
      { kind: 'text', id: 'g1', text: 'Reading.', timestamp: T },
      { kind: 'tool-use', id: 'c1', name: 'Read', toolName: 'read_file', toolKind: 'read', arg: 'a.ts', input: { file_path: 'a.ts' }, timestamp: T },
      // A recording keeps what the model got: the read's text is the output.
      {
        kind: 'tool-result',
        id: 'c1',
        name: 'Read',
        toolKind: 'read',
        status: 'success',
        outputState: 'text',
        output: 'ok',
        details: { path: 'a.ts' },
        timestamp: T,
      },
      { kind: 'text', id: 'g2', text: 'Done.', timestamp: T },
      { kind: 'session', phase: 'end', status: 'success', sessionId: 's-1', durationMs: 0, timestamp: '2026-05-02T09:00:00.000Z' },
    ]);
  });

  it('a copy of a message already shown adds only what is new, and says when it rewrites what was shown', () => {
    const { events } = run([META, gemini('g1', 'Hello'), gemini('g2', 'x'), gemini('g1', 'Hello world'), gemini('g1', 'Goodbye')]);
    expect(events.filter((event) => event.kind === 'text' || event.kind === 'notice')).toEqual([
      { kind: 'text', id: 'g1', text: 'Hello', timestamp: T },
      { kind: 'text', id: 'g2', text: 'x', timestamp: T },
      { kind: 'text', id: 'g1', text: ' world', timestamp: T },
      {
        kind: 'notice',
        level: 'warning',
        code: 'message-rewritten',
        message: 'Message g1 was rewritten after it was shown; what is shown above is its earlier version',
      },
    ]);
  });

  it('$set merges metadata: the summary becomes the title; $set.messages replaces the list', () => {
    const { events } = run([META, user('u1', 'one'), gemini('g1', 'A'), { $set: { summary: 'Short title', lastUpdated: '2026-05-02T09:00:30.000Z' } }]);
    expect(events.at(-1)).toEqual({
      kind: 'session',
      phase: 'end',
      status: 'success',
      sessionId: 's-1',
      title: 'Short title',
      durationMs: 30000,
      timestamp: '2026-05-02T09:00:30.000Z',
    });
    const checkpoint = run([
      META,
      user('u1', 'one'),
      gemini('g1', 'A'),
      user('u2', 'two'),
      { $set: { messages: [user('u1', 'one'), gemini('g3', 'B')] } },
    ]).events;
    expect(checkpoint.filter((event) => event.kind !== 'session')).toEqual([
      { kind: 'prompt', form: 'prompt', text: 'one', id: 'u1', timestamp: T },
      { kind: 'text', id: 'g1', text: 'A', timestamp: T },
      // u2 was held (the newest message may still change) when the list left it out: it was written, so it is shown, then told as gone.
      { kind: 'prompt', form: 'prompt', text: 'two', id: 'u2', timestamp: T },
      {
        kind: 'notice',
        level: 'warning',
        code: 'checkpoint',
        message: 'A checkpoint replaced the message list: 2 message(s) shown above are no longer in the session',
      },
      { kind: 'text', id: 'g3', text: 'B', timestamp: T },
    ]);
  });

  // Hand-derived from 0.51.0's chat file (recorded: fixtures/gemini-log/recorded/0.51.0/resumed/, scenario resumed).
  it('a resumed run appends its own metadata line and message list, then restores the history: nothing is deleted or shown twice', () => {
    const context = user('c0', '<session_context>\nThis is the Gemini CLI.\n</session_context>');
    const first = [user('u1', 'Remember the number 7.'), gemini('g1', 'I will remember 7.')];
    const resumedMeta = { ...META, startTime: '2026-05-02T09:05:00.000Z', lastUpdated: '2026-05-02T09:05:00.000Z' };
    const { events, accounting } = run([
      META,
      { $set: { messages: [context] } },
      ...first,
      resumedMeta,
      { $set: { messages: [context] } },
      { $set: { sessionId: 's-1' } },
      { $set: { messages: [context, ...first] } },
      user('u2', 'What number did I give you?'),
      gemini('g2', 'You gave me 7.'),
    ]);
    const shown = events.flatMap((event) => (event.kind === 'prompt' || event.kind === 'text' || event.kind === 'notice' ? [`${event.kind} ${'text' in event ? event.text : event.message}`] : []));
    expect(shown).toEqual(['prompt Remember the number 7.', 'text I will remember 7.', 'prompt What number did I give you?', 'text You gave me 7.']);
    expect(events.filter((event) => event.kind === 'session').map((event) => event.kind === 'session' && event.phase)).toEqual(['start', 'end']);
    expect(accounting).toMatchObject({ unknown: 0, malformed: 0, unexplained: 0 });
  });

  it('$rewindTo deletes the message and all after it: unseen ones silently, shown ones with a notice', () => {
    const held = run([
      META,
      user('u1', 'one'),
      gemini('g1', 'A'),
      { id: 'i1', timestamp: T, type: 'info', content: 'Request cancelled.' },
      { $rewindTo: 'i1' },
    ]);
    expect(held.events).toEqual([
      { kind: 'session', phase: 'start', sessionId: 's-1', timestamp: '2026-05-02T09:00:00.000Z' },
      { kind: 'prompt', form: 'prompt', text: 'one', id: 'u1', timestamp: T },
      { kind: 'text', id: 'g1', text: 'A', timestamp: T },
      { kind: 'session', phase: 'end', status: 'success', sessionId: 's-1', durationMs: 0, timestamp: '2026-05-02T09:00:00.000Z' },
    ]);
    const shown = run([META, user('u1', 'one'), gemini('g1', 'A'), user('u2', 'two'), gemini('g2', 'B'), { $rewindTo: 'g1' }]);
    expect(shown.events.filter((event) => event.kind === 'notice')).toEqual([
      { kind: 'notice', level: 'warning', code: 'rewind', message: 'Rewound: 2 message(s) shown above, from g1 on, were deleted from the session' },
    ]);
    // The last message left is the prompt u1: no answer to it remains.
    expect(shown.events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'incomplete' });
  });

  it('the legacy JSON document and the JSONL log of the same session give the same messages', () => {
    const messages = [
      user('u1', 'Read a.ts'),
      gemini('g1', 'Done.', { toolCalls: [call('c1', 'success')], tokens: { input: 10, output: 2, cached: 4, thoughts: 1, tool: 0, total: 13 } }),
    ];
    const legacy = replayLines(geminiLogSource, JSON.stringify({ ...META, messages }, null, 2).split('\n'));
    const jsonl = run([META, ...messages]);
    expect(legacy.events).toEqual(jsonl.events);
    expect(legacy.accounting).toMatchObject({ malformed: 0, unknown: 0, events: 1 });
    expect(legacy.events.find((event) => event.kind === 'usage')).toEqual({
      kind: 'usage',
      cumulative: false,
      model: 'gemini-2.5-pro',
      inputTokens: 10,
      outputTokens: 2,
      reasoningTokens: 1,
      cacheReadTokens: 4,
      timestamp: T,
    });
  });

  it('tool calls: error and cancelled are failed results, an executing call waits for its final copy', () => {
    const { events } = run([
      META,
      gemini('g1', '', {
        toolCalls: [
          call('c1', 'error', { error: 'File not found: a.ts' }),
          { ...call('c2', 'cancelled'), result: [] },
          { ...call('c3', 'executing'), result: [] },
        ],
      }),
      user('u2', 'next'),
    ]);
    const read = { name: 'Read', toolName: 'read_file', toolKind: 'read', arg: 'a.ts', input: { file_path: 'a.ts' }, timestamp: T } as const;
    const failed = { name: 'Read', toolKind: 'read', status: 'error', outputState: 'unavailable', timestamp: T } as const;
    expect(events.filter((event) => event.kind === 'tool-use' || event.kind === 'tool-result')).toEqual([
      { kind: 'tool-use', id: 'c1', ...read },
      { kind: 'tool-result', id: 'c1', ...failed, details: { path: 'a.ts', errorMessage: 'File not found: a.ts' } },
      { kind: 'tool-use', id: 'c2', ...read },
      { kind: 'tool-result', id: 'c2', ...failed, details: { path: 'a.ts', errorMessage: 'Cancelled' } },
      { kind: 'tool-use', id: 'c3', ...read },
    ]);
  });

  it('info, warning and error messages are notices and a non-fatal error', () => {
    const { events } = run([
      META,
      { id: 'i', timestamp: T, type: 'info', content: 'Compressed.' },
      { id: 'w', timestamp: T, type: 'warning', content: 'Slow.' },
      { id: 'e', timestamp: T, type: 'error', content: 'Quota.' },
    ]);
    expect(events.slice(1)).toEqual([
      { kind: 'notice', level: 'info', message: 'Compressed.', timestamp: T },
      { kind: 'notice', level: 'warning', message: 'Slow.', timestamp: T },
      { kind: 'error', message: 'Quota.', fatal: false, timestamp: T },
      // No durationMs: a zero figure of a session that did not succeed is unknown, not zero (core's session lifecycle).
      { kind: 'session', phase: 'end', status: 'error', sessionId: 's-1', timestamp: '2026-05-02T09:00:00.000Z' },
    ]);
  });

  it('a shell result quotes the command first; the result is the command output, with its exit code (#18)', () => {
    const report = (output: string, exit: string) =>
      `Command: cd app && python hoge.py\nDirectory: (root)\nOutput: ${output}\nError: (none)\nExit Code: ${exit}\nSignal: 0\nBackground PIDs: (none)\nProcess Group PGID: 27209`;
    const shell = (id: string, output: string, exit: string) => ({
      id,
      name: 'run_shell_command',
      args: { command: 'cd app && python hoge.py' },
      result: [{ functionResponse: { id, name: 'run_shell_command', response: { output: report(output, exit) } } }],
      status: 'success',
      timestamp: T,
    });
    const { events } = run([
      META,
      gemini('g1', '', { toolCalls: [shell('s1', 'error: target shim binary not found', '1'), shell('s2', '(empty)', '0')] }),
      gemini('g2', 'Done.'),
    ]);
    const bash = { name: 'Bash', toolKind: 'execute', timestamp: T } as const;
    const done = events.filter((event): event is ToolResultDisplayEvent => event.kind === 'tool-result');
    // The recording says `status: success` for both; the command that exited 1 failed, as it does for every agent.
    expect(done).toEqual([
      { kind: 'tool-result', id: 's1', ...bash, status: 'error', outputState: 'text', output: 'error: target shim binary not found', details: { exitCode: 1 } },
      { kind: 'tool-result', id: 's2', ...bash, status: 'success', outputState: 'empty', output: '', details: { exitCode: 0 } },
    ]);
    expect(done.map(summarizeToolResult)).toEqual(['Error (exit 1): error: target shim binary not found', 'Completed Bash (exit 0)']);
  });

  // Hand-derived from 0.61.0's chat files (recorded: fixtures/gemini-log/recorded/0.61.0/failing-command/, read-edit-run/).
  it("0.61's untrusted report: the output, the exit code when there is one, and field-like output lines kept", () => {
    const wrap = (body: string) => `<untrusted_context>\nOutput: ${body}\n</untrusted_context>`;
    expect(readShellOutput(wrap('FAIL greet.test.ts\nExit Code: 1\nProcess Group PGID: 31792'))).toEqual({ output: 'FAIL greet.test.ts', exitCode: 1 });
    expect(readShellOutput(wrap("export function greet() {\n  return 'Hello';\n}\nProcess Group PGID: 31644"))).toEqual({ output: "export function greet() {\n  return 'Hello';\n}" });
    // A line of the output that looks like a field, with output after it, stays output.
    expect(readShellOutput(wrap('Exit Code: 7\nreal output\nError: spawn failed\nExit Code: 127'))).toEqual({ output: 'Exit Code: 7\nreal output', error: 'spawn failed', exitCode: 127 });
    expect(readShellOutput(wrap('(empty)\nProcess Group PGID: 1'))).toEqual({ output: '' });
  });

  // Hand-derived from 0.38.2's chat files (recorded: fixtures/gemini-log/recorded/0.38.2/failing-command/, read-edit-run/).
  it("0.38's bare report: output then fields, always ending in the process group; plain output stays plain", () => {
    expect(readShellOutput('Output: FAIL greet.test.ts\nExit Code: 1\nProcess Group PGID: 3955')).toEqual({ output: 'FAIL greet.test.ts', exitCode: 1 });
    expect(readShellOutput("Output: export function greet() {}\nProcess Group PGID: 3101")).toEqual({ output: 'export function greet() {}' });
    // Without the process group line, text that starts with `Output: ` is a command's own output, not a report.
    expect(readShellOutput('Output: 3 files\nExit Code: 2')).toEqual({ output: 'Output: 3 files\nExit Code: 2' });
  });

  it('the older report gives stdout and stderr apart; a field-like line inside the output stays output (#18)', () => {
    const text =
      'Command: make\nDirectory: (root)\nStdout: built\nError: not this one\nStderr: warning: old flag\nError: (none)\nExit Code: 0\nSignal: (none)\nBackground PIDs: (none)\nProcess Group PGID: 7';
    expect(parseShellReport(text)).toEqual({ output: 'built\nError: not this one', stderr: 'warning: old flag', exitCode: 0 });
    expect(parseShellReport('Command: ls\nDirectory: (root)\nOutput: a\nError: spawn ENOENT\nExit Code: (none)\nSignal: 9')).toEqual({
      output: 'a',
      error: 'spawn ENOENT',
    });
    expect(parseShellReport('Command was cancelled by user before it could complete.')).toBeUndefined();
    expect(parseShellReport('Command: ls\nDirectory: (root)\nNot a report')).toBeUndefined();
  });

  // Hand-derived from 0.38.2's chat file (recorded: fixtures/gemini-log/recorded/0.38.2/interrupted/): the reply stalled, and the CLI asked the model to go on.
  it('the CLI\'s own "System: Please continue." is a notice, not a prompt of the person', () => {
    const { events } = run([META, user('u1', 'Write a long essay.'), gemini('g1', 'Here is'), { ...user('u2', 'System: Please continue.'), displayContent: [{ text: 'Write a long essay.' }] }, gemini('g2', 'Here is')]);
    expect(events.filter((event) => event.kind !== 'session')).toEqual([
      { kind: 'prompt', form: 'prompt', text: 'Write a long essay.', id: 'u1', timestamp: T },
      { kind: 'text', id: 'g1', text: 'Here is', timestamp: T },
      { kind: 'notice', level: 'info', code: 'continue', message: 'Gemini CLI asked the model to continue its reply', timestamp: T },
      { kind: 'text', id: 'g2', text: 'Here is', timestamp: T },
    ]);
  });

  it('a message of a type the recording format does not have is reported as unknown, naming the type', () => {
    const { events, diagnostics } = run([META, user('u1', 'one'), { id: 'x1', timestamp: T, type: 'compression', content: 'Compressed.' }, gemini('g1', 'A')]);
    expect(events.filter((event) => event.kind !== 'session')).toEqual([
      { kind: 'prompt', form: 'prompt', text: 'one', id: 'u1', timestamp: T },
      { kind: 'text', id: 'g1', text: 'A', timestamp: T },
    ]);
    expect(diagnostics.map((d) => [d.line, d.outcome, d.reason])).toEqual([[3, 'unknown', 'unknown message type "compression"']]);
  });

  // Hand-derived from 0.61.0's chat file (recorded: fixtures/gemini-log/recorded/0.61.0/compaction/): the resumed run
  // restores the history, then its compression replaces it with the summary and the CLI's own acknowledgement.
  it('a compression is one compaction notice; its summary and the CLI\'s "Got it." are neither prompt nor answer', () => {
    const context = user('c0', '<session_context>\nThis is the Gemini CLI.\n</session_context>');
    const first = [user('u1', 'Remember the number 7.'), gemini('g1', 'I will remember 7.')];
    const compressed = [context, user('s1', 'The user asked me to remember the number 7.'), { ...gemini('a1', ''), content: [{ text: 'Got it. Thanks for the additional context!' }] }];
    const shown = (records: object[]) =>
      run(records).events.flatMap((event) => (event.kind === 'prompt' || event.kind === 'text' ? [`${event.kind} ${event.text}`] : event.kind === 'notice' ? [`notice ${event.code} ${event.message}`] : []));
    const after = [user('u2', 'What number did I give you?'), gemini('g2', 'You gave me 7.')];
    const expected = ['prompt Remember the number 7.', 'text I will remember 7.', 'notice compaction Conversation compacted', 'prompt What number did I give you?', 'text You gave me 7.'];
    // Resumed, as recorded: the run's metadata line, the history restored, then compressed.
    expect(shown([META, { $set: { messages: [context] } }, ...first, META, { $set: { messages: [context] } }, { $set: { messages: [context, ...first] } }, { $set: { messages: compressed } }, ...after])).toEqual(expected);
    // Within one run, the messages the compression replaced go with no checkpoint warning; the list written again later is no second compaction.
    expect(shown([META, { $set: { messages: [context] } }, ...first, { $set: { messages: compressed } }, ...after, { $set: { messages: [...compressed, ...after] } }])).toEqual(expected);
  });

  // The CLI's acknowledgement was told by its text alone, wherever it stood: a model led (by a file it read) to answer
  // "Got it. Thanks for the additional context!" made the prompt before it and its own tool calls vanish into a
  // compaction notice. The CLI writes the pair first in the list it sets (after the session context), the answer
  // with nothing but its text: no tool call, thought or token count.
  it('a model\'s answer that says the acknowledgement\'s words hides no prompt, tool call or answer', () => {
    const context = user('c0', '<session_context>\nThis is the Gemini CLI.\n</session_context>');
    const ack = 'Got it. Thanks for the additional context!';
    const call = { id: 'c1', name: 'run_shell_command', args: { command: 'rm -rf build' }, status: 'success', timestamp: T, result: [] };
    const kinds = (records: object[]) => run(records).events.flatMap((event) => (event.kind === 'session' || event.kind === 'usage' ? [] : [event.kind]));
    const answered = (answer: object) => [META, { $set: { messages: [context, user('u1', 'Delete the build folder.'), answer] } }];
    expect(kinds(answered(gemini('g1', ack, { toolCalls: [call] })))).toEqual(['prompt', 'text', 'tool-use', 'tool-result']);
    expect(kinds(answered(gemini('g1', ack, { tokens: { input: 10, output: 9, total: 19 } })))).toEqual(['prompt', 'text']);
    // Past the start of the list, the words are an answer wherever they stand.
    const later = [context, user('u0', 'Hi.'), gemini('g0', 'Hello.'), user('u1', 'Delete the build folder.'), { ...gemini('g1', ''), content: [{ text: ack }] }];
    expect(kinds([META, { $set: { messages: later } }])).toEqual(['prompt', 'text', 'prompt', 'text']);
  });

  it('a message larger than the hold budget is shown at once and counted', () => {
    const source = createGeminiLogSource({ maxHeldBytes: 100 });
    const { events } = run([META, gemini('g1', 'x'.repeat(200)), gemini('g1', 'x'.repeat(210))], source);
    expect(events.filter((event) => event.kind === 'text').map((event) => event.kind === 'text' && event.text.length)).toEqual([200, 10]);
    expect(events.at(-2)).toEqual({
      kind: 'notice',
      level: 'info',
      code: 'held-overflow',
      message: '1 message(s) were larger than the 100-byte hold budget and were shown before their final state',
    });
  });
});

describe('gemini-log detection', () => {
  const sample = (lines: string[]) => lines.filter((line) => line.trim() !== '').slice(0, 20);

  it.each(listFixtures('gemini-log'))('claims $scenario; the stdout source does not', (fixture) => {
    expect(geminiLogSource.detect(sample(readFixtureLines(fixture))).confidence).toBe(1);
    expect(geminiSource.detect(sample(readFixtureLines(fixture))).confidence).toBe(0);
  });

  it.each(listFixtures('gemini'))('leaves the stdout fixture $scenario to the stdout source', (fixture) => {
    expect(geminiLogSource.detect(sample(readFixtureLines(fixture))).confidence).toBe(0);
  });
});
