import { type Stats, access, close, constants, open, read, stat } from 'node:fs';
import { neutralizeForTerminal } from '@x/renderer-terminal/sanitize';
import { CliError, ExitCode, describeSystemError } from './exit-codes.js';

/** One input: a file or standard input, as a stream of bytes. */
export interface CliInput {
  /** `-` for standard input, else the path as given. */
  name: string;
  /** The size in bytes when known (a regular file), for progress. */
  size: number | undefined;
  open(): AsyncIterable<Uint8Array>;
  /** The id of the source that reads it when `--provider` chooses none (a session log's agent), instead of detection. */
  sourceId?: string;
}

/** How an input is named in a message: `standard input`, or its path made safe for a terminal. */
export function inputLabel(input: CliInput): string {
  return input.name === '-' ? 'standard input' : neutralizeForTerminal(input.name);
}

function cannotRead(file: string, error: unknown): CliError {
  const why = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : describeSystemError(error);
  return new CliError(`cannot read ${neutralizeForTerminal(file)}: ${neutralizeForTerminal(why)}. Check the path, or pipe the agent's output in instead.`, ExitCode.input);
}

/**
 * A file's status, and whether it can be read, by node:fs's callbacks: the
 * promise API of node:fs/promises costs a start 0.7 ms to load, for two calls.
 */
function statReadable(file: string): Promise<Stats> {
  return new Promise((resolve, reject) => {
    stat(file, (error, info) => {
      if (error !== null) reject(error);
      else if (info.isDirectory()) resolve(info);
      else access(file, constants.R_OK, (denied) => (denied === null ? resolve(info) : reject(denied)));
    });
  });
}

/** How much of a file one read takes: what Node's read streams take. */
const READ_BYTES = 64 * 1024;

/**
 * How many reads of a regular file run ahead of the one being parsed. With
 * one, as a read stream keeps, the parser waited for the disk thread about a
 * tenth of a 100 MB run on a busy two-core machine (x-bench: idle 112 ms of
 * 1.18 s); the memory is three 64 KiB buffers.
 */
const READS_AHEAD = 3;

/** One read of a file, and where it started. */
interface FileRead {
  start: number;
  bytes: Promise<Uint8Array | undefined>;
}

/** An open file's reads in flight, in file order. */
interface FileReads {
  fd: number;
  /** Where the next read starts in a regular file (read by position); undefined for a pipe or device, read at its own position one read at a time. */
  position: number | undefined;
  queue: FileRead[];
  /** Every read not yet done, the dropped ones too: the file is closed only once none runs on it. */
  running: Set<Promise<unknown>>;
}

/**
 * Starts the next read. A failed read that nobody awaits any more (a run
 * stopped early, a read dropped) is no unhandled rejection: whoever awaits
 * it still sees the error.
 */
function readNext(reads: FileReads): void {
  const start = reads.position ?? 0;
  const buffer = Buffer.allocUnsafeSlow(READ_BYTES);
  const bytes = new Promise<Uint8Array | undefined>((resolve, reject) => {
    read(reads.fd, buffer, 0, READ_BYTES, reads.position ?? null, (error, count) => {
      if (error !== null) reject(error);
      else resolve(count === 0 ? undefined : buffer.subarray(0, count));
    });
  });
  reads.running.add(bytes);
  const done = () => reads.running.delete(bytes);
  bytes.then(done, done);
  reads.queue.push({ start, bytes });
  if (reads.position !== undefined) reads.position += READ_BYTES;
}

/**
 * The next chunk of the file, or undefined at its end. A regular file is read
 * by position, several reads at once; a read that comes back short (the end
 * of the file as it was then, a file still being written) drops the reads
 * that started past it and reads on from where it ended.
 */
async function nextChunk(reads: FileReads): Promise<Uint8Array | undefined> {
  const head = reads.queue.shift();
  if (head === undefined) return undefined;
  const chunk = await head.bytes;
  if (chunk === undefined) return undefined;
  const short = chunk.length < READ_BYTES;
  if (reads.position !== undefined && short) {
    reads.queue.length = 0;
    reads.position = head.start + chunk.length;
  }
  // After a short read one more read, which most often finds the end.
  while (reads.queue.length < (reads.position === undefined || short ? 1 : READS_AHEAD)) readNext(reads);
  return chunk;
}

/**
 * A file's bytes, 64 KiB at a time, the next reads already running while a
 * chunk is parsed; an error while reading (EIO, a file gone) becomes a
 * {@link CliError} with exit code 3. Read with node:fs's callbacks rather
 * than a read stream: `createReadStream` loads node:fs/promises and readline
 * behind it, about a millisecond of every start.
 */
async function* readFile(file: string, regular: boolean): AsyncGenerator<Uint8Array> {
  const reads: FileReads = { fd: -1, position: regular ? 0 : undefined, queue: [], running: new Set() };
  try {
    reads.fd = await new Promise<number>((resolve, reject) => open(file, 'r', (error, fd) => (error === null ? resolve(fd) : reject(error))));
    readNext(reads);
    for (let chunk = await nextChunk(reads); chunk !== undefined; chunk = await nextChunk(reads)) yield chunk;
  } catch (error) {
    throw cannotRead(file, error);
  } finally {
    // Closed once no read runs on it: a number closed under a running read may be another file's by then.
    if (reads.fd >= 0) {
      const closeFile = close.bind(undefined, reads.fd, () => undefined);
      if (reads.running.size === 0) closeFile();
      else Promise.allSettled(reads.running).then(closeFile);
    }
  }
}

/** Checks that every file exists, is a file and can be read, before anything is rendered. */
export async function resolveInputs(files: readonly string[], stdin: AsyncIterable<Uint8Array>): Promise<CliInput[]> {
  if (files.length === 0) return [{ name: '-', size: undefined, open: () => stdin }];
  const inputs: CliInput[] = [];
  for (const file of files) {
    if (file === '-') {
      inputs.push({ name: '-', size: undefined, open: () => stdin });
      continue;
    }
    let info: Stats;
    try {
      info = await statReadable(file);
    } catch (error) {
      throw cannotRead(file, error);
    }
    if (info.isDirectory()) throw new CliError(`${neutralizeForTerminal(file)} is a directory: give the file of a recorded run, such as run.jsonl.`, ExitCode.input);
    inputs.push({ name: file, size: info.isFile() ? info.size : undefined, open: () => readFile(file, info.isFile()) });
  }
  return inputs;
}

/** How many leading bytes are checked for binary data. */
const BINARY_SNIFF_BYTES = 8192;

/** Whether the first bytes of a stream look like binary data rather than text. */
/** The compressed formats an agent's log is kept in, by their first bytes, with the command that reads one back. */
const COMPRESSED: readonly { name: string; magic: readonly number[]; command: string }[] = [
  { name: 'zstd', magic: [0x28, 0xb5, 0x2f, 0xfd], command: 'zstd -dc' },
  { name: 'gzip', magic: [0x1f, 0x8b], command: 'gzip -dc' },
];

/** How to read a compressed input: `zstd -dc` for zstd data, and so on; `undefined` when its head is no compressed format. */
export function decompressCommand(head: Uint8Array): { name: string; command: string } | undefined {
  return COMPRESSED.find((format) => format.magic.every((byte, index) => head[index] === byte));
}

export function looksBinary(head: Uint8Array): boolean {
  // Native: a loop over 8 KiB in JavaScript costs a start 2-3 ms, run once and never optimised.
  return head.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}

/**
 * The next item of `iterator`, or the end once `signal` aborts, whichever
 * comes first. The abort listener lives for this one read only: racing every
 * read against one promise that stays pending for the whole run makes that
 * promise keep a reaction, and with it every chunk read, until the run ends
 * (a 5 GB input held 5 GB).
 */
function nextUntilAborted(iterator: AsyncIterator<Uint8Array>, signal: AbortSignal): Promise<IteratorResult<Uint8Array>> {
  return new Promise((resolve, reject) => {
    const stop = () => resolve({ done: true, value: undefined });
    signal.addEventListener('abort', stop, { once: true });
    iterator.next().then(
      (result) => {
        signal.removeEventListener('abort', stop);
        resolve(result);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', stop);
        reject(error);
      },
    );
  });
}

/**
 * The stream until `signal` aborts: then it ends as if the input had, so
 * what was read is rendered and closed properly (each read through
 * {@link nextUntilAborted}).
 */
export async function* untilAborted(stream: AsyncIterable<Uint8Array>, signal: AbortSignal | undefined): AsyncGenerator<Uint8Array> {
  if (signal === undefined) {
    yield* stream;
    return;
  }
  const iterator = stream[Symbol.asyncIterator]();
  try {
    while (!signal.aborted) {
      const next = await nextUntilAborted(iterator, signal);
      if (next.done === true) return;
      yield next.value;
    }
  } finally {
    // A read still pending after an abort is not waited for.
    const closing = iterator.return?.();
    if (!signal.aborted) await closing;
  }
}
