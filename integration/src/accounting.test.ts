// Every input line ends in exactly one of: events, ignored, malformed,
// unknown; the counts add up to the number of lines, and they reach the
// RunOutcome.
import { readFileSync } from 'node:fs';
import { runPipeline } from '@x/core';
import { describe, expect, it } from 'vitest';
import { listFixtures } from '../../tooling/fixtures.js';
import { SOURCES } from './sources.js';

describe.each(Object.entries(SOURCES))('accounting: %s', (provider, source) => {
  it.each(listFixtures(provider).map((f) => [f.scenario, f] as const))('%s', async (_scenario, fixture) => {
    const text = readFileSync(fixture.streamPath, 'utf8');
    const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '').length;
    const report = await runPipeline([text], { source });
    const a = report.accounting;
    expect(a.lines).toBe(lines);
    expect(a.events + a.ignored + a.malformed + a.unknown).toBe(lines);
    expect(report.outcome?.lines).toMatchObject(a);
    expect(report.diagnostics).toBe(a.malformed + a.unknown);
  });
});
