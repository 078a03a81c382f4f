import { neutralizeForTerminal } from '@x/renderer-terminal/sanitize';
import { CliError, ExitCode, describeSystemError } from './exit-codes.js';

/** A writable the CLI prints to: `process.stdout` or a test double. */
export interface CliStream {
  write(chunk: string | Uint8Array): boolean;
  once(event: 'drain', listener: () => void): unknown;
  /** Hears a write that failed (a full disk, a closed pipe); without it such an error goes unseen. */
  on?(event: 'error', listener: (error: Error) => void): unknown;
  isTTY?: boolean;
  columns?: number;
}

/**
 * A {@link CliStream} that turns a failed write into a {@link CliError}
 * (exit 7), thrown by {@link GuardedStream.check}, instead of an unhandled
 * error event; never waits for a `drain` that a broken stream will not send;
 * and remembers whether what it wrote ended with a newline.
 */
export interface GuardedStream extends CliStream {
  /** Throws the {@link CliError} of a write that failed, if one did. */
  check(): void;
  /** Waits a turn (a failed write is reported asynchronously), then {@link check}s. */
  settle(): Promise<void>;
  /** Whether anything was written and the last of it did not end with a newline. */
  readonly openLine: boolean;
}

/** Wraps a stream: `name` is how an error names it, `standard output` or a file name. */
export function guardStream(stream: CliStream, name: string): GuardedStream {
  let failure: Error | undefined;
  let openLine = false;
  const waiting = new Set<() => void>();
  stream.on?.('error', (error) => {
    failure ??= error;
    for (const resume of waiting) resume();
    waiting.clear();
  });
  const check = () => {
    if (failure !== undefined) throw new CliError(`cannot write to ${neutralizeForTerminal(name)}: ${describeSystemError(failure)}.`, ExitCode.output);
  };
  const guarded: GuardedStream = {
    ...(stream.isTTY === undefined ? {} : { isTTY: stream.isTTY }),
    ...(stream.columns === undefined ? {} : { columns: stream.columns }),
    get openLine() {
      return openLine;
    },
    write(chunk) {
      // After a failure, writes are dropped rather than thrown: a renderer's
      // timer may still write, and the run stops at its next check().
      if (failure !== undefined) return true;
      if (chunk.length > 0) openLine = typeof chunk === 'string' ? !chunk.endsWith('\n') : chunk[chunk.length - 1] !== 10;
      return stream.write(chunk);
    },
    once(_event, listener) {
      waiting.add(listener);
      stream.once('drain', () => {
        if (waiting.delete(listener)) listener();
      });
      return guarded;
    },
    check,
    async settle() {
      await new Promise<void>((resolve) => setImmediate(resolve));
      check();
    },
  };
  return guarded;
}

/** Writes a chunk, waiting for `drain` when the stream asks for it. */
export function write(stream: CliStream, chunk: string | Uint8Array): void | Promise<void> {
  if (stream.write(chunk)) return undefined;
  return new Promise<void>((resolve) => {
    stream.once('drain', resolve);
  });
}

/** Characters `JSON.stringify` leaves raw that a terminal would act on: DEL, C1, bidi and zero-width characters, separators. */
const RAW_IN_JSON = /[\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/**
 * `JSON.stringify` for a terminal: the same JSON value, with every character
 * a terminal would act on written as a `\u` escape (JSON.stringify already
 * escapes C0), so the bytes hold no control but the value is unchanged.
 */
export function jsonForTerminal(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(RAW_IN_JSON, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
