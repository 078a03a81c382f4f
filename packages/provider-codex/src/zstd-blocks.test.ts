// Hostile zstd streams planted as `rollout-*.jsonl.zst`: each was read by
// fzstd unguarded (an 86 KB file of run-length blocks took 1.5 GB in
// `xview sessions`, a 23 KB one asking for a 1.9 GiB window 2 GB and 18 s).
// Frames and blocks are written here by hand, as zstd's format defines them.
import { describe, expect, it } from 'vitest';
import { decompressRollout } from './compressed-rollout.js';
import { MAX_WINDOW_BYTES } from './zstd-blocks.js';

const MAGIC = [0x28, 0xb5, 0x2f, 0xfd];

function blockHeader(last: boolean, type: number, size: number): number[] {
  const value = (last ? 1 : 0) | (type << 1) | (size << 3);
  return [value & 255, (value >> 8) & 255, (value >> 16) & 255];
}

/** A frame whose window descriptor is `exponent` and `mantissa`, with `body` (its blocks). */
function frame(exponent: number, mantissa: number, body: number[]): number[] {
  return [...MAGIC, 0x00, (exponent << 3) | mantissa, ...body];
}

const raw = (text: string, last = false): number[] => [...blockHeader(last, 0, text.length), ...Buffer.from(text)];
const runOf = (byte: number, size: number): number[] => [...blockHeader(false, 1, size), byte];

async function* once(bytes: number[]): AsyncGenerator<Uint8Array> {
  yield Uint8Array.from(bytes);
}

async function sizes(bytes: number[]): Promise<number[]> {
  const made: number[] = [];
  for await (const part of decompressRollout(once(bytes), '/x/r.jsonl.zst')) if (part.length > 0) made.push(part.length);
  return made;
}

describe('decompressRollout against hostile streams', () => {
  it('makes a block at a time: 2,000 run-length blocks in one chunk are handed on 128 KiB at a time', async () => {
    const body = Array.from({ length: 2000 }, () => runOf(0x61, 131_072)).flat();
    const made = await sizes(frame(7, 0, [...body, ...raw('\n', true)]));
    expect(Math.max(...made)).toBe(131_072);
    expect(made.reduce((sum, size) => sum + size, 0)).toBe(2000 * 131_072 + 1);
  });

  it('refuses a frame that asks for a window over 8 MiB, naming the file', async () => {
    // Exponent 20, mantissa 7: 1 GiB + 7 × 128 MiB, under fzstd's own 2 GiB limit.
    await expect(sizes(frame(20, 7, raw('{}\n', true)))).rejects.toThrow(
      /^\/x\/r\.jsonl\.zst is not a zstd-compressed rollout that can be read \(a frame asks for a window of 2013265920 bytes/,
    );
    await expect(sizes(frame(13, 1, raw('{}\n', true)))).rejects.toThrow(/window of 9437184 bytes, more than 8388608/);
    expect(await sizes(frame(13, 0, raw('{}\n', true)))).toEqual([3]);
    expect(MAX_WINDOW_BYTES).toBe(8 * 1024 * 1024);
    await expect(sizes([...MAGIC, 0xff, ...Array.from({ length: 16 }, () => 0xff)])).rejects.toThrow(/\(a frame header with its reserved bit set\)\.$/);
  });

  it('refuses tiny blocks that would each move the whole window', async () => {
    const body = Array.from({ length: 100_000 }, () => raw('a')).flat();
    await expect(sizes(frame(13, 0, [...body, ...raw('\n', true)]))).rejects.toThrow(/its blocks make too little for the window they move/);
  });

  it('reads skippable frames and many small frames, cut anywhere', async () => {
    const skippable = [0x50, 0x2a, 0x4d, 0x18, 3, 0, 0, 0, 1, 2, 3];
    const bytes = [...skippable, ...frame(0, 0, raw('{"a":1}\n', true)), ...skippable, ...frame(0, 0, raw('{"b":2}\n', true))];
    for (const cut of [1, 2, 5, 9, 13]) {
      async function* pieces(): AsyncGenerator<Uint8Array> {
        for (let at = 0; at < bytes.length; at += cut) yield Uint8Array.from(bytes.slice(at, at + cut));
      }
      const parts: Uint8Array[] = [];
      for await (const part of decompressRollout(pieces(), 'r')) parts.push(part);
      expect(Buffer.concat(parts).toString()).toBe('{"a":1}\n{"b":2}\n');
    }
  });
});
