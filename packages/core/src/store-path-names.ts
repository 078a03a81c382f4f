/*
 * Path names for session stores, written by hand because `node:path` is
 * Node-only and stores run anywhere. Paths come from the application's
 * StoreFileSystem, which joins with '/' or '\\'; both are read as separators.
 */

const SEPARATOR = /[\\/]+/;

/** The last segment of a path, without `suffix` when it ends with it: `storeBaseName('/a/b.jsonl', '.jsonl')` is `'b'`. */
export function storeBaseName(path: string, suffix?: string): string {
  const name = path.replace(/[\\/]+$/, '').split(SEPARATOR).pop() ?? '';
  return suffix !== undefined && name.endsWith(suffix) && name !== suffix ? name.slice(0, -suffix.length) : name;
}

/** The path without its last segment: `storeParent('/a/b.jsonl')` is `'/a'`. */
export function storeParent(path: string): string {
  const trimmed = path.replace(/[\\/]+$/, '');
  const cut = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\'));
  return cut <= 0 ? trimmed.slice(0, cut + 1) : trimmed.slice(0, cut);
}
