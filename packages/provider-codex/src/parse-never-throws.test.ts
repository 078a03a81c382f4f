import { displayEventSchema, replayLines, type DisplayEvent } from '@x/core';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { codexSource } from './index.js';

const realLines = listFixtures('codex')
  .flatMap((fixture) => readFixtureLines(fixture))
  .filter((line) => line.trim() !== '');
const realJsonLines = realLines.filter((line) => {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
});
const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();

/** Runs lines through a fresh parser and checks what a source promises whatever the input. */
function replaySafely(lines: string[]): DisplayEvent[] {
  const { events, accounting } = replayLines(codexSource, lines);
  expect(accounting.unexplained).toBe(0);
  for (const event of events) displayEventSchema.parse(event);
  return events;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Replaces the value at a random path of a parsed line with something of the wrong shape. */
function mutate(value: Json, path: number[], replacement: Json): Json {
  if (path.length === 0 || value === null || typeof value !== 'object') return replacement;
  const [step, ...rest] = path as [number, ...number[]];
  if (Array.isArray(value)) {
    if (value.length === 0) return replacement;
    const index = step % value.length;
    return value.map((item, i) => (i === index ? mutate(item, rest, replacement) : item));
  }
  const keys = Object.keys(value);
  if (keys.length === 0) return replacement;
  const key = keys[step % keys.length] as string;
  const copy: { [key: string]: Json } = {};
  for (const k of keys) Object.defineProperty(copy, k, { value: k === key ? mutate(value[k] as Json, rest, replacement) : value[k], enumerable: true });
  return copy;
}

const wrongShapes = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.constant<Json>([]),
  fc.array(fc.jsonValue(), { maxLength: 3 }) as fc.Arbitrary<Json>,
  fc.string(),
  fc.constant({ __proto__: { polluted: true } } as unknown as Json),
  fc.constant(JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}') as Json),
);

describe('parse never throws', () => {
  afterAll(() => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('on arbitrary strings', () => {
    fc.assert(fc.property(fc.array(fc.string({ unit: 'binary' }), { maxLength: 8 }), (lines) => void replaySafely(lines)), { numRuns: 300 });
  });

  it('on arbitrary JSON values', () => {
    fc.assert(fc.property(fc.array(fc.jsonValue().map((v) => JSON.stringify(v)), { maxLength: 8 }), (lines) => void replaySafely(lines)), { numRuns: 300 });
  });

  it('on real lines cut at any position', () => {
    fc.assert(
      fc.property(fc.constantFrom(...realLines), fc.nat(), (line, at) => {
        replaySafely([line.slice(0, at % (line.length + 1))]);
      }),
      { numRuns: 500 },
    );
  });

  it('on real lines with a field replaced by null, a number, an array or a __proto__ object', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...realJsonLines), fc.array(fc.nat(), { maxLength: 5 }), wrongShapes), { minLength: 1, maxLength: 6 }),
        (edits) => {
          const lines = edits.map(([line, path, replacement]) => JSON.stringify(mutate(JSON.parse(line) as Json, path, replacement)));
          replaySafely(lines);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('on hostile keys: nothing reaches a prototype', () => {
    const events = replaySafely([
      '{"type":"thread.started","thread_id":"t","__proto__":{"polluted":true}}',
      '{"type":"item.completed","item":{"id":"item_0","type":"mcp_tool_call","server":"s","tool":"constructor","arguments":{"__proto__":{"polluted":true},"query":"q"},"result":{"__proto__":{"content":"x"}},"error":null,"status":"completed"}}',
      '{"type":"item.completed","item":{"id":"__proto__","type":"file_change","changes":[{"path":"__proto__","kind":"constructor"}],"status":"completed"}}',
      '{"type":"item.completed","item":{"id":"item_1","type":"collab_tool_call","tool":"toString","agents_states":{"__proto__":{"message":"x"}},"status":"completed"}}',
      '{"id":"1","msg":{"type":"patch_apply_begin","call_id":"c","changes":{"__proto__":{"add":{"content":"x"}}}}}',
      '{"id":"1","msg":{"type":"constructor"}}',
      '{"type":"__proto__"}',
      '{"type":"item.completed","item":{"id":"x","type":"toString"}}',
    ]);
    expect(events.filter((e) => e.kind === 'tool-use').map((e) => e.name)).toEqual(['s.constructor', 'Edit', 'toString', 'Write']);
  });

  it('on deeply nested input', () => {
    let deep = '"leaf\\u001b"';
    for (let i = 0; i < 5000; i += 1) deep = `{"a":${deep}}`;
    replaySafely([`{"type":"item.completed","item":{"id":"i","type":"mcp_tool_call","server":"s","tool":"t","arguments":${deep},"result":${deep},"status":"completed"}}`]);
  });
});
