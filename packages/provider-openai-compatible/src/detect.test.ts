import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listExamples, listFixtureProviders, listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { detectOpenAICompatible, openAICompatibleSource } from './index.js';

/** The first non-blank lines of a file, as the source registry samples them. */
function sample(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .slice(0, 20);
}

const examples = (provider: string): string[] => listExamples(provider).map((example) => example.path);
const otherExampleProviders = listFixtureProviders().filter((provider) => provider !== 'openai-compatible');
const otherFixtureFiles = listFixtureProviders()
  .filter((provider) => provider !== 'openai-compatible')
  .flatMap((provider) => listFixtures(provider).map((fixture) => fixture.streamPath));

describe('detect', () => {
  it.each(listFixtures('openai-compatible'))('recognises fixture $scenario from its first lines', (fixture) => {
    const lines = readFixtureLines(fixture)
      .filter((line) => line.trim() !== '')
      .slice(0, 20);
    expect(openAICompatibleSource.detect(lines).confidence).toBeGreaterThan(0.5);
  });

  it('recognises the synthetic examples', () => {
    expect(examples('openai-compatible').length).toBeGreaterThan(0);
    for (const path of examples('openai-compatible')) expect(detectOpenAICompatible(sample(path)).confidence, path).toBeGreaterThan(0.5);
  });

  it('rejects every other provider example', () => {
    expect(otherExampleProviders.length).toBeGreaterThanOrEqual(5);
    for (const provider of otherExampleProviders) {
      for (const path of examples(provider)) expect(detectOpenAICompatible(sample(path)).confidence, path).toBeLessThan(0.5);
    }
  });

  it.skipIf(otherFixtureFiles.length === 0)('rejects every other provider fixture', () => {
    for (const path of otherFixtureFiles) expect(detectOpenAICompatible(sample(path)).confidence, path).toBeLessThan(0.5);
  });

  it('gives 1 for a named object, less for shapes without it, 0 for other JSON', () => {
    expect(detectOpenAICompatible(['data: {"object":"chat.completion.chunk","choices":[]}']).confidence).toBe(1);
    expect(detectOpenAICompatible(['{"id":"x","choices":[{"index":0,"delta":{"content":"a"}}]}']).confidence).toBe(0.8);
    expect(detectOpenAICompatible(['{"error":{"message":"Bad","type":"invalid_request_error"}}']).confidence).toBe(0.6);
    expect(detectOpenAICompatible(['{"response":"x","error":{"message":"Bad","type":"Error"}}']).confidence).toBe(0);
    expect(detectOpenAICompatible(['{"type":"system","subtype":"init"}', 'not json']).confidence).toBe(0);
    expect(detectOpenAICompatible([]).confidence).toBe(0);
  });

  it('recognises a pretty-printed body longer than the sample by its "object" line', () => {
    const lines = ['{', '  "id": "chatcmpl-1",', '  "object": "chat.completion",', '  "created": 1,', '  "choices": ['];
    expect(detectOpenAICompatible(lines)).toEqual({ confidence: 0.9, evidence: 'pretty-printed "object": "chat.completion"' });
  });
});
