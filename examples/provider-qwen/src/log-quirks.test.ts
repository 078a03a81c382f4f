import { replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { brief } from '../test/recordings.js';
import { qwenLogSource } from './index.js';

/*
 * One test per quirk of Qwen Code's session logs, each with records written by
 * hand in the shapes of the lab's recordings (fixtures/qwen-log/), and the
 * events derived by hand.
 */

let n = 0;
const record = (value: Record<string, unknown>) => {
  n += 1;
  return JSON.stringify({
    uuid: `r${n}`,
    parentUuid: n === 1 ? null : `r${n - 1}`,
    sessionId: 's1',
    timestamp: `2026-11-29T00:00:0${n % 10}.000Z`,
    cwd: '/w',
    version: '0.24.4',
    ...value,
  });
};
const prompt = (text: string, extra: Record<string, unknown> = { provenance: 'real_user' }) =>
  record({ type: 'user', ...extra, message: { role: 'user', parts: [{ text }] } });
const usage = { promptTokenCount: 1801, candidatesTokenCount: 31, thoughtsTokenCount: 10, totalTokenCount: 1832, cachedContentTokenCount: 1200 };
const answer = (parts: unknown[], withUsage = true) =>
  record({
    type: 'assistant',
    provenance: 'assistant_output',
    model: 'qwen3-coder',
    message: { role: 'model', parts },
    ...(withUsage ? { usageMetadata: usage } : {}),
  });
const telemetry = (uiEvent: Record<string, unknown>) => record({ type: 'system', provenance: 'system', subtype: 'ui_telemetry', systemPayload: { uiEvent } });
const replay = (lines: string[]) => replayLines(qwenLogSource, lines);

describe('Qwen Code session log quirks', () => {
  it("0.24 marks the person's prompt with provenance real_user; its own messages to the model (a task notification) are no prompt", () => {
    n = 0;
    const lines = [
      prompt('Count the files.'),
      answer([{ text: 'Done.' }]),
      prompt('<task-notification>…</task-notification>', { provenance: 'system', subtype: 'notification' }),
    ];
    const { events, accounting } = replay(lines);
    expect(events.map(brief)).toEqual(['session start', 'prompt: Count the files.', 'text: Done.', 'usage +1801/31', 'session end incomplete']);
    expect(accounting).toMatchObject({ ignored: 1 });
  });

  it('0.15 writes no provenance: a user record without a subtype is the prompt', () => {
    n = 0;
    const { events } = replay([prompt('What is 6 times 7?', {}), prompt('<system reminder>', { subtype: 'notification' }), answer([{ text: 'It is 42.' }])]);
    expect(events.map(brief)).toEqual(['session start', 'prompt: What is 6 times 7?', 'text: It is 42.', 'usage +1801/31', 'session end success']);
  });

  it('a failed model request is only a telemetry record: shown as an error, and the session ends in error', () => {
    n = 0;
    const failure = { 'event.name': 'qwen-code.api_error', error_message: '429 rate limit exceeded', error_type: 'RateLimitError', status_code: 429 };
    const { events } = replay([prompt('Hello'), telemetry({ 'event.name': 'qwen-code.api_response', status_code: 200 }), telemetry(failure)]);
    expect(events.map(brief)).toEqual(['session start', 'prompt: Hello', 'error: 429 rate limit exceeded', 'session end error']);
    expect(events[2]).toMatchObject({ code: '429' });
  });

  it('an answer written without its usage was cut off (an interrupted run): the session is incomplete, not finished', () => {
    n = 0;
    expect(replay([prompt('Write a long essay.'), answer([{ text: 'Here is the first line' }], false)]).events.map(brief)).toEqual([
      'session start',
      'prompt: Write a long essay.',
      'text: Here is the first line',
      'session end incomplete',
    ]);
  });

  it("a shell call that failed is known by its record's exit code, whatever toolCallResult.status says (0.15 says success)", () => {
    n = 0;
    const call = answer([{ functionCall: { id: 'c1', name: 'run_shell_command', args: { command: 'npm test' } } }]);
    const output = 'Command: npm test\nDirectory: (root)\nOutput: FAIL greet.test.ts\nError: (none)\nExit Code: 1\nSignal: 0\nProcess Group PGID: 21556';
    const result = record({
      type: 'tool_result',
      message: { role: 'user', parts: [{ functionResponse: { id: 'c1', name: 'run_shell_command', response: { output } } }] },
      toolCallResult: { callId: 'c1', status: 'success', resultDisplay: 'FAIL greet.test.ts' },
    });
    const { events } = replay([prompt('Run the tests.'), call, result]);
    expect(events[4]).toMatchObject({ kind: 'tool-result', name: 'Bash', status: 'error', output: 'FAIL greet.test.ts', details: { exitCode: 1 } });
    expect(events[4]).not.toHaveProperty('details.errorMessage');
  });

  it('a refused call carries its reason as response.error', () => {
    n = 0;
    const call = answer([{ functionCall: { id: 'c1', name: 'run_shell_command', args: { command: 'rm -rf build' } } }]);
    const reason = 'Qwen Code requires permission to use "run_shell_command", but that permission was declined.';
    const result = record({
      type: 'tool_result',
      message: { role: 'user', parts: [{ functionResponse: { id: 'c1', name: 'run_shell_command', response: { error: reason } } }] },
      toolCallResult: { callId: 'c1', status: 'error', resultDisplay: reason },
    });
    expect(replay([prompt('Delete the build folder.'), call, result]).events[4]).toMatchObject({
      kind: 'tool-result',
      status: 'error',
      details: { errorMessage: reason },
    });
  });

  it('thoughts are reasoning; usage counts the thoughts as reasoning tokens and the cached prompt as cache reads', () => {
    n = 0;
    const { events } = replay([prompt('Plan the release.'), answer([{ text: 'The release needs a tag.', thought: true }, { text: 'Tag it.' }])]);
    expect(events.slice(2, 5)).toEqual([
      { kind: 'reasoning', id: 'r2', text: 'The release needs a tag.' },
      { kind: 'text', id: 'r2:1', text: 'Tag it.' },
      { kind: 'usage', cumulative: false, inputTokens: 1801, outputTokens: 31, reasoningTokens: 10, cacheReadTokens: 1200, model: 'qwen3-coder' },
    ]);
  });

  it('bookkeeping is ignored; a system subtype it does not know is reported as unknown', () => {
    n = 0;
    const snapshot = record({ type: 'system', provenance: 'system', subtype: 'attribution_snapshot', systemPayload: { snapshot: {} } });
    const { accounting, diagnostics } = replay([
      prompt('Hi'),
      snapshot,
      record({ type: 'system', subtype: 'brand_new', systemPayload: {} }),
      record({ type: 'checkpoint' }),
    ]);
    expect(accounting).toMatchObject({ ignored: 1, unknown: 2 });
    expect(diagnostics.map((d) => d.reason)).toEqual(['unknown system record subtype "brand_new"', 'unknown record type "checkpoint"']);
  });
});
