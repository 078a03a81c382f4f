import { stat } from 'node:fs/promises';
import { countTurns } from '@x/core';
import { join } from 'node:path';
import { asNumber, asRecord, asString, field, listDir, oneLine, parseRecord, toIso } from './file-peek.js';
import { openSqlite } from './sqlite.js';
import { readStoreFile, storePath } from './store-path.js';
import type { SessionInfo } from './types.js';

function tokensOf(message: unknown): number {
  const tokens = field(message, 'tokens');
  return (
    (asNumber(field(tokens, 'input')) ?? 0) +
    (asNumber(field(tokens, 'output')) ?? 0) +
    (asNumber(field(tokens, 'reasoning')) ?? 0) +
    (asNumber(field(tokens, 'cache', 'read')) ?? 0) +
    (asNumber(field(tokens, 'cache', 'write')) ?? 0)
  );
}

function baseInfo(session: Record<string, unknown>, path: string, storage: SessionInfo['storage'], size: number): SessionInfo {
  const info: SessionInfo = {
    agent: 'opencode',
    id: asString(session.id) ?? '',
    storage,
    path,
    // An out-of-range time costs that field only, never the listing.
    updatedAt: toIso(asNumber(field(session, 'time', 'updated'))) ?? toIso(asNumber(field(session, 'time', 'created'))) ?? new Date(0).toISOString(),
    size,
  };
  const created = toIso(asNumber(field(session, 'time', 'created')));
  if (created !== undefined) info.startedAt = created;
  const directory = asString(session.directory);
  if (directory) info.project = directory;
  const title = oneLine(asString(session.title));
  if (title) info.title = title;
  const parent = asString(session.parentID);
  if (parent) info.parentId = parent;
  return info;
}

/**
 * Adds turns, tokens and cost over a session's message objects. A user
 * message is a prompt: the listing reads no parts, so one holding only text
 * OpenCode injected (which the provider does not show) still counts.
 */
function addTotals(info: SessionInfo, messages: readonly unknown[]): void {
  let prompts = 0;
  let tokens = 0;
  let cost = 0;
  for (const message of messages) {
    if (field(message, 'role') === 'user') prompts += 1;
    else {
      tokens += tokensOf(message);
      cost += asNumber(field(message, 'cost')) ?? 0;
    }
  }
  info.turns = countTurns(prompts, messages.length > 0);
  if (tokens > 0) info.tokens = tokens;
  if (cost > 0) info.costUsd = cost;
}

/** OpenCode ≤1.1: `storage/session/<project>/<id>.json`, with the (small) message files for the totals. */
export async function listOpenCodeStorage(dataDir: string): Promise<SessionInfo[]> {
  const storage = join(dataDir, 'storage');
  const found: SessionInfo[] = [];
  for (const project of await listDir(join(storage, 'session'))) {
    if (!project.isDirectory) continue;
    for (const entry of await listDir(join(storage, 'session', project.name))) {
      if (!entry.isFile || !entry.name.endsWith('.json')) continue;
      try {
        found.push(await readStorageSession(storage, join(storage, 'session', project.name, entry.name)));
      } catch {
        // A crafted id, a file out of the store or not a regular file: this session is left out, not the listing.
      }
    }
  }
  return found;
}

async function readStorageSession(storage: string, path: string): Promise<SessionInfo> {
  const session = parseRecord(await readStoreFile(storage, path));
  if (!session || asString(session.id) === undefined) throw new SyntaxError(`${path} is not an OpenCode session file.`);
  const info = baseInfo(session, path, 'opencode-storage', (await stat(path)).size);
  const dir = storePath(storage, 'message', info.id);
  const messages = await Promise.all(
    (await listDir(dir)).filter((e) => e.isFile && e.name.endsWith('.json')).map(async (e) => parseRecord(await readStoreFile(storage, join(dir, e.name)))),
  );
  addTotals(info, messages);
  return info;
}

/** The session row of OpenCode's database in the shape of its `Session` object. */
export function sessionFromRow(row: Record<string, unknown>): Record<string, unknown> {
  const session: Record<string, unknown> = {
    id: row.id,
    projectID: row.project_id,
    directory: row.directory,
    title: row.title,
    version: row.version,
    time: { created: row.time_created, updated: row.time_updated },
  };
  if (row.parent_id !== null && row.parent_id !== undefined) session.parentID = row.parent_id;
  if (typeof row.slug === 'string') session.slug = row.slug;
  return session;
}

/** OpenCode 1.2+: the `session` table of its SQLite database, with per-session totals from `message`. */
export async function listOpenCodeDatabase(dbPath: string): Promise<SessionInfo[]> {
  let size: number;
  try {
    size = (await stat(dbPath)).size;
  } catch {
    return [];
  }
  try {
    return await readOpenCodeDatabase(dbPath, size);
  } catch {
    // Not a database, or one SQLite cannot read: left out like any unreadable log, not fatal to the listing.
    return [];
  }
}

async function readOpenCodeDatabase(dbPath: string, size: number): Promise<SessionInfo[]> {
  const db = await openSqlite(dbPath);
  try {
    const messages = new Map<string, unknown[]>();
    for (const row of db.all('SELECT session_id, data FROM message')) {
      const list = messages.get(String(row.session_id)) ?? [];
      list.push(asRecord(parseRecord(String(row.data))));
      messages.set(String(row.session_id), list);
    }
    return db.all('SELECT * FROM session').map((row) => {
      const info = baseInfo(sessionFromRow(row), dbPath, 'opencode-sqlite', size);
      addTotals(info, messages.get(info.id) ?? []);
      return info;
    });
  } finally {
    db.close();
  }
}
