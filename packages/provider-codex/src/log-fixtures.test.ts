import { collectDisplayOutput, displayEventSchema, replayLines } from '@x/core';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { codexSource } from './index.js';
import { codexLogSource } from './log-source.js';

const fixtures = listFixtures('codex-log');

describe('Codex session-log fixtures', () => {
  it('has the real rollouts and the synthetic quirks', () => {
    expect(fixtures.map((fixture) => fixture.scenario)).toEqual(['crud-0.89', 'session-0.66', 'synthetic-denials', 'synthetic-quirks']);
  });

  describe.each(fixtures)('$scenario', (fixture) => {
    const lines = readFixtureLines(fixture);
    const replay = replayLines(codexLogSource, lines);

    it('gives the expected events', async () => {
      await expect(JSON.stringify(replay.events, null, 2) + '\n').toMatchFileSnapshot(fixture.eventsPath);
    });

    it('gives the expected DisplayOutput', async () => {
      await expect(collectDisplayOutput(replay.events)).toMatchFileSnapshot(fixture.outputPath);
    });

    it('counts and explains every line; only the synthetic file has a line of an unknown type', () => {
      expect(replay.accounting).toMatchObject({
        lines: lines.filter((line) => line.trim() !== '').length,
        malformed: 0,
        unknown: fixture.scenario === 'synthetic-quirks' ? 1 : 0,
        unexplained: 0,
        atEnd: 0,
      });
    });

    it('starts with the model, shows prompts, and emits only valid events', () => {
      for (const event of replay.events) expect(() => displayEventSchema.parse(event)).not.toThrow();
      expect(replay.events[0]).toMatchObject({ kind: 'session', phase: 'start' });
      expect((replay.events[0] as { model?: string }).model).toMatch(/^gpt-5/);
      expect(replay.events.filter((event) => event.kind === 'prompt').length).toBeGreaterThan(0);
      expect(replay.events.at(-1)).toMatchObject({ kind: 'session', phase: 'end' });
    });

    it('is told apart from exec --json: detected by the log source, not by the stdout source', () => {
      expect(codexLogSource.detect(lines.slice(0, 20)).confidence).toBe(1);
      expect(codexSource.detect(lines.slice(0, 20)).confidence).toBe(0);
    });
  });

  it('declares as tested the newest CLI version recorded, and no hand-written fixture names a newer one', () => {
    const byNumber = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });
    const recorded = readdirSync(join(FIXTURES_DIR, 'codex-log', 'recorded')).sort(byNumber);
    expect(codexLogSource.testedUpTo).toBe(recorded.at(-1));
    const written = fixtures.flatMap((fixture) => readFixtureLines(fixture).flatMap((line) => /"cli_version":"([^"]+)"/.exec(line)?.[1] ?? [])).sort(byNumber);
    expect(byNumber(written.at(-1) as string, codexLogSource.testedUpTo as string)).toBeLessThanOrEqual(0);
  });

  it('rejects every exec --json fixture', () => {
    for (const fixture of listFixtures('codex')) {
      expect(codexLogSource.detect(readFixtureLines(fixture).slice(0, 20)), fixture.scenario).toMatchObject({ confidence: 0 });
    }
  });
});
