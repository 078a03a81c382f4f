import type { DisplayEvent } from './display-event.js';
import type { LineAccounting, LineProcessor } from './line-accounting.js';
import { createLineProcessor, emptyAccounting } from './line-accounting.js';
import type { SplitItem } from './line-splitter.js';
import { DEFAULT_MAX_LINE_BYTES, createLineSplitter } from './line-splitter.js';
import type { Renderer } from './renderer.js';
import type { RunView } from './run-view.js';
import type { RunAggregator, RunOutcome } from './run-outcome.js';
import { createRunAggregator } from './run-outcome.js';
import type { Diagnostic, DisplayEventSource } from './source.js';
import { defineSource } from './source.js';
import { checkRendererVersion, checkSourceVersion } from './specification-version.js';

/** Bytes or text in any form a stream arrives in: Node streams, Web streams, arrays, generators. */
export type ByteInput =
  | AsyncIterable<Uint8Array | string>
  | Iterable<Uint8Array | string>
  | ReadableStream<Uint8Array | string>;

/** Options of the streaming pipeline. */
export interface PipelineOptions {
  /** The provider's source. Without one, every line passes through as text. */
  source?: DisplayEventSource | undefined;
  /** The longest line, in bytes; a longer one is reported and skipped. Default 16 MiB. */
  maxLineBytes?: number | undefined;
  /** Hears every line that was malformed, of an unknown type, or too long. */
  onDiagnostic?: ((diagnostic: Diagnostic) => void) | undefined;
}

/** A stream of events that also counts what became of each line. */
export interface EventStream extends AsyncIterable<DisplayEvent> {
  /** The line counts so far; final once iteration has finished. */
  readonly accounting: LineAccounting;
}

/**
 * The source used when a stream has none: every line becomes text, so an
 * unknown format is still shown rather than dropped.
 */
export const passthroughSource: DisplayEventSource = defineSource({
  specificationVersion: 'v1',
  id: 'passthrough',
  displayName: 'Plain text',
  cadence: 'streaming',
  detect: () => ({ confidence: 0, evidence: 'passes any line through as text' }),
  createParser: () => ({
    parse: (line) => [{ kind: 'text', id: 'passthrough', text: `${line}\n` }],
    flush: () => [],
  }),
});

function isReadableStream(input: ByteInput): input is ReadableStream<Uint8Array | string> {
  return typeof (input as ReadableStream).getReader === 'function' && !(Symbol.asyncIterator in input);
}

async function* chunksOf(input: ByteInput): AsyncGenerator<Uint8Array | string> {
  if (isReadableStream(input)) {
    const reader = input.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    } finally {
      reader.releaseLock();
    }
  }
  yield* input as AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;
}

/** Splits and parses; shared by the async iterable and the TransformStream. */
interface LineParser {
  push(chunk: Uint8Array | string): DisplayEvent[];
  end(): DisplayEvent[];
  readonly accounting: LineAccounting;
}

function createLineParser(options: PipelineOptions): LineParser {
  const splitter = createLineSplitter(options.maxLineBytes === undefined ? {} : { maxLineBytes: options.maxLineBytes });
  const processor: LineProcessor = createLineProcessor(options.source ?? passthroughSource, options.onDiagnostic);
  const handle = (items: SplitItem[], out: DisplayEvent[]) => {
    for (const item of items) {
      if (typeof item === 'string') {
        const events = processor.process(item);
        for (let i = 0; i < events.length; i++) out.push(events[i] as DisplayEvent);
      } else {
        processor.reject(item.excerpt, `line of ${item.bytes} bytes exceeds the limit of ${options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES} bytes; skipped`);
      }
    }
    return out;
  };
  return {
    accounting: processor.accounting,
    push: (chunk) => handle(splitter.push(chunk), []),
    end: () => {
      const out = handle(splitter.end(), []);
      for (const event of processor.finish()) out.push(event);
      return out;
    },
  };
}

/**
 * Turns a byte stream into display events, as an async iterable that pulls
 * input only as fast as events are consumed (backpressure) and keeps no more
 * than one chunk and one line in memory. Throws at once when the source
 * declares a contract version this build does not support.
 *
 * @example
 * ```ts
 * for await (const event of streamEvents(process.stdin, { source: claudeSource })) console.log(event.kind);
 * ```
 */
export function streamEvents(input: ByteInput, options: PipelineOptions = {}): EventStream {
  // Checked now, not at the first read, so the caller hears of it at once.
  if (options.source !== undefined) checkSourceVersion(options.source);
  let accounting = emptyAccounting();
  return {
    get accounting() {
      return accounting;
    },
    // Written out rather than as an async generator: `yield*` of each chunk's
    // events cost several promise turns per event, up to a tenth of the
    // pipeline's time on streams of many small events (x-bench, gemini and
    // claude-partial). Here an event already parsed is handed out in one
    // resolved promise, and the input is read only when none is left, so
    // backpressure and early `return()` behave as before.
    [Symbol.asyncIterator](): AsyncIterableIterator<DisplayEvent> {
      const parser = createLineParser(options);
      accounting = parser.accounting;
      const chunks = chunksOf(input);
      let buffer: DisplayEvent[] = [];
      let at = 0;
      let finished = false;
      const close = (): IteratorReturnResult<undefined> => {
        finished = true;
        buffer = [];
        at = 0;
        return { value: undefined, done: true };
      };
      const pull = async (): Promise<IteratorResult<DisplayEvent>> => {
        while (at >= buffer.length) {
          if (finished) return close();
          let next: IteratorResult<Uint8Array | string>;
          try {
            next = await chunks.next();
          } catch (error) {
            close();
            throw error;
          }
          at = 0;
          if (next.done === true) {
            buffer = parser.end();
            finished = true;
          } else {
            buffer = parser.push(next.value);
          }
        }
        return { value: buffer[at++] as DisplayEvent, done: false };
      };
      const iterator: AsyncIterableIterator<DisplayEvent> = {
        next: () => (at < buffer.length ? Promise.resolve({ value: buffer[at++] as DisplayEvent, done: false }) : pull()),
        async return() {
          const open = !finished;
          close();
          if (open) await chunks.return(undefined);
          return { value: undefined, done: true };
        },
        // Iterable itself, as the async generator it replaces was.
        [Symbol.asyncIterator]: () => iterator,
      };
      return iterator;
    },
  };
}

/**
 * The pipeline as a Web `TransformStream`: bytes or strings in, display
 * events out. Its `accounting` is final once the readable side has closed.
 */
export function createEventTransformStream(options: PipelineOptions = {}): TransformStream<Uint8Array | string, DisplayEvent> & {
  readonly accounting: LineAccounting;
} {
  const parser = createLineParser(options);
  const stream = new TransformStream<Uint8Array | string, DisplayEvent>({
    transform(chunk, controller) {
      for (const event of parser.push(chunk)) controller.enqueue(event);
    },
    flush(controller) {
      for (const event of parser.end()) controller.enqueue(event);
    },
  });
  return Object.assign(stream, { accounting: parser.accounting });
}

/** Options of {@link runPipeline}. */
export interface RunPipelineOptions extends PipelineOptions {
  /** Where the events go. */
  renderer?: Renderer | undefined;
  /** Also hears every event, after the renderer. */
  onEvent?: ((event: DisplayEvent) => void) | undefined;
  /**
   * `'events'` (default) parses; `'json'` is raw mode: the input bytes go to
   * `onRaw` untouched and no source is ever called.
   */
  outputFormat?: 'events' | 'json' | undefined;
  /** Receives the input unchanged in raw mode. */
  onRaw?: ((chunk: Uint8Array | string) => void | Promise<void>) | undefined;
  /**
   * `false`: the report's `RunOutcome` lists no tool calls and files (see
   * `RunAggregatorOptions.listCalls`), and memory stays flat however long
   * the stream. Default `true`.
   */
  listCalls?: boolean | undefined;
  /**
   * The run's aggregate, when the caller reads it after the pipeline (an
   * application that writes more events to the renderer, or ends it itself):
   * the pipeline folds every event and diagnostic into it, hands it to the
   * renderer and reports its outcome. `listCalls` and the source's
   * `testedUpTo` are then the caller's to set when creating it. By default
   * the pipeline creates one.
   */
  aggregator?: RunAggregator | undefined;
}

/** What {@link runPipeline} reports when the stream has ended. */
export interface PipelineReport {
  /** What became of each line; all zero in raw mode. */
  accounting: LineAccounting;
  /** How many diagnostics were reported. */
  diagnostics: number;
  /** The run's summary; `undefined` in raw mode. */
  outcome: RunOutcome | undefined;
}

/**
 * Runs a whole stream: bytes to events to a renderer, awaiting the renderer
 * on every write so a slow sink slows the reading (backpressure). Each event
 * is folded once into the run's aggregate, which the renderer is handed as
 * its {@link RunView} (`write(event, run)`, `end(run)`). In raw mode
 * the bytes are passed to `onRaw` untouched. Resolves with the line counts
 * and the `RunOutcome`. Rejects, reading nothing, when the source or the
 * renderer declares a contract version this build does not support.
 */
export async function runPipeline(input: ByteInput, options: RunPipelineOptions = {}): Promise<PipelineReport> {
  if (options.source !== undefined) checkSourceVersion(options.source);
  if (options.renderer !== undefined) checkRendererVersion(options.renderer);
  if (options.outputFormat === 'json') {
    const onRaw = options.onRaw;
    if (onRaw === undefined) throw new TypeError("runPipeline: outputFormat 'json' passes bytes through and needs an onRaw(chunk) callback.");
    for await (const chunk of chunksOf(input)) await onRaw(chunk);
    return { accounting: emptyAccounting(), diagnostics: 0, outcome: undefined };
  }
  const aggregator = options.aggregator ?? createRunAggregator({ listCalls: options.listCalls, testedUpTo: options.source?.testedUpTo });
  const run: RunView = aggregator;
  let diagnostics = 0;
  const parser = createLineParser({
    ...options,
    onDiagnostic: (diagnostic) => {
      diagnostics += 1;
      aggregator.diagnose(diagnostic);
      options.onDiagnostic?.(diagnostic);
    },
  });
  const { renderer, onEvent } = options;
  // Each chunk's events are handed out in a plain loop, awaiting only a
  // renderer that asks for it: going through streamEvents cost a promise
  // turn per event, a twentieth of the run on streams of small events
  // (x-bench). Input is still read only once the events before it are written.
  const deliver = async (events: DisplayEvent[]) => {
    for (let i = 0; i < events.length; i++) {
      const event = events[i] as DisplayEvent;
      aggregator.push(event);
      if (renderer !== undefined) {
        const pending = renderer.write(event, run);
        if (pending !== undefined) await pending;
      }
      onEvent?.(event);
    }
  };
  for await (const chunk of chunksOf(input)) await deliver(parser.push(chunk));
  await deliver(parser.end());
  if (renderer !== undefined) await renderer.end(run);
  const accounting = { ...parser.accounting };
  return { accounting, diagnostics, outcome: aggregator.outcome(accounting) };
}
