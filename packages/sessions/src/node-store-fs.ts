import { createReadStream } from 'node:fs';
import { type FileHandle, lstat, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { StoreDirEntry, StoreFile, StoreFileSystem } from '@x/core';
import { openSqlite } from './sqlite.js';
import { openRealFile, realRoot } from './store-path.js';

function kindOf(entry: { isFile(): boolean; isDirectory(): boolean }): StoreDirEntry['kind'] {
  return entry.isFile() ? 'file' : entry.isDirectory() ? 'directory' : 'other';
}

/**
 * Opens a regular file under one of `roots`: a symlink leading out of every
 * root is refused, checked on the file opened (store-path.ts, `openRealFile`),
 * and a FIFO or device is never waited on.
 */
async function openInside(realRoots: Promise<(string | undefined)[]>, path: string): Promise<FileHandle> {
  return (await openRealFile(path, await realRoots)).file;
}

function storeFile(file: FileHandle): StoreFile {
  return {
    async read(position, length) {
      const buffer = new Uint8Array(length);
      const { bytesRead } = await file.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    },
    close: () => file.close(),
  };
}

/**
 * The {@link StoreFileSystem} a session store reads through in Node, confined
 * to the store's `roots` (what its `roots()` computed): every file it opens
 * or streams must resolve, after symlinks, inside one of them (the rule of
 * store-path.ts). Listing a folder or a file's size is not confined: it
 * reads no content.
 */
export function nodeStoreFileSystem(roots: readonly string[]): StoreFileSystem {
  // The roots' real paths, resolved once per file system (one listing or one open), not once per file:
  // a listing of 1,000 logs spent a sixth of its time resolving the same root again.
  let resolved: Promise<(string | undefined)[]> | undefined;
  const realRoots = () => {
    resolved ??= Promise.all(roots.map(realRoot));
    return resolved;
  };
  return {
    join,
    async list(path) {
      try {
        return (await readdir(path, { withFileTypes: true })).map((entry) => ({ name: entry.name, kind: kindOf(entry) }));
      } catch {
        return [];
      }
    },
    async stat(path) {
      try {
        const info = await stat(path);
        return { size: info.size, mtimeMs: info.mtimeMs, kind: kindOf(info) };
      } catch {
        return undefined;
      }
    },
    open: async (path) => storeFile(await openInside(realRoots(), path)),
    async stream(path) {
      const file = await openInside(realRoots(), path);
      return createReadStream('', { fd: file });
    },
    async openDatabase(path) {
      const file = await openInside(realRoots(), path);
      // The log beside the database is held to the store's folders as the database is; none is no log.
      const wal = `${path}-wal`;
      const openWal = async () => ((await lstat(wal).catch(() => undefined)) === undefined ? undefined : openInside(realRoots(), wal));
      return openSqlite(path, { file, openWal });
    },
  };
}
