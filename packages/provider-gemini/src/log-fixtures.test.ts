import { collectDisplayOutput, displayEventSchema, replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { geminiLogSource } from './index.js';

const fixtures = listFixtures('gemini-log');

describe('gemini-log fixtures', () => {
  it('has the legacy document and the JSONL log', () => {
    expect(fixtures.map((fixture) => fixture.scenario)).toEqual(expect.arrayContaining(['legacy-json-agtrace', 'synthetic-jsonl-rewrites']));
  });

  describe.each(fixtures.map((fixture) => [fixture.scenario, fixture] as const))('%s', (_scenario, fixture) => {
    const { events, accounting } = replayLines(geminiLogSource, readFixtureLines(fixture));

    it('matches the expected events', async () => {
      await expect(JSON.stringify(events, null, 2) + '\n').toMatchFileSnapshot(fixture.eventsPath);
    });

    it('matches the expected DisplayOutput', async () => {
      await expect(collectDisplayOutput(events)).toMatchFileSnapshot(fixture.outputPath);
    });

    it('counts every non-blank line and explains each, none malformed or unknown', () => {
      const lines = readFixtureLines(fixture).filter((line) => line.trim() !== '').length;
      expect(accounting).toMatchObject({ lines, malformed: 0, unknown: 0, unexplained: 0, atEnd: 0, partial: 0 });
    });

    it('emits only valid events, a prompt first and a session end last', () => {
      for (const event of events) expect(displayEventSchema.parse(event)).toEqual(event);
      expect(events.find((event) => event.kind !== 'session')?.kind).toBe('prompt');
      expect(events.at(-1)).toMatchObject({ kind: 'session', phase: 'end' });
    });
  });
});
