import { replayLines, displayEventSchema, type DisplayEvent, type DisplayEventSource, type LineContext } from '@x/core';
import { parseJson } from '@x/core/provider-utils';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { copilotLogSource } from './log-source.js';
import { copilotSource } from './source.js';

const fixtureLines = listFixtures('copilot')
  .flatMap((fixture) => readFixtureLines(fixture))
  .filter((line) => line.trim() !== '');

const jsonLines = fixtureLines.filter((line) => parseJson(line) !== undefined);

const context: LineContext = { lineNumber: 1, ignore() {}, malformed() {}, unknown() {} };
const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();

/** Feeds lines to one fresh parser of `source`, flushes it, and checks every event. */
function run(lines: string[], source: DisplayEventSource): DisplayEvent[] {
  const parser = source.createParser();
  const events: DisplayEvent[] = [];
  for (const line of lines) events.push(...parser.parse(line, context));
  events.push(...parser.flush(context));
  for (const event of events) displayEventSchema.parse(event);
  return events;
}

const replacements = fc.constantFrom<unknown>(null, 0, -1, 1.5, 1e308, '', 'x', true, [], [1, 'a'], {}, { __proto__: null, polluted: true }, '\u0000');

/** Every path to a value inside a parsed line. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [prefix];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return [prefix, ...keys.flatMap((key) => paths((value as Record<string | number, unknown>)[key], [...prefix, key]))];
}

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as Record<string | number, unknown>;
  Object.defineProperty(copy, head, { value: replaceAt(copy[head], rest, replacement), enumerable: true, writable: true, configurable: true });
  return copy;
}

const HOSTILE = '"__proto__":{"polluted":true,"type":"session.start"},"constructor":{"prototype":{"polluted":true}},';

describe.each([copilotSource, copilotLogSource])('$id: parse never throws', (source) => {
  afterAll(() => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
  });

  it('on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.json(), fc.string({ unit: 'binary' }))), (lines) => void run(lines, source)),
      { numRuns: 300 },
    );
  });

  it('on real lines truncated at any position', () => {
    const cut = fc.integer({ min: 0, max: fixtureLines.length - 1 }).chain((index) => {
      const line = fixtureLines[index] ?? '';
      return fc.integer({ min: 0, max: line.length }).map((at) => line.slice(0, at));
    });
    fc.assert(
      fc.property(fc.array(cut, { maxLength: 30 }), (lines) => void run(lines, source)),
      { numRuns: 300 },
    );
  });

  it('on real lines with a field replaced by null, numbers, arrays, objects or strings', () => {
    const mutated = fc
      .integer({ min: 0, max: jsonLines.length - 1 })
      .chain((index) => {
        const value = JSON.parse(jsonLines[index] ?? 'null') as unknown;
        const all = paths(value);
        return fc.tuple(fc.constant(value), fc.constantFrom(...all), replacements);
      })
      .map(([value, path, replacement]) => JSON.stringify(replaceAt(value, path, replacement)) ?? 'null');
    fc.assert(
      fc.property(fc.array(mutated, { maxLength: 40 }), (lines) => void run(lines, source)),
      { numRuns: 400 },
    );
  });

  it('on real lines carrying __proto__ and constructor keys at every level', () => {
    const hostile = fixtureLines
      .filter((line) => line.startsWith('{'))
      .map((line) =>
        `{${HOSTILE}${line.slice(1)}`
          .replaceAll('"data":{', `"data":{${HOSTILE}`)
          .replaceAll('[{', `[{${HOSTILE}`)
          .replaceAll('"result":{', `"result":{${HOSTILE}`),
      );
    const events = run(hostile, source);
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((event) => !Object.hasOwn(event, 'polluted'))).toBe(true);
  });
});

// Plain strings are guaranteed where core processes a source's lines (replayLines, the pipeline).
describe('event strings', () => {
  // C0 controls except \t and \n, DEL, C1 controls (including CSI \u009b).
  const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
  const GLYPHS = /[⏺●○◆◇✓✔✗✘⎿└├│→←•▶▸⚠❯›…]/;

  /** Every string of an event except its raw `input`. */
  function strings(value: unknown, top = true): string[] {
    if (typeof value === 'string') return [value];
    if (typeof value !== 'object' || value === null) return [];
    return Object.entries(value).flatMap(([key, inner]) => (top && key === 'input' ? [] : strings(inner, false)));
  }

  function wrapStrings(value: unknown, wrap: (text: string) => string): unknown {
    if (typeof value === 'string') return wrap(value);
    if (Array.isArray(value)) return value.map((inner) => wrapStrings(inner, wrap));
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, key === 'type' ? inner : wrapStrings(inner, wrap)]));
  }

  it('hold no control characters when the wire strings are full of escape sequences', () => {
    const controls = fc.constantFrom('\u001b[31m', '\u001b[0m', '\u009b2J', '\r', '\u0007', '\u0000', '\u001b]8;;x\u0007', '\u0085', '\u001bc');
    fc.assert(
      fc.property(fc.array(controls, { minLength: 1, maxLength: 4 }), fc.array(controls, { maxLength: 2 }), (before, after) => {
        const lines = jsonLines.map((line) => JSON.stringify(wrapStrings(JSON.parse(line), (text) => `${before.join('')}${text}${after.join('')}`)));
        for (const text of replayLines(copilotSource, lines).events.flatMap((event) => strings(event)))
          expect(CONTROL.test(text), JSON.stringify(text)).toBe(false);
      }),
      { numRuns: 40 },
    );
  });

  for (const fixture of listFixtures('copilot')) {
    it(`hold no control characters or renderer glyphs in ${fixture.scenario}`, () => {
      for (const text of replayLines(copilotSource, readFixtureLines(fixture)).events.flatMap((event) => strings(event))) {
        expect(CONTROL.test(text), JSON.stringify(text)).toBe(false);
        expect(GLYPHS.test(text), JSON.stringify(text)).toBe(false);
      }
    });
  }
});
