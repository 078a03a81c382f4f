import { collectDisplayOutput, displayEventSchema, replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { claudeSource } from './source.js';
import { claudeLogSource } from './log-source.js';

const fixtures = listFixtures('claude-log');

describe('Claude session-log fixtures', () => {
  it('has the real transcripts and the synthetic quirks', () => {
    expect(fixtures.map((fixture) => fixture.scenario)).toEqual(['crud', 'subagent', 'synthetic-quirks']);
  });

  describe.each(fixtures)('$scenario', (fixture) => {
    const lines = readFixtureLines(fixture);
    const replay = replayLines(claudeLogSource, lines);

    it('gives the expected events', async () => {
      await expect(JSON.stringify(replay.events, null, 2) + '\n').toMatchFileSnapshot(fixture.eventsPath);
    });

    it('gives the expected DisplayOutput', async () => {
      await expect(collectDisplayOutput(replay.events)).toMatchFileSnapshot(fixture.outputPath);
    });

    it('accounts for every line; only the synthetic file has a line of an unknown type', () => {
      const { lines: count, events, ignored, malformed, unknown } = replay.accounting;
      expect(count).toBe(events + ignored + malformed + unknown);
      expect(malformed).toBe(0);
      expect(unknown).toBe(fixture.scenario === 'synthetic-quirks' ? 1 : 0);
    });

    it('starts with prompts, ends with a status, and emits only valid events', () => {
      for (const event of replay.events) expect(() => displayEventSchema.parse(event)).not.toThrow();
      expect(replay.events[0]).toMatchObject({ kind: 'session', phase: 'start', model: 'claude-sonnet-4-5-20250929' });
      expect(replay.events.some((event) => event.kind === 'prompt')).toBe(true);
      // The transcripts end with an answer: not the `incomplete` of a cut stdout stream.
      expect(replay.events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'success' });
    });

    it('is told apart from stdout: detected by the log source, not by the stream-json source', () => {
      expect(claudeLogSource.detect(lines.slice(0, 20)).confidence).toBeGreaterThanOrEqual(0.9);
      expect(claudeSource.detect(lines.slice(0, 20)).confidence).toBe(0);
    });
  });

  it('rejects every stream-json fixture', () => {
    for (const fixture of listFixtures('claude')) {
      expect(claudeLogSource.detect(readFixtureLines(fixture).slice(0, 20)), fixture.scenario).toMatchObject({ confidence: 0 });
    }
  });
});
