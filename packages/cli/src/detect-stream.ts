import type { DetectionResult, SourceRegistry } from '@x/core';
import { DEFAULT_MAX_LINE_BYTES } from '@x/core';

/** How sure detection must be to stop reading ahead. */
const CONFIDENT = 0.9;
const MAX_HEAD_LINES = 20;
const MAX_HEAD_BYTES = 256 * 1024;
const LF = 0x0a;

/** The first bytes of a stream, held back for detection, and the stream with them put back in front. */
export interface DetectedStream {
  detection: DetectionResult;
  /** The first chunk, for the binary check; empty for an empty stream. */
  head: Uint8Array;
  /** The whole stream again, from its first byte. */
  stream: AsyncIterable<Uint8Array>;
}

/** What has been read of the stream's head so far. */
interface Head {
  held: Uint8Array[];
  bytes: number;
  /** The text after the last line end: a line still arriving. */
  text: string;
  done: boolean;
  /** The non-blank complete lines seen, all detection looks at (the registry leaves blank ones out). */
  lines: string[];
  detection: DetectionResult;
}

/**
 * Takes the lines the text read so far completes (all of it once the stream
 * has ended) and detects again over every non-blank one. Each line is split
 * off once: splitting the whole head again at every chunk made blank lines
 * cost their square (15 MiB of them on stdin took 100 s).
 */
function detectHead(head: Head, registry: SourceRegistry): void {
  const pieces = head.text.split(/\r?\n/);
  // The last piece may be a line still arriving, unless the stream has ended.
  head.text = head.done ? '' : (pieces.pop() as string);
  for (const line of pieces) if (line.trim() !== '') head.lines.push(line);
  if (head.lines.length > 0) head.detection = registry.detect(head.lines);
}

/**
 * Whether enough is read: a source is sure, twenty lines are in, or 256 KiB
 * are, but only once a whole line is among them. A first line longer than
 * that (a Claude transcript opening on a pasted image) is read to its end,
 * up to the run's line limit, past which it is an over-long line anyway.
 */
function enough(head: Head, maxLineBytes: number): boolean {
  const { detection } = head;
  if (head.done || (detection.status === 'detected' && detection.confidence >= CONFIDENT) || head.lines.length >= MAX_HEAD_LINES) return true;
  return head.bytes >= MAX_HEAD_BYTES && (head.lines.length > 0 || head.bytes > maxLineBytes);
}

/**
 * Reads just enough of a stream to tell its format: it stops at the first
 * line a source is sure of, so a live agent's output is not held back, and
 * otherwise after twenty lines, 256 KiB (with at least one whole line), or
 * the end. Detection runs again only when a chunk ends a line, so a long
 * line costs one pass, not one per chunk.
 */
export async function detectStream(
  input: AsyncIterable<Uint8Array>,
  registry: SourceRegistry,
  maxLineBytes: number = DEFAULT_MAX_LINE_BYTES,
): Promise<DetectedStream> {
  const iterator = input[Symbol.asyncIterator]();
  const decoder = new TextDecoder();
  const head: Head = { held: [], bytes: 0, text: '', done: false, lines: [], detection: { status: 'unknown', reason: 'the stream is empty', sample: [] } };
  while (!enough(head, maxLineBytes)) {
    const next = await iterator.next();
    if (next.done) {
      head.done = true;
      head.text += decoder.decode();
    } else {
      head.held.push(next.value);
      head.bytes += next.value.length;
      head.text += decoder.decode(next.value, { stream: true });
    }
    if (head.done || next.value?.includes(LF)) detectHead(head, registry);
  }
  if (head.lines.length === 0 && head.bytes > maxLineBytes) {
    // Nothing to detect by: said, with the line's start, rather than shown as text in silence.
    head.detection = { status: 'unknown', reason: `its first line is longer than the line limit of ${maxLineBytes} bytes; --max-line-mib raises it`, sample: [head.text.slice(0, 200)] };
  }
  async function* replay(): AsyncGenerator<Uint8Array> {
    yield* head.held;
    if (head.done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { detection: head.detection, head: head.held[0] ?? new Uint8Array(0), stream: replay() };
}
