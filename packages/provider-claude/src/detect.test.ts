import { DETECT_SAMPLE_LINES } from '@x/core';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listExamples, listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { recordedDir, recordedVersions } from '../../../tooling/recorded.js';
import { claudeSource } from './source.js';

/** The first non-blank lines, as the registry hands them to `detect`. */
const sample = (lines: string[]) => lines.filter((line) => line.trim() !== '').slice(0, DETECT_SAMPLE_LINES);

const otherExamples = listExamples().filter((example) => example.provider !== 'claude');

describe('detect', () => {
  it.each(listFixtures('claude'))('recognises $scenario from its first lines', (fixture) => {
    expect(claudeSource.detect(sample(readFixtureLines(fixture))).confidence).toBeGreaterThan(0.5);
  });

  // Every recorded stream (fixtures/claude/recorded/, 0.2.70 to the newest) is recognised for certain from its first
  // lines, as xview needs (0.9) to read it without a warning: the flat messages before 0.2.117, pretty-printed in 0.2.100
  // and 0.2.70, and 1.0.0's init with none of the later Claude Code fields.
  const recorded = recordedVersions('claude').flatMap((version) =>
    readdirSync(recordedDir('claude', version))
      .filter((file) => file.endsWith('.jsonl'))
      .map((file) => ({ name: `${version}/${file}`, lines: sample(readFileSync(join(recordedDir('claude', version), file), 'utf8').split('\n')) }))
      .filter((recording) => recording.lines.length > 0),
  );
  it.each(recorded)('recognises the recorded $name for certain', ({ lines }) => {
    expect(claudeSource.detect(lines).confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('has other providers to reject', () => {
    expect(otherExamples.length).toBeGreaterThan(5);
  });

  it.each(otherExamples)('rejects $name', ({ path }) => {
    const lines = readFileSync(path, 'utf8').split(/\r?\n/);
    expect(claudeSource.detect(sample(lines)).confidence).toBeLessThan(0.5);
  });

  it('says what it saw, and gives 0 for nothing at all', () => {
    expect(claudeSource.detect(['{"type":"system","subtype":"init","claude_code_version":"2.1.329","session_id":"s"}'])).toEqual({
      confidence: 1,
      evidence: 'system/init line with Claude Code fields',
    });
    expect(claudeSource.detect([]).confidence).toBe(0);
    expect(claudeSource.detect(['hello', '{"type":"message","role":"user","content":"hi"}']).confidence).toBe(0);
  });
});
