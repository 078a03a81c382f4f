/*
 * fzstd decodes every block a pushed chunk completes before it returns, and
 * keeps a buffer of the window its frame header asks for (up to 2 GiB),
 * moving all of it once per block. So a few KiB of hostile bytes could make
 * gigabytes in one push (a run-length block of 4 bytes makes 128 KiB), ask
 * for a 1.9 GiB window, or cost a window's move for every 3-byte block.
 * This reader walks the frame and block headers ahead of fzstd: it refuses a
 * window over {@link MAX_WINDOW_BYTES} and blocks that make too little for the
 * moves they cost, and cuts the compressed bytes at block ends, so that each
 * push makes at most one block (128 KiB).
 */

/** The largest window a compressed rollout may ask for: zstd's levels up to 19 use at most 8 MiB, and Codex writes level 3 (2 MiB). */
export const MAX_WINDOW_BYTES = 8 * 1024 * 1024;

/** Where the walk stands: in a header being gathered, or skipping the rest of a block, checksum or skippable frame. */
export interface BlockWalk {
  /** The header bytes gathered so far (a frame's, a skippable frame's or a block's). */
  header: number[];
  /** What the gathered bytes are: a frame's start, or a block's header. */
  expect: 'frame' | 'block';
  /** Bytes still to pass before the next header. */
  skip: number;
  /** Whether the current frame ends with a 4-byte checksum. */
  checksum: boolean;
  /** The current frame's window. */
  window: number;
  /** Bytes fzstd moves in its window, summed over every block and frame so far. */
  work: number;
}

export function newBlockWalk(): BlockWalk {
  return { header: [], expect: 'frame', skip: 0, checksum: false, window: 0, work: 0 };
}

/** How many bytes a frame's dictionary id takes, by its descriptor's two low bits. */
const DICTIONARY_ID_BYTES = [0, 1, 2, 4] as const;

/** A frame's or block's fixed cost in the moves budget. */
const STEP_WORK = 1024;

function littleEndian(bytes: number[], from: number, length: number): number {
  let value = 0;
  for (let at = length - 1; at >= 0; at--) value = value * 256 + (bytes[from + at] ?? 0);
  return value;
}

/** How many bytes a frame header beginning with `bytes` has, once its descriptor byte is there. */
function frameHeaderLength(bytes: number[]): number {
  if (bytes[0] !== 0x28 || bytes[1] !== 0xb5 || bytes[2] !== 0x2f || bytes[3] !== 0xfd) return 8; // a skippable frame's
  const descriptor = bytes[4] ?? 0;
  const singleSegment = (descriptor >> 5) & 1;
  const sizeField = descriptor >> 6;
  return 5 + (1 - singleSegment) + DICTIONARY_ID_BYTES[(descriptor & 3) as 0 | 1 | 2 | 3] + (sizeField === 0 ? singleSegment : 1 << sizeField);
}

/** Takes a whole frame header (zstd's or a skippable frame's): sets the window, or the bytes to skip. Returns an error's reason. */
function takeFrameHeader(walk: BlockWalk, bytes: number[]): string | undefined {
  if (bytes[0] !== 0x28 || bytes[1] !== 0xb5 || bytes[2] !== 0x2f || bytes[3] !== 0xfd) {
    if (((bytes[0] ?? 0) & 0xf0) !== 0x50 || bytes[1] !== 0x2a || bytes[2] !== 0x4d || bytes[3] !== 0x18) return 'no zstd frame';
    walk.skip = littleEndian(bytes, 4, 4);
    walk.work += STEP_WORK;
    return undefined;
  }
  const descriptor = bytes[4] ?? 0;
  if ((descriptor & 8) !== 0) return 'a frame header with its reserved bit set';
  const singleSegment = (descriptor >> 5) & 1;
  const sizeField = descriptor >> 6;
  const sizeAt = 5 + (1 - singleSegment) + DICTIONARY_ID_BYTES[(descriptor & 3) as 0 | 1 | 2 | 3];
  const size = littleEndian(bytes, sizeAt, sizeField === 0 ? singleSegment : 1 << sizeField) + (sizeField === 1 ? 256 : 0);
  const exponent = 1 << (10 + ((bytes[5] ?? 0) >> 3));
  walk.window = singleSegment ? size : exponent + (exponent >> 3) * ((bytes[5] ?? 0) & 7);
  if (walk.window > MAX_WINDOW_BYTES) return `a frame asks for a window of ${walk.window} bytes, more than ${MAX_WINDOW_BYTES}`;
  walk.checksum = ((descriptor >> 2) & 1) === 1;
  walk.expect = 'block';
  walk.work += STEP_WORK;
  return undefined;
}

/** Takes a block's 3-byte header: sets the bytes to skip (its content, and the checksum after a last block). */
function takeBlockHeader(walk: BlockWalk, bytes: number[]): void {
  const value = littleEndian(bytes, 0, 3);
  const last = (value & 1) === 1;
  walk.skip = ((value >> 1) & 3) === 1 ? 1 : value >> 3;
  if (last) {
    walk.skip += walk.checksum ? 4 : 0;
    walk.expect = 'frame';
  }
  walk.work += walk.window + STEP_WORK;
}

/** Takes one header byte; whether it completes a header after which nothing is to be skipped (an end). */
function takeHeaderByte(walk: BlockWalk, byte: number): boolean {
  walk.header.push(byte);
  const wanted = walk.expect === 'block' ? 3 : walk.header.length < 5 ? 5 : frameHeaderLength(walk.header);
  if (walk.header.length < wanted) return false;
  const header = walk.header;
  walk.header = [];
  if (walk.expect === 'block') takeBlockHeader(walk, header);
  else {
    const reason = takeFrameHeader(walk, header);
    if (reason !== undefined) throw new RangeError(reason);
  }
  return walk.skip === 0;
}

/**
 * Walks `chunk` on from `walk`'s state, yielding each offset in it where a
 * block or a skippable frame ends as it is reached (the chunk's end last).
 * Throws a `RangeError` with the reason when a frame asks for too large a
 * window.
 */
export function* blockEnds(walk: BlockWalk, chunk: Uint8Array): Generator<number> {
  let at = 0;
  let last = 0;
  while (at < chunk.length) {
    if (walk.skip > 0) {
      const passed = Math.min(walk.skip, chunk.length - at);
      at += passed;
      walk.skip -= passed;
      if (walk.skip === 0) yield (last = at);
    } else if (takeHeaderByte(walk, chunk[at++] ?? 0)) yield (last = at);
  }
  if (last !== chunk.length) yield chunk.length;
}
