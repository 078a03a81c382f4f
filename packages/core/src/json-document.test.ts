import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createJsonDocumentReader } from './json-document.js';
import { replayLines } from './line-accounting.js';
import { defineSource } from './source.js';

describe('createJsonDocumentReader', () => {
  it('reads NDJSON one line at a time', () => {
    const reader = createJsonDocumentReader();
    expect(reader.read('{"a":1}')).toEqual({ status: 'value', value: { a: 1 } });
    expect(reader.read('[1,2]')).toEqual({ status: 'value', value: [1, 2] });
    expect(reader.end()).toBeUndefined();
  });

  it('reads a pretty-printed document across lines', () => {
    const reader = createJsonDocumentReader();
    const lines = JSON.stringify({ response: 'hi', stats: { nested: [1, { deep: '}' }] } }, null, 2).split('\n');
    const results = lines.map((line) => reader.read(line));
    expect(results.slice(0, -1).every((r) => r.status === 'pending')).toBe(true);
    expect(results.at(-1)).toEqual({ status: 'value', value: { response: 'hi', stats: { nested: [1, { deep: '}' }] } } });
  });

  it('reads a pretty-printed array and then NDJSON again', () => {
    const reader = createJsonDocumentReader();
    const lines = [...JSON.stringify([{ a: 1 }], null, 2).split('\n'), '{"b":2}'];
    const results = lines.map((line) => reader.read(line));
    expect(results.filter((r) => r.status === 'value')).toEqual([
      { status: 'value', value: [{ a: 1 }] },
      { status: 'value', value: { b: 2 } },
    ]);
  });

  it('does not take a log line that starts with [ for a document', () => {
    const reader = createJsonDocumentReader();
    expect(reader.read('[STARTUP] Loading extensions')).toEqual({ status: 'invalid', reason: 'not JSON' });
    expect(reader.read('{"a":1}')).toEqual({ status: 'value', value: { a: 1 } });
  });

  it('reports a document that never closes', () => {
    const reader = createJsonDocumentReader();
    reader.read('{');
    reader.read('  "a": 1,');
    expect(reader.end()).toEqual({ status: 'invalid', reason: 'multi-line JSON document never closed' });
  });

  it('gives up a document above the size limit without keeping it', () => {
    const reader = createJsonDocumentReader({ maxDocumentChars: 20 });
    reader.read('{');
    expect(reader.read(`  "a": "${'x'.repeat(30)}"`)).toMatchObject({ status: 'invalid' });
    expect(reader.read('{"ok":true}')).toEqual({ status: 'value', value: { ok: true } });
  });
});

describe('createJsonDocumentReader after a stray bracket line', () => {
  it('gives the stray document up when an unindented NDJSON line follows', () => {
    const reader = createJsonDocumentReader();
    expect(reader.read('{')).toEqual({ status: 'pending' });
    expect(reader.read('{"type":"init"}')).toEqual({ status: 'value', value: { type: 'init' } });
    expect(reader.read('{"type":"result"}')).toEqual({ status: 'value', value: { type: 'result' } });
    expect(reader.end()).toBeUndefined();
  });
});

/** A source that reads JSON values with the reader, for counting lines the way providers do. */
function jsonSource() {
  return defineSource({
    specificationVersion: 'v1',
    id: 'json-test',
    displayName: 'JSON test',
    cadence: 'streaming',
    detect: () => ({ confidence: 0, evidence: '' }),
    createParser() {
      const reader = createJsonDocumentReader();
      return {
        parse(line, context) {
          const read = reader.read(line, context);
          if (read.status === 'pending') {
            context.ignore('part of a document');
            return [];
          }
          if (read.status === 'invalid') {
            context.malformed(read.reason);
            return [];
          }
          return [{ kind: 'text', id: 't', text: JSON.stringify(read.value) }];
        },
        flush: () => [],
      };
    },
  });
}

describe('createJsonDocumentReader: every line accounted for once', () => {
  it('a stray { costs one malformed line and nothing else', () => {
    const { accounting, diagnostics, events } = replayLines(jsonSource(), ['{"a":1}', '{', '{"b":2}', 'not json', '{"c":3}']);
    expect(accounting).toEqual({ lines: 5, events: 3, ignored: 0, malformed: 2, unknown: 0, unexplained: 0, atEnd: 0, partial: 0 });
    expect(diagnostics.map((d) => [d.line, d.excerpt])).toEqual([
      [2, '{'],
      [4, 'not json'],
    ]);
    expect(events).toHaveLength(3);
  });

  it('gives back the indented lines of an opener that never closes, and reads on', () => {
    const { accounting, diagnostics } = replayLines(jsonSource(), ['{', '  "a": 1,', '  garbage', 'not json', '{"ok":true}']);
    expect(accounting).toEqual({ lines: 5, events: 1, ignored: 0, malformed: 4, unknown: 0, unexplained: 0, atEnd: 0, partial: 0 });
    expect(diagnostics.map((d) => d.line)).toEqual([1, 2, 3, 4]);
  });

  it('counts a document that closes but does not parse as malformed, every line of it', () => {
    const { accounting } = replayLines(jsonSource(), ['{', '  "a": oops', '}', '{"ok":true}']);
    expect(accounting).toEqual({ lines: 4, events: 1, ignored: 0, malformed: 3, unknown: 0, unexplained: 0, atEnd: 0, partial: 0 });
  });

  it('counts the lines of a document that parses as ignored, and its closing line as the events', () => {
    const lines = JSON.stringify({ a: [1, 2], b: 'x' }, null, 2).split('\n');
    const { accounting } = replayLines(jsonSource(), lines);
    expect(accounting).toEqual({ lines: lines.length, events: 1, ignored: lines.length - 1, malformed: 0, unknown: 0, unexplained: 0, atEnd: 0, partial: 0 });
  });

  it('gives back a document still open at the end of the stream', () => {
    const { accounting, diagnostics } = replayLines(jsonSource(), ['{"a":1}', '[', '  1,']);
    expect(accounting).toEqual({ lines: 3, events: 1, ignored: 0, malformed: 2, unknown: 0, unexplained: 0, atEnd: 0, partial: 0 });
    expect(diagnostics.map((d) => d.reason)).toEqual(['multi-line JSON document never closed', 'multi-line JSON document never closed']);
  });

  it('parses each line a bounded number of times after a lone opener: linear, not quadratic', () => {
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const line = `}${'x'.repeat(1023)}`;
      const indentedLine = ` ${'y'.repeat(1023)}`;
      const lines = ['{', ...Array.from({ length: 4000 }, () => indentedLine), ...Array.from({ length: 4000 }, () => line)];
      const { accounting } = replayLines(jsonSource(), lines);
      expect(accounting.lines).toBe(lines.length);
      expect(accounting.malformed).toBe(lines.length);
      const parsedChars = parse.mock.calls.reduce((sum, [text]) => sum + String(text).length, 0);
      const inputChars = lines.reduce((sum, l) => sum + l.length + 1, 0);
      expect(parsedChars).toBeLessThanOrEqual(3 * inputChars);
    } finally {
      parse.mockRestore();
    }
  });

  it('accounts for every line exactly once, whatever the lines (property)', () => {
    const vocabulary = ['{', '[', '}', ']', '},', '  "a": 1,', '  {', '  }', '  [1, 2]', '{"x":1}', '[1]', 'not json', '{ "half": ', '  "b": "}"', '\t"c": null'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...vocabulary), { maxLength: 40 }), (lines) => {
        const { accounting, diagnostics } = replayLines(jsonSource(), lines);
        expect(accounting.lines).toBe(lines.length);
        expect(accounting.events + accounting.ignored + accounting.malformed + accounting.unknown).toBe(lines.length);
        expect(diagnostics).toHaveLength(accounting.malformed);
        expect(new Set(diagnostics.map((d) => d.line)).size).toBe(diagnostics.length);
      }),
      { seed: 14, numRuns: 500 },
    );
  });
});
