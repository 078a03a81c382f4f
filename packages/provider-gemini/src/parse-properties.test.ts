import { displayEventSchema, replayLines, type DisplayEvent, type LineContext } from '@x/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { geminiSource } from './index.js';

const context: LineContext = { lineNumber: 0, ignore() {}, malformed() {}, unknown() {} };

/** Parses lines with a fresh parser, straight (no line processor to catch a throw), then flushes. */
function parseAll(lines: readonly string[]): DisplayEvent[] {
  const parser = geminiSource.createParser();
  const events: DisplayEvent[] = [];
  for (const line of lines) events.push(...parser.parse(line, context));
  events.push(...parser.flush(context));
  return events;
}

const realLines = listFixtures('gemini').flatMap((fixture) => readFixtureLines(fixture).filter((line) => line.trim() !== ''));
const jsonLines = realLines.filter((line) => {
  try {
    return typeof (JSON.parse(line) as { type?: unknown }).type === 'string';
  } catch {
    return false;
  }
});

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
// Marks a renderer draws (bullets, check marks, arrows, box drawing); events carry none.
const GLYPH = /[\u2190-\u21ff\u2300-\u23ff\u2500-\u25ff\u2600-\u27bf]/;

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      out.push(key);
      strings(item, out);
    }
  }
  return out;
}

const oddValue = fc.oneof(
  fc.constantFrom<unknown>(null, 0, -1, 1e308, true, '', [], {}, [null], { __proto__: null }),
  fc.string(),
  fc.jsonValue(),
);

/** A real line with one top-level or nested field replaced, or a `__proto__` key added. */
const mutatedJsonLine = fc
  .tuple(fc.constantFrom(...jsonLines), fc.nat(), oddValue, fc.boolean())
  .map(([line, pick, value, proto]) => {
    const event = JSON.parse(line) as Record<string, unknown>;
    const keys = Object.keys(event);
    const key = keys[pick % keys.length] as string;
    const nested = event[key];
    if (typeof nested === 'object' && nested !== null && !Array.isArray(nested) && pick % 2 === 0) {
      const inner = Object.keys(nested);
      if (inner.length > 0) (nested as Record<string, unknown>)[inner[pick % inner.length] as string] = value;
    } else {
      event[key] = value;
    }
    const text = JSON.stringify(event);
    return proto ? text.replace('{', '{"__proto__":{"type":"init","session_id":"evil","content":"evil"},') : text;
  });

const truncatedLine = fc.tuple(fc.constantFrom(...realLines), fc.nat()).map(([line, at]) => line.slice(0, at % (line.length + 1)));

const anyLine = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.json(), mutatedJsonLine, truncatedLine, fc.constantFrom(...realLines, '{', '[', '}', ']'));

describe('parse never throws', () => {
  const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();

  it('on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.json()), { maxLength: 30 }), (lines) => {
        for (const event of parseAll(lines)) displayEventSchema.parse(event);
      }),
      { numRuns: 300 },
    );
  });

  it('on mutated and truncated real lines, mixed with real ones', () => {
    fc.assert(
      fc.property(fc.array(anyLine, { maxLength: 40 }), (lines) => {
        for (const event of parseAll(lines)) displayEventSchema.parse(event);
      }),
      { numRuns: 500 },
    );
  });

  it('leaves Object.prototype untouched', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    expect(({} as Record<string, unknown>).session_id).toBeUndefined();
    expect(({} as Record<string, unknown>).type).toBeUndefined();
  });
});

describe('events hold plain strings', () => {
  it.each(listFixtures('gemini').map((fixture) => [fixture.scenario, fixture] as const))('%s has no control character or glyph', (_scenario, fixture) => {
    for (const text of strings(parseAll(readFixtureLines(fixture)))) {
      expect(text).not.toMatch(CONTROL);
      expect(text).not.toMatch(GLYPH);
    }
  });

  // Plain strings are guaranteed where core processes a source's lines (replayLines, the pipeline).
  it('has no control character whatever the wire strings hold', () => {
    const controls = fc.string({ unit: fc.constantFrom('a', ' ', '\n', '\t', '\r', '\u0000', '\u0007', '\u001b', '[', '3', '1', 'm', ']', '\u009b', '\u007f', '\u0085') });
    fc.assert(
      fc.property(fc.constantFrom(...jsonLines), controls, controls, (line, value, key) => {
        const poisoned = JSON.stringify(JSON.parse(line), (_k, v: unknown) => (typeof v === 'string' && v !== 'type' ? `${value}${v}${value}` : v)).replace(
          '"parameters":{',
          `"parameters":{${JSON.stringify(key + 'k')}:${JSON.stringify(value)},`,
        );
        for (const text of strings(replayLines(geminiSource, [poisoned]).events)) expect(text).not.toMatch(CONTROL);
      }),
      { numRuns: 300 },
    );
  });
});
