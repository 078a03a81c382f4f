/**
 * Where a renderer writes: a callback, anything with a `write(chunk)` method
 * (a Node writable, `process.stdout`), or a Web `WritableStream<string>`.
 */
export type TextSink =
  | ((chunk: string) => void | Promise<void>)
  | { write(chunk: string): unknown }
  | WritableStream<string>;

/** A sink reduced to one function; a returned promise means "wait before writing more". */
export type WriteText = (chunk: string) => void | Promise<void>;

/** Whether a value is a Node-style writable whose `write` returned `false` asks for a `drain`. */
interface DrainableWritable {
  write(chunk: string): boolean;
  once(event: 'drain', listener: () => void): unknown;
}

function isDrainable(sink: object): sink is DrainableWritable {
  return typeof (sink as { once?: unknown }).once === 'function';
}

/**
 * Turns any {@link TextSink} into one write function that respects
 * backpressure: Node writables are awaited on `drain`, Web streams on their
 * writer's `ready`. Renderer authors call this once in their factory.
 */
export function toWriteText(sink: TextSink): WriteText {
  if (typeof sink === 'function') return sink;
  // A WritableStream has no write method (its writer has): asking for one
  // first leaves the WritableStream global untouched for every other sink,
  // which on Node loads the web streams implementation.
  if (sink && typeof (sink as { write?: unknown }).write === 'function') {
    if (isDrainable(sink)) {
      return (chunk) => {
        if (sink.write(chunk) === false) {
          return new Promise<void>((resolve) => {
            sink.once('drain', resolve);
          });
        }
        return undefined;
      };
    }
    return (chunk) => {
      (sink as { write(chunk: string): unknown }).write(chunk);
    };
  }
  if (typeof WritableStream !== 'undefined' && sink instanceof WritableStream) {
    const writer = sink.getWriter();
    return async (chunk) => {
      await writer.ready;
      await writer.write(chunk);
    };
  }
  throw new TypeError('A sink must be a function, an object with write(chunk), or a WritableStream.');
}
