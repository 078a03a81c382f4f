import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listExamples, listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { RUN_LINE_TYPES, detectOpenCode } from './detect.js';
import { RUN_JSON_TYPES } from './wire-schema.js';

const firstLines = (lines: string[]) => lines.filter((line) => line.trim() !== '').slice(0, 10);

describe('detectOpenCode', () => {
  for (const fixture of listFixtures('opencode')) {
    it(`recognises ${fixture.scenario} from its first lines`, () => {
      expect(detectOpenCode(firstLines(readFixtureLines(fixture))).confidence).toBeGreaterThan(0.5);
    });
  }

  it('recognises the OpenCode example', () => {
    const [example] = listExamples('opencode');
    const lines = readFileSync(example?.path ?? '', 'utf8').split('\n');
    expect(detectOpenCode(firstLines(lines))).toMatchObject({ confidence: 1 });
  });

  const others = listExamples().filter((example) => example.provider !== 'opencode');

  it('has other providers to compare with', () => {
    expect(others.length).toBeGreaterThan(5);
  });

  for (const example of others) {
    it(`rejects ${example.name}`, () => {
      const lines = readFileSync(example.path, 'utf8').split(/\r?\n/);
      // Every line, not just the first ones: no line of another format may look like OpenCode's.
      for (const line of lines) expect(detectOpenCode([line]).confidence).toBeLessThan(0.5);
      expect(detectOpenCode(lines).confidence).toBe(0);
    });
  }

  it('knows the same run --format json types as the wire schema', () => {
    expect([...RUN_LINE_TYPES].sort()).toEqual([...RUN_JSON_TYPES].sort());
  });

  it('gives 0 for nothing, blank lines and non-JSON', () => {
    expect(detectOpenCode([]).confidence).toBe(0);
    expect(detectOpenCode(['', ': comment', 'hello', 'data: [DONE]']).confidence).toBe(0);
  });

  it('tells run --format json and bus lines apart, with evidence', () => {
    expect(detectOpenCode(['{"type":"step_start","timestamp":1,"sessionID":"ses_1","part":{"id":"p","sessionID":"ses_1","messageID":"m","type":"step-start"}}'])).toMatchObject({
      confidence: 1,
      evidence: expect.stringContaining('run --format json'),
    });
    expect(detectOpenCode(['{"type":"server.connected","properties":{}}'])).toMatchObject({ confidence: 1, evidence: expect.stringContaining('bus') });
    expect(detectOpenCode(['data: {"directory":"/w","payload":{"type":"server.connected","properties":{}}}']).evidence).toContain('/global/event');
  });
});
