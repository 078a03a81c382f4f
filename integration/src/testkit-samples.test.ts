// The samples @x/testkit ships for its "must not claim foreign streams" check
// are what their provenance table says: byte-for-byte copies of fixtures (the
// whole file or its first lines), one folder per built-in source, each claimed
// by the source it stands for.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createSourceRegistry } from '@x/core';
import { builtinSamples } from '@x/testkit';
import { describe, expect, it } from 'vitest';
import { SOURCES } from './sources.js';

const ROOT = join(import.meta.dirname, '..', '..');
const SAMPLES = join(ROOT, 'packages', 'testkit', 'samples');

interface Row {
  sample: string;
  origin: string;
  lines: 'all' | number;
}

/** The rows of the provenance table in `samples/README.md`: sample, origin, `all` or `1–N`. */
function provenance(): Row[] {
  const rows: Row[] = [];
  for (const line of readFileSync(join(SAMPLES, 'README.md'), 'utf8').split('\n')) {
    const m = line.match(/^\| `([^`]+)` \| `([^`]+)` \| (all|1–(\d+)) \|/);
    if (m) rows.push({ sample: m[1] as string, origin: m[2] as string, lines: m[3] === 'all' ? 'all' : Number(m[4]) });
  }
  return rows;
}

function firstLines(text: string, count: number): string {
  const lines = text.split(/(?<=\n)/);
  expect(lines.length).toBeGreaterThan(count);
  return lines.slice(0, count).join('');
}

describe('@x/testkit samples of the built-in providers', () => {
  const rows = provenance();
  const files = readdirSync(SAMPLES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => readdirSync(join(SAMPLES, entry.name)).map((file) => `${entry.name}/${file}`));

  it('lists every sample file in the provenance table, and only those', () => {
    expect(rows.map((row) => row.sample).sort()).toEqual(files.sort());
    expect(
      builtinSamples()
        .map((sample) => sample.name)
        .sort(),
    ).toEqual(files.sort());
  });

  it('has a sample of every built-in source', () => {
    expect([...new Set(builtinSamples().map((sample) => sample.sourceId))].sort()).toEqual(Object.keys(SOURCES).sort());
  });

  it.each(rows.map((row) => [row.sample, row] as const))('%s is a byte-for-byte copy of its fixture', (_name, row) => {
    const sample = readFileSync(join(SAMPLES, row.sample));
    const origin = readFileSync(join(ROOT, row.origin));
    const expected = row.lines === 'all' ? origin : Buffer.from(firstLines(origin.toString('utf8'), row.lines), 'utf8');
    expect(sample.equals(expected)).toBe(true);
  });

  const registry = createSourceRegistry(Object.values(SOURCES));
  it.each(builtinSamples().map((sample) => [sample.name, sample] as const))('%s is detected as its own source', (_name, sample) => {
    const lines = sample.text.split(/\r?\n/);
    const detected = registry.detect(lines);
    expect(detected.status === 'detected' ? detected.source.id : detected.reason).toBe(sample.sourceId);
  });
});
