import { readFileSync } from 'node:fs';
import { DETECT_SAMPLE_LINES } from '@x/core';
import { describe, expect, it } from 'vitest';
import { listExamples, listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { geminiSource } from './index.js';

/** The lines a registry hands to `detect`: the first non-blank ones. */
function sample(lines: string[]): string[] {
  return lines.filter((line) => line.trim() !== '').slice(0, DETECT_SAMPLE_LINES);
}

function linesOf(path: string): string[] {
  return readFileSync(path, 'utf8').split(/\r?\n/);
}

describe('detect', () => {
  // The stdout of an auth failure in stream-json mode is empty: nothing to recognise.
  const recognisable = listFixtures('gemini').filter((fixture) => fixture.scenario !== 'auth-failure-empty');

  it.each(recognisable.map((fixture) => [fixture.scenario, fixture] as const))('recognises %s', (_scenario, fixture) => {
    expect(geminiSource.detect(sample(readFixtureLines(fixture))).confidence).toBeGreaterThan(0.5);
  });

  it.each(listExamples('gemini').map((example) => [example.name, example.path] as const))('recognises the example %s', (_name, path) => {
    expect(geminiSource.detect(sample(linesOf(path))).confidence).toBeGreaterThan(0.5);
  });

  const others = listExamples().filter((example) => example.provider !== 'gemini');

  it('has other providers to reject', () => {
    expect(others.length).toBeGreaterThan(5);
  });

  it.each(others.map((example) => [example.name, example.path] as const))('rejects %s', (_name, path) => {
    expect(geminiSource.detect(sample(linesOf(path))).confidence).toBeLessThan(0.5);
  });

  it('recognises the first lines of a JSON output document too long for the sample', () => {
    const lines = ['{', '  "session_id": "s",', '  "response": "a long answer"'];
    expect(geminiSource.detect(lines)).toEqual({ confidence: 0.8, evidence: 'first lines of a pretty-printed JSON output document' });
  });

  it('gives 0 for nothing, noise and arbitrary JSON', () => {
    expect(geminiSource.detect([]).confidence).toBe(0);
    expect(geminiSource.detect(['[STARTUP] x', 'hello', '{"type":"message"}', '42', '{"error":{"message":"x"}}']).confidence).toBe(0);
  });
});
