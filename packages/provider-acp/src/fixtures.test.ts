import { collectDisplayOutput, displayEventSchema, replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { acpSource } from './index.js';

const fixtures = listFixtures('acp');

/** The malformed and unknown lines each fixture holds on purpose (fixtures/acp/README.md). */
const PROBLEMS: Record<string, { malformed: number; unknown: number }> = {
  'errors-and-unknown': { malformed: 2, unknown: 1 },
};

describe('acp fixtures', () => {
  it('has every scenario', () => {
    expect(fixtures.map((fixture) => fixture.scenario)).toEqual(['agent-side', 'client-session', 'errors-and-unknown', 'parity-read-readme', 'truncated']);
  });

  describe.each(fixtures.map((fixture) => [fixture.scenario, fixture] as const))('%s', (_scenario, fixture) => {
    const { events, accounting } = replayLines(acpSource, readFixtureLines(fixture));

    it('matches the expected events', async () => {
      await expect(`${JSON.stringify(events, null, 2)}\n`).toMatchFileSnapshot(fixture.eventsPath);
    });

    it('matches the expected DisplayOutput', async () => {
      await expect(collectDisplayOutput(events)).toMatchFileSnapshot(fixture.outputPath);
    });

    it('counts every non-blank line and explains each', () => {
      const expected = PROBLEMS[fixture.scenario] ?? { malformed: 0, unknown: 0 };
      expect(accounting).toMatchObject({ lines: readFixtureLines(fixture).filter((line) => line.trim() !== '').length, unexplained: 0, atEnd: 0, ...expected });
    });

    it('emits only valid events', () => {
      for (const event of events) expect(displayEventSchema.parse(event)).toEqual(event);
    });
  });
});
