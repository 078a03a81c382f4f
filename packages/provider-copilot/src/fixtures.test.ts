import { collectDisplayOutput, displayEventSchema, replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { copilotSource } from './source.js';

const fixtures = listFixtures('copilot');

/**
 * What each fixture's lines are, counted by hand from the files and
 * fixtures/copilot/README.md: lines shown as events, lines ignored with a
 * reason, and the diagnostics of the lines that are neither. Every other
 * line of every fixture passes the wire schema (none is malformed).
 */
const EXPECTED: Record<string, { events: number; ignored: number; diagnostics: [number, string, string][] }> = {
  aborted: { events: 5, ignored: 3, diagnostics: [] },
  'failed-run': { events: 4, ignored: 2, diagnostics: [] },
  'long-run': { events: 147, ignored: 183, diagnostics: [] },
  'parity-read-readme': { events: 5, ignored: 6, diagnostics: [] },
  'plain-answer': { events: 3, ignored: 4, diagnostics: [] },
  'read-edit-run': { events: 9, ignored: 15, diagnostics: [] },
  'several-blocks': { events: 6, ignored: 7, diagnostics: [] },
  'streamed-deltas': { events: 11, ignored: 10, diagnostics: [] },
  'subagent-mcp': { events: 12, ignored: 17, diagnostics: [] },
  'tool-failure': { events: 6, ignored: 7, diagnostics: [] },
  // The last line, cut while being written.
  truncated: { events: 2, ignored: 4, diagnostics: [[7, 'malformed', 'not JSON']] },
  'unknown-and-malformed': {
    events: 5,
    ignored: 6,
    diagnostics: [
      [4, 'malformed', 'not JSON'],
      [6, 'unknown', 'unknown event type "session.future_feature"'],
      [9, 'unknown', 'unknown event type "assistant.sparkle_delta" (ephemeral)'],
      [10, 'malformed', 'not a JSON object'],
      [11, 'malformed', 'no "type" field'],
      [14, 'malformed', 'not JSON'],
    ],
  },
};

describe('copilot fixtures', () => {
  it('has the scenarios every provider covers, and an expectation for each fixture', () => {
    const names = fixtures.map((fixture) => fixture.scenario);
    for (const scenario of [
      'plain-answer',
      'read-edit-run',
      'tool-failure',
      'streamed-deltas',
      'several-blocks',
      'failed-run',
      'truncated',
      'unknown-and-malformed',
      'long-run',
      'parity-read-readme',
    ]) {
      expect(names).toContain(scenario);
    }
    expect(names.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const fixture of fixtures) {
    describe(fixture.scenario, () => {
      const lines = readFixtureLines(fixture);
      const { events, accounting, diagnostics } = replayLines(copilotSource, lines);

      it('replays to the expected events and DisplayOutput', async () => {
        await expect(JSON.stringify(events, null, 2) + '\n').toMatchFileSnapshot(fixture.eventsPath);
        await expect(collectDisplayOutput(events)).toMatchFileSnapshot(fixture.outputPath);
      });

      it('explains every line: shown, ignored with a reason, or the expected diagnostics', () => {
        const expected = EXPECTED[fixture.scenario];
        expect(diagnostics.map((d) => [d.line, d.outcome, d.reason])).toEqual(expected?.diagnostics);
        expect({ events: accounting.events, ignored: accounting.ignored, unexplained: accounting.unexplained, atEnd: accounting.atEnd }).toEqual({
          events: expected?.events,
          ignored: expected?.ignored,
          unexplained: 0,
          atEnd: 0,
        });
      });

      it('emits only valid display events', () => {
        for (const event of events) expect(displayEventSchema.parse(event)).toEqual(event);
      });
    });
  }
});
