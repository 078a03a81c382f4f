import { aggregateRun, replayLines, runPipeline, type RunOutcome } from '@x/core';
import { describe, expect, it } from 'vitest';
import { listFixtures, readFixtureBytes, readFixtureLines } from '../../../tooling/fixtures.js';
import { codexSource } from './index.js';

const byName = new Map(listFixtures('codex').map((fixture) => [fixture.scenario, fixture]));

function fixture(scenario: string) {
  const found = byName.get(scenario);
  if (found === undefined) throw new Error(`no codex fixture ${scenario}`);
  return found;
}

function usageOf(lines: string[]): RunOutcome['usage'] {
  return aggregateRun(replayLines(codexSource, lines).events).usage;
}

// Two `codex exec --json` runs written one after the other to the same file
// (two threads, each closing with a `turn.completed` that restates its
// thread's cumulative total): the run's usage is the sum of both threads.
describe('concatenated Codex runs', () => {
  const first = readFixtureLines(fixture('plain-answer'));
  const second = readFixtureLines(fixture('parity-read-readme'));

  it('add up through aggregateRun instead of the last thread replacing the first', () => {
    const a = usageOf(first);
    const b = usageOf(second);
    expect(a.inputTokens).toBeGreaterThan(0);
    expect(b.inputTokens).toBeGreaterThan(0);
    const both = usageOf([...first, ...second]);
    expect(both.inputTokens).toBe(a.inputTokens + b.inputTokens);
    expect(both.outputTokens).toBe(a.outputTokens + b.outputTokens);
    expect(both.cacheReadTokens).toBe(a.cacheReadTokens + b.cacheReadTokens);
    expect(both.reasoningTokens).toBe(a.reasoningTokens + b.reasoningTokens);
  });

  it('add up through runPipeline', async () => {
    const report = await runPipeline([readFixtureBytes(fixture('plain-answer')), readFixtureBytes(fixture('parity-read-readme'))], { source: codexSource });
    // plain-answer: 8123 in (3072 cached) / 164 out; parity-read-readme: 6021 in (5888 cached) / 58 out.
    expect(report.outcome?.usage).toMatchObject({
      inputTokens: usageOf(first).inputTokens + usageOf(second).inputTokens,
      outputTokens: 164 + 58,
    });
  });

  it('a resumed thread (same thread id again) keeps its cumulative total, not counted twice', () => {
    const lines = readFixtureLines(fixture('tool-run-resume'));
    // Its last turn.completed (98311 in / 2604 out) already includes the first run of the thread.
    expect(usageOf(lines)).toMatchObject({ outputTokens: 2604 });
  });
});
