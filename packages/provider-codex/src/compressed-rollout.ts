import { DEFAULT_MAX_LINE_BYTES } from '@x/core';
import { Decompress } from 'fzstd';

/*
 * Codex 0.137 and later can rewrite a rollout idle for seven days as
 * `rollout-*.jsonl.zst` (zstd, level 3) and remove the plain file: its
 * `local_thread_store_compression` feature, off unless a user turns it on.
 * Codex itself reads both forms and prefers the plain file when both are
 * there (it writes a plain copy back before appending to a compressed one).
 * fzstd decompresses in JavaScript, with no native code, chunk by chunk:
 * memory stays within a window of at most 32 MiB (fzstd refuses a larger
 * one), whatever the size the stream decompresses to.
 * fixtures/codex-log/compressed/ holds one compressed by Codex 0.171.0.
 */

/** The name ending of a compressed rollout. */
export const COMPRESSED_ROLLOUT = '.jsonl.zst';

/** A rollout's file name: plain or compressed. */
export function isRolloutName(name: string): boolean {
  return name.startsWith('rollout-') && (name.endsWith('.jsonl') || name.endsWith(COMPRESSED_ROLLOUT));
}

/** What a decompression has made and not yet handed on. */
interface Inflow {
  ready: Uint8Array[];
}

function decompressionError(error: unknown, path: string): RangeError {
  const reason = error instanceof Error ? error.message : String(error);
  return new RangeError(`${path} is not a zstd-compressed rollout that can be read (${reason}).`);
}

/**
 * The decompressed bytes of a compressed rollout, as they are made. Throws a
 * `RangeError` naming `path` when the bytes are no zstd stream it can read.
 */
export async function* decompressRollout(compressed: AsyncIterable<Uint8Array>, path: string): AsyncGenerator<Uint8Array> {
  const inflow: Inflow = { ready: [] };
  const stream = new Decompress((data) => {
    // A copy: the reader may keep part of a chunk (an unfinished line) while the next is made.
    inflow.ready.push(data.slice());
  });
  for await (const chunk of compressed) {
    try {
      stream.push(chunk);
    } catch (error) {
      throw decompressionError(error, path);
    }
    yield* inflow.ready.splice(0);
  }
  try {
    stream.push(new Uint8Array(0), true);
  } catch (error) {
    throw decompressionError(error, path);
  }
  yield* inflow.ready.splice(0);
}

/** How much of a compressed rollout a listing decompresses at most past its last whole line: a plain one's head limit. */
const HEAD_LIMIT_BYTES = 1024 * 1024;

/** A line scan of decompressed bytes in progress. */
interface LineScan {
  pending: string;
  /** Bytes decompressed so far. */
  read: number;
}

/**
 * Hands each non-blank line of `bytes` to `visit` (with the bytes read so
 * far) until it returns `false`, the bytes end (`complete`), or past 1 MiB,
 * once no line is unfinished or the line limit is passed. Stopping ends the
 * decompression and closes the file.
 */
export async function scanLines(bytes: AsyncIterable<Uint8Array>, visit: (line: string, read: number) => boolean): Promise<{ complete: boolean }> {
  const decoder = new TextDecoder();
  const scan: LineScan = { pending: '', read: 0 };
  for await (const chunk of bytes) {
    scan.read += chunk.length;
    const text = decoder.decode(chunk, { stream: true });
    scan.pending += text;
    // Only a chunk with a line end ends a line: a long line costs one pass, not one per chunk.
    for (let newline = text.includes('\n') ? scan.pending.indexOf('\n') : -1; newline !== -1; newline = scan.pending.indexOf('\n')) {
      const line = scan.pending.slice(0, newline);
      scan.pending = scan.pending.slice(newline + 1);
      if (line.trim() !== '' && !visit(line, scan.read)) return { complete: false };
    }
    if (scan.read >= HEAD_LIMIT_BYTES && (scan.pending === '' || scan.read >= HEAD_LIMIT_BYTES + DEFAULT_MAX_LINE_BYTES)) return { complete: false };
  }
  const last = scan.pending + decoder.decode();
  if (last.trim() !== '') visit(last, scan.read);
  return { complete: true };
}
