import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';

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
