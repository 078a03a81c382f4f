import { collectDisplayOutput, displayEventSchema, replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { geminiSource } from './index.js';

const fixtures = listFixtures('gemini');

describe('gemini fixtures', () => {
  it('has every scenario the provider set needs', () => {
    const scenarios = fixtures.map((fixture) => fixture.scenario);
    for (const scenario of [
      'plain-answer',
      'read-edit-run',
      'tool-error',
      'streamed-deltas',
      'fatal-turn-limit',
      'truncated',
      'noise-and-unknown',
      'long-run',
      'parity-read-readme',
    ]) {
      expect(scenarios).toContain(scenario);
    }
  });

  describe.each(fixtures.map((fixture) => [fixture.scenario, fixture] as const))('%s', (_scenario, fixture) => {
    const { events, accounting } = replayLines(geminiSource, readFixtureLines(fixture));

    it('matches the expected events', async () => {
      await expect(JSON.stringify(events, null, 2) + '\n').toMatchFileSnapshot(fixture.eventsPath);
    });

    it('matches the expected DisplayOutput', async () => {
      await expect(collectDisplayOutput(events)).toMatchFileSnapshot(fixture.outputPath);
    });

    it('counts every non-blank line, explains each, and reports malformed or unknown lines only where the fixture has them', () => {
      const expected = fixture.scenario === 'noise-and-unknown' ? { malformed: 2, unknown: 2 } : { malformed: 0, unknown: 0 };
      expect(accounting).toMatchObject({ lines: readFixtureLines(fixture).filter((line) => line.trim() !== '').length, unexplained: 0, atEnd: 0, ...expected });
    });

    it('emits only valid events', () => {
      for (const event of events) expect(displayEventSchema.parse(event)).toEqual(event);
    });
  });
});
