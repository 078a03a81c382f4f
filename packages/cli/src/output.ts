import { createInvisibleMarker, isInvisibleCharacter } from '@x/core';
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

/** Writes text or UTF-8 bytes to an output; a returned promise waits for it to take more (what `write` of a stream returns). */
export type WriteChunk = (chunk: string | Uint8Array) => void | Promise<void>;

/** Writes a chunk, waiting for `drain` when the stream asks for it. */
export function write(stream: CliStream, chunk: string | Uint8Array): void | Promise<void> {
  if (stream.write(chunk)) return undefined;
  return new Promise<void>((resolve) => {
    stream.once('drain', resolve);
  });
}

/** A code point as JSON writes it escaped: `\u202e`, or the two escapes of its surrogates. */
function jsonEscape(codePoint: number): string {
  const unit = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`;
  if (codePoint <= 0xffff) return unit(codePoint);
  const offset = codePoint - 0x10000;
  return unit(0xd800 + (offset >> 10)) + unit(0xdc00 + (offset & 0x3ff));
}

/**
 * Writes every character `JSON.stringify` leaves raw that a terminal would
 * act on or hide, by @x/core's one definition of invisible characters (DEL,
 * C1, bidi, zero-width, format, tag and other default-ignorable characters,
 * separators), as a JSON `\u` escape. Out of context: a joiner in a Persian
 * word is escaped too, as the escape keeps the value.
 */
const escapeRawInJson = createInvisibleMarker({ inContext: false, notation: jsonEscape });

/**
 * `JSON.stringify` for a terminal: the same JSON value, with every character
 * a terminal would act on written as a `\u` escape (JSON.stringify already
 * escapes C0), so the bytes hold no control but the value is unchanged.
 */
export function jsonForTerminal(value: unknown, indent?: number): string {
  return escapeRawInJson(JSON.stringify(value, null, indent));
}

/**
 * The first UTF-8 bytes of the characters {@link escapeRawInJson} escapes
 * but DEL (one byte): C2 (C1, soft hyphen), CD, D8, DB, DC, E0, E1, E2
 * (bidi, zero-width, separators), E3, EF (variation selectors, BOM, Hangul
 * filler, specials), F0 and F3 (tag characters). output.test.ts checks every
 * code point of the definition against it.
 */
const INVISIBLE_LEADS = [0xc2, 0xcd, 0xd8, 0xdb, 0xdc, 0xe0, 0xe1, 0xe2, 0xe3, 0xef, 0xf0, 0xf3] as const;

/** The code point whose UTF-8 sequence starts at `at`. */
function codePointOfUtf8(bytes: Buffer, at: number): number {
  const lead = bytes[at] as number;
  const next = (n: number) => (bytes[at + n] ?? 0) & 0x3f;
  if (lead < 0xe0) return ((lead & 0x1f) << 6) | next(1);
  if (lead < 0xf0) return ((lead & 0x0f) << 12) | (next(1) << 6) | next(2);
  return ((lead & 0x07) << 18) | (next(1) << 12) | (next(2) << 6) | next(3);
}

/**
 * Whether UTF-8 `bytes` encode a character {@link escapeRawInJson} escapes.
 * Each such character starts with a byte that only ever starts a character
 * (DEL, or one of {@link INVISIBLE_LEADS}), so a byte search finds every
 * candidate without decoding the rest; each candidate's code point is then
 * looked up in the definition. Only E2 (dashes, arrows, quotes) is common.
 */
export function holdsRawInJson(bytes: Buffer): boolean {
  if (bytes.indexOf(0x7f) >= 0) return true;
  for (const lead of INVISIBLE_LEADS) {
    for (let at = bytes.indexOf(lead); at >= 0; at = bytes.indexOf(lead, at + 1)) {
      if (isInvisibleCharacter(codePointOfUtf8(bytes, at))) return true;
    }
  }
  return false;
}

/**
 * UTF-8 lines of `JSON.stringify` output as {@link jsonForTerminal} would
 * write them: the bytes themselves when they hold nothing to escape (the
 * usual case, found by {@link holdsRawInJson} without decoding), otherwise
 * decoded and escaped. Escaping a whole batch equals escaping each line:
 * every match is one character, and JSON.stringify writes no lone surrogate,
 * so the bytes decode to exactly the text that was encoded.
 */
export function jsonBytesForTerminal(bytes: Buffer): Buffer | string {
  return holdsRawInJson(bytes) ? escapeRawInJson(bytes.toString('utf8')) : bytes;
}

/** How many characters a {@link BatchedText} gathers before it writes them without waiting for the turn. */
const TEXT_BATCH_CHARS = 64 * 1024;

/** Text for a stream, gathered and written together; see {@link batchText}. */
export interface BatchedText {
  /** Adds text; returns the wait for `drain` of an earlier write, if the stream asked for one. */
  write(text: string): void | Promise<void>;
  /** Writes what is gathered now. */
  flush(): void | Promise<void>;
}

/** What a {@link BatchedText} holds between two writes. */
interface TextBatchState {
  pending: string;
  scheduled: boolean;
  drained: void | Promise<void>;
}

/**
 * Gathers text for the output `out` writes to and writes it up to 64 Ki characters at a time or
 * when the event loop next turns (`setImmediate`: after the events of the
 * chunk being read, so output stays live). A renderer writes once per event,
 * and to a file or pipe each write is a system call: 361 000 of them for
 * the default render of a 100 MB Gemini stream, a fifth of the run's time
 * (bench/FINDINGS.md). A write the stream asks to wait for is awaited by
 * the next write.
 */
export function batchText(out: WriteChunk): BatchedText {
  const state: TextBatchState = { pending: '', scheduled: false, drained: undefined };
  const flush = (): void | Promise<void> => {
    state.scheduled = false;
    if (state.pending === '') return undefined;
    const text = state.pending;
    state.pending = '';
    state.drained = out(text);
    return state.drained;
  };
  return {
    write(text) {
      const waiting = state.drained;
      state.drained = undefined;
      state.pending += text;
      if (state.pending.length >= TEXT_BATCH_CHARS) return waiting === undefined ? flush() : waiting.then(flush);
      if (!state.scheduled) {
        state.scheduled = true;
        setImmediate(flush);
      }
      return waiting;
    },
    flush,
  };
}
