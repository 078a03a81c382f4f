import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { resolveInputs, untilAborted } from './input.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

async function* chunks(count: number, refs: WeakRef<Uint8Array>[]): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < count; i++) {
    const chunk = new Uint8Array(1024);
    refs.push(new WeakRef(chunk));
    yield chunk;
  }
}

describe('untilAborted', () => {
  it('passes the stream through until the signal aborts, then ends it', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    for await (const chunk of untilAborted(chunks(10, []), controller.signal)) {
      seen.push(chunk.length);
      if (seen.length === 3) controller.abort('SIGINT');
    }
    expect(seen).toEqual([1024, 1024, 1024]);
  });

  it('keeps no chunk alive once it is read, however long the signal lives', async () => {
    const controller = new AbortController();
    const refs: WeakRef<Uint8Array>[] = [];
    let read = 0;
    for await (const chunk of untilAborted(chunks(200, refs), controller.signal)) read += chunk.length;
    expect(read).toBe(200 * 1024);
    // WeakRefs hold their target until the current job ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    expect(refs.filter((ref) => ref.deref() !== undefined).length).toBeLessThan(5);
    expect(controller.signal.aborted).toBe(false);
  });
});

describe('an input file', () => {
  const noStdin = (async function* () {})();
  // Descriptors open on this one file: other test files share the process and open their own.
  const openOn = (file: string) =>
    readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`) === file;
      } catch {
        return false;
      }
    }).length;

  it.skipIf(process.platform !== 'linux')('is read whole, in 64 KiB chunks, and closed at its end or when reading stops', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'x-input-')), 'run.jsonl');
    const bytes = randomBytes(200_000);
    writeFileSync(file, bytes);
    const [input] = await resolveInputs([file], noStdin);
    expect(input?.size).toBe(200_000);
    const chunks: Uint8Array[] = [];
    for await (const chunk of input?.open() ?? []) chunks.push(chunk);
    expect(chunks.map((chunk) => chunk.length)).toEqual([65_536, 65_536, 65_536, 3_392]);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    // Closed once the reads that ran past the end are done too.
    await vi.waitFor(() => expect(openOn(file)).toBe(0));
    // Stopped after one chunk, with the next read already running: the file is closed once that read is done.
    for await (const _ of input?.open() ?? []) break;
    await vi.waitFor(() => expect(openOn(file)).toBe(0));
  });

  it.skipIf(process.platform !== 'linux')('is read whole from a named pipe, one read at a time (no position to read at)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'x-input-'));
    const source = join(dir, 'run.jsonl');
    const fifo = join(dir, 'fifo');
    const bytes = randomBytes(300_000);
    writeFileSync(source, bytes);
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const [input] = await resolveInputs([fifo], noStdin);
    expect(input?.size).toBeUndefined();
    const writer = spawn('sh', ['-c', `cat "$0" > "$1"`, source, fifo]);
    const written = new Promise((resolve) => writer.on('close', resolve));
    const chunks: Uint8Array[] = [];
    for await (const chunk of input?.open() ?? []) chunks.push(chunk);
    expect(await written).toBe(0);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });
});
