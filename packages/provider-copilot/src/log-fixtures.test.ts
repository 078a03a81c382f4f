import { collectDisplayOutput, displayEventSchema, replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { copilotLogSource, copilotSource } from './index.js';

const fixtures = listFixtures('copilot-log');
const sample = (lines: string[]) => lines.filter((line) => line.trim() !== '').slice(0, 20);

/** Lines shown as events and lines ignored with a reason, counted by hand type by type (fixtures/copilot-log/README.md); none is malformed or unknown. */
const EXPECTED: Record<string, { events: number; ignored: number }> = {
  // assistant.usage, the two turn boundaries.
  'session-state-file': { events: 4, ignored: 3 },
  // Two turn starts, two turn ends, the bash call's tool.execution_start already announced by its request.
  'synthetic-events': { events: 9, ignored: 5 },
  // system.message, two hooks, three turn starts and ends, two execution starts, subagent started and completed, compaction start, model change.
  'synthetic-subagent-compaction': { events: 10, ignored: 15 },
};

describe('copilot-log fixtures', () => {
  it('has an expectation for each fixture', () => {
    expect(fixtures.map((fixture) => fixture.scenario).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  describe.each(fixtures.map((fixture) => [fixture.scenario, fixture] as const))('%s', (scenario, fixture) => {
    const { events, accounting, diagnostics } = replayLines(copilotLogSource, readFixtureLines(fixture));

    it('matches the expected events and DisplayOutput', async () => {
      await expect(JSON.stringify(events, null, 2) + '\n').toMatchFileSnapshot(fixture.eventsPath);
      await expect(collectDisplayOutput(events)).toMatchFileSnapshot(fixture.outputPath);
    });

    it('explains every line, none malformed or unknown, and emits valid events', () => {
      expect(diagnostics).toEqual([]);
      expect({ events: accounting.events, ignored: accounting.ignored, unexplained: accounting.unexplained, atEnd: accounting.atEnd }).toEqual({
        ...EXPECTED[scenario],
        unexplained: 0,
        atEnd: 0,
      });
      for (const event of events) expect(displayEventSchema.parse(event)).toEqual(event);
    });

    it('is claimed by the log source and not by the stdout source', () => {
      expect(copilotLogSource.detect(sample(readFixtureLines(fixture))).confidence).toBe(1);
      expect(copilotSource.detect(sample(readFixtureLines(fixture))).confidence).toBeLessThan(0.5);
    });
  });

  it.each(listFixtures('copilot'))('leaves the stdout fixture $scenario to the stdout source', (fixture) => {
    expect(copilotLogSource.detect(sample(readFixtureLines(fixture))).confidence).toBeLessThan(0.5);
    expect(copilotSource.detect(sample(readFixtureLines(fixture))).confidence).toBeGreaterThan(0.5);
  });
});
