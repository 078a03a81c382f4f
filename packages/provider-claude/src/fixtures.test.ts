import { collectDisplayOutput, displayEventSchema, replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { claudeSource } from './source.js';

const fixtures = listFixtures('claude');

/** The diagnostics each fixture gives: only the fixtures made to hold noise or a new block kind have any. */
const DIAGNOSTICS: Record<string, [number, string, string][]> = {
  'unknown-and-malformed': [
    [6, 'unknown', 'unknown message type "future_event_kind"'],
    [9, 'malformed', 'JSON value that is not a message object'],
    [13, 'malformed', 'not JSON (stderr or other output on stdout?)'],
    [16, 'malformed', 'object without a "type" field'],
  ],
  'block-kinds': [[6, 'unknown', 'unknown content block "hologram"']],
};

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
      'server-tools',
      'mcp-connector',
      'block-kinds',
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

    it('reports exactly the lines it cannot read, and leaves none unexplained', () => {
      expect(replay.diagnostics.map((d) => [d.line, d.outcome, d.reason])).toEqual(DIAGNOSTICS[fixture.scenario] ?? []);
      expect(replay.accounting.unexplained).toBe(0);
      expect(replay.accounting.atEnd).toBe(0);
    });

    it('emits only valid events', () => {
      for (const event of replay.events) expect(() => displayEventSchema.parse(event)).not.toThrow();
    });
  });
});
