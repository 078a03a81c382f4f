import { displayEventSchema, replayLines, type DisplayEvent, type LineContext } from '@x/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { createClaudeParser } from './parser.js';
import { claudeSource } from './source.js';

const context: LineContext = { lineNumber: 1, ignore() {}, malformed() {}, unknown() {} };

/** Feeds lines to a fresh parser directly, so that a throw is not caught by the pipeline. */
function parseAll(lines: readonly string[]): DisplayEvent[] {
  const parser = createClaudeParser();
  const events: DisplayEvent[] = [];
  for (const line of lines) events.push(...parser.parse(line, context));
  events.push(...parser.flush(context));
  return events;
}

const realLines = listFixtures('claude').flatMap((fixture) => readFixtureLines(fixture).filter((line) => line.trim() !== ''));
const jsonLines = realLines.filter((line) => {
  try {
    return typeof JSON.parse(line) === 'object';
  } catch {
    return false;
  }
});

/** Every path to a value inside a parsed line. */
function paths(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return out;
  for (const [key, item] of Object.entries(value)) {
    const path = [...prefix, Array.isArray(value) ? Number(key) : key];
    out.push(path);
    paths(item, path, out);
  }
  return out;
}

const replacement = fc.constantFrom<unknown>(null, 0, -1, 1e308, '', 'x', true, [], {}, [null], { __proto__: null }, '\u001b[2J', { type: 'text' });

/** A real line with one value replaced, cut short, or given hostile `__proto__` keys. */
const mutatedLine = fc.oneof(
  fc.record({ line: fc.constantFrom(...jsonLines), pick: fc.nat(), value: replacement }).map(({ line, pick, value }) => {
    const parsed = JSON.parse(line) as unknown;
    const all = paths(parsed);
    const path = all[pick % all.length];
    if (path === undefined) return line;
    let target = parsed as Record<string | number, unknown>;
    for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
    target[path[path.length - 1] as string | number] = value;
    return JSON.stringify(parsed);
  }),
  fc.record({ line: fc.constantFrom(...realLines), at: fc.nat() }).map(({ line, at }) => line.slice(0, at % (line.length + 1))),
  fc.constantFrom(...jsonLines).map((line) =>
    line
      .replace(/^\{/, '{"__proto__":{"polluted":"yes","type":"assistant","message":{"content":[]}},')
      .replace(/"message":\{/, '"message":{"__proto__":{"content":[{"type":"text","text":"evil"}]},'),
  ),
);

describe('parse never throws', () => {
  it('on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.json(), fc.constantFrom('{', '[', '}', ']', 'null', '[1,{"type":"result"}]')), { maxLength: 20 }), (lines) => {
        expect(() => parseAll(lines)).not.toThrow();
      }),
      { seed: 16, numRuns: 300 },
    );
  });

  it('on real lines mutated: values replaced, lines cut, __proto__ keys added', () => {
    fc.assert(
      fc.property(fc.array(mutatedLine, { minLength: 1, maxLength: 30 }), (lines) => {
        expect(() => parseAll(lines)).not.toThrow();
        const { events, accounting } = replayLines(claudeSource, lines);
        // Nothing silently dropped, however the line is broken.
        expect(accounting.unexplained).toBe(0);
        for (const event of events) displayEventSchema.parse(event);
      }),
      { seed: 16, numRuns: 300 },
    );
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads nothing through a __proto__ key', () => {
    const events = parseAll([
      '{"__proto__":{"type":"result","result":"evil"},"type":"assistant","message":{"__proto__":{"id":"evil"},"content":[{"__proto__":{"type":"text","text":"evil"}}]}}',
    ]);
    expect(JSON.stringify(events)).not.toContain('evil');
  });
});

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
/** Marks a renderer would draw; a source never prefixes its strings with one. */
const GLYPH_PREFIX = /^\s*[●○◆◇■□▶►▸→⎿└├│✓✔✗✘×•⏺]/u;

function strings(value: unknown, out: { path: string; text: string }[] = [], path = ''): { path: string; text: string }[] {
  if (typeof value === 'string') out.push({ path, text: value });
  else if (typeof value === 'object' && value !== null) for (const [key, item] of Object.entries(value)) strings(item, out, `${path}.${key}`);
  return out;
}

describe('plain strings', () => {
  const fixtureEvents = listFixtures('claude').flatMap((fixture) => replayLines(claudeSource, readFixtureLines(fixture)).events);
  const hostile = replayLines(claudeSource, [
    '{"type":"system","subtype":"init","session_id":"s\\u001b]0;title\\u0007","model":"m\\u009b2J","cwd":"/w"}',
    '{"type":"assistant","message":{"id":"m","content":[{"type":"text","text":"\\u001b[31mred\\u001b[0m\\r\\nnext\\u0000"},{"type":"tool_use","id":"t","name":"Bash","input":{"command":"ls \\u001b[2J"}}]},"parent_tool_use_id":null}',
    '{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","content":"\\u001b]8;;http://x\\u0007link\\u001b]8;;\\u0007","is_error":true}]},"parent_tool_use_id":null}',
    '{"type":"system","subtype":"api_retry","error":"\\u001b[1moverloaded","attempt":1}',
  ]).events;

  it('no event field holds a control character but LF and TAB: colours are removed, the rest shown visibly', () => {
    for (const { path, text } of strings([...fixtureEvents, ...hostile])) expect(CONTROL.test(text), `${path}: ${JSON.stringify(text)}`).toBe(false);
    expect(hostile.find((event) => event.kind === 'text')).toMatchObject({ text: 'red\nnext\\x00' });
  });

  it('no event field starts with a renderer glyph', () => {
    for (const { path, text } of strings(fixtureEvents)) expect(GLYPH_PREFIX.test(text), `${path}: ${JSON.stringify(text)}`).toBe(false);
  });
});
