// Every input line ends in exactly one of: events, ignored, malformed,
// unknown; the counts add up to the number of lines, and they reach the
// RunOutcome.
import { readFileSync } from 'node:fs';
import { runPipeline } from '@x/core';
import fc from 'fast-check';
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

// Lines a hostile or broken stream holds besides real ones: stray brackets,
// indented garbage, a document that closes but does not parse.
const JUNK = ['{', '[', '}', ']', '  "a": 1,', '  garbage', '\tnot json', 'not json', '{"type":"x-unknown"}', '{ "half":'];

describe.each(Object.entries(SOURCES))('accounting under junk: %s', (provider, source) => {
  const fixtureLines = listFixtures(provider).flatMap((fixture) =>
    readFileSync(fixture.streamPath, 'utf8')
      .split(/\r?\n/)
      .filter((line) => line.trim() !== ''),
  );

  it('accounts for every line of any mix of real and junk lines exactly once (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(fc.constantFrom(...fixtureLines), fc.constantFrom(...JUNK)), { maxLength: 30 }), async (lines) => {
        const report = await runPipeline([lines.join('\n')], { source });
        const a = report.accounting;
        expect(a.lines).toBe(lines.length);
        expect(a.unexplained).toBe(0);
        // Every malformed or unknown line is told, and so is every unknown part of a line with events and every report at the end.
        expect(report.diagnostics).toBe(a.malformed + a.unknown + a.partial + a.atEnd);
      }),
      { seed: 14, numRuns: process.env.X_FUZZ_RUNS ? Number(process.env.X_FUZZ_RUNS) : 40 },
    );
  });

  it('a stray { between NDJSON lines costs one malformed line and nothing else', async () => {
    const ndjson = fixtureLines.filter((line) => {
      try {
        JSON.parse(line);
        return true;
      } catch {
        return false;
      }
    });
    if (ndjson.length === 0) return;
    const before = await runPipeline([ndjson.join('\n')], { source });
    for (const at of [0, Math.floor(ndjson.length / 2), ndjson.length]) {
      const lines = [...ndjson.slice(0, at), '{', ...ndjson.slice(at)];
      const after = await runPipeline([lines.join('\n')], { source });
      expect(after.accounting).toEqual({ ...before.accounting, lines: before.accounting.lines + 1, malformed: before.accounting.malformed + 1 });
    }
  });
});
