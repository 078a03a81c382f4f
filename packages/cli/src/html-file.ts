import { fstatSync, type Stats, type WriteStream } from 'node:fs';
import { open, readlink, realpath, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { neutralizeForTerminal } from '@x/renderer-terminal/sanitize';
import { CliError, ExitCode, describeSystemError } from './exit-codes.js';
import type { CliInput } from './input.js';
import type { GuardedStream } from './output.js';
import { guardStream } from './output.js';

/** Where `--html` writes: standard output, or a temporary file renamed into place when complete. */
export interface HtmlTarget {
  sink: GuardedStream;
  /** Closes the page and moves it into place; throws a {@link CliError} when it could not. */
  finish(): Promise<void>;
  /** Drops a page that failed: the previous file, if any, is left as it was. */
  abandon(): Promise<void>;
}

/** The error of a page that could not be written to `target`; `path` is where it was going, when a symlink named another file. */
function cannotWrite(target: string, error: unknown, path = target): CliError {
  const code = (error as NodeJS.ErrnoException).code;
  const why = code === 'ENOENT' ? `the directory ${dirname(path)} does not exist` : describeSystemError(error);
  return new CliError(`cannot write ${neutralizeForTerminal(target)}: ${neutralizeForTerminal(why)}.`, ExitCode.output);
}

/**
 * Whether `file` is the regular file or the pipe standard input reads
 * (`--html /dev/stdin < run.jsonl`, `cat run.jsonl | xview --html /dev/stdin`).
 * A pipe counts: written in place, the page went into the pipe xview was
 * reading, whose write end xview then held open, so the run never ended. A
 * device (a terminal, /dev/null) does not: writing one destroys no input.
 */
function isStandardInput(file: Stats): boolean {
  try {
    const input = fstatSync(0);
    return (file.isFile() || file.isFIFO()) && input.dev === file.dev && input.ino === file.ino;
  } catch {
    return false;
  }
}

/** How many symlinks a chain may hold: Linux's own limit (`MAXSYMLINKS`) for one path. */
const MAX_SYMLINKS = 40;

/**
 * Where a page for `target` is renamed to: the file a symlink names, not the
 * symlink. `/dev/stdout` with standard output redirected to a file is such a
 * symlink (through `/proc/self/fd/1`); a page renamed over it replaced the
 * system's `/dev/stdout` when run as root. The chain is followed link by link,
 * so that a symlink to a file not made yet has that file made, as a shell's
 * `>` does, instead of being replaced by the page itself; a loop is refused.
 */
async function renameTarget(target: string): Promise<string> {
  let path = target;
  for (let links = 0; links <= MAX_SYMLINKS; links++) {
    const link = await readlink(path).catch(() => undefined);
    // Not a symlink, or nothing there: the page goes here.
    if (link === undefined) return path;
    // Resolved from the link's real folder, as the kernel does: a `..` in the link climbs out of that folder, not out of the path's spelling.
    const folder = await realpath(dirname(path)).catch(() => undefined);
    if (folder === undefined) return resolve(dirname(path), link);
    path = resolve(folder, link);
  }
  // A loop: its real path fails with ELOOP, which the caller reports.
  return realpath(target);
}

/** The option that names a target, as its errors say it: `--html`, or `acp --record`, which writes its file the same way. */
export interface TargetOption {
  option: string;
  /** What to name instead when the target is a directory, such as `the page's file, such as run.html`. */
  suggestion: string;
}

const HTML_OPTION: TargetOption = { option: '--html', suggestion: "the page's file, such as run.html" };

/** The target's status when it exists; a directory, or a file that is one of the inputs, is refused. */
async function checkTarget(target: string, inputs: readonly CliInput[], named: TargetOption): Promise<Stats | undefined> {
  let existing: Stats;
  try {
    existing = await stat(target);
  } catch {
    return undefined;
  }
  if (existing.isDirectory()) throw new CliError(`cannot write ${neutralizeForTerminal(target)}: it is a directory; name ${named.suggestion}.`, ExitCode.output);
  for (const input of inputs) {
    const same = input.name === '-' ? isStandardInput(existing) : resolve(input.name) === resolve(target) || (await stat(input.name).then((s) => s.dev === existing.dev && s.ino === existing.ino, () => false));
    if (same) throw new CliError(`${named.option} ${neutralizeForTerminal(target)} is also an input: writing it would destroy the run being read. Choose another file.`, ExitCode.usage);
  }
  return existing;
}

/**
 * A write stream on `path`, opened with `flags`, given the permission bits
 * `mode` when set; a failure names the page's `target` (and the folder of
 * `page`, the file it was going to, when that folder is missing).
 */
async function openStream(path: string, flags: string, target: string, mode?: number, page = target): Promise<WriteStream> {
  try {
    const handle = await open(path, flags);
    // Set after creation, where the umask no longer applies: the mode is exactly the previous page's.
    if (mode !== undefined) {
      await handle.chmod(mode).catch(async (error: unknown) => {
        await handle.close();
        await unlink(path).catch(() => undefined);
        throw error;
      });
    }
    return handle.createWriteStream();
  } catch (error) {
    throw cannotWrite(target, error, page);
  }
}

/**
 * Ends the stream once everything written has gone out. `end`'s callback is
 * also called with the error of a write that failed after the last check
 * (ENOSPC on a full disk): that is a failure, not the end.
 */
export function endStream(file: Writable): Promise<void> {
  return new Promise<void>((done, fail) => {
    file.once('error', fail);
    file.end((error?: Error | null) => (error ? fail(error) : done()));
  });
}

/**
 * A target that exists and is no regular file (`/dev/null`, `/dev/stdout`,
 * a named pipe) is written in place, as standard output is: renaming a
 * finished page over it would replace the device or the pipe with a file
 * (`--html /dev/null`, run as root, replaced the system's /dev/null).
 */
async function openInPlace(target: string): Promise<HtmlTarget> {
  const file = await openStream(target, 'w', target);
  const sink = guardStream(file, target);
  return {
    sink,
    async finish() {
      sink.check();
      await endStream(file).catch((error: unknown) => {
        throw cannotWrite(target, error);
      });
    },
    async abandon() {
      file.destroy();
    },
  };
}

/**
 * Opens the `--html` target. `-` is standard output. A file is written to a
 * temporary file beside it and renamed over it only once the page is
 * complete, so a failed or killed run never leaves a truncated page and never
 * destroys the previous one; a target that is one of the inputs is refused
 * before anything is written. A device or a named pipe is written in place.
 * `named` is the option that named the target, for its errors.
 */
export async function openHtmlTarget(target: string, inputs: readonly CliInput[], stdout: GuardedStream, named = HTML_OPTION): Promise<HtmlTarget> {
  if (target === '-') return { sink: stdout, finish: () => stdout.settle(), abandon: async () => undefined };
  const existing = await checkTarget(target, inputs, named);
  if (existing !== undefined && !existing.isFile()) return openInPlace(target);
  const path = await renameTarget(target).catch((error: unknown) => {
    throw cannotWrite(target, error);
  });
  // Imported here: node:crypto costs every xview start some 10 ms to load, and only a page written to a file needs it.
  const { randomBytes } = await import('node:crypto');
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  // The page replacing a file keeps its permissions: a page made private (0600) stayed private when written in place, and must when renamed.
  const file = await openStream(temporary, 'wx', target, existing === undefined ? undefined : existing.mode & 0o777, path);
  const sink = guardStream(file, target);
  const remove = () => unlink(temporary).catch(() => undefined);
  return {
    sink,
    async finish() {
      try {
        sink.check();
        await endStream(file);
        await rename(temporary, path);
      } catch (error) {
        await remove();
        throw error instanceof CliError ? error : cannotWrite(target, error);
      }
    },
    async abandon() {
      file.destroy();
      await remove();
    },
  };
}
