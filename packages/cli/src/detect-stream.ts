import type { DetectionResult, SourceRegistry } from '@x/core';

/** How sure detection must be to stop reading ahead. */
const CONFIDENT = 0.9;
const MAX_HEAD_LINES = 20;
const MAX_HEAD_BYTES = 256 * 1024;

/** The first bytes of a stream, held back for detection, and the stream with them put back in front. */
export interface DetectedStream {
  detection: DetectionResult;
  /** The first chunk, for the binary check; empty for an empty stream. */
  head: Uint8Array;
  /** The whole stream again, from its first byte. */
  stream: AsyncIterable<Uint8Array>;
}

/**
 * Reads just enough of a stream to tell its format: it stops at the first
 * line a source is sure of, so a live agent's output is not held back, and
 * otherwise after twenty lines, 256 KiB, or the end.
 */
export async function detectStream(input: AsyncIterable<Uint8Array>, registry: SourceRegistry): Promise<DetectedStream> {
  const iterator = input[Symbol.asyncIterator]();
  const held: Uint8Array[] = [];
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  let detection: DetectionResult = { status: 'unknown', reason: 'the stream is empty', sample: [] };
  let done = false;
  while (!done) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      text += decoder.decode();
    } else {
      held.push(next.value);
      bytes += next.value.length;
      text += decoder.decode(next.value, { stream: true });
    }
    const lines = text.split(/\r?\n/);
    // The last piece may be a line still arriving, unless the stream has ended.
    const complete = done ? lines : lines.slice(0, -1);
    if (complete.some((line) => line.trim() !== '')) detection = registry.detect(complete);
    const count = complete.filter((line) => line.trim() !== '').length;
    if ((detection.status === 'detected' && detection.confidence >= CONFIDENT) || count >= MAX_HEAD_LINES || bytes >= MAX_HEAD_BYTES) break;
  }
  async function* replay(): AsyncGenerator<Uint8Array> {
    yield* held;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { detection, head: held[0] ?? new Uint8Array(0), stream: replay() };
}
