import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { makeFolders, type SessionInfo, writeFileAtomic } from '@x/sessions';

/*
 * The last listing, kept on disk so a server that starts again answers its
 * first page at once from it while the stores are listed anew in the
 * background (listing 10,000 logs takes tens of seconds). The file lives in
 * the user's cache folder beside the search index, written only by this
 * user, but it is read as untrusted input all the same: a row of the wrong
 * shape drops the whole file, and a session found through it is still
 * checked to lie inside its store before anything is read (catalogFind).
 */

/** The file's format; another version is ignored. */
const LISTING_VERSION = 1;
/** A larger file is not read: a listing of 100,000 sessions is well under it. */
const MAX_LISTING_BYTES = 64 * 1024 * 1024;

const STRINGS = ['agent', 'id', 'storage', 'path', 'updatedAt'] as const;
const OPTIONAL_STRINGS = ['key', 'startedAt', 'project', 'gitBranch', 'title', 'parentId'] as const;
const OPTIONAL_NUMBERS = ['turns', 'tokens', 'costUsd'] as const;

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** The row with only the fields a listing has, each of its type; `undefined` when one is missing or wrong, or its agent has no store. */
function checkedRow(value: unknown, agents: ReadonlySet<string>): SessionInfo | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const row = value as Record<string, unknown>;
  if (!STRINGS.every((name) => typeof row[name] === 'string') || !isCount(row.size) || !agents.has(row.agent as string)) return undefined;
  const out: Record<string, unknown> = { size: row.size };
  for (const name of STRINGS) out[name] = row[name];
  for (const name of OPTIONAL_STRINGS) {
    if (row[name] === undefined) continue;
    if (typeof row[name] !== 'string') return undefined;
    out[name] = row[name];
  }
  for (const name of OPTIONAL_NUMBERS) {
    if (row[name] === undefined) continue;
    if (!isCount(row[name])) return undefined;
    out[name] = row[name];
  }
  return out as unknown as SessionInfo;
}

/** The text of `file` when it is a regular file of at most `maxBytes`, else `undefined` (missing, a FIFO or device, too large). */
export async function readBounded(file: string, maxBytes: number): Promise<string | undefined> {
  // Non-blocking, so a FIFO put in its place is refused by the check below instead of waited on.
  const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK).catch(() => undefined);
  if (handle === undefined) return undefined;
  try {
    const info = await handle.stat();
    if (!info.isFile() || info.size > maxBytes) return undefined;
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

/** The listing kept in `file` for this home and these agents' stores, or `undefined` when there is none or it does not hold. */
export async function loadListing(file: string, home: string, agents: readonly string[]): Promise<SessionInfo[] | undefined> {
  const text = await readBounded(file, MAX_LISTING_BYTES).catch(() => undefined);
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const kept = parsed as { version?: unknown; home?: unknown; sessions?: unknown };
  if (kept?.version !== LISTING_VERSION || kept.home !== home || !Array.isArray(kept.sessions)) return undefined;
  const known = new Set(agents);
  const sessions: SessionInfo[] = [];
  for (const value of kept.sessions) {
    const row = checkedRow(value, known);
    if (row === undefined) return undefined;
    sessions.push(row);
  }
  return sessions;
}

/** Keeps `sessions` in `file` (written whole, readable by this user only). */
export async function saveListing(file: string, home: string, sessions: readonly SessionInfo[]): Promise<void> {
  await makeFolders(dirname(file), { mode: 0o700 });
  // A full disk leaves the listing kept before, and no temporary file.
  await writeFileAtomic(file, JSON.stringify({ version: LISTING_VERSION, home, sessions }), { mode: 0o600 });
}
