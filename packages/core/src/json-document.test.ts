import { describe, expect, it } from 'vitest';
import { createJsonDocumentReader } from './json-document.js';

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
