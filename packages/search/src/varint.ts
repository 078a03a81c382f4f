/**
 * LEB128 unsigned integers, the postings' and term dictionary's encoding:
 * written by hand because no kept library encodes into a caller's buffer
 * without allocating per number, and the index writes hundreds of millions.
 */

const encoder = new TextEncoder();

/** A growing byte buffer that varints and UTF-8 are appended to. */
export class ByteWriter {
  bytes: Uint8Array;
  length = 0;

  constructor(capacity = 1 << 16) {
    this.bytes = new Uint8Array(capacity);
  }

  /** Appends `value` (a non-negative safe integer) as a varint. */
  varint(value: number): void {
    this.reserve(10);
    let rest = value;
    while (rest >= 0x80) {
      this.bytes[this.length++] = (rest % 0x80) | 0x80;
      rest = Math.floor(rest / 0x80);
    }
    this.bytes[this.length++] = rest;
  }

  /** Appends raw bytes. */
  append(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    this.bytes.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** Appends `text` as UTF-8 (an unpaired surrogate as U+FFFD) and returns its byte length. */
  utf8(text: string): number {
    this.reserve(text.length * 3);
    const { written } = encoder.encodeInto(text, this.bytes.subarray(this.length));
    this.length += written;
    return written;
  }

  /** Forgets the content, keeping the buffer. */
  clear(): void {
    this.length = 0;
  }

  private reserve(extra: number): void {
    if (this.length + extra <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + extra));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }
}

/** Reads varints from a byte array, from `offset` on. */
export class ByteReader {
  offset: number;

  constructor(
    readonly bytes: Uint8Array,
    offset = 0,
  ) {
    this.offset = offset;
  }

  get done(): boolean {
    return this.offset >= this.bytes.length;
  }

  varint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = this.bytes[this.offset++];
      if (byte === undefined) throw new RangeError('truncated varint in a search index file');
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
    }
  }

  /** `length` bytes from the current offset, as a view. */
  take(length: number): Uint8Array {
    if (this.offset + length > this.bytes.length) throw new RangeError('truncated record in a search index file');
    const view = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return view;
  }
}
