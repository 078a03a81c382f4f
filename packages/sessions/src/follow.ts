import type { FSWatcher } from 'node:fs';
import { watch } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';

/** Options of {@link followFile}. */
export interface FollowOptions {
  /** Stops following: the generator returns after the read in progress. */
  signal?: AbortSignal;
  /** How often to look for growth when no change notice arrives (fs.watch is not reliable everywhere). Default 500 ms. */
  pollIntervalMs?: number;
  /** Where to start reading, in bytes. Default 0: the whole log, then what is appended. */
  start?: number;
}

/** The explicit state of one follow: where reading is, and the line not yet finished. */
interface FollowState {
  position: number;
  partial: Buffer;
  /** Resolves the current wait early, on a change notice or on abort. */
  wake: (() => void) | undefined;
}

const READ_BYTES = 64 * 1024;

/** Reads what the file holds past `state.position`; starts over when the file was truncated or replaced by a shorter one. */
async function readAvailable(file: FileHandle, state: FollowState): Promise<Buffer> {
  const { size } = await file.stat();
  if (size < state.position) {
    state.position = 0;
    state.partial = Buffer.alloc(0);
  }
  const chunks: Buffer[] = [];
  while (state.position < size) {
    const buffer = Buffer.allocUnsafe(Math.min(READ_BYTES, size - state.position));
    const { bytesRead } = await file.read(buffer, 0, buffer.length, state.position);
    if (bytesRead === 0) break;
    state.position += bytesRead;
    chunks.push(buffer.subarray(0, bytesRead));
  }
  return Buffer.concat(chunks);
}

/** Splits off the complete lines; the unfinished rest waits in the state for its newline. */
function takeLines(state: FollowState, chunk: Buffer): Buffer | undefined {
  const data = state.partial.length > 0 ? Buffer.concat([state.partial, chunk]) : chunk;
  const end = data.lastIndexOf(0x0a) + 1;
  state.partial = data.subarray(end);
  return end > 0 ? data.subarray(0, end) : undefined;
}

function waitForChange(state: FollowState, ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      state.wake = undefined;
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    state.wake = done;
  });
}

function watchQuietly(path: string, state: FollowState): FSWatcher | undefined {
  try {
    const watcher = watch(path, { persistent: false }, () => state.wake?.());
    watcher.on('error', () => watcher.close());
    return watcher;
  } catch {
    // Some file systems have no change notices; polling covers them.
    return undefined;
  }
}

/**
 * Yields a log's bytes as it grows: what is there now, then each append, in
 * whole lines (a half-written last line is held until its newline lands).
 * Wakes on `fs.watch` notices and polls as a fallback. Stops cleanly when
 * `signal` aborts, yielding any unfinished last line first.
 *
 * @example
 * ```ts
 * const controller = new AbortController();
 * process.once('SIGINT', () => controller.abort());
 * for await (const chunk of followFile(path, { signal: controller.signal })) process.stdout.write(chunk);
 * ```
 */
export async function* followFile(path: string, options: FollowOptions = {}): AsyncGenerator<Uint8Array> {
  const { signal } = options;
  const pollMs = options.pollIntervalMs ?? 500;
  const state: FollowState = { position: options.start ?? 0, partial: Buffer.alloc(0), wake: undefined };
  const file = await open(path, 'r');
  const watcher = watchQuietly(path, state);
  try {
    while (signal?.aborted !== true) {
      const lines = takeLines(state, await readAvailable(file, state));
      if (lines !== undefined) {
        yield new Uint8Array(lines);
        continue;
      }
      await waitForChange(state, pollMs, signal);
    }
    if (state.partial.length > 0) yield new Uint8Array(state.partial);
  } finally {
    watcher?.close();
    await file.close();
  }
}
