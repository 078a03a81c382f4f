import { defineSessionStore, type SessionListContext, type SessionRow, type SessionStore, type StoreFileSystem } from '@x/core';
import { objectField, ownField, readEach, stringField } from '@x/core/provider-utils';
import { fromAiSdk4Message } from './ai-sdk4-message.js';
import { exportFromDatabase, exportFromStorage, exportText, isPlainSegment, PastReadBudget, type ReadBudget, readEveryObject, readObject } from './session-export.js';
import { PROJECT_STORAGE_TREE, projectSessionFiles, STORAGE_TREE, type StorageTree, storageSessionFiles, storageTreeNamed } from './storage-trees.js';
import { addTotals, jsonObjectOf, sessionFromRow, sessionRowOf, withStepUsage } from './session-rows.js';

/** How a row says where its session is kept in 1.2+: the database (the JSON trees' names are theirs, storage-trees.ts). */
const STORAGE_DATABASE = 'opencode-sqlite';

type Env = Readonly<Record<string, string | undefined>>;

/** OpenCode's data folder (`storage/`, `project/` and `opencode.db` are inside), under `XDG_DATA_HOME` or `~/.local/share`. */
function dataDir(home: string, env: Env, fs: Pick<StoreFileSystem, 'join'>): string {
  return fs.join(env.XDG_DATA_HOME || fs.join(home, '.local', 'share'), 'opencode');
}

/** OpenCode's SQLite database, moved by `OPENCODE_DB`. */
function databasePath(home: string, env: Env, fs: Pick<StoreFileSystem, 'join'>): string {
  return env.OPENCODE_DB || fs.join(dataDir(home, env, fs), 'opencode.db');
}

/** The JSON objects of a folder's `.json` files, their bytes taken from `budget`. */
async function readFolder(fs: StoreFileSystem, dir: string, budget: ReadBudget): Promise<unknown[]> {
  const files = (await fs.list(dir)).filter((e) => e.kind === 'file' && e.name.endsWith('.json'));
  // A few at a time: all of a session's message files opened at once passed the system's limit on open files.
  return readEveryObject(fs, files.map((e) => fs.join(dir, e.name)), budget);
}

/**
 * How much of a session's message and part files a listing reads for its
 * counts: a listing reads 32 sessions at once. A session whose files hold
 * more is listed from its info file alone, without counts.
 */
const LIST_READ_BYTES = 16 * 1024 * 1024;

/** The working folder 0.x keeps on each assistant message (`path.cwd`), its session having no `directory`. */
function messageCwd(messages: readonly unknown[]): string | undefined {
  for (const message of messages) {
    const cwd = stringField(objectField(message, 'path'), 'cwd');
    if (cwd) return cwd;
  }
  return undefined;
}

/** One session of a JSON tree, with its (small) message files and the part files its totals need. */
async function readTreeSession(fs: StoreFileSystem, tree: StorageTree, path: string): Promise<SessionRow | undefined> {
  const session = await readObject(fs, path);
  const id = stringField(session, 'id');
  const info = await fs.stat(path);
  if (session === undefined || !isPlainSegment(id) || info === undefined) return undefined;
  const row = sessionRowOf(session, path, tree.storage, info.size);
  return addTreeCounts(fs, tree, path, id, row).catch((error: unknown) => {
    if (error instanceof PastReadBudget) return row;
    throw error;
  });
}

/** `row` with the project and counts its session's message files (and its user messages' parts) give. */
async function addTreeCounts(fs: StoreFileSystem, tree: StorageTree, path: string, id: string, row: SessionRow): Promise<SessionRow> {
  const budget: ReadBudget = { left: LIST_READ_BYTES, refusal: 'past the listing\'s read' };
  // 0.1's messages hold their parts inline (AI SDK 4 form): taken in the export form, their parts with them.
  const stored = (await readFolder(fs, tree.messageDir(fs, path, id), budget)).map((message) => fromAiSdk4Message(message) ?? { info: message, parts: undefined });
  row.project ??= messageCwd(stored.map((message) => message.info));
  const messages: unknown[] = [];
  const parts = new Map<string, unknown[]>();
  for (const message of stored) {
    const messageId = stringField(message.info, 'id');
    // Only user messages' parts are read (the text that tells a typed prompt), and 0.x's assistant ones for their steps' usage.
    const needed = ownField(message.info, 'role') === 'user' || tree.usageFromSteps;
    const own = needed && isPlainSegment(messageId) ? (message.parts ?? (await readFolder(fs, tree.partDir(fs, path, id, messageId), budget))) : [];
    if (messageId !== undefined) parts.set(messageId, own);
    messages.push(tree.usageFromSteps && ownField(message.info, 'role') === 'assistant' ? withStepUsage(message.info, own) : message.info);
  }
  addTotals(row, messages, (messageId) => parts.get(messageId) ?? []);
  return row;
}

/** The sessions of both JSON trees: 1.0 and 1.1's `storage/`, 0.x's `project/<project>/storage/session/`. */
async function listTrees(fs: StoreFileSystem, data: string): Promise<SessionRow[]> {
  const current = await readEach(await storageSessionFiles(fs, data), (path) => readTreeSession(fs, STORAGE_TREE, path));
  const older = await readEach(await projectSessionFiles(fs, data), (path) => readTreeSession(fs, PROJECT_STORAGE_TREE, path));
  return [...older, ...current];
}

/** The list `map` holds under `key`, made empty when there is none. */
function listOf(map: Map<string, unknown[]>, key: string): unknown[] {
  const list = map.get(key);
  if (list !== undefined) return list;
  const made: unknown[] = [];
  map.set(key, made);
  return made;
}

/**
 * The parts of messages whose JSON could say `"role": "user"`: it holds `user`
 * or a `\u` escape (the only two ways JSON spells it), so every user
 * message's parts are among them, and which are is decided as before, on the
 * parsed message. Selecting every part made the listing of a 200 MB database
 * hold every tool output at once (870 MB peak).
 */
const USER_MESSAGE_PARTS = "SELECT p.message_id, p.data FROM part p JOIN message m ON m.id = p.message_id WHERE instr(m.data, 'user') > 0 OR instr(m.data, '\\u') > 0";

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
    for (const row of db.all(USER_MESSAGE_PARTS)) {
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
  const tree = await listTrees(fs, dataDir(context.home, context.env, fs));
  const database = await listDatabase(fs, databasePath(context.home, context.env, fs), context.warn);
  // After the 1.2 migration a session is in both; the database is newer.
  const byId = new Map([...tree, ...database].map((row) => [row.id, row]));
  return [...byId.values()].filter((row) => context.subagents || row.parentId === undefined);
}

/**
 * OpenCode's sessions: 0.x's JSON trees under `project/<project>/storage/session/`,
 * 1.0 and 1.1's JSON tree under `storage/`, and 1.2+'s SQLite
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
    const tree = storageTreeNamed(session.storage);
    if (tree !== undefined) return { kind: 'document', text: exportText(await exportFromStorage(fs, session.path, tree)) };
    throw new RangeError(`OpenCode keeps no session as "${session.storage}".`);
  },
});
