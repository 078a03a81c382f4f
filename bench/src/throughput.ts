import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { runPipeline, streamEvents, type DisplayEvent, type DisplayEventSource, type LineContext, type Renderer } from '@x/core';
import { toPlainEvent } from '@x/core/provider-utils';
import { createHtmlRenderer } from '@x/renderer-html';
import { createTerminalRenderer } from '@x/renderer-terminal';

/** The chunk size of a Node file or pipe stream: what the pipeline sees in real use. */
export const CHUNK_BYTES = 64 * 1024;

/** The input as a Node stream would deliver it: 64 KiB chunks, views of one buffer. */
export function* chunksOf(buffer: Uint8Array, limit = buffer.length): Generator<Uint8Array> {
  for (let at = 0; at < limit; at += CHUNK_BYTES) yield buffer.subarray(at, Math.min(at + CHUNK_BYTES, limit));
}

let blackhole = 0;

/** Keeps results alive, so that no work can be optimised away. */
export function consume(value: number): void {
  blackhole = (blackhole + value) | 0;
}
export function blackholeValue(): number {
  return blackhole;
}

/** JSON.parse of one wire line, as twenty lines of hand-written code would do it: SSE `data:` framing stripped, `[DONE]` skipped. */
function parseLine(line: string): number {
  let text = line;
  if (text.charCodeAt(0) === 100 /* d */ && text.startsWith('data:')) {
    text = text.slice(text.charCodeAt(5) === 32 ? 6 : 5);
    if (text === '[DONE]') return 0;
  }
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null ? 1 : 0;
  } catch {
    return 0;
  }
}

/**
 * The floor: what a user would write instead of @x. Split the bytes on LF,
 * decode each line, JSON.parse every non-blank one, nothing else. Returns the
 * number of non-blank lines.
 *
 * Of the simple ways to write it, this is the fastest measured (by 10-40%
 * over decoding whole chunks and cutting the text, or `split('\n')`): a line
 * decoded on its own stays a one-byte string when it is ASCII, which
 * JSON.parse reads faster. So the floor is as high as twenty lines get.
 */
export function floor(chunks: Iterable<Uint8Array>): number {
  const decoder = new TextDecoder();
  let pending: Uint8Array[] = [];
  let lines = 0;
  let parsed = 0;
  const handle = (bytes: Uint8Array) => {
    const line = decoder.decode(bytes);
    if (line.length === 0 || line === '\r') return;
    lines += 1;
    parsed += parseLine(line);
  };
  for (const chunk of chunks) {
    let from = 0;
    for (let lf = chunk.indexOf(10); lf >= 0; lf = chunk.indexOf(10, from)) {
      if (pending.length > 0) {
        pending.push(chunk.subarray(from, lf));
        handle(Buffer.concat(pending));
        pending = [];
      } else if (lf > from) {
        handle(chunk.subarray(from, lf));
      }
      from = lf + 1;
    }
    // Copied: a stream may reuse its buffer.
    if (from < chunk.length) pending.push(Uint8Array.prototype.slice.call(chunk, from));
  }
  if (pending.length > 0) handle(Buffer.concat(pending));
  consume(parsed);
  return lines;
}

/**
 * The issue's own baseline, for context: `readline` over the stream, then
 * JSON.parse and a `switch` on the type of each line. Not the floor: readline
 * costs more than splitting by hand. Returns the number of non-blank lines.
 */
export async function readlineSwitch(chunks: Iterable<Uint8Array>): Promise<number> {
  const lines = createInterface({ input: Readable.from(chunks, { objectMode: false }), crlfDelay: Infinity });
  let count = 0;
  let kinds = 0;
  for await (const line of lines) {
    if (line === '') continue;
    count += 1;
    const text = line.startsWith('data:') ? line.slice(line.charCodeAt(5) === 32 ? 6 : 5) : line;
    let value: { type?: unknown } | undefined;
    try {
      value = JSON.parse(text) as { type?: unknown };
    } catch {
      continue;
    }
    switch (value?.type) {
      case 'assistant':
      case 'message':
      case 'item.completed':
        kinds += 1;
        break;
      default:
        kinds += 2;
    }
  }
  consume(kinds);
  return count;
}

/** The provider's source through the core pipeline (`streamEvents`), events discarded. Returns the event count. */
export async function sourceOnly(chunks: Iterable<Uint8Array>, source: DisplayEventSource): Promise<number> {
  let events = 0;
  for await (const event of streamEvents(chunks, { source })) {
    if (event.kind !== undefined) events += 1;
  }
  consume(events);
  return events;
}

export type RenderMode = 'terminal' | 'terminal-verbose' | 'html';

function rendererFor(mode: RenderMode, sink: (chunk: string) => void): Renderer {
  switch (mode) {
    case 'terminal':
      return createTerminalRenderer({ sink, mode: 'default', isTTY: false, color: false, env: {} });
    case 'terminal-verbose':
      return createTerminalRenderer({ sink, mode: 'verbose', isTTY: false, color: false, env: {} });
    case 'html':
      return createHtmlRenderer({ sink, provider: 'bench', startedAt: '2026-01-01T00:00:00.000Z' });
  }
}

/**
 * Source plus renderer, as `xview` runs them (`runPipeline`, which also
 * aggregates the RunOutcome), into a sink that only counts characters.
 * Returns the characters written.
 */
export async function rendered(chunks: Iterable<Uint8Array>, source: DisplayEventSource, mode: RenderMode): Promise<number> {
  let chars = 0;
  const sink = (chunk: string) => {
    chars += chunk.length;
  };
  await runPipeline(chunks, { source, renderer: rendererFor(mode, sink) });
  consume(chars);
  return chars;
}

/** Splits the start of a stream into its non-blank lines (for the per-line measurement). */
export function firstLines(buffer: Uint8Array, maxBytes: number): string[] {
  const end = Math.min(buffer.length, maxBytes);
  const text = new TextDecoder().decode(buffer.subarray(0, end));
  const lines = text.split('\n');
  if (end < buffer.length) lines.pop();
  return lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line)).filter((line) => line.trim() !== '');
}

export interface LineCost {
  /** Lines timed (those under the size limit). */
  lines: number;
  p50Us: number;
  p99Us: number;
  maxUs: number;
  /** The same percentiles for JSON.parse alone, for scale. */
  floorP50Us: number;
  floorP99Us: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

const utf8 = new TextEncoder();

/** A line context that hears nothing: the bench times parsing, not the counting of outcomes. */
const SILENT_CONTEXT: LineContext = { lineNumber: 0, ignore() {}, malformed() {}, unknown() {}, hold() {}, release() {} };

/**
 * What the pipeline does per line, less its line counting (a few additions,
 * kept internal to @x/core): the source's `parse`, then the plain-text pass
 * core applies to every event.
 */
function createTimedParser(source: DisplayEventSource): { process(line: string): DisplayEvent[]; finish(): void } {
  const parser = source.createParser();
  return {
    process(line) {
      const events = parser.parse(line, SILENT_CONTEXT);
      for (let i = 0; i < events.length; i++) events[i] = toPlainEvent(events[i] as DisplayEvent);
      return events;
    },
    finish() {
      parser.flush(SILENT_CONTEXT);
    },
  };
}

/**
 * The time to parse one line, in stream order, through the source's `parse`
 * and core's plain-text pass (see {@link createTimedParser}). Lines of
 * `maxLineBytes` or more take part in the stream (so the parser's state is
 * right) but are not timed. A first pass over the same lines with another
 * parser warms the JIT.
 */
export function perLineCost(source: DisplayEventSource, lines: readonly string[], maxLineBytes: number): LineCost {
  const typical = lines.map((line) => utf8.encode(line).length < maxLineBytes);
  const warm = createTimedParser(source);
  for (const line of lines) consume(warm.process(line).length);
  warm.finish();
  for (const line of lines) consume(parseLine(line));

  const processor = createTimedParser(source);
  const costs: number[] = [];
  const floors: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const t0 = performance.now();
    const events = processor.process(line);
    const t1 = performance.now();
    consume(events.length);
    if (typical[i]) costs.push((t1 - t0) * 1000);
  }
  processor.finish();
  for (let i = 0; i < lines.length; i++) {
    if (!typical[i]) continue;
    const t0 = performance.now();
    const parsed = parseLine(lines[i] as string);
    const t1 = performance.now();
    consume(parsed);
    floors.push((t1 - t0) * 1000);
  }
  const sorted = Float64Array.from(costs).sort();
  const floorSorted = Float64Array.from(floors).sort();
  return {
    lines: sorted.length,
    p50Us: percentile(sorted, 50),
    p99Us: percentile(sorted, 99),
    maxUs: sorted.length === 0 ? 0 : (sorted[sorted.length - 1] as number),
    floorP50Us: percentile(floorSorted, 50),
    floorP99Us: percentile(floorSorted, 99),
  };
}
