import { basename, dirname } from 'node:path';
import { listDir, parseRecord } from './file-peek.js';
import { sessionFromRow } from './list-opencode.js';
import { openSqlite } from './sqlite.js';
import { isStoreId, readStoreFile, storePath } from './store-path.js';

/** The document `opencode export <sessionID>` prints: the session and its messages with their parts. */
export interface OpenCodeExport {
  info: Record<string, unknown>;
  messages: { info: Record<string, unknown>; parts: Record<string, unknown>[] }[];
}

/** The JSON objects of a folder's files, ordered by file name (OpenCode's ids sort by creation time). */
async function readObjects(storage: string, dir: string): Promise<Record<string, unknown>[]> {
  const names = (await listDir(dir))
    .filter((e) => e.isFile && e.name.endsWith('.json'))
    .map((e) => e.name)
    .sort();
  const objects = await Promise.all(names.map(async (name) => parseRecord(await readStoreFile(storage, storePath(dir, name)))));
  return objects.filter((o): o is Record<string, unknown> => o !== undefined);
}

/**
 * Builds the export document of a session in OpenCode ≤1.1's JSON tree from
 * its info file (`storage/session/<project>/<id>.json`), its message files
 * and their part files.
 */
export async function exportOpenCodeStorage(sessionFile: string): Promise<OpenCodeExport> {
  const storage = dirname(dirname(dirname(sessionFile)));
  const info = parseRecord(await readStoreFile(storage, sessionFile));
  if (!info) throw new SyntaxError(`${sessionFile} is not an OpenCode session file (no JSON object).`);
  const id = typeof info.id === 'string' ? info.id : basename(sessionFile, '.json');
  // Ids come from the store's own files: each must be a plain path segment, so none leads out of `storage`.
  const messages = (await readObjects(storage, storePath(storage, 'message', id))).filter((message) => isStoreId(message.id));
  return {
    info,
    messages: await Promise.all(
      messages.map(async (message) => ({ info: message, parts: await readObjects(storage, storePath(storage, 'part', String(message.id))) })),
    ),
  };
}

function withIds(row: Record<string, unknown>, ids: Record<string, unknown>): Record<string, unknown> {
  return { ...(parseRecord(String(row.data)) ?? {}), ...ids };
}

/**
 * Builds the export document of one session in OpenCode 1.2+'s SQLite
 * database: the `session` row, and the `message` and `part` rows whose
 * `data` column holds each object without its ids.
 */
export async function exportOpenCodeDatabase(dbPath: string, sessionId: string): Promise<OpenCodeExport> {
  const db = await openSqlite(dbPath);
  try {
    const row = db.all('SELECT * FROM session WHERE id = ?', [sessionId])[0];
    if (!row) throw new RangeError(`no session ${sessionId} in ${dbPath}.`);
    const parts = new Map<string, Record<string, unknown>[]>();
    for (const part of db.all('SELECT * FROM part WHERE session_id = ? ORDER BY id', [sessionId])) {
      const messageId = String(part.message_id);
      const list = parts.get(messageId) ?? [];
      list.push(withIds(part, { id: part.id, messageID: messageId, sessionID: sessionId }));
      parts.set(messageId, list);
    }
    const messages = db.all('SELECT * FROM message WHERE session_id = ? ORDER BY time_created, id', [sessionId]).map((message) => ({
      info: withIds(message, { id: message.id, sessionID: sessionId }),
      parts: parts.get(String(message.id)) ?? [],
    }));
    return { info: sessionFromRow(row), messages };
  } finally {
    db.close();
  }
}
