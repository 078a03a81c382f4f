import { describe, expect, it } from 'vitest';
import { createJsonDocumentReader } from './json-document.js';
import { JSON_SHAPE_SCAN_FROM, jsonShapeRefusal, MAX_JSON_DEPTH } from './json-shape.js';
import { parseJson } from './json-value.js';

/** One JSON line of about `chars` characters: a string field padding a small object. */
function paddedLine(chars: number): string {
  return JSON.stringify({ type: 'text', text: 'a,[{'.repeat(Math.ceil(chars / 4)) });
}

describe('jsonShapeRefusal', () => {
  it('refuses deep nesting, many objects and many keys, each with its budget named', () => {
    const deep = `${'['.repeat(JSON_SHAPE_SCAN_FROM)}${']'.repeat(JSON_SHAPE_SCAN_FROM)}`;
    const objects = `[${'{},'.repeat(200_000)}{}]`;
    const keys = `{${Array.from({ length: 1_100_000 }, (_, i) => `"${(i % 36).toString(36)}":0`).join(',')}}`;
    expect(jsonShapeRefusal(deep)).toBe(`JSON nested deeper than ${MAX_JSON_DEPTH} levels (refused before parsing)`);
    expect(jsonShapeRefusal(objects)).toBe('JSON with more than 100000 objects and arrays (refused before parsing)');
    expect(jsonShapeRefusal(keys)).toBe('JSON with more than 1000000 values (refused before parsing)');
    expect(parseJson(objects)).toBeUndefined();
  });

  it('lets a long line through when its brackets and commas are inside strings', () => {
    const line = paddedLine(4 * JSON_SHAPE_SCAN_FROM);
    expect(jsonShapeRefusal(line)).toBeUndefined();
    expect(parseJson(line)?.value).toMatchObject({ type: 'text' });
  });

  it('lets an escaped quote not end a string early', () => {
    const line = JSON.stringify({ text: `\\"${'[{,'.repeat(JSON_SHAPE_SCAN_FROM)}` });
    expect(jsonShapeRefusal(line)).toBeUndefined();
  });

  it('does not scan short texts, whatever their shape', () => {
    const short = `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`;
    expect(jsonShapeRefusal(short)).toBeUndefined();
    expect(parseJson(short)).toBeDefined();
  });

  it('is the reason the document reader gives for a refused line', () => {
    const reader = createJsonDocumentReader();
    const read = reader.read(`[${'{},'.repeat(200_000)}{}]`, undefined);
    expect(read).toEqual({ status: 'invalid', reason: 'JSON with more than 100000 objects and arrays (refused before parsing)' });
  });
});
