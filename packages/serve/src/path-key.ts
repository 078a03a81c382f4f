import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { makeFolders, writeFileAtomic } from '@x/sessions';

/*
 * The secret the app's path is derived from (`appBase`), kept in the cache
 * folder beside the search index so that a page's address (`/x-…/s/<key>#e42`)
 * stays the same from one start of `xview serve` to the next: a bookmark or a
 * link in notes works again once the new token has set its cookie. The path
 * is no credential on its own (the token's cookie is), but it keeps the
 * cookie from other servers on the host, so the key is written for this user
 * only and read as untrusted: anything but a key of the expected form, in a
 * file only this user could have written or can read, is replaced.
 */

/** A kept key: URL-safe base64 of at least 32 bytes. */
const KEY = /^[A-Za-z0-9_-]{43,128}$/;
/** The largest key file read. */
const KEY_FILE_BYTES = 256;

/**
 * The text of the key file when no one but this user could have put it there
 * or read it: a regular file (not a symlink, which O_NOFOLLOW refuses, nor a
 * FIFO, refused by fstat without waiting), owned by this user, with no
 * permission for anyone else. A cache folder someone else can write (a
 * shared `--cache-dir`) would otherwise let them choose the app's path.
 */
async function readPrivateKey(file: string): Promise<string | undefined> {
  const handle = await open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | constants.O_NONBLOCK).catch(() => undefined);
  if (handle === undefined) return undefined;
  try {
    const info = await handle.stat();
    const mine = process.getuid === undefined || (info.uid === process.getuid() && (info.mode & 0o077) === 0);
    return info.isFile() && mine && info.size <= KEY_FILE_BYTES ? await handle.readFile('utf8') : undefined;
  } finally {
    await handle.close();
  }
}

/**
 * The key kept in `file`, or a new one written there (readable by this user
 * only). When it cannot be written (a read-only cache), the new key is used
 * for this start alone and `onError` is told why.
 */
export async function loadPathKey(file: string, onError?: (error: unknown) => void): Promise<string> {
  const kept = (await readPrivateKey(file).catch(() => undefined))?.trim();
  if (kept !== undefined && KEY.test(kept)) return kept;
  const key = randomBytes(32).toString('base64url');
  try {
    await makeFolders(dirname(file), { mode: 0o700 });
    await writeFileAtomic(file, key, { mode: 0o600 });
  } catch (error) {
    onError?.(new Error(`the app's path could not be kept for the next start (${error instanceof Error ? error.message : String(error)}): its pages' addresses change with each start`));
  }
  return key;
}
