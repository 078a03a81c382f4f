import { collectDisplayOutput, displayEventSchema, replayLines } from '@x/core';
import { parseJson } from '@x/core/provider-utils';
import { describe, expect, it } from 'vitest';
import { listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { copilotSource } from './copilot-source.js';
import { copilotEventLineSchema, copilotResultLineSchema } from './wire-schema.js';

const fixtures = listFixtures('copilot');

describe('copilot fixtures', () => {
  it('has the scenarios every provider covers', () => {
    const names = fixtures.map((fixture) => fixture.scenario);
    for (const scenario of ['plain-answer', 'read-edit-run', 'tool-failure', 'streamed-deltas', 'several-blocks', 'failed-run', 'truncated', 'unknown-and-malformed', 'long-run', 'parity-read-readme']) {
      expect(names).toContain(scenario);
    }
  });

  for (const fixture of fixtures) {
    describe(fixture.scenario, () => {
      const lines = readFixtureLines(fixture);
      const { events, accounting } = replayLines(copilotSource, lines);

      it('replays to the expected events and DisplayOutput', async () => {
        await expect(JSON.stringify(events, null, 2) + '\n').toMatchFileSnapshot(fixture.eventsPath);
        await expect(collectDisplayOutput(events)).toMatchFileSnapshot(fixture.outputPath);
      });

      it('accounts for every line', () => {
        expect(accounting.lines).toBe(accounting.events + accounting.ignored + accounting.malformed + accounting.unknown);
        expect(accounting.lines).toBe(lines.filter((line) => line.trim() !== '').length);
      });

      it('emits only valid display events', () => {
        for (const event of events) displayEventSchema.parse(event);
      });

      it('has wire lines that follow the wire schemas, malformed ones aside', () => {
        for (const line of lines) {
          const parsed = parseJson(line);
          const value = parsed?.value as { type?: unknown; data?: unknown } | undefined;
          if (typeof value !== 'object' || value === null || Array.isArray(value) || typeof value.type !== 'string') continue;
          const schema = value.type === 'result' ? copilotResultLineSchema : copilotEventLineSchema;
          expect(schema.safeParse(value).success, line.slice(0, 120)).toBe(true);
        }
      });
    });
  }
});
