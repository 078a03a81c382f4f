import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/**
 * Where a file is written before it is renamed into place: a name no one can
 * guess, since a symlink planted in the folder under a name known in advance
 * (the pid alone has 32,768 values) would have the write go to the file it
 * points at.
 */
export function temporaryPath(path: string): string {
  return `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
}

/**
 * Writes `text` to `path` whole or not at all: into a {@link temporaryPath}
 * created here or not at all (`wx` follows no symlink put in its place), then
 * renamed over `path`, so a reader never sees half of it. A failed write (a
 * full disk) removes its temporary file and leaves the file before in place.
 */
export async function writeFileAtomic(path: string, text: string, options: { mode?: number } = {}): Promise<void> {
  const temporary = temporaryPath(path);
  try {
    await writeFile(temporary, text, { flag: 'wx', ...(options.mode === undefined ? {} : { mode: options.mode }) });
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Makes the folder `dir` and those missing above it, one level at a time
 * from the nearest one that exists, and fails on the first level that cannot
 * be made; each folder made gets `options.mode` (default 0o777, less the
 * umask). Node's `mkdir({ recursive: true })` is not used: asked for a folder
 * under /proc (`/proc/x/y`) it loops for ever instead of failing.
 */
export async function makeFolders(dir: string, options: { mode?: number } = {}): Promise<void> {
  const missing: string[] = [];
  for (let at = resolve(dir); (await stat(at).catch(() => undefined)) === undefined; at = dirname(at)) {
    missing.unshift(at);
    if (dirname(at) === at) break;
  }
  for (const folder of missing) {
    await mkdir(folder, options.mode === undefined ? {} : { mode: options.mode }).catch(async (error: unknown) => {
      // Made meanwhile by someone else (another run writing the same site): fine, if it is a folder.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || !(await stat(folder)).isDirectory()) throw error;
    });
  }
}
