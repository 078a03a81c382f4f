import type { StoreDirEntry, StoreFileSystem } from '@x/core';

/**
 * A {@link StoreFileSystem} over a map of paths to contents, as an
 * application passes its own: folders are the prefixes of the paths, each
 * file's mtime the one given (or 0).
 */
export function memoryFs(files: Record<string, string>, mtimeMs = 0): StoreFileSystem {
  const bytes = new Map(Object.entries(files).map(([path, text]) => [path, new TextEncoder().encode(text)]));
  const get = (path: string): Uint8Array => {
    const content = bytes.get(path);
    if (content === undefined) throw new Error(`ENOENT: ${path}`);
    return content;
  };
  return {
    join: (...segments) => segments.join('/'),
    async list(dir) {
      const entries = new Map<string, StoreDirEntry['kind']>();
      for (const path of bytes.keys()) {
        if (!path.startsWith(`${dir}/`)) continue;
        const [name, ...rest] = path.slice(dir.length + 1).split('/');
        if (name !== undefined) entries.set(name, rest.length > 0 ? 'directory' : 'file');
      }
      return [...entries].map(([name, kind]) => ({ name, kind }));
    },
    async stat(path) {
      const content = bytes.get(path);
      return content === undefined ? undefined : { size: content.length, mtimeMs, kind: 'file' };
    },
    async open(path) {
      const content = get(path);
      return { read: async (position, length) => content.subarray(position, position + length), close: async () => {} };
    },
    async stream(path) {
      const content = get(path);
      return (async function* () {
        yield content;
      })();
    },
  };
}
