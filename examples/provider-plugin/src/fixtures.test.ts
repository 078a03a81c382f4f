import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { collectDisplayOutput, displayEventSchema, replayLines, type LineAccounting } from '@x/core';
import { describe, expect, it } from 'vitest';
import { gooseSource } from './index.js';

const FIXTURES = join(import.meta.dirname, '..', 'test', 'fixtures');

/** What becomes of each line of each fixture, counted by hand from the files. */
const ACCOUNTING: Record<string, LineAccounting> = {
  'plain-answer': { lines: 4, events: 4, ignored: 0, malformed: 0, unknown: 0, unexplained: 0, atEnd: 0, partial: 0 },
  'tool-run': { lines: 9, events: 9, ignored: 0, malformed: 0, unknown: 0, unexplained: 0, atEnd: 0, partial: 0 },
  'failed-run': { lines: 7, events: 7, ignored: 0, malformed: 0, unknown: 0, unexplained: 0, atEnd: 0, partial: 0 },
  'unknown-and-malformed': { lines: 15, events: 7, ignored: 2, malformed: 4, unknown: 2, unexplained: 0, atEnd: 0, partial: 0 },
  truncated: { lines: 1, events: 1, ignored: 0, malformed: 0, unknown: 0, unexplained: 0, atEnd: 0, partial: 0 },
};

const scenarios = readdirSync(FIXTURES)
  .filter((file) => file.endsWith('.jsonl'))
  .map((file) => file.slice(0, -'.jsonl'.length))
  .sort();

describe('goose fixtures', () => {
  it('has every scenario, each with its expected line accounting', () => {
    expect(scenarios).toEqual(Object.keys(ACCOUNTING).sort());
  });

  describe.each(scenarios)('%s', (scenario) => {
    const lines = readFileSync(join(FIXTURES, `${scenario}.jsonl`), 'utf8').split(/\r?\n/);
    const { events, accounting, diagnostics } = replayLines(gooseSource, lines);

    it('matches the expected events', async () => {
      await expect(`${JSON.stringify(events, null, 2)}\n`).toMatchFileSnapshot(join(FIXTURES, `${scenario}.events.json`));
    });

    it('matches the expected DisplayOutput', async () => {
      await expect(collectDisplayOutput(events)).toMatchFileSnapshot(join(FIXTURES, `${scenario}.output.txt`));
    });

    it('accounts for every line as counted by hand', () => {
      expect(accounting).toEqual(ACCOUNTING[scenario]);
      expect(diagnostics).toHaveLength(accounting.malformed + accounting.unknown);
    });

    it('emits only valid events', () => {
      for (const event of events) expect(displayEventSchema.parse(event)).toEqual(event);
    });
  });
});
