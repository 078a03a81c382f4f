import type { FSWatcher } from 'node:fs';
import { watch } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { realpath, stat } from 'node:fs/promises';
import { DEFAULT_MAX_LINE_BYTES } from '@x/core';
import { openRealFile } from './store-path.js';

/** Options of {@link followFile}. */
export interface FollowOptions {
  /** Stops following: the generator returns after the read in progress. */
  signal?: AbortSignal;
  /** How often to look for growth when no change notice arrives (fs.watch is not reliable everywhere). Default 500 ms. */
  pollIntervalMs?: number;
  /** Where to start reading, in bytes. Default 0: the whole log, then what is appended. */
  start?: number;
  /**
   * The longest unfinished line held while it waits for its newline, in bytes
   * (default 16 MiB, the pipeline's line limit). A longer one is passed on as
   * it comes, so the reader's line splitter cuts and reports it as it does
   * any over-long line; give the same limit as the reader's `maxLineBytes`.
   */
  maxLineBytes?: number;
  /** Told in one sentence when the log was truncated, rewritten or replaced and reading starts again from its beginning. */
  onNotice?: (message: string) => void;
}

/** The explicit state of one follow: the file, where reading is, and the line not yet finished. */
export interface FollowState {
  readonly path: string;
  /**
   * The real path of the file opened (taken from the open file, see
   * store-path.ts `openedRealPath`): a file that replaces it is followed only
   * at the same real path, so a symlink put in the log's place cannot lead
   * the follow out of the folder it was checked in.
   */
  readonly realPath: string;
  readonly maxLineBytes: number;
  file: FileHandle;
  /** The file's identity: another at the path means the log was replaced (rotated). */
  dev: number;
  ino: number;
  position: number;
  /** The last bytes read before `position`: a log rewritten in place past the old end differs here. */
  tail: Buffer;
  /** The unfinished last line, in the pieces it arrived in (never copied again while it grows). */
  partial: Buffer[];
  partialBytes: number;
  /** An unfinished line grew past `maxLineBytes`: its bytes are passed on as they come, up to its newline. */
  passing: boolean;
  /** Resolves the current wait early, on a change notice or on abort. */
  wake: (() => void) | undefined;
}

/** What one poll found: bytes to pass on, a notice, and whether to poll again at once (more may be there). */
export interface FollowStep {
  chunks: Uint8Array[];
  notice?: string;
  more: boolean;
  /** Following stops: the log was replaced by something that may not be read (see {@link FollowState.realPath}). */
  end?: boolean;
}

/** Bytes read per poll: memory per step is bounded whatever the log holds or gains. */
export const FOLLOW_READ_BYTES = 64 * 1024;
const TAIL_BYTES = 64;
const LF = 0x0a;

/**
 * Opens the log for following at `options.start`; a log that is not a
 * regular file, or (given `realRoots`) whose real path lies outside them, is
 * refused (`RangeError`), never waited on or read: checked on the file opened.
 */
export async function openFollow(
  path: string,
  options: Pick<FollowOptions, 'start' | 'maxLineBytes'> = {},
  realRoots?: readonly (string | undefined)[],
): Promise<FollowState> {
  const { file, realPath } = await openRealFile(path, realRoots);
  await refuseCompressed(file, path);
  const { dev, ino } = await file.stat();
  const position = options.start ?? 0;
  const state: FollowState = {
    path,
    realPath,
    maxLineBytes: options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES,
    file,
    dev,
    ino,
    position,
    tail: Buffer.alloc(0),
    partial: [],
    partialBytes: 0,
    passing: false,
    wake: undefined,
  };
  if (position > 0) state.tail = await readAt(file, Math.max(0, position - TAIL_BYTES), Math.min(position, TAIL_BYTES));
  return state;
}

/** The first bytes of a zstd frame. */
const ZSTD_MAGIC = Buffer.from([0x28, 0xb5, 0x2f, 0xfd]);

/** Whether `head` begins a zstd stream: a frame, or a skippable frame (`0x184D2A50` to `0x184D2A5F`, little-endian), which may come first. */
function beginsZstd(head: Buffer): boolean {
  return head.equals(ZSTD_MAGIC) || (head.length === 4 && (head[0] ?? 0) >> 4 === 0x5 && head[1] === 0x2a && head[2] === 0x4d && head[3] === 0x18);
}

/**
 * A compressed log (Codex's `rollout-*.jsonl.zst`) is not followed: its
 * bytes are no lines, and its agent never appends to it (Codex writes a
 * plain copy back first).
 */
async function refuseCompressed(file: FileHandle, path: string): Promise<void> {
  if (!beginsZstd(await readAt(file, 0, ZSTD_MAGIC.length))) return;
  await file.close();
  throw new RangeError(`${path} is compressed (zstd): it is not written to any more, so there is nothing to follow; show it without --follow.`);
}

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** Why reading must start again from the top, if it must: the file shrank, its bytes before the offset changed, or another file took its name. */
async function changeOf(state: FollowState, size: number): Promise<'truncated' | 'rewritten' | 'replaced' | undefined> {
  if (size < state.position) return 'truncated';
  if (state.tail.length > 0 && !(await readAt(state.file, state.position - state.tail.length, state.tail.length)).equals(state.tail)) return 'rewritten';
  // A replaced log is left only once its old file is read to its end: lines written just before the rotation count.
  if (size > state.position) return undefined;
  const now = await stat(state.path).catch(() => undefined);
  return now !== undefined && (now.dev !== state.dev || now.ino !== state.ino) ? 'replaced' : undefined;
}

/**
 * The file that replaced the log, opened, or why it is not followed: only a
 * regular file at the log's real path is (a FIFO would hold the read forever,
 * a symlink to elsewhere would read a file outside the checked folder).
 */
async function openReplacement(state: FollowState): Promise<FileHandle | string> {
  const stopped = `${state.path} was replaced by something that is not a regular file at the same real path; following stops.`;
  // Looked at before the open too, so a symlink elsewhere is not even opened (a device may act on an open).
  if ((await realpath(state.path).catch(() => undefined)) !== state.realPath) return stopped;
  const opened = await openRealFile(state.path).catch(() => undefined);
  // What counts is the file the open got: the path may have been swapped again since the look.
  if (opened?.realPath === state.realPath) return opened.file;
  await opened?.file.close();
  return stopped;
}

/** Starts again from the top of the log (reopened when replaced); an over-long line being passed on is ended, a held one dropped. */
async function restart(state: FollowState, why: 'truncated' | 'rewritten' | 'replaced'): Promise<FollowStep> {
  if (why === 'replaced') {
    const file = await openReplacement(state);
    if (typeof file === 'string') return { chunks: [], notice: file, more: false, end: true };
    await state.file.close();
    state.file = file;
    ({ dev: state.dev, ino: state.ino } = await file.stat());
  }
  const dropped = state.partialBytes;
  const chunks = state.passing ? [Buffer.from('\n')] : [];
  Object.assign(state, { position: 0, tail: Buffer.alloc(0), partial: [], partialBytes: 0, passing: false });
  const lost = dropped > 0 ? `; an unfinished line of ${dropped} bytes was dropped` : '';
  return { chunks, notice: `${state.path} was ${why === 'replaced' ? 'replaced (rotated)' : why}; reading it again from the start${lost}.`, more: true };
}

/** The bytes of `chunk` to pass on now: whole lines (after the held start of the first), or an over-long line's bytes as they come. */
function takeLines(state: FollowState, chunk: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let rest = chunk;
  if (state.passing) {
    const lf = rest.indexOf(LF);
    out.push(lf < 0 ? rest : rest.subarray(0, lf + 1));
    if (lf < 0) return out;
    state.passing = false;
    rest = rest.subarray(lf + 1);
  }
  const end = rest.lastIndexOf(LF) + 1;
  if (end > 0) {
    // The held start is joined to its line once, when the line completes: a whole line per chunk.
    out.push(state.partialBytes > 0 ? Buffer.concat([...state.partial, rest.subarray(0, end)]) : rest.subarray(0, end));
    state.partial = [];
    state.partialBytes = 0;
  }
  const held = rest.subarray(end);
  if (held.length === 0) return out;
  state.partial.push(held);
  state.partialBytes += held.length;
  if (state.partialBytes > state.maxLineBytes) {
    out.push(...state.partial);
    state.partial = [];
    state.partialBytes = 0;
    state.passing = true;
  }
  return out;
}

/**
 * One look at the log: starts over (with a notice) when it was truncated,
 * rewritten or replaced, else reads at most {@link FOLLOW_READ_BYTES} past
 * the offset. Never waits; the follower calls it until it finds nothing.
 */
export async function pollFollow(state: FollowState): Promise<FollowStep> {
  const { size } = await state.file.stat();
  const change = await changeOf(state, size);
  if (change !== undefined) return restart(state, change);
  if (size <= state.position) return { chunks: [], more: false };
  const chunk = await readAt(state.file, state.position, Math.min(FOLLOW_READ_BYTES, size - state.position));
  if (chunk.length === 0) return { chunks: [], more: false };
  state.position += chunk.length;
  state.tail = chunk.length >= TAIL_BYTES ? Buffer.from(chunk.subarray(chunk.length - TAIL_BYTES)) : Buffer.concat([state.tail, chunk]).subarray(-TAIL_BYTES);
  return { chunks: takeLines(state, chunk), more: true };
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
 * whole lines (a half-written last line is held until its newline lands, up
 * to `maxLineBytes`), read {@link FOLLOW_READ_BYTES} at a time so memory
 * stays bounded. A log truncated, rewritten in place or replaced (rotated)
 * is read again from its beginning, told through `onNotice`; a replacement
 * that is not a regular file at the log's real path (a FIFO, a symlink to
 * elsewhere) ends the follow with a notice instead. Wakes on
 * `fs.watch` notices and polls as a fallback. Stops cleanly when `signal`
 * aborts, yielding any unfinished last line first.
 *
 * @example
 * ```ts
 * const controller = new AbortController();
 * process.once('SIGINT', () => controller.abort());
 * for await (const chunk of followFile(path, { signal: controller.signal })) process.stdout.write(chunk);
 * ```
 */
export function followFile(path: string, options: FollowOptions = {}): AsyncGenerator<Uint8Array> {
  return followConfined(path, options, undefined);
}

/** {@link followFile}, held (given `realRoots`) to a log whose real path lies inside them: `followSession` in store-check.ts. */
export async function* followConfined(
  path: string,
  options: FollowOptions,
  realRoots: readonly (string | undefined)[] | undefined,
): AsyncGenerator<Uint8Array> {
  const { signal } = options;
  const pollMs = options.pollIntervalMs ?? 500;
  const state = await openFollow(path, options, realRoots);
  let watcher = watchQuietly(path, state);
  let watched = state.ino;
  try {
    while (signal?.aborted !== true) {
      const step = await pollFollow(state);
      if (step.notice !== undefined) options.onNotice?.(step.notice);
      if (state.ino !== watched) {
        // A notice watch follows the file it was set on: after a rotation, watch the new one.
        watcher?.close();
        watcher = watchQuietly(path, state);
        watched = state.ino;
      }
      for (const chunk of step.chunks) yield new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length);
      if (step.end === true) break;
      if (!step.more) await waitForChange(state, pollMs, signal);
    }
    for (const part of state.partial) yield new Uint8Array(part.buffer, part.byteOffset, part.length);
  } finally {
    watcher?.close();
    await state.file.close();
  }
}
