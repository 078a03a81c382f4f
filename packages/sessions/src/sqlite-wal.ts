/*
 * A database in WAL mode keeps its newest pages in `<db>-wal` until a
 * checkpoint copies them back; OpenCode 1.2+ leaves most of its database
 * there. sql.js opens one file image and has no WAL, so the committed frames
 * are applied to the image here first. The layout is the SQLite file format's
 * (https://www.sqlite.org/fileformat2.html#walformat, "4. The Write-Ahead Log"):
 *
 * - WAL header, 32 bytes, big-endian: magic 0x377f0682 or 0x377f0683 (the
 *   low bit says the checksums' words are big-endian), format version,
 *   page size, checkpoint sequence, salt-1, salt-2, checksum-1, checksum-2
 *   (of the first 24 header bytes);
 * - then frames: a 24-byte header (page number; for a commit frame the
 *   database size in pages after the commit, else 0; salt-1; salt-2;
 *   checksum-1; checksum-2) followed by the page.
 *
 * A frame is valid when its salts equal the header's and its checksum, run on
 * from the previous frame's over the frame header's first 8 bytes and the page,
 * matches. Frames after the last valid commit frame belong to no transaction
 * and are ignored, as SQLite ignores them; so is everything from the first
 * frame that is not valid (a torn write, or frames left from before a
 * checkpoint reset the salts).
 */

const WAL_HEADER = 32;
const FRAME_HEADER = 24;
const MAGIC = 0x377f0682;

/** The pages of the committed transactions, and the database size in pages after the last one. */
interface Committed {
  pageSize: number;
  pages: Map<number, Uint8Array>;
  sizeInPages: number;
}

/**
 * SQLite's WAL checksum (fileformat2 §4.1): over 32-bit words, in the byte
 * order the magic names, `s0 += x[i] + s1; s1 += x[i+1] + s0`, modulo 2^32,
 * continued from `seed`.
 */
export function walChecksum(bytes: Uint8Array, bigEndian: boolean, seed: readonly [number, number] = [0, 0]): [number, number] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let [s0, s1] = seed;
  for (let offset = 0; offset + 8 <= bytes.byteLength; offset += 8) {
    s0 = (s0 + view.getUint32(offset, !bigEndian) + s1) >>> 0;
    s1 = (s1 + view.getUint32(offset + 4, !bigEndian) + s0) >>> 0;
  }
  return [s0, s1];
}

/** Reads the committed frames of a WAL file; `undefined` when it has no valid header. */
function readCommitted(wal: Uint8Array): Committed | undefined {
  if (wal.byteLength < WAL_HEADER) return undefined;
  const view = new DataView(wal.buffer, wal.byteOffset, wal.byteLength);
  const magic = view.getUint32(0);
  if ((magic & 0xfffffffe) !== MAGIC) return undefined;
  const bigEndian = (magic & 1) === 1;
  const pageSize = view.getUint32(8);
  // A power of two from 512 to 65536 (fileformat2 §1.3.2), else this is no WAL header.
  if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) return undefined;
  let checksum = walChecksum(wal.subarray(0, 24), bigEndian);
  if (checksum[0] !== view.getUint32(24) || checksum[1] !== view.getUint32(28)) return undefined;
  const salts = [view.getUint32(16), view.getUint32(20)];
  const committed: Committed = { pageSize, pages: new Map(), sizeInPages: 0 };
  const pending = new Map<number, Uint8Array>();
  for (let offset = WAL_HEADER; offset + FRAME_HEADER + pageSize <= wal.byteLength; offset += FRAME_HEADER + pageSize) {
    if (view.getUint32(offset + 8) !== salts[0] || view.getUint32(offset + 12) !== salts[1]) break;
    const page = wal.subarray(offset + FRAME_HEADER, offset + FRAME_HEADER + pageSize);
    checksum = walChecksum(page, bigEndian, walChecksum(wal.subarray(offset, offset + 8), bigEndian, checksum));
    if (checksum[0] !== view.getUint32(offset + 16) || checksum[1] !== view.getUint32(offset + 20)) break;
    pending.set(view.getUint32(offset), page);
    const sizeAfterCommit = view.getUint32(offset + 4);
    if (sizeAfterCommit === 0) continue;
    for (const [number, bytes] of pending) committed.pages.set(number, bytes);
    pending.clear();
    committed.sizeInPages = sizeAfterCommit;
  }
  return committed;
}

/**
 * The database image with the WAL's committed transactions applied, marked
 * as a legacy (rollback-journal) database so that an SQLite without the WAL
 * opens it: bytes 18 and 19 of the header (file format write and read
 * versions) are 2 in WAL mode, 1 in legacy mode (fileformat2 §1.3.4). The
 * image is returned as it is when the WAL commits nothing. The image is
 * made as large as the last commit says, so one larger than `maxBytes` is
 * refused with a `RangeError` before it is made: a WAL of one frame can say
 * 4 GiB.
 */
export function applyWal(database: Uint8Array, wal: Uint8Array, maxBytes = Number.POSITIVE_INFINITY): Uint8Array {
  const committed = readCommitted(wal);
  if (committed === undefined || committed.sizeInPages === 0) return database;
  const { pageSize, pages, sizeInPages } = committed;
  const bytes = sizeInPages * pageSize;
  if (bytes > maxBytes) throw new RangeError(`the write-ahead log makes the database ${bytes} bytes, over the limit of ${maxBytes}; not read.`);
  const image = new Uint8Array(bytes);
  image.set(database.subarray(0, Math.min(database.byteLength, image.byteLength)));
  for (const [number, page] of pages) {
    // Page numbers start at 1; a page past the committed size was truncated away.
    if (number >= 1 && number <= sizeInPages) image.set(page, (number - 1) * pageSize);
  }
  if (image.byteLength >= 20) {
    image[18] = 1;
    image[19] = 1;
  }
  return image;
}
