/**
 * The few web-standard globals `@x/core` and the providers may use, declared
 * with only the members the code needs. Their `tsconfig.src.json` sees this
 * file instead of the DOM lib or `@types/node`, so a browser-only global
 * (`document`) or a Node-only one (`process`, `Buffer`) fails to type-check
 * there. Every runtime the packages support (Node.js 20+, browsers, Deno,
 * Bun) defines these. Add a member here only for a global that all of them
 * have.
 */

declare class TextEncoder {
  encode(input?: string): Uint8Array;
}

declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: Uint8Array, options?: { stream?: boolean }): string;
}

type ReadableStreamReadResult<T> = { done: false; value: T } | { done: true; value?: undefined };

interface ReadableStreamDefaultReader<R> {
  read(): Promise<ReadableStreamReadResult<R>>;
  releaseLock(): void;
}

interface ReadableStream<R = unknown> {
  getReader(): ReadableStreamDefaultReader<R>;
}

declare var ReadableStream: {
  prototype: ReadableStream;
  new <R = unknown>(): ReadableStream<R>;
};

interface WritableStreamDefaultWriter<W> {
  readonly ready: Promise<undefined>;
  write(chunk: W): Promise<void>;
  close(): Promise<void>;
  releaseLock(): void;
}

interface WritableStream<W = unknown> {
  getWriter(): WritableStreamDefaultWriter<W>;
}

declare var WritableStream: {
  prototype: WritableStream;
  new <W = unknown>(): WritableStream<W>;
};

interface TransformStreamDefaultController<O> {
  enqueue(chunk: O): void;
  error(reason?: unknown): void;
}

interface Transformer<I, O> {
  transform?(chunk: I, controller: TransformStreamDefaultController<O>): void | Promise<void>;
  flush?(controller: TransformStreamDefaultController<O>): void | Promise<void>;
}

interface TransformStream<I = unknown, O = unknown> {
  readonly readable: ReadableStream<O>;
  readonly writable: WritableStream<I>;
}

declare var TransformStream: {
  prototype: TransformStream;
  new <I = unknown, O = unknown>(transformer?: Transformer<I, O>): TransformStream<I, O>;
};

/** Web Crypto's digest, for a SHA-256 a store matches a folder name against (Gemini CLI names project folders by one). */
declare var crypto: {
  subtle: { digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer> };
};
