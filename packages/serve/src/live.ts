import type { ServerResponse } from 'node:http';
import { streamEvents, type DisplayEvent, type DisplayEventSource } from '@x/core';
import { createHtmlFragmentRenderer } from '@x/renderer-html';
import {
  createRedactingStream,
  followFile,
  followSession,
  redactValue,
  type AgentId,
  type FollowOptions,
  type RedactingStream,
  type SessionLookup,
} from '@x/sessions';
import { SECURITY_HEADERS } from './respond.js';

/** What one live view follows. */
export interface LiveRequest {
  path: string;
  /**
   * The session's agent and where its store reads: the log is then followed
   * held to the store's folders, checked on the file opened
   * (`followSession`), so a symlink swapped into the log's place since the
   * lookup is not read. The server always gives it.
   */
  store?: { agent: AgentId; lookup: SessionLookup };
  source: DisplayEventSource;
  /** The byte position to resume at: the page's `from`, or the browser's Last-Event-ID after a reconnect. */
  from: number;
  redact: boolean;
  signal: AbortSignal;
  /** How often to look for growth without a change notice (followFile's poll). */
  pollIntervalMs?: number;
}

/** The resume position: Last-Event-ID when the browser sent one, else the page's `from`; anything else is 0. */
export function resumePosition(lastEventId: string | undefined, from: string | null): number {
  for (const value of [lastEventId, from]) {
    if (value !== undefined && value !== null && /^\d{1,15}$/.test(value)) return Number(value);
  }
  return 0;
}

/** One server-sent event; every line of the data gets its own `data:` field, as the format requires. */
export function sseMessage(event: string, data: string, id?: number): string {
  const lines = data.split(/\r\n|\r|\n/).map((line) => `data: ${line}`);
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\n${lines.join('\n')}\n\n`;
}

/** Renders one batch of events as balanced HTML (a fresh fragment renderer, ended): the page inserts it whole. */
export function batchHtml(events: readonly DisplayEvent[]): string {
  const renderer = createHtmlFragmentRenderer();
  const parts = events.map((event) => renderer.push(event));
  parts.push(renderer.end());
  return parts.join('');
}

/** The state of one live view: where the log was read to, the events of the read in progress, and what redaction holds back. */
interface LiveState {
  position: number;
  /** Where everything before was shown: the position after the last read that left no text held back. */
  shown: number;
  batch: DisplayEvent[];
  redactor: RedactingStream | undefined;
}

/** Takes one event into the batch, through the redactor when there is one. */
function take(state: LiveState, event: DisplayEvent): void {
  if (state.redactor === undefined) state.batch.push(event);
  else for (const out of state.redactor.write(event)) state.batch.push(out);
}

/**
 * Sends the batch as one `events` message. Its id is where a reconnecting
 * browser resumes: the position after this read, unless redaction holds back
 * text of it (an unfinished line of a block, redacted only once it ends);
 * then the position after the last read that left nothing held, so a resumed
 * view reads the held text again rather than never showing it.
 */
function sendBatch(state: LiveState, response: ServerResponse): void {
  if (state.redactor?.holding !== true) state.shown = state.position;
  if (state.batch.length > 0) response.write(sseMessage('events', batchHtml(state.batch), state.shown));
  state.batch = [];
}

/**
 * Streams what is appended to a log as server-sent events: each read of the
 * log (whole lines, by `followFile`) becomes one `events` message of
 * rendered HTML whose id is the byte position after it, so a reconnecting
 * browser resumes exactly there. The parser keeps its state across reads
 * (a result finds its call); the HTML of each read is balanced on its own.
 * With `redact`, events pass through one redacting stream, as the page's do:
 * a secret cut across two increments of a block is redacted whole.
 */
export async function streamLive(request: LiveRequest, response: ServerResponse): Promise<void> {
  response.writeHead(200, { ...SECURITY_HEADERS, 'content-type': 'text/event-stream; charset=utf-8' });
  response.write(': following\n\n');
  const state: LiveState = { position: request.from, shown: request.from, batch: [], redactor: request.redact ? createRedactingStream() : undefined };
  const notice = (message: string) => response.write(sseMessage('notice', request.redact ? redactValue(message) : message));
  const options: FollowOptions = {
    start: request.from,
    signal: request.signal,
    ...(request.pollIntervalMs === undefined ? {} : { pollIntervalMs: request.pollIntervalMs }),
    onNotice: (message) => {
      // The log is read again from its start: positions count from there.
      state.position = 0;
      state.shown = 0;
      notice(message);
    },
  };
  const store = request.store;
  const follow = store === undefined ? followFile(request.path, options) : followSession({ agent: store.agent, path: request.path }, store.lookup, options);
  // The pipeline pulls the next read only once every event of the last one is taken, so the batch is whole when it asks.
  async function* tracked(): AsyncGenerator<Uint8Array> {
    try {
      for await (const chunk of follow) {
        yield chunk;
        state.position += chunk.length;
        sendBatch(state, response);
      }
    } catch (error) {
      // The log was refused when opened (swapped for a FIFO, or a symlink out of its store, since the lookup): said, and the view ends.
      if (!(error instanceof RangeError)) throw error;
      notice(error.message);
    }
  }
  for await (const event of streamEvents(tracked(), { source: request.source })) take(state, event);
  if (state.redactor !== undefined) state.batch.push(...state.redactor.end());
  sendBatch(state, response);
  response.end();
}
