import { runPipeline, streamEvents, type DisplayEvent, type DisplayEventSource, type LineContext, type Renderer } from '@x/core';
import { toPlainEvent } from '@x/core/provider-utils';
import { createHtmlRenderer } from '@x/renderer-html';
import { createTerminalRenderer } from '@x/renderer-terminal';
import { consume, parseLine } from './floor.js';

export { blackholeValue, consume, floor, readlineSwitch } from './floor.js';

/** The chunk size of a Node file or pipe stream: what the pipeline sees in real use. */
export const CHUNK_BYTES = 64 * 1024;

/** The input as a Node stream would deliver it: 64 KiB chunks, views of one buffer. */
export function* chunksOf(buffer: Uint8Array, limit = buffer.length): Generator<Uint8Array> {
  for (let at = 0; at < limit; at += CHUNK_BYTES) yield buffer.subarray(at, Math.min(at + CHUNK_BYTES, limit));
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
