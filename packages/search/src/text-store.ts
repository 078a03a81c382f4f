import { type FileHandle, open, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openRegularFile, readRegularFile } from '@x/sessions';
import { INDEX_FILE_MODE } from './manifest.js';
import { ByteWriter } from './varint.js';

/**
 * The texts a segment indexed, kept beside its postings so that a snippet is
 * cut from them with one read, without parsing the log again: `<name>.text`
 * (each unit field's text, UTF-8, as indexed: redacted when the index
 * redacts), `<name>.units` (a fixed 24-byte record per unit field: ordinal,
 * event index, field code, byte length, byte offset, in ascending order)
 * and `<name>.uix` (JSON: per ordinal, its first record and record count).
 * Re-reading the logs for snippets was measured first: at 20 hits it parsed
 * up to 20 logs per query (p95 259 ms on 200 sessions, see docs/search-index.md).
 */
/** A segment's JSON index (`.tix`, `.uix`) larger than this is not read (the index is built again): it is a file in a folder, not trusted to be small. */
export const SEGMENT_JSON_LIMIT = 256 * 1024 * 1024;

const RECORD = 24;
/** Text bytes gathered before a write. */
const CHUNK = 1 << 20;

/** Per ordinal: its first record and how many it has. */
type UnitIndex = Record<string, [number, number]>;

/** Writes a segment's texts as its units are added; {@link finish} writes the records. */
export class TextStoreWriter {
  private readonly text = new ByteWriter(CHUNK + (1 << 16));
  private records = new ByteWriter(1 << 16);
  private written = 0;
  private count = 0;
  private readonly ordinals = new Map<number, [number, number]>();

  private constructor(
    private readonly dir: string,
    private readonly name: string,
    private readonly handle: FileHandle,
  ) {}

  static async create(dir: string, name: string): Promise<TextStoreWriter> {
    return new TextStoreWriter(dir, name, await open(join(dir, `${name}.text`), 'w', INDEX_FILE_MODE));
  }

  /** Bytes held in memory: text not written yet and the records. */
  get bytes(): number {
    return this.text.length + this.records.length;
  }

  /** Adds one unit field's text; units come in ascending (ordinal, event, field) order. */
  add(ordinal: number, eventIndex: number, code: number, text: string): void {
    const offset = this.written + this.text.length;
    const length = this.text.utf8(text);
    const record = new DataView(new ArrayBuffer(RECORD));
    record.setUint32(0, ordinal, true);
    record.setUint32(4, eventIndex, true);
    record.setUint32(8, code, true);
    record.setUint32(12, length, true);
    record.setFloat64(16, offset, true);
    this.records.append(new Uint8Array(record.buffer));
    const known = this.ordinals.get(ordinal);
    if (known) known[1]++;
    else this.ordinals.set(ordinal, [this.count, 1]);
    this.count++;
  }

  /** Writes the text gathered once it passes a chunk. */
  async drain(force = false): Promise<void> {
    if (this.text.length === 0 || (!force && this.text.length < CHUNK)) return;
    await this.handle.write(this.text.bytes, 0, this.text.length);
    this.written += this.text.length;
    this.text.clear();
  }

  /** Writes what is left, the records and their index; returns the bytes of the three files. */
  async finish(): Promise<number> {
    await this.drain(true);
    await this.handle.close();
    await writeFile(join(this.dir, `${this.name}.units`), this.records.bytes.subarray(0, this.records.length), { mode: INDEX_FILE_MODE });
    const index: UnitIndex = {};
    for (const [ordinal, range] of this.ordinals) index[ordinal] = range;
    const json = JSON.stringify(index);
    await writeFile(join(this.dir, `${this.name}.uix`), json, { mode: INDEX_FILE_MODE });
    return this.written + this.records.length + json.length;
  }
}

/** Where one unit field's text is in a segment's text file. */
export interface TextLocation {
  offset: number;
  length: number;
}

/** A segment's texts, open for reading: the per-ordinal index in memory, records and text read by position. */
export class TextStoreReader {
  private constructor(
    private readonly index: Map<number, [number, number]>,
    private readonly units: FileHandle,
    readonly text: FileHandle,
  ) {}

  static async open(dir: string, name: string): Promise<TextStoreReader> {
    const parsed = JSON.parse(await readRegularFile(join(dir, `${name}.uix`), SEGMENT_JSON_LIMIT)) as UnitIndex;
    const index = new Map(Object.keys(parsed).map((key) => [Number(key), parsed[key] as [number, number]]));
    const units = await openRegularFile(join(dir, `${name}.units`));
    try {
      return new TextStoreReader(index, units, await openRegularFile(join(dir, `${name}.text`)));
    } catch (error) {
      await units.close();
      throw error;
    }
  }

  /** Where the text of (ordinal, event, field) is, when this segment holds it. */
  async locate(ordinal: number, eventIndex: number, code: number): Promise<TextLocation | undefined> {
    const range = this.index.get(ordinal);
    if (range === undefined) return undefined;
    const bytes = new Uint8Array(range[1] * RECORD);
    await this.units.read(bytes, 0, bytes.length, range[0] * RECORD);
    const view = new DataView(bytes.buffer);
    for (let at = 0; at < bytes.length; at += RECORD)
      if (view.getUint32(at + 4, true) === eventIndex && view.getUint32(at + 8, true) === code)
        return { offset: view.getFloat64(at + 16, true), length: view.getUint32(at + 12, true) };
    return undefined;
  }

  async close(): Promise<void> {
    await Promise.all([this.units.close(), this.text.close()]);
  }
}
