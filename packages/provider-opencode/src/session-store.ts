import { defineSessionStore, type SessionListContext, type SessionRow, type SessionStore, type StoreFileSystem } from '@x/core';
import { readEach, stringField } from '@x/core/provider-utils';
import { exportFromDatabase, exportFromStorage, exportText, isPlainSegment, readEveryObject, readObject } from './session-export.js';
import { addTotals, jsonObjectOf, sessionFromRow, sessionRowOf } from './session-rows.js';

/** How a row says where its session is kept: ≤1.1's JSON tree (`path` is the info file), or 1.2+'s database. */
const STORAGE_TREE = 'opencode-storage';
const STORAGE_DATABASE = 'opencode-sqlite';

type Env = Readonly<Record<string, string | undefined>>;

/** OpenCode's data folder (`storage/` and `opencode.db` are inside), under `XDG_DATA_HOME` or `~/.local/share`. */
function dataDir(home: string, env: Env, fs: Pick<StoreFileSystem, 'join'>): string {
  return fs.join(env.XDG_DATA_HOME || fs.join(home, '.local', 'share'), 'opencode');
}

/** OpenCode's SQLite database, moved by `OPENCODE_DB`. */
function databasePath(home: string, env: Env, fs: Pick<StoreFileSystem, 'join'>): string {
  return env.OPENCODE_DB || fs.join(dataDir(home, env, fs), 'opencode.db');
}

/** One session of the JSON tree, with the (small) message and part files for the totals. */
async function readTreeSession(fs: StoreFileSystem, storage: string, path: string): Promise<SessionRow | undefined> {
  const session = await readObject(fs, path);
  const id = stringField(session, 'id');
  const info = await fs.stat(path);
  if (session === undefined || !isPlainSegment(id) || info === undefined) return undefined;
  const row = sessionRowOf(session, path, STORAGE_TREE, info.size);
  const dir = fs.join(storage, 'message', id);
  const files = (await fs.list(dir)).filter((e) => e.kind === 'file' && e.name.endsWith('.json'));
  // A few at a time: all of a session's message files opened at once passed the system's limit on open files.
  const messages = await readEveryObject(fs, files.map((e) => fs.join(dir, e.name)));
  const parts = new Map<string, unknown[]>();
  for (const message of messages) {
    const messageId = stringField(message, 'id');
    if (message?.role !== 'user' || !isPlainSegment(messageId)) continue;
    const partDir = fs.join(storage, 'part', messageId);
    const partFiles = (await fs.list(partDir)).filter((e) => e.kind === 'file' && e.name.endsWith('.json'));
    parts.set(messageId, await readEveryObject(fs, partFiles.map((e) => fs.join(partDir, e.name))));
  }
  addTotals(row, messages, (messageId) => parts.get(messageId) ?? []);
  return row;
}

/** OpenCode ≤1.1: `storage/session/<project>/<id>.json`. */
async function listTree(fs: StoreFileSystem, data: string): Promise<SessionRow[]> {
  const storage = fs.join(data, 'storage');
  const files: string[] = [];
  for (const project of await fs.list(fs.join(storage, 'session'))) {
    if (project.kind !== 'directory') continue;
    for (const entry of await fs.list(fs.join(storage, 'session', project.name))) {
      if (entry.kind === 'file' && entry.name.endsWith('.json')) files.push(fs.join(storage, 'session', project.name, entry.name));
    }
  }
  return readEach(files, (path) => readTreeSession(fs, storage, path));
}

/** The list `map` holds under `key`, made empty when there is none. */
function listOf(map: Map<string, unknown[]>, key: string): unknown[] {
  const list = map.get(key);
  if (list !== undefined) return list;
  const made: unknown[] = [];
  map.set(key, made);
  return made;
}

/** OpenCode 1.2+: the `session` table of its SQLite database, with per-session totals from `message`. */
async function listDatabase(fs: StoreFileSystem, dbPath: string, warn: SessionListContext['warn']): Promise<SessionRow[]> {
  const info = await fs.stat(dbPath);
  if (info === undefined || fs.openDatabase === undefined) return [];
  // Not a database, or one SQLite cannot read (too large to load): left out, not fatal to the listing, and said.
  const leftOut = (error: unknown) => {
    warn?.(`OpenCode's sessions in ${dbPath} are not listed: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  };
  const db = await fs.openDatabase(dbPath).catch(leftOut);
  if (db === undefined) return [];
  try {
    // Each list grows in place: copied for every row, a session of 100,000 messages took minutes to list.
    const messages = new Map<string, unknown[]>();
    const users = new Set<string>();
    for (const row of db.all('SELECT id, session_id, data FROM message')) {
      const message: Record<string, unknown> = { ...jsonObjectOf(String(row.data)), id: String(row.id) };
      listOf(messages, String(row.session_id)).push(message);
      if (message.role === 'user') users.add(String(row.id));
    }
    // Only user messages' parts are read: the text that tells a typed prompt from one OpenCode wrote.
    const parts = new Map<string, unknown[]>();
    for (const row of db.all('SELECT message_id, data FROM part')) {
      const id = String(row.message_id);
      if (users.has(id)) listOf(parts, id).push(jsonObjectOf(String(row.data)));
    }
    return db.all('SELECT * FROM session').map((row) => {
      const session = sessionRowOf(sessionFromRow(row), dbPath, STORAGE_DATABASE, info.size);
      addTotals(session, messages.get(session.id) ?? [], (id) => parts.get(id) ?? []);
      return session;
    });
  } catch (error) {
    leftOut(error);
    return [];
  } finally {
    db.close();
  }
}

async function listSessions(context: SessionListContext): Promise<SessionRow[]> {
  const { fs } = context;
  const tree = await listTree(fs, dataDir(context.home, context.env, fs));
  const database = await listDatabase(fs, databasePath(context.home, context.env, fs), context.warn);
  // After the 1.2 migration a session is in both; the database is newer.
  const byId = new Map([...tree, ...database].map((row) => [row.id, row]));
  return [...byId.values()].filter((row) => context.subagents || row.parentId === undefined);
}

/**
 * OpenCode's sessions: ≤1.1's JSON tree under `storage/`, and 1.2+'s SQLite
 * database (read through the application's `openDatabase`; this package
 * loads no SQLite itself, so it stays runtime-neutral). A session is read
 * back as the document `opencode export` prints, for `opencode-log`.
 */
export const openCodeSessionStore: SessionStore = defineSessionStore({
  specificationVersion: 'v1',
  id: 'opencode',
  displayName: 'OpenCode',
  logSource: 'opencode-log',
  envVariables: ['XDG_DATA_HOME', 'OPENCODE_DB'],
  roots: ({ home, env, fs }) => [dataDir(home, env, fs), databasePath(home, env, fs)],
  list: listSessions,
  async open(session, { fs }) {
    if (session.storage === STORAGE_DATABASE) return { kind: 'document', text: exportText(await exportFromDatabase(fs, session.path, session.id)) };
    if (session.storage === STORAGE_TREE) return { kind: 'document', text: exportText(await exportFromStorage(fs, session.path)) };
    throw new RangeError(`OpenCode keeps no session as "${session.storage}".`);
  },
});
