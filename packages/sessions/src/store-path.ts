import { constants } from 'node:fs';
import { type FileHandle, open, readlink, realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, sep } from 'node:path';

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

/**
 * The real path a store's root stands for, or `undefined` when it does not
 * exist. A folder is resolved whole: an agent's folder moved elsewhere and
 * linked back is still its store. A root that is a file (OpenCode's
 * database) is resolved only up to its folder: resolved whole, a symlink in
 * its place would make its target the root, and a file anywhere (under
 * `/proc` too) would count as inside the store.
 */
export async function realRoot(root: string): Promise<string | undefined> {
  const info = await stat(root).catch(() => undefined);
  if (info === undefined) return undefined;
  if (info.isDirectory()) return realpath(root).catch(() => undefined);
  const folder = await realpath(dirname(root)).catch(() => undefined);
  return folder === undefined ? undefined : join(folder, basename(root));
}

/** Whether the real path `target` is the real path `root` or lies inside it (both already resolved). */
export function isInside(root: string, target: string): boolean {
  return target === root || target.startsWith(root.endsWith(sep) ? root : root + sep);
}

/**
 * Reads a small store file as UTF-8, only when it is a regular file whose real
 * path stays under `root`: a symlink pointing out of the store is refused, and
 * a FIFO or device is never waited on (see {@link openRealFile}). Files over
 * `limit` bytes are refused too.
 */
export async function readStoreFile(root: string, path: string, limit = STORE_FILE_LIMIT): Promise<string> {
  const { file } = await openRealFile(path, [await realpath(root)]);
  return readOpened(file, path, limit);
}

/** Reads a regular file as UTF-8 up to `limit` bytes; a FIFO, device or folder is refused without blocking. */
export async function readRegularFile(path: string, limit = STORE_FILE_LIMIT): Promise<string> {
  return readOpened(await openRegularFile(path), path, limit);
}

/** Reads an opened file whole as UTF-8 up to `limit` bytes, and closes it. */
async function readOpened(file: FileHandle, path: string, limit: number): Promise<string> {
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

/** Where Linux names each file this process has open, by its descriptor. */
const OPEN_FILES = '/proc/self/fd';

/**
 * The real path of the file `file` that was opened at `path`, checked to name
 * that very file. Where the system names a process's open files (Linux's
 * `/proc/self/fd/<n>`), the name of the opened file itself; elsewhere the
 * real path of `path` taken after the open. Either way a stat of it must give
 * the opened file's device and inode, or a `RangeError` is thrown: a path
 * swapped (for a symlink to another file) around the open cannot pass its
 * check on to a file it did not open. `openFiles` is for tests.
 */
export async function openedRealPath(file: FileHandle, path: string, openFiles = OPEN_FILES): Promise<string> {
  const named = await readlink(join(openFiles, String(file.fd))).catch(() => undefined);
  const real = named?.startsWith(sep) ? named : await realpath(path).catch(() => undefined);
  const [opened, now] = await Promise.all([file.stat(), real === undefined ? undefined : stat(real).catch(() => undefined)]);
  if (real === undefined || now === undefined || now.dev !== opened.dev || now.ino !== opened.ino)
    throw new RangeError(`${path} changed while it was opened; not read.`);
  return real;
}

/**
 * Opens `path` when it is a regular file (see {@link openRegularFile}) and,
 * given `realRoots` (real paths; `undefined` for a root that does not exist),
 * only when its real path lies inside one of them; gives the file and its
 * real path. The check that counts is made on the file the open got
 * ({@link openedRealPath}), so a symlink swapped into the path between a
 * check and the open is refused, never read. The path's real path is also
 * looked at before the open, so that a symlink out of the roots is refused
 * without opening what it points at (a device may act on an open).
 */
export async function openRealFile(path: string, realRoots?: readonly (string | undefined)[]): Promise<{ file: FileHandle; realPath: string }> {
  const inside = (real: string | undefined) =>
    realRoots === undefined || (real !== undefined && realRoots.some((root) => root !== undefined && isInside(root, real)));
  const outside = () => new RangeError(`${path} is outside the session store's folders; not read.`);
  if (realRoots !== undefined && !inside(await realpath(path).catch(() => undefined))) throw outside();
  const file = await openRegularFile(path);
  try {
    const realPath = await openedRealPath(file, path);
    if (!inside(realPath)) throw outside();
    return { file, realPath };
  } catch (error) {
    await file.close();
    throw error;
  }
}
