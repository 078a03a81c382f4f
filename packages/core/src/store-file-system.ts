/**
 * The file access a {@link SessionStore} is given. Stores live in provider
 * packages, which use no Node-only API so that they run in a browser too; the
 * application (in Node, `@x/sessions`) passes an implementation in. That
 * implementation owns the safety rules: it refuses to open anything but a
 * regular file (a FIFO in a log's place would block a read forever) and
 * resolves paths through its own resolver, so a store never touches the
 * disk on its own.
 */
export interface StoreFileSystem {
  /** Joins path segments with the platform's separator. */
  join(...segments: string[]): string;
  /** The entries of a folder; none when it does not exist or cannot be read. Never throws. */
  list(path: string): Promise<readonly StoreDirEntry[]>;
  /** A file's size and last change; `undefined` when it does not exist. Never throws. */
  stat(path: string): Promise<StoreFileStat | undefined>;
  /** Opens a regular file for reads at positions; rejects for anything else. Close it when done. */
  open(path: string): Promise<StoreFile>;
  /** The bytes of a regular file from its start, streamed, never loaded whole. */
  stream(path: string): Promise<AsyncIterable<Uint8Array>>;
  /**
   * Opens an SQLite database read-only, where the application can (Node
   * does; a browser may not). A store whose agent keeps sessions in SQLite
   * lists nothing from it when this is absent.
   */
  openDatabase?(path: string): Promise<StoreDatabase>;
}

/** One entry of a folder. */
export interface StoreDirEntry {
  name: string;
  kind: 'file' | 'directory' | 'other';
}

/** What a listing row needs of a file: its size and when it last changed. */
export interface StoreFileStat {
  size: number;
  /** Last modification, in milliseconds since the epoch. */
  mtimeMs: number;
  kind: 'file' | 'directory' | 'other';
}

/** An open regular file. */
export interface StoreFile {
  /** Up to `length` bytes from `position`; fewer at the end of the file, none past it. */
  read(position: number, length: number): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** A read-only SQLite database: run a query, get its rows as objects. */
export interface StoreDatabase {
  all(sql: string, params?: readonly (string | number)[]): Record<string, unknown>[];
  close(): void;
}
