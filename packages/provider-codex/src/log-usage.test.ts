import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createUsageCounter, replayLines, type DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { recordedDir } from '../../../tooling/recorded.js';
import { codexLogSource } from './log-source.js';
import { type CodexHead, visitCodexLine } from './session-head.js';

// Hand-written rollout lines in the `{timestamp, type, payload}` envelope.
const line = (type: string, payload: unknown) => JSON.stringify({ timestamp: '2026-01-01T00:00:00.000Z', type, payload });
const meta = line('session_meta', { id: 'th1', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/w', originator: 'codex_exec', cli_version: '0.55.0' });
const turn = line('turn_context', { cwd: '/w', model: 'gpt-5.5' });
const prompt = (text: string) => line('event_msg', { type: 'user_message', message: text, images: [] });
const reply = (text: string) => line('response_item', { type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] });
const usage = (input: number, output: number) => ({
  input_tokens: input,
  cached_input_tokens: 1000,
  output_tokens: output,
  reasoning_output_tokens: 10,
  total_tokens: input + output,
});
const count = (total: object, last: object) =>
  line('event_msg', { type: 'token_count', info: { total_token_usage: total, last_token_usage: last, model_context_window: 258400 }, rate_limits: null });

/** The session's totals as every consumer adds the events up. */
function totals(events: DisplayEvent[]) {
  const counter = createUsageCounter();
  for (const event of events) {
    if (event.kind === 'session' && event.phase === 'start') counter.startSession(event.sessionId);
    if (event.kind === 'usage') counter.add(event);
  }
  return counter.totals();
}

describe('Codex rollout usage across `exec resume`', () => {
  it('adds a resumed 0.55 run whose count starts over to the first run', () => {
    // The counts of Codex 0.55.0's resumed scenario (fixtures/codex-log/recorded/0.55.0/resumed/):
    // the resumed process's first total is its own response alone, 1534, not 1532 + 1534.
    const { events } = replayLines(codexLogSource, [
      meta,
      prompt('Remember the number 7.'),
      turn,
      reply('I will remember 7.'),
      count(usage(1501, 31), usage(1501, 31)),
      prompt('What number did I give you?'),
      turn,
      reply('You gave me 7.'),
      count(usage(1502, 32), usage(1502, 32)),
    ]);
    expect(totals(events)).toMatchObject({ inputTokens: 3003, outputTokens: 63, cacheReadTokens: 2000, reasoningTokens: 20 });
  });

  it('keeps replacing a total that carries on over the resume (0.89 on) and one restated as it was', () => {
    // 0.89.0's resumed rollout restates the first run's count, then a total of both runs.
    const { events } = replayLines(codexLogSource, [
      meta,
      prompt('Remember the number 7.'),
      turn,
      count(usage(1501, 31), usage(1501, 31)),
      prompt('What number did I give you?'),
      turn,
      count(usage(1501, 31), usage(1501, 31)),
      count(usage(3003, 63), usage(1502, 32)),
    ]);
    expect(totals(events)).toMatchObject({ inputTokens: 3003, outputTokens: 63 });
  });

  it.each(['0.55.0', '0.63.0', '0.89.0', '0.140.0'])('the recorded %s resumed session totals both runs', (version) => {
    // Both runs answered one request each: 1501 + 1502 input tokens, 31 + 32 output (lab/src/scenarios.ts, resumed).
    const dir = join(recordedDir('codex-log', version), 'resumed');
    const file = readdirSync(dir, { recursive: true, encoding: 'utf8' }).find((name) => name.endsWith('.jsonl')) ?? '';
    const { events } = replayLines(codexLogSource, readFileSync(join(dir, file), 'utf8').split('\n'));
    expect(totals(events)).toMatchObject({ inputTokens: 3003, outputTokens: 63 });
    // The listing's row reads the counts by the same rule: 1532 + 1534 tokens in all.
    const head: CodexHead = { prompts: 0, shown: false };
    for (const text of readFileSync(join(dir, file), 'utf8').split('\n')) if (text !== '') visitCodexLine(head, JSON.parse(text));
    expect(head.tokens).toBe(3066);
  });
});
