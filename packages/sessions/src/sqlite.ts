import type { FileHandle } from 'node:fs/promises';
import { applyWal } from './sqlite-wal.js';

/** The largest database sql.js loads: it cannot page from disk, so it holds the whole file in memory. */
export const SQLJS_DATABASE_LIMIT = 512 * 1024 * 1024;

/** A read-only view of an SQLite database: run a query, get its rows as objects. */
export interface SqliteReader {
  all(sql: string, params?: readonly (string | number)[]): Record<string, unknown>[];
  close(): void;
}

/**
 * A database file its store has opened and checked (a regular file inside
 * the store's folders, decided on the file opened), and how to open its
 * write-ahead log by the same rule.
 */
export interface CheckedDatabase {
  file: FileHandle;
  /** The `<db>-wal` file, opened and checked like the database; `undefined` when there is none. */
  openWal(): Promise<FileHandle | undefined>;
}

/** The part of `node:sqlite` used here (Node 22.5+); typed locally because Node 20's types lack it. */
interface NodeSqliteModule {
  DatabaseSync: new (
    path: string,
    options: { readOnly: boolean },
  ) => { prepare(sql: string): { all(...params: (string | number)[]): Record<string, unknown>[] }; close(): void };
}

/** `node:sqlite` where the running Node has it (22.5+ without a flag), else `undefined`. */
async function nodeSqlite(): Promise<NodeSqliteModule | undefined> {
  try {
    // A computed specifier keeps bundlers and Node 20 from resolving a module it does not have.
    const name = 'node:sqlite';
    return await withoutSqliteWarning(() => import(name) as Promise<NodeSqliteModule>);
  } catch {
    return undefined;
  }
}

/**
 * Runs `load` with Node's "SQLite is an experimental feature" warning kept
 * off standard error. Node 22 emits it when `node:sqlite` is first loaded,
 * and prints it as two lines of its own (`(node:<pid>) ExperimentalWarning:
 * …`) amid `xview sessions`'s output; reading a database read-only is no
 * experiment of the user's. Any other warning is emitted as it would be.
 * Exported for its test.
 */
export async function withoutSqliteWarning<T>(load: () => Promise<T>): Promise<T> {
  const emit = process.emitWarning;
  process.emitWarning = function (this: NodeJS.Process, warning: string | Error, ...rest: unknown[]): void {
    const type = typeof rest[0] === 'string' ? rest[0] : (rest[0] as { type?: unknown } | undefined)?.type;
    if (type === 'ExperimentalWarning' && String(warning).startsWith('SQLite ')) return;
    (emit as (...args: unknown[]) => void).call(this, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    return await load();
  } finally {
    process.emitWarning = emit;
  }
}

/**
 * Opens the database with `node:sqlite`. SQLite opens it again by `path`, and
 * its `-wal` by its own path: the store checked the database, and the `-wal`
 * is checked here the same way just before (it was not checked at all, so a
 * `-wal` linked out of the store was opened by SQLite on Node 22.5+).
 */
async function openWithNodeSqlite(sqlite: NodeSqliteModule, path: string, checked: CheckedDatabase): Promise<SqliteReader> {
  try {
    await (await checked.openWal())?.close();
  } finally {
    await checked.file.close();
  }
  const db = new sqlite.DatabaseSync(path, { readOnly: true });
  return {
    all: (sql, params = []) => db.prepare(sql).all(...params),
    close: () => db.close(),
  };
}

type SqlJsStatic = Awaited<ReturnType<typeof import('sql.js')['default']>>;
let sqlJs: Promise<SqlJsStatic> | undefined;

async function openWithSqlJs(path: string, checked: CheckedDatabase): Promise<SqliteReader> {
  sqlJs ??= import('sql.js').then((module) => module.default());
  const SQL = await sqlJs;
  // sql.js holds one file image and has no WAL: the committed pages still in `<db>-wal` are applied to it first.
  // Both are read from the files the store checked, never opened again by path.
  const image = await readBounded(checked.file, path);
  const walFile = await checked.openWal();
  const wal = walFile === undefined ? undefined : await readBounded(walFile, `${path}-wal`);
  // The image the WAL's last commit makes is held to the same limit as the files: a few KiB of WAL can say 4 GiB.
  const db = new SQL.Database(wal === undefined ? image : applyWal(image, wal, SQLJS_DATABASE_LIMIT));
  return {
    all(sql, params = []) {
      const statement = db.prepare(sql);
      try {
        statement.bind([...params]);
        const rows: Record<string, unknown>[] = [];
        while (statement.step()) rows.push(statement.getAsObject());
        return rows;
      } finally {
        statement.free();
      }
    },
    close: () => db.close(),
  };
}

/** An opened file's bytes, refused in one line when it is larger than {@link SQLJS_DATABASE_LIMIT}; closes the file. */
async function readBounded(file: FileHandle, path: string): Promise<Uint8Array> {
  try {
    const info = await file.stat();
    if (info.size > SQLJS_DATABASE_LIMIT) {
      throw new RangeError(`${path} is ${info.size} bytes, over the ${SQLJS_DATABASE_LIMIT}-byte limit sql.js can load; use Node 22.5+ (node:sqlite) to read it.`);
    }
    return await file.readFile();
  } finally {
    await file.close();
  }
}

/**
 * Opens an SQLite database read-only: with `node:sqlite` where the running
 * Node has it (22.5+ without a flag), else with sql.js, a WebAssembly build
 * of SQLite from the npm registry (no native addon to install). sql.js reads
 * the files the store checked; SQLite opens the database again by `path`
 * (and its `-wal` itself), so with `node:sqlite` the checks of both stand
 * just before.
 */
export async function openSqlite(path: string, checked: CheckedDatabase): Promise<SqliteReader> {
  const sqlite = await nodeSqlite();
  if (sqlite === undefined) return onlyStoredRows(await openWithSqlJs(path, checked), path);
  return onlyStoredRows(await openWithNodeSqlite(sqlite, path, checked), path);
}

/*
 * A table's rows are read from the file, so a query of tables costs what the
 * file (at most 512 MiB for sql.js) holds. A view, a virtual table (both
 * have no pages of their own: rootpage 0) and a virtual generated column
 * (`hidden` 2 in table_xinfo) are computed when read instead: a database of a
 * few KiB whose `message` is a recursive view never ends, and one whose
 * column is `printf('%.*c', 900000000, 'x')` makes a gigabyte a row; both
 * took gigabytes of memory and a crash, with no signal handled meanwhile.
 */
const COMPUTED =
  "SELECT m.name FROM sqlite_master AS m WHERE m.type IN ('table', 'view') AND (m.rootpage = 0 OR EXISTS (SELECT 1 FROM pragma_table_xinfo(m.name) AS c WHERE c.hidden = 2)) LIMIT 1";

/** `db`, when its schema computes nothing when read (see {@link COMPUTED}); closed, and refused in one line, otherwise. */
function onlyStoredRows(db: SqliteReader, path: string): SqliteReader {
  let computed: unknown;
  try {
    computed = db.all(COMPUTED)[0]?.name;
  } catch (error) {
    db.close();
    throw error;
  }
  if (computed === undefined) return db;
  db.close();
  const name = JSON.stringify(String(computed).slice(0, 80));
  throw new RangeError(`${path} holds ${name}, a view, virtual table or generated column, which SQLite computes when it is read; not read.`);
}
