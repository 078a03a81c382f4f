import type { DisplayEvent, DisplayEventSource, Renderer } from '@x/core';
import { defineRenderer } from '@x/core';
import type { HtmlTarget } from './html-file.js';
import type { CliStream } from './output.js';
import { batchText, jsonBytesForTerminal, write } from './output.js';
import { createPluginRenderer } from './plugins.js';
import type { Session } from './session.js';
import { loadedParts } from './loaded-parts.js';

/** Makes the one renderer all inputs share, when the first input's source is known. */
export type EnsureRenderer = (source: DisplayEventSource) => Promise<Renderer | undefined>;

/** How many bytes of `--events` output are gathered before they are written. */
const EVENTS_BATCH_BYTES = 64 * 1024;

/** What `--events` has gathered and is waiting for. */
interface EventsBatch {
  /** UTF-8 lines not yet written, made when the first line of a batch comes. */
  bytes: Buffer | undefined;
  used: number;
  /** Whether a flush is due when the event loop next turns. */
  scheduled: boolean;
  /** The last write's wait for `drain`, awaited by the next event. */
  drained: void | Promise<void>;
}

/** Writes what the batch holds, escaped for a terminal, and starts the next. */
function flushBatch(out: CliStream, batch: EventsBatch): void | Promise<void> {
  batch.scheduled = false;
  const { bytes, used } = batch;
  if (bytes === undefined || used === 0) return undefined;
  batch.bytes = undefined;
  batch.used = 0;
  // A stream may hold the buffer until it is written: the next batch gets its own.
  batch.drained = write(out, jsonBytesForTerminal(used === bytes.length ? bytes : bytes.subarray(0, used)));
  return batch.drained;
}

/**
 * Encodes `json` and a newline at the end of the batch's buffer; false when
 * they do not fit (what was encoded then stays past `used`, unwritten).
 * `Buffer.write` encodes what fits and never half a character, so fewer than
 * four bytes left free means the text may have been cut; only then is its
 * length in UTF-8 measured.
 */
function encodeLine(bytes: Buffer, batch: EventsBatch, json: string): boolean {
  const free = bytes.length - batch.used;
  // At least a byte per UTF-16 unit, and one for the newline.
  if (json.length >= free) return false;
  const length = bytes.write(json, batch.used);
  if (length > free - 4 && (length === free || Buffer.byteLength(json) !== length)) return false;
  bytes[batch.used + length] = 0x0a;
  batch.used += length + 1;
  return true;
}

/** Adds one line to the batch, writing the batch first when the line does not fit; a line longer than a batch goes alone. */
function addLine(out: CliStream, batch: EventsBatch, json: string): void | Promise<void> {
  if (batch.bytes !== undefined && encodeLine(batch.bytes, batch, json)) {
    return batch.used === batch.bytes.length ? flushBatch(out, batch) : undefined;
  }
  const before = flushBatch(out, batch);
  if (before !== undefined) return before.then(() => addLine(out, batch, json));
  const bytes = Buffer.allocUnsafe(3 * json.length < EVENTS_BATCH_BYTES ? EVENTS_BATCH_BYTES : Math.max(EVENTS_BATCH_BYTES, Buffer.byteLength(json) + 1));
  batch.bytes = bytes;
  encodeLine(bytes, batch, json);
  return batch.used >= EVENTS_BATCH_BYTES ? flushBatch(out, batch) : undefined;
}

/** A character `JSON.stringify` writes other than as itself in a string (it escapes a lone surrogate; a pair passes too). */
const ESCAPED_IN_JSON = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * `JSON.stringify(event)`, written directly for the commonest event, a text
 * or reasoning delta with an id (`{kind, id, text}` in that order, strings
 * that need no escape): streams of small deltas have hundreds of thousands,
 * and JSON.stringify's set-up per object cost twice this (bench/FINDINGS.md).
 */
function eventJson(event: DisplayEvent): string {
  if (event.kind === 'text' || event.kind === 'reasoning') {
    const { id, text } = event as { id?: unknown; text?: unknown };
    if (typeof id === 'string' && typeof text === 'string' && !ESCAPED_IN_JSON.test(id) && !ESCAPED_IN_JSON.test(text)) {
      const keys = Object.keys(event);
      if (keys.length === 3 && keys[0] === 'kind' && keys[1] === 'id' && keys[2] === 'text') return `{"kind":"${event.kind}","id":"${id}","text":"${text}"}`;
    }
  }
  return JSON.stringify(event);
}

/**
 * `--events`: one JSON line per event. Each line is encoded straight into a
 * batch of UTF-8 bytes, written up to 64 KiB at a time or when the event
 * loop next turns (`setImmediate`: after the events of the chunk being read,
 * so output stays live); the characters a terminal would act on are looked
 * for once per batch, in its bytes. One write per event cost a quarter of
 * the time `--events` spends beyond parsing, and gathering lines as a string
 * then escaping each (JSON.stringify, a regular expression, a concatenation,
 * encoding) cost as much again as the stringify alone (bench/FINDINGS.md).
 * A write the stream asks to wait for is awaited by the next event.
 */
export function eventsRenderer(out: CliStream): Renderer {
  const batch: EventsBatch = { bytes: undefined, used: 0, scheduled: false, drained: undefined };
  const flush = () => flushBatch(out, batch);
  // What is gathered is written when the loop next turns, also when the line went in only after a drain.
  const schedule = () => {
    if (!batch.scheduled && batch.used > 0) {
      batch.scheduled = true;
      setImmediate(flush);
    }
  };
  const add = (json: string) => {
    const written = addLine(out, batch, json);
    if (written !== undefined) return written.then(schedule);
    schedule();
    return undefined;
  };
  return defineRenderer({
    specificationVersion: 'v1',
    write(event: DisplayEvent) {
      const waiting = batch.drained;
      batch.drained = undefined;
      const json = eventJson(event);
      return waiting === undefined ? add(json) : waiting.then(() => add(json));
    },
    end: flush,
  });
}

/**
 * A renderer whose text is gathered and written once per turn of the loop
 * (or per 64 KiB), not once per event: one write per event cost a system
 * call and a buffer each, 361,000 for 100 MB of Gemini (x-bench).
 */
function batchedRenderer(out: CliStream, create: (sink: (chunk: string) => void | Promise<void>) => Renderer): Renderer {
  const text = batchText(out);
  const renderer = create((chunk) => text.write(chunk));
  return defineRenderer({
    specificationVersion: 'v1',
    write: (event: DisplayEvent) => renderer.write(event),
    end() {
      const ended = renderer.end();
      return ended === undefined ? text.flush() : ended.then(text.flush);
    },
  });
}

async function terminalRenderer({ options, io, out }: Session): Promise<Renderer> {
  const columns = io.stdout.columns;
  loadedParts.add('renderer:terminal');
  const { createTerminalRenderer } = await import('@x/renderer-terminal');
  return batchedRenderer(out, (sink) =>
    createTerminalRenderer({
      sink,
      mode: options.verbose ? 'verbose' : 'default',
      showContent: options.showContent,
      ...(options.color === undefined ? {} : { color: options.color }),
      isTTY: io.stdout.isTTY === true,
      // A terminal that reports no width (0 columns) gets the renderer's default.
      ...(typeof columns === 'number' && Number.isInteger(columns) && columns > 0 ? { columns } : {}),
      env: io.env,
    }),
  );
}

/** The one renderer all inputs share, made when the first input's source is known (a page names its provider). */
export interface SharedRenderer {
  ensure: EnsureRenderer;
  current: Renderer | undefined;
}

/** The renderer the options choose; each is loaded only when chosen. */
async function makeRenderer(session: Session, html: HtmlTarget | undefined, source: DisplayEventSource): Promise<Renderer> {
  const { options, io, out } = session;
  if (options.renderer !== undefined) {
    const { columns, isTTY } = io.stdout;
    return createPluginRenderer(session.plugins, options.renderer, { write: (text) => write(out, text), isTTY: isTTY === true, columns, env: io.env });
  }
  if (html) {
    loadedParts.add('renderer:html');
    const { createHtmlRenderer } = await import('@x/renderer-html');
    return batchedRenderer(html.sink, (sink) => createHtmlRenderer({ sink, provider: source.displayName, renderedAt: new Date(), ...(session.extras.title ? { title: session.extras.title } : {}) }));
  }
  return options.output === 'events' ? eventsRenderer(out) : terminalRenderer(session);
}

/** A renderer made on first need and shared by every input; none for `--summary` and `--raw`. */
export function sharedRenderer(session: Session, html: HtmlTarget | undefined): SharedRenderer {
  const { output } = session.options;
  const shared: SharedRenderer = {
    current: undefined,
    async ensure(source) {
      if (shared.current === undefined && output !== 'summary' && output !== 'raw') {
        const renderer = await makeRenderer(session, html, source);
        // Redacted before any renderer sees an event, so no output mode can show a secret.
        shared.current = session.extras.redact ? session.extras.redact.renderer(renderer) : renderer;
      }
      return shared.current;
    },
  };
  return shared;
}
