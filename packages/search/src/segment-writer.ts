import { type FileHandle, open } from 'node:fs/promises';
import { join } from 'node:path';
import { INDEX_FILE_MODE } from './manifest.js';
import { ByteWriter } from './varint.js';

/** Every this many terms, the dictionary's sparse index keeps one, so a lookup reads one small block. */
export const INDEX_INTERVAL = 32;
/** Bytes gathered before a write. */
const CHUNK = 1 << 20;

/** The sparse index of a segment's term dictionary, kept in memory: every {@link INDEX_INTERVAL}th term and its offset. */
export interface SparseIndex {
  keys: string[];
  /** Offsets of the keys' records in the dictionary, and its length last. */
  offsets: number[];
}

/** A segment's term → postings lists, each term's entries grouped by session ordinal, ascending. */
export interface SegmentSource {
  /** Terms in ascending UTF-16 order. */
  sortedTerms: readonly string[];
  /** Writes the postings of `term` to `out` and returns how many entries it holds. */
  encode(term: string, out: ByteWriter): number;
}

/** A file written in chunks of {@link CHUNK} bytes. */
class ChunkedFile {
  readonly buffer = new ByteWriter(CHUNK + (1 << 16));
  written = 0;
  private constructor(private readonly handle: FileHandle) {}

  static async create(path: string): Promise<ChunkedFile> {
    return new ChunkedFile(await open(path, 'w', INDEX_FILE_MODE));
  }

  get offset(): number {
    return this.written + this.buffer.length;
  }

  async maybeFlush(): Promise<void> {
    if (this.buffer.length >= CHUNK) await this.flush();
  }

  async flush(): Promise<void> {
    await this.handle.write(this.buffer.bytes, 0, this.buffer.length);
    this.written += this.buffer.length;
    this.buffer.clear();
  }

  async close(): Promise<void> {
    await this.flush();
    await this.handle.close();
  }
}

const utf8 = new TextEncoder();

/**
 * Writes a segment: `<name>.post` (postings), `<name>.terms` (the term
 * dictionary: per term its UTF-8, postings offset, length and entry count)
 * and `<name>.tix` (the sparse index, JSON). The caller publishes it in the
 * manifest only after this returns, so a half-written segment is never read.
 */
export async function writeSegment(dir: string, name: string, source: SegmentSource): Promise<{ bytes: number; entries: number }> {
  const post = await ChunkedFile.create(join(dir, `${name}.post`));
  const terms = await ChunkedFile.create(join(dir, `${name}.terms`));
  const sparse: SparseIndex = { keys: [], offsets: [] };
  const scratch = new ByteWriter();
  let entriesTotal = 0;
  try {
    let count = 0;
    for (const term of source.sortedTerms) {
      scratch.clear();
      const entries = source.encode(term, scratch);
      if (entries === 0) continue;
      entriesTotal += entries;
      if (count++ % INDEX_INTERVAL === 0) {
        sparse.keys.push(term);
        sparse.offsets.push(terms.offset);
      }
      const encoded = utf8.encode(term);
      terms.buffer.varint(encoded.length);
      terms.buffer.append(encoded);
      terms.buffer.varint(post.offset);
      terms.buffer.varint(scratch.length);
      terms.buffer.varint(entries);
      post.buffer.append(scratch.bytes.subarray(0, scratch.length));
      await terms.maybeFlush();
      await post.maybeFlush();
    }
    sparse.offsets.push(terms.offset);
  } finally {
    await post.close();
    await terms.close();
  }
  const tix = await open(join(dir, `${name}.tix`), 'w', INDEX_FILE_MODE);
  await tix.writeFile(JSON.stringify(sparse));
  await tix.close();
  return { bytes: post.written + terms.written, entries: entriesTotal };
}

/**
 * Encodes one term's postings as groups: ordinal delta, entry count, the
 * group's byte length (so a search skips a session it does not need without
 * decoding it), then the entries as deltas (the first absolute).
 */
export function encodeGroups(groups: Iterable<{ ordinal: number; values: ArrayLike<number> }>, out: ByteWriter): number {
  const values = new ByteWriter(256);
  let previousOrdinal = 0;
  let entries = 0;
  for (const group of groups) {
    if (group.values.length === 0) continue;
    values.clear();
    let previous = 0;
    for (let i = 0; i < group.values.length; i++) {
      const value = group.values[i] as number;
      values.varint(value - previous);
      previous = value;
    }
    out.varint(group.ordinal - previousOrdinal);
    out.varint(group.values.length);
    out.varint(values.length);
    out.append(values.bytes.subarray(0, values.length));
    previousOrdinal = group.ordinal;
    entries += group.values.length;
  }
  return entries;
}
