/**
 * `plain` as one zstd frame of raw blocks (a 1 MiB window, blocks of 100,000
 * bytes), its last `cut` bytes cut off: a compressed log that decompresses to
 * `plain` up to where it breaks, made without a compressor (the zstd format,
 * RFC 8878: frame header, then 3-byte block headers of type 0).
 */
export function zstdRaw(plain: Buffer, cut: number): Buffer {
  const blocks: Buffer[] = [Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, 10 << 3])];
  for (let at = 0; at < plain.length; at += 100_000) {
    const part = plain.subarray(at, at + 100_000);
    const header = (at + 100_000 >= plain.length ? 1 : 0) | (part.length << 3);
    blocks.push(Buffer.from([header & 255, (header >> 8) & 255, (header >> 16) & 255]), part);
  }
  const whole = Buffer.concat(blocks);
  return whole.subarray(0, whole.length - cut);
}
