import { displayEventSchema, type DisplayEvent, type LineContext } from '@x/core';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { openAICompatibleSource, translateChatCompletion } from './index.js';

const context: LineContext = { lineNumber: 1, ignore() {}, malformed() {}, unknown() {} };

function runLines(lines: readonly string[]): DisplayEvent[] {
  const parser = openAICompatibleSource.createParser();
  const events: DisplayEvent[] = [];
  for (const line of lines) events.push(...parser.parse(line, context));
  events.push(...parser.flush(context));
  return events;
}

function expectValid(events: DisplayEvent[]): void {
  for (const event of events) displayEventSchema.parse(event);
}

const realLines = listFixtures('openai-compatible')
  .flatMap((fixture) => readFixtureLines(fixture))
  .filter((line) => line.trim() !== '');

/** Every path to a value inside a parsed JSON value. */
function paths(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((item, i) => paths(item, [...prefix, i], out));
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) paths(item, [...prefix, key], out);
  return out;
}

function replaceAt(root: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  let parent = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  parent[path[path.length - 1] as string | number] = replacement;
  return root;
}

const hostile = () => JSON.parse('{"__proto__":{"polluted":1,"prompt_tokens":5},"constructor":{"prototype":{"polluted":1}}}') as unknown;
const replacements = fc.constantFrom<() => unknown>(
  () => null,
  () => 0,
  () => -1,
  () => 1e308,
  () => [],
  () => ({}),
  () => '',
  () => 'x',
  () => true,
  () => [null, 1, 'a'],
  hostile,
);

/** A real line with one field replaced, truncated, or framed again. */
const mutatedLine = fc
  .tuple(fc.constantFrom(...realLines), fc.nat(), replacements, fc.nat(), fc.constantFrom('replace', 'truncate', 'reframe'))
  .map(([line, pick, replacement, cut, how]) => {
    if (how === 'truncate') return line.slice(0, cut % (line.length + 1));
    const payload = line.startsWith('data: ') ? line.slice(6) : line;
    let value: unknown;
    try {
      value = JSON.parse(payload);
    } catch {
      return line;
    }
    const all = paths(value);
    const mutated = replaceAt(value, all[pick % all.length] ?? [], replacement());
    const text = JSON.stringify(mutated) ?? '';
    return how === 'reframe' ? `data: ${text}` : text;
  });

describe('parse never throws', () => {
  afterAll(() => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.json())), (lines) => {
        expectValid(runLines(lines));
      }),
      { numRuns: 500 },
    );
  });

  it('on mutated real lines, in any order', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(mutatedLine, fc.constantFrom(...realLines)), { maxLength: 40 }), (lines) => {
        expectValid(runLines(lines));
      }),
      { numRuns: 1000 },
    );
  });

  it('in detect and translateChatCompletion', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(mutatedLine, fc.string())), fc.jsonValue(), (lines, value) => {
        const detection = openAICompatibleSource.detect(lines);
        expect(detection.confidence).toBeGreaterThanOrEqual(0);
        expect(detection.confidence).toBeLessThanOrEqual(1);
        expectValid(translateChatCompletion(value));
      }),
      { numRuns: 500 },
    );
  });

  it('never lets a hostile __proto__ key reach a field it reads', () => {
    const events = runLines([
      JSON.stringify({ object: 'chat.completion', id: 'x', choices: [{ index: 0, message: hostile() }], usage: hostile() }),
    ]);
    expect(events.map((event) => event.kind)).toEqual(['session', 'session']);
  });
});
