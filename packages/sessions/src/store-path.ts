import { constants } from 'node:fs';
import { type FileHandle, open, realpath } from 'node:fs/promises';
import { join, sep } from 'node:path';

/** The longest id a store may use as one path segment. */
export const STORE_ID_MAX = 200;
/** The largest small store file (an OpenCode message or part, Gemini's markers) read whole. */
export const STORE_FILE_LIMIT = 16 * 1024 * 1024;

/** Whether a value from a store is safe as one path segment: no separator, no `..`, no NUL, bounded length. */
export function isStoreId(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value !== '' &&
    value !== '.' &&
    value !== '..' &&
    value.length <= STORE_ID_MAX &&
    !/[/\\\0]/.test(value)
  );
}

/**
 * The path of `segments` under a store's `root`. Each segment taken from the
 * store's own data must pass {@link isStoreId}, so a crafted id cannot climb
 * out of the store; throws a `RangeError` otherwise.
 */
export function storePath(root: string, ...segments: string[]): string {
  for (const segment of segments) {
    if (!isStoreId(segment)) throw new RangeError(`refusing a store path segment that is not a plain id: ${JSON.stringify(String(segment).slice(0, 80))}`);
  }
  return join(root, ...segments);
}

/** Whether the real path `target` is the real path `root` or lies inside it (both already resolved). */
export function isInside(root: string, target: string): boolean {
  return target === root || target.startsWith(root.endsWith(sep) ? root : root + sep);
}

/** Whether `path` (after following symlinks) is `root` or inside it (after following symlinks). */
export async function insideRoot(root: string, path: string): Promise<boolean> {
  const [realRoot, realTarget] = await Promise.all([realpath(root), realpath(path)]);
  return isInside(realRoot, realTarget);
}

/**
 * Reads a small store file as UTF-8, only when it is a regular file whose real
 * path stays under `root`: a symlink pointing out of the store is refused, and
 * a FIFO or device is never waited on (opened non-blocking, then checked with
 * fstat). Files over `limit` bytes are refused too.
 */
export async function readStoreFile(root: string, path: string, limit = STORE_FILE_LIMIT): Promise<string> {
  if (!(await insideRoot(root, path))) throw new RangeError(`${path} leads out of ${root}; not read.`);
  return readRegularFile(path, limit);
}

/** Reads a regular file as UTF-8 up to `limit` bytes; a FIFO, device or folder is refused without blocking. */
export async function readRegularFile(path: string, limit = STORE_FILE_LIMIT): Promise<string> {
  const file = await openRegularFile(path);
  try {
    if ((await file.stat()).size > limit) throw new RangeError(`${path} is larger than ${limit} bytes; not read.`);
    return await file.readFile('utf8');
  } finally {
    await file.close();
  }
}

/**
 * Opens `path` for reading only when it is a regular file: opened
 * non-blocking (an open of a FIFO would wait for a writer, holding one of
 * libuv's few file-system threads for good), then checked with fstat, so a
 * FIFO, device or folder is refused with a `RangeError` and never waited on.
 */
export async function openRegularFile(path: string): Promise<FileHandle> {
  const file = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  let regular = false;
  try {
    regular = (await file.stat()).isFile();
  } finally {
    if (!regular) await file.close();
  }
  if (!regular) throw new RangeError(`${path} is not a regular file; not read.`);
  return file;
}

/** Throws unless `path` is a regular file; opened non-blocking so a FIFO or device never hangs the check. */
export async function assertRegularFile(path: string): Promise<void> {
  await (await openRegularFile(path)).close();
}
