import { closeSync, existsSync, mkdirSync, openSync, renameSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContent } from './content.js';
import type { StreamGenerator } from './generators/index.js';
import { createRandom } from './random.js';

/** Bumped whenever a generator's output changes, so that cached streams are made again. */
const GENERATOR_VERSION = 2;
const BATCH_CHARS = 1 << 20;

/** Where generated streams are kept between runs (they are deterministic, so a cached one is the same bytes). */
export const STREAM_DIR = join(tmpdir(), 'x-bench-streams');

/** The seed of a stream: fixed per generator, so every run and machine sees the same bytes. */
function seedOf(generator: StreamGenerator): number {
  let hash = 2166136261;
  for (const ch of generator.id) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619);
  return hash >>> 0;
}

/**
 * Writes a stream of at least `bytes` bytes (it stops after the round that
 * passes the size, then writes the closing lines) to a file and returns its
 * path. Lines go out in batches of about 1 MiB, so memory stays flat however
 * large the file. A stream already generated with the same size is reused.
 */
export function generateStream(generator: StreamGenerator, bytes: number): { path: string; bytes: number; cached: boolean } {
  mkdirSync(STREAM_DIR, { recursive: true });
  const path = join(STREAM_DIR, `${generator.id}-${bytes}-v${GENERATOR_VERSION}.${generator.id === 'openai-compatible' ? 'sse' : 'jsonl'}`);
  if (existsSync(path)) return { path, bytes: statSync(path).size, cached: true };
  return { path, bytes: writeStream(generator, bytes, path, seedOf(generator)), cached: false };
}

/**
 * Writes a stream of at least `bytes` bytes from content seeded with `seed`
 * to `path` (through a temporary file renamed at the end); returns the bytes
 * written.
 */
export function writeStream(generator: StreamGenerator, bytes: number, path: string, seed: number): number {
  const partial = `${path}.${process.pid}.tmp`;
  const fd = openSync(partial, 'w');
  let open = true;
  try {
    const content = createContent(createRandom(seed));
    const wire = generator.create(content);
    let written = 0;
    let batch: string[] = [];
    let batchChars = 0;
    const flush = () => {
      if (batch.length === 0) return;
      written += writeSync(fd, batch.join(''));
      batch = [];
      batchChars = 0;
    };
    const add = (lines: string[]) => {
      for (const line of lines) {
        batch.push(line, '\n');
        batchChars += line.length + 1;
      }
      if (batchChars >= BATCH_CHARS) flush();
    };
    add(wire.start());
    for (let n = 0; written + batchChars < bytes; n++) add(wire.round(n));
    add(wire.end());
    flush();
    closeSync(fd);
    open = false;
    renameSync(partial, path);
    return written;
  } finally {
    if (open) closeSync(fd);
  }
}
