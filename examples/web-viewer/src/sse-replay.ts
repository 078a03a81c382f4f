import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { DETECT_SAMPLE_LINES, createRunAggregator, streamEvents, toWriteText, type SourceRegistry } from '@x/core';

/** Enough bytes for the first lines of every format, even pretty-printed JSON. */
const DETECT_SAMPLE_BYTES = 64 * 1024;

/** The first lines of a file, for `detect`; a line cut by the sample's end is left out. */
async function firstLines(path: string): Promise<string[]> {
  const file = await open(path);
  try {
    const buffer = Buffer.alloc(DETECT_SAMPLE_BYTES);
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
    const lines = buffer.subarray(0, bytesRead).toString('utf8').split(/\r?\n/);
    if (bytesRead === buffer.length) lines.pop();
    return lines.filter((line) => line.trim() !== '').slice(0, DETECT_SAMPLE_LINES);
  } finally {
    await file.close();
  }
}

/** One server-sent event; `data` is JSON, which never holds a raw newline. */
function message(data: unknown, event?: string): string {
  return `${event === undefined ? '' : `event: ${event}\n`}data: ${JSON.stringify(data)}\n\n`;
}

/** Options of {@link replayAsServerSentEvents}. */
export interface ReplayOptions {
  /** The recorded stream. */
  path: string;
  /** The sources one of which must recognise the stream. */
  registry: SourceRegistry;
  /** Pause after each event, in milliseconds, so a replay looks like a live run. */
  delayMs: number;
  /** Stops the replay when the client has gone. */
  signal: AbortSignal;
}

/**
 * Replays a recorded stream as server-sent events: the stream is parsed here,
 * on the server, by the source that detects it, and each `DisplayEvent` goes
 * out as one unnamed SSE message (JSON in `data`), `delayMs` apart. A `source`
 * message comes first (`{ id, displayName }`), an `end` message last (the
 * run's status and line accounting). A stream that no source recognises is
 * answered with HTTP 422 before any event.
 */
export async function replayAsServerSentEvents(response: ServerResponse, options: ReplayOptions): Promise<void> {
  const detection = options.registry.detect(await firstLines(options.path));
  if (detection.status === 'unknown') {
    response.writeHead(422, { 'content-type': 'text/plain; charset=utf-8' }).end(`${detection.reason}\n`);
    return;
  }
  const { source } = detection;
  response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  // Awaiting each write keeps a slow client from making the server buffer the
  // whole run; a client that has gone never drains, so leaving ends the wait.
  const write = toWriteText(response);
  const gone = new Promise<void>((resolve) => options.signal.addEventListener('abort', () => resolve(), { once: true }));
  const send = async (chunk: string) => {
    await Promise.race([write(chunk), gone]);
  };
  await send(message({ id: source.id, displayName: source.displayName }, 'source'));
  const aggregator = createRunAggregator();
  const events = streamEvents(createReadStream(options.path), { source });
  try {
    for await (const event of events) {
      if (options.signal.aborted) return;
      aggregator.push(event);
      await send(message(event));
      await sleep(options.delayMs, undefined, { signal: options.signal });
    }
  } catch (error) {
    if (options.signal.aborted) return;
    throw error;
  }
  const outcome = aggregator.outcome(events.accounting);
  await send(message({ status: outcome.status, accounting: events.accounting }, 'end'));
  response.end();
}
