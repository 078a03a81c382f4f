import { collectDisplayOutput, displayEventSchema, replayLines, type DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { openCodeSource } from './source.js';

const fixtures = listFixtures('opencode');

/**
 * What the parser says about the lines it cannot use, by fixture, from the
 * fixture notes (fixtures/opencode/README.md; line numbers count non-blank
 * lines). Every other fixture has none.
 */
const EXPECTED_DIAGNOSTICS: Record<string, { line: number; outcome: string; reason: string }[]> = {
  'run-unknown-and-malformed': [
    { line: 2, outcome: 'unknown', reason: 'unknown run --format json type "step_progress"' },
    { line: 3, outcome: 'malformed', reason: 'not JSON' },
    { line: 4, outcome: 'malformed', reason: 'not JSON' },
    { line: 7, outcome: 'malformed', reason: 'text line: part: expected a part object' },
    { line: 8, outcome: 'malformed', reason: 'JSON that is not an object' },
  ],
  'bus-unknown-and-malformed': [
    { line: 9, outcome: 'unknown', reason: 'unknown OpenCode event type "sandbox.snapshot.created"' },
    { line: 10, outcome: 'malformed', reason: 'not JSON' },
    { line: 11, outcome: 'malformed', reason: 'not JSON' },
    { line: 12, outcome: 'malformed', reason: 'JSON that is not an object' },
  ],
};

// C0/C1 controls other than \n and \t, and glyphs a renderer would add.
const FORBIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]|[\u2022\u2192\u2713\u2717\u25cf\u23fa\u2699]/;

function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, out);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) stringsOf(item, out);
  return out;
}

/** Event fields only: `input` is the provider's raw data, passed through on purpose. */
function eventStrings(event: DisplayEvent): string[] {
  const { input: _input, ...rest } = event as DisplayEvent & { input?: unknown };
  return stringsOf(rest);
}

describe('OpenCode fixtures', () => {
  it('has the required scenarios', () => {
    expect(fixtures.map((f) => f.scenario)).toEqual(
      expect.arrayContaining(['parity-read-readme', 'run-plain-answer', 'run-read-edit-bash', 'run-tool-error', 'run-failed', 'run-truncated', 'run-unknown-and-malformed', 'run-long-run', 'bus-streamed-deltas']),
    );
  });

  for (const fixture of fixtures) {
    describe(fixture.scenario, () => {
      const { events, accounting, diagnostics } = replayLines(openCodeSource, readFixtureLines(fixture));

      it('matches the expected events and DisplayOutput', async () => {
        await expect(JSON.stringify(events, null, 2) + '\n').toMatchFileSnapshot(fixture.eventsPath);
        await expect(collectDisplayOutput(events)).toMatchFileSnapshot(fixture.outputPath);
      });

      it('explains every line it shows nothing for, and reports exactly the broken ones', () => {
        expect(accounting.unexplained).toBe(0);
        expect(diagnostics.map(({ line, outcome, reason }) => ({ line, outcome, reason }))).toEqual(EXPECTED_DIAGNOSTICS[fixture.scenario] ?? []);
      });

      it('emits only valid events with plain strings', () => {
        for (const event of events) {
          displayEventSchema.parse(event);
          for (const text of eventStrings(event)) expect(text).not.toMatch(FORBIDDEN);
        }
      });

      it('announces each tool call once and finishes it at most once', () => {
        const uses = events.filter((e) => e.kind === 'tool-use').map((e) => e.id);
        const results = events.filter((e) => e.kind === 'tool-result').map((e) => e.id);
        expect(new Set(uses).size).toBe(uses.length);
        expect(new Set(results).size).toBe(results.length);
        for (const id of results) expect(uses).toContain(id);
      });

      it('starts once per turn and ends every session it starts', () => {
        const sessions = events.filter((e) => e.kind === 'session');
        expect(sessions[0]).toMatchObject({ phase: 'start' });
        expect(sessions.at(-1)).toMatchObject({ phase: 'end' });
        sessions.forEach((s, i) => expect(s.phase).toBe(i % 2 === 0 ? 'start' : 'end'));
      });
    });
  }

  it('the long run gives at least 200 events', () => {
    const long = fixtures.find((f) => f.scenario === 'run-long-run');
    expect(long).toBeDefined();
    // biome-ignore lint/style/noNonNullAssertion: the fixture is found above; a missing one fails the test here
    expect(replayLines(openCodeSource, readFixtureLines(long!)).events.length).toBeGreaterThanOrEqual(200);
  });
});
