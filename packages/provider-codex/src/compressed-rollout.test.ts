// A rollout compressed by Codex 0.171.0's own worker (fixtures/codex-log/README.md):
// it decompresses to the recorded rollout byte for byte, is listed as that
// session (the plain file preferred when both are there, as Codex reads them),
// opens as its decompressed bytes, and bytes that are no zstd stream are
// refused in one error naming the file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../tooling/fixtures.js';
import { scanStreamHead } from '@x/core/provider-utils';
import { decompressRollout } from './compressed-rollout.js';

const NAME = 'rollout-2026-11-28T06-57-07-01a220f1-807a-7973-9716-e5e82f00a703.jsonl';
const COMPRESSED = readFileSync(join(FIXTURES_DIR, 'codex-log', 'compressed', `${NAME}.zst`));
const PLAIN = readFileSync(join(FIXTURES_DIR, 'codex-log', 'recorded', '0.171.0', 'read-edit-run', '.codex', 'sessions', '2026', '11', '28', NAME));

/** `bytes` in chunks of `size`, as a file is streamed. */
async function* chunks(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function all(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of stream) parts.push(part);
  return Buffer.concat(parts);
}

describe('decompressRollout', () => {
  it.each([1, 7, 4096, 65_536])('gives the recorded rollout byte for byte, read in chunks of %i bytes', async (size) => {
    expect((await all(decompressRollout(chunks(COMPRESSED, size), NAME))).equals(PLAIN)).toBe(true);
  });

  it('refuses bytes that are no zstd stream, and a stream cut short, naming the file', async () => {
    await expect(all(decompressRollout(chunks(PLAIN, 65_536), '/x/a.jsonl.zst'))).rejects.toThrow(
      /^\/x\/a\.jsonl\.zst is not a zstd-compressed rollout that can be read/,
    );
    await expect(all(decompressRollout(chunks(COMPRESSED.subarray(0, COMPRESSED.length - 100), 4096), '/x/b.jsonl.zst'))).rejects.toThrow(RangeError);
  });
});

describe('scanStreamHead over a decompressing rollout', () => {
  it('hands over every line and says the read was complete', async () => {
    const lines: string[] = [];
    expect(await scanStreamHead(decompressRollout(chunks(COMPRESSED, 4096), NAME), (line) => lines.push(line) > 0)).toEqual({ complete: true });
    expect(lines).toEqual(PLAIN.toString('utf8').trimEnd().split('\n'));
  });

  it('stops where the visitor asks, and past 1 MiB of lines', async () => {
    expect(await scanStreamHead(decompressRollout(chunks(COMPRESSED, 4096), NAME), () => false)).toEqual({ complete: false });
    const many = new TextEncoder().encode('{"a":1}\n'.repeat(300_000));
    const seen = { lines: 0 };
    expect(await scanStreamHead(chunks(many, 65_536), () => ++seen.lines > 0)).toEqual({ complete: false });
    expect(seen.lines).toBe((1024 * 1024) / 8);
  });
});
