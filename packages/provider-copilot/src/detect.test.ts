import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listExamples, listFixtureProviders, listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { detectCopilot } from './detect.js';

const firstLines = (lines: string[]) => lines.filter((line) => line.trim() !== '').slice(0, 20);

function examplesOf(provider: string): { name: string; lines: string[] }[] {
  return listExamples(provider).map((example) => ({ name: example.name, lines: readFileSync(example.path, 'utf8').split(/\r?\n/) }));
}

const otherProviders = listFixtureProviders().filter((provider) => provider !== 'copilot');

describe('detect', () => {
  for (const fixture of listFixtures('copilot')) {
    it(`recognises fixture ${fixture.scenario}`, () => {
      expect(detectCopilot(firstLines(readFixtureLines(fixture))).confidence).toBeGreaterThan(0.5);
    });
  }

  for (const example of examplesOf('copilot')) {
    it(`recognises the example ${example.name}`, () => {
      expect(detectCopilot(firstLines(example.lines))).toEqual({ confidence: 1, evidence: 'session.start line with copilotVersion' });
    });
  }

  it('has other providers to reject', () => {
    expect(otherProviders.length).toBeGreaterThanOrEqual(5);
  });

  for (const provider of otherProviders) {
    for (const example of examplesOf(provider)) {
      it(`rejects ${example.name}`, () => {
        expect(detectCopilot(firstLines(example.lines)).confidence).toBe(0);
        expect(detectCopilot(example.lines).confidence).toBe(0);
      });
    }
  }

  it('gives 1 for a result line alone and 0.8 for a bare session event envelope', () => {
    const result = '{"type":"result","sessionId":"s","exitCode":0,"usage":{"premiumRequests":1}}';
    expect(detectCopilot([result]).confidence).toBe(1);
    const envelope = '{"type":"assistant.turn_start","data":{"turnId":"0"},"id":"e1","timestamp":"2026-01-01T00:00:00.000Z","parentId":null}';
    expect(detectCopilot([envelope]).confidence).toBe(0.8);
  });

  it('gives 0 for look-alikes of other formats and for garbage', () => {
    for (const line of [
      '{"type":"result","subtype":"success","session_id":"s","usage":{"input_tokens":1}}',
      '{"id":"evt_1","type":"session.status","properties":{}}',
      '{"type":"item.completed","item":{"id":"item_0","type":"agent_message","text":"hi"}}',
      '{"type":"session.start"}',
      '{"type":"session.start","data":{"__proto__":{"copilotVersion":"1"}}}',
      'plain text',
      '',
      'null',
    ]) {
      expect(detectCopilot([line]).confidence, line).toBe(0);
    }
  });
});
