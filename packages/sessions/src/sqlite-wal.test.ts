import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { applyWal, walChecksum } from './sqlite-wal.js';

/*
 * WAL files written frame by frame as https://www.sqlite.org/fileformat2.html#walformat
 * lays them out, from two sql.js images of one database: before and after a
 * transaction. The pages that differ are the transaction's frames.
 */

const PAGE = 4096;
const SALTS = [0x11223344, 0x55667788] as const;

interface Frame {
  page: number;
  bytes: Uint8Array;
  /** The database size in pages after the commit, on a commit frame; 0 otherwise. */
  commit: number;
  salts?: readonly [number, number];
}

function writeWal(frames: readonly Frame[], options: { bigEndian?: boolean; corruptAt?: number } = {}): Uint8Array {
  const bigEndian = options.bigEndian ?? true;
  const wal = new Uint8Array(32 + frames.length * (24 + PAGE));
  const view = new DataView(wal.buffer);
  view.setUint32(0, bigEndian ? 0x377f0683 : 0x377f0682);
  view.setUint32(4, 3007000);
  view.setUint32(8, PAGE);
  view.setUint32(16, SALTS[0]);
  view.setUint32(20, SALTS[1]);
  let checksum = walChecksum(wal.subarray(0, 24), bigEndian);
  view.setUint32(24, checksum[0]);
  view.setUint32(28, checksum[1]);
  frames.forEach((frame, index) => {
    const offset = 32 + index * (24 + PAGE);
    const salts = frame.salts ?? SALTS;
    view.setUint32(offset, frame.page);
    view.setUint32(offset + 4, frame.commit);
    view.setUint32(offset + 8, salts[0]);
    view.setUint32(offset + 12, salts[1]);
    wal.set(frame.bytes, offset + 24);
    checksum = walChecksum(frame.bytes, bigEndian, walChecksum(wal.subarray(offset, offset + 8), bigEndian, checksum));
    view.setUint32(offset + 16, checksum[0]);
    view.setUint32(offset + 20, checksum[1]);
  });
  if (options.corruptAt !== undefined) wal[options.corruptAt] = (wal[options.corruptAt] ?? 0) ^ 0xff;
  return wal;
}

const SQL = await initSqlJs();

/** A database before and after inserting rows, both as legacy-mode images, and the pages the insert changed. */
function twoStates(): { before: Uint8Array; after: Uint8Array; changed: Frame[] } {
  const db = new SQL.Database();
  db.run(`PRAGMA page_size = ${PAGE}; CREATE TABLE session (id TEXT PRIMARY KEY, title TEXT);`);
  db.run("INSERT INTO session VALUES ('ses_1', 'first')");
  const before = db.export();
  db.run('INSERT INTO session VALUES (?, ?)', ['ses_2', 'x'.repeat(9000)]);
  const after = db.export();
  db.close();
  const pages = after.byteLength / PAGE;
  const changed: Frame[] = [];
  for (let page = 1; page <= pages; page += 1) {
    const bytes = after.subarray((page - 1) * PAGE, page * PAGE);
    const old = before.subarray((page - 1) * PAGE, page * PAGE);
    if (old.byteLength !== PAGE || !old.every((byte, index) => byte === bytes[index])) changed.push({ page, bytes, commit: 0 });
  }
  return { before, after, changed };
}

/** The image as SQLite leaves it in WAL mode: header bytes 18 and 19 are 2. */
function inWalMode(image: Uint8Array): Uint8Array {
  const copy = image.slice();
  copy[18] = 2;
  copy[19] = 2;
  return copy;
}

function sessionIds(image: Uint8Array): string[] {
  const db = new SQL.Database(image);
  try {
    return (db.exec('SELECT id FROM session ORDER BY id')[0]?.values ?? []).map((row) => String(row[0]));
  } finally {
    db.close();
  }
}

function committed(frames: Frame[], sizeInPages: number): Frame[] {
  return frames.map((frame, index) => (index === frames.length - 1 ? { ...frame, commit: sizeInPages } : frame));
}

describe('applyWal', () => {
  it('applies a committed transaction: the image is the database after it, in legacy mode', () => {
    const { before, after, changed } = twoStates();
    expect(changed.length).toBeGreaterThan(1);
    const image = applyWal(inWalMode(before), writeWal(committed(changed, after.byteLength / PAGE)));
    expect(image).toEqual(after);
    expect(sessionIds(image)).toEqual(['ses_1', 'ses_2']);
  });

  it('reads little-endian checksums as well (magic 0x377f0682)', () => {
    const { before, after, changed } = twoStates();
    expect(applyWal(inWalMode(before), writeWal(committed(changed, after.byteLength / PAGE), { bigEndian: false }))).toEqual(after);
  });

  it('ignores frames after the last commit frame: a transaction still being written', () => {
    const { before, changed } = twoStates();
    const image = applyWal(inWalMode(before), writeWal(changed));
    expect(image).toEqual(inWalMode(before));
  });

  it('stops at a frame whose salts are not the header’s (left from before a checkpoint)', () => {
    const { before, after, changed } = twoStates();
    const stale = committed(changed, after.byteLength / PAGE).map((frame) => ({ ...frame, salts: [1, 2] as const }));
    expect(applyWal(inWalMode(before), writeWal(stale))).toEqual(inWalMode(before));
  });

  it('stops at a frame whose checksum does not match (a torn write)', () => {
    const { before, after, changed } = twoStates();
    const lastPageByte = 32 + changed.length * (24 + PAGE) - 1;
    expect(applyWal(inWalMode(before), writeWal(committed(changed, after.byteLength / PAGE), { corruptAt: lastPageByte }))).toEqual(inWalMode(before));
  });

  it('leaves the image as it is for a WAL with no valid header', () => {
    const { before, after, changed } = twoStates();
    const wal = writeWal(committed(changed, after.byteLength / PAGE), { corruptAt: 24 });
    expect(applyWal(before, wal)).toBe(before);
    expect(applyWal(before, new Uint8Array(10))).toBe(before);
  });

  it('builds the whole database from the WAL when the file holds only its first page (as OpenCode leaves it)', () => {
    const { after } = twoStates();
    const frames = Array.from({ length: after.byteLength / PAGE }, (_, index) => ({ page: index + 1, bytes: after.subarray(index * PAGE, (index + 1) * PAGE), commit: 0 }));
    const image = applyWal(inWalMode(after.subarray(0, PAGE)), writeWal(committed(frames, frames.length)));
    expect(image).toEqual(after);
  });

  // A commit frame says the database's size after it, and the image was made that size: one frame of a few KiB saying
  // 1,048,575 pages made a 4 GiB image (4.3 GB of memory for `xview sessions`), past the 512 MiB sql.js is held to.
  it('refuses a WAL whose commit makes the database larger than it may load, before making the image', () => {
    const { before, after, changed } = twoStates();
    const wal = writeWal(committed(changed, 0xfffff));
    expect(() => applyWal(inWalMode(before), wal, 64 * 1024 * 1024)).toThrow(
      new RangeError(`the write-ahead log makes the database ${0xfffff * PAGE} bytes, over the limit of ${64 * 1024 * 1024}; not read.`),
    );
    expect(applyWal(inWalMode(before), writeWal(committed(changed, after.byteLength / PAGE)), after.byteLength)).toEqual(after);
  });
});
