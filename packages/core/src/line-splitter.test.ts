import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SplitItem } from './line-splitter.js';
import { createLineSplitter } from './line-splitter.js';

const bytes = (text: string) => new TextEncoder().encode(text);

function splitAll(chunks: (Uint8Array | string)[], maxLineBytes?: number): SplitItem[] {
  const splitter = createLineSplitter(maxLineBytes === undefined ? {} : { maxLineBytes });
  const out: SplitItem[] = [];
  for (const chunk of chunks) out.push(...splitter.push(chunk));
  out.push(...splitter.end());
  return out;
}

/** Cuts `data` at the given offsets (any order, duplicates allowed). */
function chunkAt(data: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (data.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const point of points) {
    chunks.push(data.subarray(start, point));
    start = point;
  }
  chunks.push(data.subarray(start));
  return chunks;
}

describe('createLineSplitter', () => {
  it('splits on LF and CRLF and drops blank lines', () => {
    expect(splitAll(['a\nb\r\n\r\n  \nc'])).toEqual(['a', 'b', 'c']);
  });

  it('keeps a bare CR inside a line', () => {
    expect(splitAll(['a\rb\n'])).toEqual(['a\rb']);
  });

  it('decodes a UTF-8 character split across chunks', () => {
    const data = bytes('héllo 日本 😀\n');
    for (let cut = 0; cut <= data.length; cut++) {
      expect(splitAll([data.subarray(0, cut), data.subarray(cut)])).toEqual(['héllo 日本 😀']);
    }
  });

  it('handles CR and LF in different chunks', () => {
    expect(splitAll(['one\r', '\ntwo\r', '\n'])).toEqual(['one', 'two']);
  });

  it('drops a BOM at the start of the stream only', () => {
    expect(splitAll([bytes('\uFEFFfirst\n\uFEFFsecond\n')])).toEqual(['first', '\uFEFFsecond']);
  });

  it('emits the last line even without a final newline', () => {
    expect(splitAll(['a\nb'])).toEqual(['a', 'b']);
  });

  it('reports an over-long line without keeping it, and goes on', () => {
    const splitter = createLineSplitter({ maxLineBytes: 10 });
    const out: SplitItem[] = [];
    out.push(...splitter.push('ok\n0123456789'));
    out.push(...splitter.push('ABCDEFGHIJ'.repeat(1000)));
    out.push(...splitter.push('tail\nnext\n'));
    out.push(...splitter.end());
    expect(out[0]).toBe('ok');
    expect(out[1]).toMatchObject({ oversized: true, bytes: 10 + 10_000 + 4 });
    expect((out[1] as { excerpt: string }).excerpt.startsWith('0123456789ABC')).toBe(true);
    expect(out[2]).toBe('next');
    expect(out).toHaveLength(3);
  });

  it('reports an over-long line that arrives within one chunk', () => {
    expect(splitAll([`${'x'.repeat(20)}\nshort\n`], 10)).toEqual([
      { oversized: true, bytes: 20, excerpt: 'x'.repeat(20) },
      'short',
    ]);
  });

  it('measures the limit in bytes, not characters', () => {
    // Four characters, twelve bytes.
    expect(splitAll(['日本語日\n'], 11)[0]).toMatchObject({ oversized: true, bytes: 12 });
    expect(splitAll(['日本語日\n'], 12)).toEqual(['日本語日']);
  });

  it('accepts string chunks as well as bytes', () => {
    expect(splitAll(['a', 'b\nc', '\n'])).toEqual(['ab', 'c']);
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => createLineSplitter({ maxLineBytes: 0 })).toThrow(/positive integer/);
  });

  it('gives the same lines for any chunking of any text (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ unit: 'grapheme' }), fc.constantFrom('\n', '\r\n', '\r', '😀', 'é', '\uFEFF')), { maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (parts, cuts) => {
          const data = bytes(parts.join(''));
          expect(splitAll(chunkAt(data, cuts))).toEqual(splitAll([data]));
        },
      ),
    );
  });

  it('never throws and never exceeds the limit on arbitrary bytes (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.array(fc.nat(), { maxLength: 8 }), (data, cuts) => {
        const items = splitAll(chunkAt(data, cuts), 32);
        // Bytes, each at most one UTF-16 unit once decoded (an invalid byte is one U+FFFD).
        for (const item of items) {
          if (typeof item === 'string') expect(item.length).toBeLessThanOrEqual(32);
        }
        expect(items).toEqual(splitAll([data], 32));
      }),
    );
  });

  it('counts an invalid byte as the one byte it is, not as the three of U+FFFD', () => {
    const invalid = (n: number) => new Uint8Array([...new Array(n).fill(0xff), 0x0a]);
    expect(splitAll([invalid(16)], 16)).toEqual(['\uFFFD'.repeat(16)]);
    expect(splitAll([invalid(17)], 16)[0]).toMatchObject({ oversized: true, bytes: 17 });
  });

  it('keeps a line at the limit whatever the chunking, not counting its CRLF or the stream BOM (property)', () => {
    const line = 'x'.repeat(8);
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(line, `${line}y`, 'é', '\r\n', '\n', '\r', '\uFEFF'), { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (parts, cuts) => {
          const data = bytes(parts.join(''));
          // Which lines are kept and which refused; a refused line's excerpt is what arrived with its first chunk.
          const kept = (items: SplitItem[]) => items.map((item) => (typeof item === 'string' ? item : 'over-long'));
          expect(kept(splitAll(chunkAt(data, cuts), 8))).toEqual(kept(splitAll([data], 8)));
        },
      ),
      { seed: 20261129 },
    );
    expect(splitAll(['\uFEFFxxxxxxxx', '\r', '\nxxxxxxxx\r', '\n'], 8)).toEqual([line, line]);
  });
});
