import { DEFAULT_MAX_LINE_BYTES } from './line-splitter.js';
import type { StoreFileSystem } from './store-file-system.js';

/** How much of a log's head a listing reads at most: enough for a long first line (Codex's instructions). */
export const STORE_HEAD_LIMIT_BYTES = 1024 * 1024;
/** How much of a log's tail a listing reads for its last totals. */
export const STORE_TAIL_LIMIT_BYTES = 64 * 1024;
const CHUNK_BYTES = 64 * 1024;

/** What {@link scanHead} saw. */
export interface HeadScan {
  /** Whether the whole file was read, so counts taken over its lines are exact. */
  complete: boolean;
}

/** The position and text of a head scan in progress, held in one object rather than in closure variables. */
interface ScanState {
  position: number;
  pending: string;
}

/**
 * Reads a file's lines from the start, in chunks, and hands each non-blank
 * line to `visit` until it returns `false`, the file ends, or `limit` bytes
 * were read. Only the chunks needed are read, never the whole of a large
 * file, so a listing stays cheap however long a log grows. A line that the
 * limit cuts is read to its end, up to the line limit (16 MiB): a first
 * prompt holding a pasted image can be longer than the head, and it names the
 * session's title and project. `visit` is told the bytes read so far too.
 */
export async function scanHead(
  fs: StoreFileSystem,
  path: string,
  visit: (line: string, read: number) => boolean,
  limit = STORE_HEAD_LIMIT_BYTES,
): Promise<HeadScan> {
  const file = await fs.open(path);
  try {
    // The line past the head is read for one log at a time in the process (oneLargeReadAtATime).
    return await scanChunks((position) => file.read(position, CHUNK_BYTES), visit, limit, oneLargeReadAtATime);
  } finally {
    await file.close();
  }
}

/**
 * {@link scanHead} over bytes that come as a stream (a compressed log as it
 * is decompressed): the same lines, limit and line limit, `read` the bytes
 * the stream gave so far. Stopping ends the stream (its `return`, which
 * closes a file read through it). It does not take the one-at-a-time turn of
 * {@link oneLargeReadAtATime} for the line past the head: a caller whose
 * stream holds more (a decompression window) takes it for the whole read.
 */
export async function scanStreamHead(
  bytes: AsyncIterable<Uint8Array>,
  visit: (line: string, read: number) => boolean,
  limit = STORE_HEAD_LIMIT_BYTES,
): Promise<HeadScan> {
  const iterator = bytes[Symbol.asyncIterator]();
  try {
    return await scanChunks(
      async () => {
        const next = await iterator.next();
        return next.done === true ? new Uint8Array(0) : next.value;
      },
      visit,
      limit,
      (work) => work(),
    );
  } finally {
    await iterator.return?.();
  }
}

/** Hands at most `most` complete lines of `state.pending` to `visit`: how many, or `stop` when it asked to stop. */
function visitLines(state: ScanState, visit: (line: string, read: number) => boolean, most: number): number | 'stop' {
  let handed = 0;
  for (let newline = state.pending.indexOf('\n'); newline !== -1 && handed < most; newline = state.pending.indexOf('\n')) {
    const line = state.pending.slice(0, newline);
    state.pending = state.pending.slice(newline + 1);
    handed += 1;
    if (line.trim() !== '' && !visit(line, state.position)) return 'stop';
  }
  return handed;
}

/** What one read of a head scan came to: the file ended, the scan is to stop, or it reads on. */
type ScanStep = 'end' | 'stop' | 'more';

/** Reads the next chunk and hands over the lines it ends, at most `most` of them (after which the scan stops). */
async function readStep(
  next: ChunkSource,
  state: ScanState,
  decoder: TextDecoder,
  visit: (line: string, read: number) => boolean,
  most: number,
): Promise<ScanStep> {
  const chunk = await next(state.position);
  if (chunk.length === 0) {
    const last = state.pending + decoder.decode();
    if (last.trim() !== '') visit(last, state.position);
    return 'end';
  }
  state.position += chunk.length;
  const text = decoder.decode(chunk, { stream: true });
  state.pending += text;
  // Every earlier line has been handed over: only a chunk with a line end can end one (a long line costs one pass, not one per chunk).
  if (!text.includes('\n')) return 'more';
  const handed = visitLines(state, visit, most);
  return handed === 'stop' || (most === 1 && handed > 0) ? 'stop' : 'more';
}

/**
 * Reads past a head one log at a time: a listing reads 32 logs at once
 * ({@link readEach}), which could otherwise each hold a line of up to 16 MiB.
 */
const PAST_HEAD: { last: Promise<void> } = { last: Promise.resolve() };

/**
 * Runs `work` once no other large read of the process is running, in the
 * order asked: a listing reads 32 logs at once ({@link readEach}), and the
 * part of a read that can hold up to the line limit (the line a head cuts,
 * read on by {@link scanHead}; a compressed log's decompression, with its
 * window) is done for one log at a time.
 */
export async function oneLargeReadAtATime<T>(work: () => Promise<T>): Promise<T> {
  const before = PAST_HEAD.last;
  let done = () => {};
  PAST_HEAD.last = new Promise<void>((resolve) => {
    done = resolve;
  });
  await before;
  try {
    return await work();
  } finally {
    done();
  }
}

/** The next chunk of what is scanned, read from `position` (the bytes read so far); empty at the end. */
type ChunkSource = (position: number) => Promise<Uint8Array>;

/** The scan of {@link scanHead} and {@link scanStreamHead}; `pastHead` runs the reading of the line the limit cut. */
async function scanChunks(
  next: ChunkSource,
  visit: (line: string, read: number) => boolean,
  limit: number,
  pastHead: (work: () => Promise<HeadScan>) => Promise<HeadScan>,
): Promise<HeadScan> {
  const decoder = new TextDecoder('utf-8');
  const state: ScanState = { position: 0, pending: '' };
  while (state.position < limit) {
    const step = await readStep(next, state, decoder, visit, Number.POSITIVE_INFINITY);
    if (step !== 'more') return { complete: step === 'end' };
  }
  if (state.pending === '') return { complete: false };
  // The line the limit cut is read on, to its end or to the line limit, and no line after it.
  return pastHead(async () => {
    while (state.position < limit + DEFAULT_MAX_LINE_BYTES) {
      const step = await readStep(next, state, decoder, visit, 1);
      if (step !== 'more') return { complete: step === 'end' };
    }
    return { complete: false };
  });
}

/**
 * The complete lines in the last `limit` bytes of a file of `size` bytes,
 * oldest first. The first line, probably cut, is dropped unless the read
 * reached the file's start.
 */
export async function readTailLines(fs: StoreFileSystem, path: string, size: number, limit = STORE_TAIL_LIMIT_BYTES): Promise<string[]> {
  const start = Math.max(0, size - limit);
  const file = await fs.open(path);
  try {
    const bytes = await file.read(start, size - start);
    const lines = new TextDecoder('utf-8').decode(bytes).split('\n');
    if (start > 0) lines.shift();
    return lines.filter((line) => line.trim() !== '');
  } finally {
    await file.close();
  }
}

/**
 * A whole file as text when it holds at most `limit` bytes, else `undefined`:
 * for a log written as one JSON document, which a listing can only read
 * whole, with the bound the caller names.
 */
export async function readWholeText(fs: StoreFileSystem, path: string, limit: number): Promise<string | undefined> {
  const stat = await fs.stat(path);
  if (stat === undefined || stat.size > limit) return undefined;
  const file = await fs.open(path);
  try {
    return new TextDecoder('utf-8').decode(await file.read(0, stat.size));
  } finally {
    await file.close();
  }
}

/** How many logs a store reads at once: enough to overlap I/O without running out of file handles. */
const PARALLEL_READS = 32;

/** The next item to hand out, shared by the workers of one {@link readEach} call. */
interface Cursor {
  next: number;
}

/**
 * Runs `task` over every item with at most 32 at once and keeps the results
 * in order. An item whose task rejects or returns `undefined` is left out: a
 * log removed or unreadable between listing and reading is not fatal.
 */
export async function readEach<T, R>(items: readonly T[], task: (item: T) => Promise<R | undefined>): Promise<R[]> {
  const results: (R | undefined)[] = new Array(items.length);
  const cursor: Cursor = { next: 0 };
  const worker = async () => {
    while (cursor.next < items.length) {
      const index = cursor.next++;
      results[index] = await task(items[index] as T).catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, items.length) }, worker));
  return results.filter((result): result is R => result !== undefined);
}

/** An epoch-milliseconds number or a date string as ISO 8601, or `undefined` when it is no date. */
export function toIsoDate(value: unknown): string | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
