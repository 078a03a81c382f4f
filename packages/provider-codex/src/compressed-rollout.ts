import { Decompress } from 'fzstd';
import { type BlockWalk, blockEnds, MAX_WINDOW_BYTES, newBlockWalk } from './zstd-blocks.js';

/*
 * Codex 0.137 and later can rewrite a rollout idle for seven days as
 * `rollout-*.jsonl.zst` (zstd, level 3) and remove the plain file: its
 * `local_thread_store_compression` feature, off unless a user turns it on.
 * Codex itself reads both forms and prefers the plain file when both are
 * there (it writes a plain copy back before appending to a compressed one).
 * fzstd decompresses in JavaScript, with no native code, block by block
 * (zstd-blocks.ts walks the headers ahead of it): memory stays within a
 * window of at most 8 MiB and one block, whatever the size the stream
 * decompresses to.
 * fixtures/codex-log/compressed/ holds one compressed by Codex 0.171.0.
 */

/** The name ending of a compressed rollout. */
export const COMPRESSED_ROLLOUT = '.jsonl.zst';

/** A rollout's file name: plain or compressed. */
export function isRolloutName(name: string): boolean {
  return name.startsWith('rollout-') && (name.endsWith('.jsonl') || name.endsWith(COMPRESSED_ROLLOUT));
}

/** What a decompression has made and not yet handed on, and how far its headers have been walked. */
interface Inflow {
  ready: Uint8Array[];
  /** Bytes made so far. */
  made: number;
  walk: BlockWalk;
}

/**
 * The window moves a stream may cost: those of 16 blocks in the largest
 * window, then 128 bytes per byte made (a 2 MiB window's full 128 KiB blocks
 * cost 16). Blocks that make less than that are no rollout Codex wrote.
 */
function overBudget(inflow: Inflow): boolean {
  return inflow.walk.work > 16 * MAX_WINDOW_BYTES + 128 * inflow.made;
}

/** A compressed rollout that cannot be read: the message names the file, `unread` says why without it. */
export class UnreadableRollout extends RangeError {
  /** Why, without the file's name: "it is not a zstd-compressed rollout that can be read (…)." */
  readonly unread: string;
  constructor(path: string, reason: string) {
    super(`${path} is not a zstd-compressed rollout that can be read (${reason}).`);
    this.unread = `it is not a zstd-compressed rollout that can be read (${reason}).`;
  }
}

function decompressionError(error: unknown, path: string): UnreadableRollout {
  return new UnreadableRollout(path, error instanceof Error ? error.message : String(error));
}

/** Pushes `chunk` a block at a time, so that no push makes more than one block; throws past the moves budget. */
function* pushByBlock(stream: Decompress, inflow: Inflow, chunk: Uint8Array): Generator<Uint8Array> {
  let from = 0;
  for (const end of blockEnds(inflow.walk, chunk)) {
    stream.push(chunk.subarray(from, end));
    from = end;
    if (overBudget(inflow)) throw new RangeError('its blocks make too little for the window they move');
    yield* inflow.ready.splice(0);
  }
}

/**
 * The decompressed bytes of a compressed rollout, as they are made, one
 * block (at most 128 KiB) at a time. Throws a `RangeError` naming `path`
 * when the bytes are no zstd stream it can read, or ask for too much
 * (zstd-blocks.ts).
 */
export async function* decompressRollout(compressed: AsyncIterable<Uint8Array>, path: string): AsyncGenerator<Uint8Array> {
  const inflow: Inflow = { ready: [], made: 0, walk: newBlockWalk() };
  const stream = new Decompress((data) => {
    inflow.made += data.length;
    // A copy: the reader may keep part of a chunk (an unfinished line) while the next is made.
    inflow.ready.push(data.slice());
  });
  for await (const chunk of compressed) {
    try {
      // Each block is handed on before the next is made; the generator is entered again only when it is wanted.
      for (const block of pushByBlock(stream, inflow, chunk)) yield block;
    } catch (error) {
      throw decompressionError(error, path);
    }
  }
  try {
    stream.push(new Uint8Array(0), true);
  } catch (error) {
    throw decompressionError(error, path);
  }
  yield* inflow.ready.splice(0);
}
