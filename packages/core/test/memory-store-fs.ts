import type { StoreDirEntry, StoreFileSystem } from '../src/store-file-system.js';

/**
 * A {@link StoreFileSystem} over a map of paths to contents, for tests of
 * the store helpers. Folders are the prefixes of the paths; `reads` counts
 * the bytes handed out, so a test can hold a helper to its bound.
 */
export function memoryStoreFs(files: Record<string, string | Uint8Array>): StoreFileSystem & { reads: { bytes: number } } {
  const bytes = new Map(Object.entries(files).map(([path, content]) => [path, typeof content === 'string' ? new TextEncoder().encode(content) : content]));
  const reads = { bytes: 0 };
  const get = (path: string): Uint8Array => {
    const content = bytes.get(path);
    if (content === undefined) throw new Error(`ENOENT: ${path}`);
    return content;
  };
  return {
    reads,
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
      return content === undefined ? undefined : { size: content.length, mtimeMs: 0, kind: 'file' };
    },
    async open(path) {
      const content = get(path);
      return {
        async read(position, length) {
          const slice = content.subarray(position, position + length);
          reads.bytes += slice.length;
          return slice;
        },
        async close() {},
      };
    },
    async stream(path) {
      const content = get(path);
      return (async function* () {
        yield content;
      })();
    },
  };
}
