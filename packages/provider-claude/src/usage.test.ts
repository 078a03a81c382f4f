import type { UsageDisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { createUsageCollector, type UsageState } from './usage.js';

const usageOf = (events: { kind: string }[]) => events.filter((event): event is UsageDisplayEvent => event.kind === 'usage');

describe('usage collector bounds', () => {
  it('keeps 256 totals per model and subagent, sums the rest into one and says so', () => {
    const usage = createUsageCollector();
    for (let i = 0; i < 300; i++) usage.record(`msg_${i}`, { input_tokens: 10, output_tokens: 1 }, `model-${i}`, `toolu_${i}`);
    const events = usage.events();
    const totals = usageOf(events);
    expect(totals).toHaveLength(257);
    expect(totals[0]).toEqual({ kind: 'usage', cumulative: false, model: 'model-0', parentToolUseId: 'toolu_0', inputTokens: 10, outputTokens: 1 });
    expect(totals[256]).toEqual({ kind: 'usage', cumulative: false, inputTokens: 440, outputTokens: 44 });
    expect(totals.reduce((sum, event) => sum + (event.inputTokens ?? 0), 0)).toBe(3000);
    expect(events.at(-1)).toEqual({
      kind: 'notice',
      level: 'warning',
      message: 'The usage of 44 messages is summed into one total without a model or subagent: a run keeps apart the first 256 distinct models and subagents',
      code: 'usage_totals_capped',
    });
  });

  it('settles the oldest of more than 64 threads early, losing no count', () => {
    const usage = createUsageCollector();
    for (let i = 0; i < 100; i++) usage.record('msg', { input_tokens: 10 }, 'opus', `toolu_${i}`);
    const totals = usageOf(usage.events());
    expect(totals).toHaveLength(100);
    expect(totals.reduce((sum, event) => sum + (event.inputTokens ?? 0), 0)).toBe(1000);
  });

  it('sums a model name and subagent id of more than 1,024 characters into the one total, not kept', () => {
    const usage = createUsageCollector();
    usage.record('msg', { input_tokens: 7 }, 'm'.repeat(2000), undefined);
    expect(usage.events()).toEqual([
      { kind: 'usage', cumulative: false, inputTokens: 7 },
      expect.objectContaining({ kind: 'notice', code: 'usage_totals_capped', message: expect.stringContaining('The usage of 1 message is summed') }),
    ]);
  });

  // 64 threads wait, each line up to 16 MiB: 64 lines of 1 MB message ids, models and threads kept 183 MiB of heap before.
  it('keeps what each waiting thread needs by bytes: a compact message key, and no model or thread too long to be kept apart', () => {
    const state: UsageState = { current: new Map(), totals: new Map(), overflow: undefined, overflowMessages: 0 };
    const usage = createUsageCollector(state);
    const huge = (tag: string) => `${tag}${'q'.repeat(100_000)}`;
    usage.record(huge('msg_'), { input_tokens: 3 }, huge('model-'), huge('toolu_'));
    usage.record('msg_2', { input_tokens: 4 }, 'opus', 'toolu_2');
    const kept = [...state.current.values()];
    expect(kept.map((entry) => [entry.messageKey.length <= 64, entry.model, entry.parentToolUseId?.length])).toEqual([
      [true, undefined, undefined],
      [true, 'opus', 7],
    ]);
    // The long message's later figures still find it, and its usage goes to the one summed total.
    usage.recordDelta(huge('msg_'), { output_tokens: 9 }, huge('toolu_'));
    expect(usageOf(usage.events())).toEqual([
      { kind: 'usage', cumulative: false, model: 'opus', parentToolUseId: 'toolu_2', inputTokens: 4 },
      { kind: 'usage', cumulative: false, inputTokens: 3, outputTokens: 9 },
    ]);
  });
});
