import { collectDisplayOutput, displayEventSchema, replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { claudeSource } from './source.js';

const fixtures = listFixtures('claude');

describe('Claude fixtures', () => {
  it('has the scenarios every provider has', () => {
    const scenarios = fixtures.map((fixture) => fixture.scenario);
    for (const scenario of [
      'plain-answer',
      'read-edit-run',
      'tool-error',
      'multi-block-line',
      'partial-messages',
      'failed-run',
      'truncated',
      'unknown-and-malformed',
      'long-run',
      'parity-read-readme',
      'subagent',
      'json-result',
      'verbose-json-array',
    ]) {
      expect(scenarios).toContain(scenario);
    }
  });

  describe.each(fixtures)('$scenario', (fixture) => {
    const replay = replayLines(claudeSource, readFixtureLines(fixture));

    it('gives the expected events', async () => {
      await expect(JSON.stringify(replay.events, null, 2) + '\n').toMatchFileSnapshot(fixture.eventsPath);
    });

    it('gives the expected DisplayOutput', async () => {
      await expect(collectDisplayOutput(replay.events)).toMatchFileSnapshot(fixture.outputPath);
    });

    it('accounts for every line', () => {
      const { lines, events, ignored, malformed, unknown } = replay.accounting;
      expect(lines).toBe(events + ignored + malformed + unknown);
      expect(lines).toBeGreaterThan(0);
      expect(replay.diagnostics.filter((d) => d.reason.includes('threw'))).toEqual([]);
      // Only the fixture made of noise has lines that are malformed or of an unknown type.
      if (fixture.scenario !== 'unknown-and-malformed') expect(replay.diagnostics).toEqual([]);
    });

    it('emits only valid events', () => {
      for (const event of replay.events) expect(() => displayEventSchema.parse(event)).not.toThrow();
    });
  });
});
