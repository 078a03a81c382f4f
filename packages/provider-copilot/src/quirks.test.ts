import type { DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { eventLine, outcomes, replay, resultLine, sessionStartLine } from './test-helpers.js';

// Every expectation here is written from docs/formats/copilot.md (§2 and the
// quirks of §3) and the package README, event by event, not from a dump.

const turnStart = (turnId: string, data: Record<string, unknown> = {}) => eventLine('assistant.turn_start', { turnId, ...data });
const message = (messageId: string, content: string, data: Record<string, unknown> = {}) =>
  eventLine('assistant.message', { messageId, content, toolRequests: [], ...data });
const delta = (messageId: string, deltaContent: string, data: Record<string, unknown> = {}) =>
  eventLine('assistant.message_delta', { messageId, deltaContent, ...data }, { ephemeral: true });

const MODEL = 'claude-sonnet-4.5';
/** What `sessionStartLine()` starts. */
const START: DisplayEvent = {
  kind: 'session',
  phase: 'start',
  sessionId: 'sess-1',
  model: MODEL,
  agentVersion: '1.0.102',
  timestamp: '2026-01-15T10:00:00.000Z',
};
/** The usage of `resultLine(0)`: its premium request and API time, plus any output tokens. */
const usage = (copilot: Record<string, unknown> = {}, tokens: { outputTokens?: number } = {}): DisplayEvent => ({
  kind: 'usage',
  cumulative: true,
  model: MODEL,
  ...tokens,
  providerMetadata: { copilot: { premiumRequests: 1, totalApiDurationMs: 900, ...copilot } },
});
const NO_CODE_CHANGES = { linesAdded: 0, linesRemoved: 0, filesModified: [] };
/** The session end of `resultLine(0)`. */
const end = (fields: Record<string, unknown> = {}, copilot: Record<string, unknown> = {}): DisplayEvent => ({
  kind: 'session',
  phase: 'end',
  status: 'success',
  sessionId: 'sess-1',
  model: MODEL,
  durationMs: 9000,
  ...fields,
  providerMetadata: { copilot: { premiumRequests: 1, codeChanges: NO_CODE_CHANGES, ...copilot } },
});

describe('copilot.md §3 quirks', () => {
  it('1. no token usage on stdout: the result usage is the run usage; output tokens only where messages carry outputTokens', () => {
    const without = replay([sessionStartLine(), turnStart('0'), message('m1', 'Hi.'), resultLine(0)]);
    expect(without.events).toEqual([START, { kind: 'text', id: 'm1', text: 'Hi.' }, usage(), end({ turns: 1 })]);

    const withTokens = replay([
      sessionStartLine(),
      turnStart('0'),
      message('m1', 'Hi.', { outputTokens: 5 }),
      message('m2', 'Again.', { outputTokens: 7 }),
      resultLine(0),
    ]);
    expect(withTokens.events).toEqual([
      START,
      { kind: 'text', id: 'm1', text: 'Hi.' },
      { kind: 'text', id: 'm2', text: 'Again.' },
      usage({}, { outputTokens: 12 }),
      end({ turns: 1 }),
    ]);
  });

  it('2. deltas and the complete message both arrive: each character is shown once', () => {
    const lines = [delta('m1', 'po'), delta('m1', 'ng'), message('m1', 'pong')];
    expect(replay(lines).events).toEqual([
      { kind: 'text', id: 'm1', text: 'po' },
      { kind: 'text', id: 'm1', text: 'ng' },
    ]);
    expect(outcomes(lines)).toEqual([['ignored', 'text already shown from its deltas']]);

    // The complete message adds what the deltas had not shown yet.
    expect(replay([delta('m2', 'Two files: '), message('m2', 'Two files: a.txt, b.txt.')]).events).toEqual([
      { kind: 'text', id: 'm2', text: 'Two files: ' },
      { kind: 'text', id: 'm2', text: 'a.txt, b.txt.' },
    ]);
    // Shown text cannot be taken back: a complete message that does not start with it adds nothing.
    expect(replay([delta('m3', 'Hello'), message('m3', 'Goodbye')]).events).toEqual([{ kind: 'text', id: 'm3', text: 'Hello' }]);
    // `--stream off`: no deltas, the complete message is the text.
    expect(replay([message('m4', 'Whole answer.')]).events).toEqual([{ kind: 'text', id: 'm4', text: 'Whole answer.' }]);
  });

  it('2. reasoning deltas, assistant.reasoning and the message reasoningText are shown once', () => {
    const lines = [
      eventLine('assistant.reasoning_delta', { reasoningId: 'r1', deltaContent: 'Think ' }, { ephemeral: true }),
      eventLine('assistant.reasoning_delta', { reasoningId: 'r1', deltaContent: 'hard.' }, { ephemeral: true }),
      eventLine('assistant.reasoning', { reasoningId: 'r1', content: 'Think hard.' }),
      message('m1', 'Done.', { reasoningText: 'Think hard.' }),
    ];
    expect(replay(lines).events).toEqual([
      { kind: 'reasoning', id: 'r1', text: 'Think ' },
      { kind: 'reasoning', id: 'r1', text: 'hard.' },
      { kind: 'text', id: 'm1', text: 'Done.' },
    ]);
    expect(outcomes(lines)).toEqual([['ignored', 'reasoning already shown from its deltas']]);

    expect(replay([message('m2', 'Done.', { reasoningText: 'Only here.' })]).events).toEqual([
      { kind: 'reasoning', id: 'm2:reasoning', text: 'Only here.' },
      { kind: 'text', id: 'm2', text: 'Done.' },
    ]);
  });

  it('3. tool arguments are objects: kept as the input and previewed from their fields', () => {
    const input = { path: '/work/demo/src/a.ts', view_range: [1, 20] };
    const { events } = replay([message('m1', '', { toolRequests: [{ toolCallId: 'call_1', name: 'view', arguments: input, type: 'function' }] })]);
    expect(events).toEqual([{ kind: 'tool-use', id: 'call_1', name: 'Read', toolName: 'view', toolKind: 'read', arg: '/work/demo/src/a.ts', input }]);
  });

  it('4. content is "" when the turn only requests tools, and a turn can hold several assistant.message events', () => {
    const lines = [
      turnStart('0'),
      message('m1', '', { toolRequests: [{ toolCallId: 'call_1', name: 'bash', arguments: { command: 'ls' } }] }),
      message('m2', ''),
      message('m3', 'Listed.'),
    ];
    expect(replay(lines).events).toEqual([
      { kind: 'tool-use', id: 'call_1', name: 'Bash', toolName: 'bash', toolKind: 'execute', arg: 'ls', input: { command: 'ls' } },
      { kind: 'text', id: 'm3', text: 'Listed.' },
    ]);
    expect(outcomes(lines)).toEqual([
      ['ignored', 'turn boundary'],
      ['ignored', 'assistant message with no text and no new tool calls'],
    ]);
  });

  it('5. fractional premiumRequests are kept as they are', () => {
    const result = replay([sessionStartLine(), resultLine(0, { premiumRequests: 7.5 })]);
    expect(result.events).toEqual([START, usage({ premiumRequests: 7.5 }), end({}, { premiumRequests: 7.5 })]);
    expect(result.diagnostics).toEqual([]);
  });

  it('6. turn_start may omit model, and toolCallId formats vary by model', () => {
    const { events } = replay([
      sessionStartLine(),
      turnStart('0'),
      message('m1', '', {
        toolRequests: [
          { toolCallId: 'toolu_vrtx_01Abc', name: 'bash', arguments: { command: 'ls a' } },
          { toolCallId: 'call_XyZ', name: 'bash', arguments: { command: 'ls b' } },
        ],
      }),
      eventLine('tool.execution_complete', { toolCallId: 'call_XyZ', success: true, result: { content: 'b' } }),
      eventLine('tool.execution_complete', { toolCallId: 'toolu_vrtx_01Abc', success: true, result: { content: 'a' } }),
      resultLine(0),
    ]);
    const bash = { name: 'Bash', toolKind: 'execute' } as const;
    expect(events).toEqual([
      START,
      { kind: 'tool-use', id: 'toolu_vrtx_01Abc', ...bash, toolName: 'bash', arg: 'ls a', input: { command: 'ls a' } },
      { kind: 'tool-use', id: 'call_XyZ', ...bash, toolName: 'bash', arg: 'ls b', input: { command: 'ls b' } },
      { kind: 'tool-result', id: 'call_XyZ', ...bash, status: 'success', outputState: 'text', details: {}, output: 'b' },
      { kind: 'tool-result', id: 'toolu_vrtx_01Abc', ...bash, status: 'success', outputState: 'text', details: {}, output: 'a' },
      usage(),
      end({ turns: 1 }),
    ]);
  });

  // Hand-derived from 1.0.102's tool.execution_complete (recorded: fixtures/copilot/recorded/1.0.102/failing-command.jsonl).
  it('6b. a shell command that exited non-zero failed, though the line says success: true', () => {
    const { events } = replay([
      sessionStartLine(),
      message('m1', '', {
        toolRequests: [
          { toolCallId: 'call_1', name: 'bash', arguments: { command: 'npm test' } },
          { toolCallId: 'call_2', name: 'bash', arguments: { command: 'ls' } },
        ],
      }),
      eventLine('tool.execution_complete', {
        toolCallId: 'call_1',
        success: true,
        shellExecution: { exitCode: 1 },
        result: { content: 'FAIL\n<shellId: 0 completed with exit code 1>' },
      }),
      eventLine('tool.execution_complete', { toolCallId: 'call_2', success: true, shellExecution: { exitCode: 0 }, result: { content: 'a.txt' } }),
      resultLine(0),
    ]);
    const results = events.flatMap((event) => (event.kind === 'tool-result' ? [[event.id, event.status]] : []));
    expect(results).toEqual([
      ['call_1', 'error'],
      ['call_2', 'success'],
    ]);
  });

  // Hand-derived from 1.0.20's tool.execution_complete (recorded: fixtures/copilot/recorded/1.0.20/failing-command.jsonl):
  // no shellExecution, no exit_code in the telemetry, only the last line of the output.
  it('6c. a 1.0.20 shell result that ends with <exited with exit code 1> failed; a read of that text did not', () => {
    const { events } = replay([
      sessionStartLine(),
      message('m1', '', {
        toolRequests: [
          { toolCallId: 'call_1', name: 'bash', arguments: { command: "echo 'FAIL greet.test.ts' >&2; exit 1" } },
          { toolCallId: 'call_2', name: 'bash', arguments: { command: 'cat src/greet.ts' } },
          { toolCallId: 'call_3', name: 'view', arguments: { path: '/w/notes.txt' } },
        ],
      }),
      eventLine('tool.execution_complete', {
        toolCallId: 'call_1',
        success: true,
        result: { content: 'FAIL greet.test.ts\nexit\n<exited with exit code 1>', detailedContent: 'FAIL greet.test.ts\nexit\n<exited with exit code 1>' },
        toolTelemetry: { properties: { customTimeout: 'false', executionMode: 'sync', detached: 'false' }, metrics: { commandTimeout: 30000 } },
      }),
      eventLine('tool.execution_complete', { toolCallId: 'call_2', success: true, result: { content: 'export function greet() {}\n<exited with exit code 0>' } }),
      eventLine('tool.execution_complete', { toolCallId: 'call_3', success: true, result: { content: 'see below\n<exited with exit code 1>' } }),
      resultLine(0),
    ]);
    const results = events.flatMap((event) => (event.kind === 'tool-result' ? [[event.id, event.status]] : []));
    expect(results).toEqual([
      ['call_1', 'error'],
      ['call_2', 'success'],
      ['call_3', 'success'],
    ]);
  });

  it('7. values redacted by the secret filter pass through as they are', () => {
    const command = 'curl -H "Authorization: ********" https://api.example.com';
    const { events } = replay([message('m1', 'Using token ******** now.', { toolRequests: [{ toolCallId: 'call_1', name: 'bash', arguments: { command } }] })]);
    expect(events).toEqual([
      { kind: 'text', id: 'm1', text: 'Using token ******** now.' },
      {
        kind: 'tool-use',
        id: 'call_1',
        name: 'Bash',
        toolName: 'bash',
        toolKind: 'execute',
        arg: 'curl -H "Authorization: ********" htt...',
        input: { command },
      },
    ]);
  });

  it('8. killed before exit: no result line, so the end of the stream ends the session incomplete with the session.start id', () => {
    const { events } = replay([sessionStartLine('sess-killed'), turnStart('0'), delta('m1', 'Work'), message('m1', 'Working', { outputTokens: 3 })]);
    expect(events).toEqual([
      { ...START, sessionId: 'sess-killed' },
      { kind: 'text', id: 'm1', text: 'Work' },
      { kind: 'text', id: 'm1', text: 'ing' },
      { kind: 'usage', cumulative: true, outputTokens: 3, model: MODEL },
      { kind: 'session', phase: 'end', status: 'incomplete', sessionId: 'sess-killed', model: MODEL, turns: 1 },
    ]);
  });

  it('9. a session-state events.jsonl given to the stdout source: the types excluded from stdout are known and shown as nothing', () => {
    const excluded = [
      'assistant.usage',
      'session.shutdown',
      'session.idle',
      'session.model_change',
      'assistant.intent',
      'permission.requested',
      'hook.start',
      'skill.invoked',
      'user_input.requested',
    ];
    const lines = [sessionStartLine(), ...excluded.map((type) => eventLine(type, { model: 'x', inputTokens: 9, outputTokens: 9 }))];
    expect(replay(lines).events).toEqual([START, { kind: 'session', phase: 'end', status: 'incomplete', sessionId: 'sess-1', model: MODEL }]);
    expect(outcomes(lines)).toEqual(excluded.map((type) => ['ignored', `${type} is not written to stdout (a session-state events.jsonl line)`]));
  });

  it('10. before 0.0.422 -p prints plain text: every line is reported as not JSON, nothing is thrown', () => {
    const result = replay(['I found two files: a.txt and b.txt.', '', 'Total usage est: 1 Premium request']);
    expect(result.events).toEqual([]);
    expect(result.diagnostics.map((d) => [d.line, d.outcome, d.reason])).toEqual([
      // The blank line is skipped before the source sees it, and is not numbered.
      [1, 'malformed', 'not JSON'],
      [2, 'malformed', 'not JSON'],
    ]);
  });
  it('11. interrupted mid-stream (Ctrl-C while the answer streams): the interrupt is telemetry, the abort is shown, and the CLI may exit before its result: the session still ends, cancelled', () => {
    // Copilot CLI 1.0.102, scenario interrupted of lab/src/scenarios.ts, captured 2026-11-29 with
    // `pnpm capture copilot --version 1.0.102 --scenario interrupted` (pnpm drift found it): these are
    // its stdout lines from the streamed text on, verbatim. The CLI then failed on standard error
    // ("Cannot invoke native session after disposal has started") and printed no result line.
    const captured = [
      '{"type":"assistant.message_start","data":{"messageId":"76ab5cd5-a23c-44dd-807b-ab3100156b47"},"ephemeral":true,"id":"70163346-726d-4f71-8538-ff574377fbeb","timestamp":"2026-11-29T12:53:05.456Z","parentId":"6d67e1a6-10d6-4d4d-83db-a27121bf422b"}',
      '{"type":"assistant.message_delta","data":{"messageId":"76ab5cd5-a23c-44dd-807b-ab3100156b47","deltaContent":"Here is the first line"},"ephemeral":true,"id":"646d1930-71b8-4c73-986d-ca66a3890f61","timestamp":"2026-11-29T12:53:05.456Z","parentId":"6d67e1a6-10d6-4d4d-83db-a27121bf422b"}',
      '{"type":"agent.interrupted","data":{"activity":"model_call","turn":0,"elapsedMs":1345,"model":"gpt-5.5","apiEndpoint":"/responses","transport":"http","reasoningEffort":"medium","cancelPhase":"mid_stream","outputTtftMs":0.510935},"ephemeral":true,"id":"463b4a80-b896-45e2-9c6e-4d17f9426f96","timestamp":"2026-11-29T12:53:06.650Z","parentId":"6d67e1a6-10d6-4d4d-83db-a27121bf422b"}',
      '{"type":"model.call_finished","data":{"turnId":"0","dispatchDurationMs":1352,"outcome":"cancelled","editClassifierVersion":1,"interactionId":"e412bcbb-9dbf-4fa5-a5bd-4efa69aa1357"},"ephemeral":true,"id":"8168d300-f9d4-4a10-b0c6-249265345270","timestamp":"2026-11-29T12:53:06.652Z","parentId":"6d67e1a6-10d6-4d4d-83db-a27121bf422b"}',
      '{"type":"assistant.turn_end","data":{"turnId":"0"},"id":"c4f6a021-b4d4-4507-9428-5389f63e4b18","timestamp":"2026-11-29T12:53:06.653Z","parentId":"6d67e1a6-10d6-4d4d-83db-a27121bf422b"}',
      '{"type":"abort","data":{"reason":"user_abort"},"id":"67780ec3-bf9e-4148-8a54-1e1440cff921","timestamp":"2026-11-29T12:53:06.654Z","parentId":"c4f6a021-b4d4-4507-9428-5389f63e4b18"}',
      '{"type":"session.info","data":{"infoType":"cancellation","message":"Operation cancelled by user"},"ephemeral":true,"id":"8782becc-4adc-4176-bfe7-6824c4452876","timestamp":"2026-11-29T12:53:06.654Z","parentId":"67780ec3-bf9e-4148-8a54-1e1440cff921"}',
      '{"type":"session.background_tasks_changed","data":{},"ephemeral":true,"id":"2349c364-1ec6-4aa4-ba2b-05ef9f7b4b67","timestamp":"2026-11-29T12:53:06.701Z","parentId":"67780ec3-bf9e-4148-8a54-1e1440cff921"}',
      '{"type":"assistant.idle","data":{"aborted":true},"ephemeral":true,"id":"ca75a75f-1cb3-4ec8-8195-ce4adce3f2c9","timestamp":"2026-11-29T12:53:06.708Z","parentId":"67780ec3-bf9e-4148-8a54-1e1440cff921"}',
    ];
    // The capture's session.start line, as the helper writes it: the session it opened ends cancelled, not incomplete.
    const lines = [sessionStartLine(), ...captured];
    expect(replay(lines).events).toEqual([
      START,
      { kind: 'text', id: '76ab5cd5-a23c-44dd-807b-ab3100156b47', text: 'Here is the first line' },
      { kind: 'notice', level: 'warning', message: 'The run was aborted (user_abort)', code: 'user_abort' },
      { kind: 'notice', level: 'info', message: 'Operation cancelled by user', code: 'cancellation' },
      { kind: 'session', phase: 'end', status: 'cancelled', sessionId: 'sess-1', model: MODEL },
    ]);
    expect(outcomes(lines).filter(([outcome]) => outcome !== 'ignored')).toEqual([]);
    expect(outcomes(lines)).toContainEqual(['ignored', 'the interrupt as telemetry (what ran, how far it got); the abort after it is shown']);
  });

  it('12. 1.0.20 says a file was created with an info whose message is only the path: shown as "Created <path>"', () => {
    // Copilot CLI 1.0.20, fixtures/copilot/recorded/1.0.20/write-search.jsonl (scenario write-search), verbatim.
    const line =
      '{"type":"session.info","data":{"infoType":"file_created","message":"/home/lab/project/NOTES.md"},"id":"dcaf151c-b7b9-4306-a10a-9c7dc5239130","timestamp":"2026-11-29T15:16:53.631Z","parentId":"aaf4b9aa-c8f4-4e67-bebc-5eadb7eede35","ephemeral":true}';
    expect(replay([line]).events).toEqual([{ kind: 'notice', level: 'info', message: 'Created /home/lab/project/NOTES.md', code: 'file_created' }]);
    // Any other info is shown as it says.
    const other = eventLine('session.info', { infoType: 'cancellation', message: 'Operation cancelled by user' });
    expect(replay([other]).events).toEqual([{ kind: 'notice', level: 'info', message: 'Operation cancelled by user', code: 'cancellation' }]);
  });
});
