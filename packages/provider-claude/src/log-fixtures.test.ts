import { collectDisplayOutput, displayEventSchema, replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { claudeSource } from './source.js';
import { claudeLogSource } from './log-source.js';

const fixtures = listFixtures('claude-log');

/** The diagnostics each transcript gives: only the synthetic ones hold a line type or block kind no version writes. */
const DIAGNOSTICS: Record<string, [number, string, string][]> = {
  'synthetic-blocks': [[6, 'unknown', 'unknown content block "hologram"']],
  'synthetic-quirks': [[26, 'unknown', 'unknown transcript line type "future-line-type"']],
};

describe('Claude session-log fixtures', () => {
  it('has the real transcripts and the synthetic quirks', () => {
    expect(fixtures.map((fixture) => fixture.scenario)).toEqual(['crud', 'subagent', 'synthetic-blocks', 'synthetic-quirks', 'synthetic-resumed']);
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

    it('reports exactly the lines it cannot read, and leaves none unexplained', () => {
      expect(replay.diagnostics.map((d) => [d.line, d.outcome, d.reason])).toEqual(DIAGNOSTICS[fixture.scenario] ?? []);
      expect(replay.accounting.unexplained).toBe(0);
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
