import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { openRegularFile, readRegularFile } from '@x/sessions';
import type { SparseIndex } from './segment-writer.js';
import { SEGMENT_JSON_LIMIT, TextStoreReader } from './text-store.js';
import { ByteReader } from './varint.js';

/** Where a term's postings are in a segment's postings file. */
export interface TermEntry {
  offset: number;
  length: number;
  /** Entries (event fields) holding the term. */
  count: number;
}

const utf8 = new TextDecoder();

/**
 * A written segment, open for lookups: its sparse index in memory, its
 * dictionary and postings read by position, a block and a list at a time.
 */
export class SegmentReader {
  private constructor(
    readonly name: string,
    private readonly sparse: SparseIndex,
    private readonly terms: FileHandle,
    private readonly post: FileHandle,
    /** The texts the segment indexed, for snippets. */
    readonly texts: TextStoreReader,
  ) {}

  static async open(dir: string, name: string): Promise<SegmentReader> {
    // Only regular files, opened non-blocking: a FIFO planted in the cache folder would hold `xview serve` before it listens.
    const sparse = JSON.parse(await readRegularFile(join(dir, `${name}.tix`), SEGMENT_JSON_LIMIT)) as SparseIndex;
    const texts = await TextStoreReader.open(dir, name);
    const terms = await openRegularFile(join(dir, `${name}.terms`)).catch(async (error) => {
      await texts.close();
      throw error;
    });
    try {
      return new SegmentReader(name, sparse, terms, await openRegularFile(join(dir, `${name}.post`)), texts);
    } catch (error) {
      await Promise.all([terms.close(), texts.close()]);
      throw error;
    }
  }

  /** The dictionary entry of `term`, or undefined. */
  async lookup(term: string): Promise<TermEntry | undefined> {
    const block = this.blockOf(term);
    if (block < 0) return undefined;
    const start = this.sparse.offsets[block] as number;
    const bytes = await readAt(this.terms, start, (this.sparse.offsets[block + 1] as number) - start);
    const reader = new ByteReader(bytes);
    while (!reader.done) {
      const key = utf8.decode(reader.take(reader.varint()));
      const entry = { offset: reader.varint(), length: reader.varint(), count: reader.varint() };
      if (key === term) return entry;
      if (key > term) return undefined;
    }
    return undefined;
  }

  /** The postings bytes of a dictionary entry. */
  postings(entry: TermEntry): Promise<Uint8Array> {
    return readAt(this.post, entry.offset, entry.length);
  }

  async close(): Promise<void> {
    await Promise.all([this.terms.close(), this.post.close(), this.texts.close()]);
  }

  /** The last block whose first key is ≤ `term`, or -1. */
  private blockOf(term: string): number {
    const keys = this.sparse.keys;
    let low = 0;
    let high = keys.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if ((keys[middle] as string) <= term) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    return found;
  }
}

export async function readAt(handle: FileHandle, position: number, length: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(length);
  let read = 0;
  while (read < length) {
    const { bytesRead } = await handle.read(bytes, read, length - read, position + read);
    if (bytesRead === 0) throw new RangeError('a search index file is shorter than its dictionary says');
    read += bytesRead;
  }
  return bytes;
}

/**
 * Calls `visit` with each (ordinal, entry) of encoded postings (see
 * `encodeGroups`) whose ordinal `want` accepts; a group it refuses is
 * skipped by its byte length, undecoded.
 */
export function decodePostings(bytes: Uint8Array, want: (ordinal: number) => boolean, visit: (ordinal: number, value: number) => void): void {
  const reader = new ByteReader(bytes);
  let ordinal = 0;
  while (!reader.done) {
    ordinal += reader.varint();
    const count = reader.varint();
    const length = reader.varint();
    if (!want(ordinal)) {
      reader.offset += length;
      continue;
    }
    let value = 0;
    for (let i = 0; i < count; i++) {
      value += reader.varint();
      visit(ordinal, value);
    }
  }
}
