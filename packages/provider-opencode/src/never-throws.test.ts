import { displayEventSchema, type LineContext } from '@x/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { detectOpenCode } from './detect.js';
import { openCodeSource } from './source.js';

const realLines = listFixtures('opencode').flatMap((fixture) => readFixtureLines(fixture).filter((line) => line.trim() !== ''));

const context: LineContext = { lineNumber: 1, ignore: () => {}, malformed: () => {}, unknown: () => {} };

/** Runs one parser over the lines and checks every event; throws only if the source misbehaves. */
function parseAll(lines: readonly string[]): void {
  const parser = openCodeSource.createParser();
  for (const line of lines) for (const event of parser.parse(line, context)) displayEventSchema.parse(event);
  for (const event of parser.flush(context)) displayEventSchema.parse(event);
  detectOpenCode(lines);
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path to a value inside a JSON document. */
function paths(value: Json, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((item, i) => paths(item, [...prefix, i], out));
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) paths(item, [...prefix, key], out);
  return out;
}

function replaceAt(root: Json, path: (string | number)[], replacement: Json): Json {
  if (path.length === 0) return replacement;
  const copy = structuredClone(root) as Record<string | number, Json>;
  let node: Record<string | number, Json> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  // biome-ignore lint/style/noNonNullAssertion: the empty path returned above, so this one has a last step
  node[path[path.length - 1]!] = replacement;
  return copy as Json;
}

const replacements = fc.constantFrom<Json>(null, 0, -1, 1e308, '', 'x', [], [null], {}, true, { __proto__: null } as unknown as Json);

/** A real fixture line with one value replaced, cut short, or given a hostile `__proto__` key. */
const mutatedLine = fc
  .tuple(fc.constantFrom(...realLines), fc.nat(), replacements, fc.nat(), fc.integer({ min: 0, max: 2 }))
  .map(([line, pick, replacement, cut, mode]) => {
    if (mode === 0) return line.slice(0, cut % (line.length + 1));
    const data = line.startsWith('data: ');
    const text = data ? line.slice(6) : line;
    if (mode === 1) {
      const at = text.indexOf('{', pick % Math.max(1, text.length));
      const hostile = at < 0 ? text : `${text.slice(0, at + 1)}"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},${text.slice(at + 1)}`;
      return (data ? 'data: ' : '') + hostile;
    }
    try {
      const value = JSON.parse(text) as Json;
      const all = paths(value);
      // biome-ignore lint/style/noNonNullAssertion: paths() always holds the root's own path, so the list is never empty
      const mutated = replaceAt(value, all[pick % all.length]!, replacement);
      return (data ? 'data: ' : '') + JSON.stringify(mutated);
    } catch {
      return line;
    }
  });

describe('parse never throws', () => {
  it('on arbitrary strings, JSON and SSE-looking lines', () => {
    const line = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.json(),
      fc.json().map((json) => `data: ${json}`),
      fc.constantFrom('data:', 'data: ', ':', 'event:', 'id', '{', '[', 'null', '"text"', '{"type":null}', '{"type":"text"}', '{"type":"done"}', '{"payload":{}}'),
    );
    fc.assert(fc.property(fc.array(line, { maxLength: 20 }), (lines) => parseAll(lines)), { numRuns: 500 });
  }, 60_000);

  it('on mutated real lines, in order and shuffled', () => {
    fc.assert(fc.property(fc.array(mutatedLine, { maxLength: 30 }), (lines) => parseAll(lines)), { numRuns: 500 });
    fc.assert(fc.property(fc.shuffledSubarray(realLines), (lines) => parseAll(lines)), { numRuns: 100 });
  }, 60_000);

  it('leaves Object.prototype untouched', () => {
    parseAll(realLines);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});
