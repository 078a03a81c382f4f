import { resolve, sep } from 'node:path';
import type { SessionStore, SessionStoreContext } from '@x/core';
import { nodeStoreFileSystem } from './node-store-fs.js';
import { pickSession, withKeys } from './session-keys.js';
import { toStoreRegistry } from './store-registry.js';
import type { AgentId, SessionInfo, SessionLookup } from './types.js';

/** Options of {@link listSessions}. */
export interface ListSessionsOptions extends SessionLookup {
  /** Only this agent's sessions (or these agents'). */
  agent?: AgentId | readonly AgentId[];
  /** Only sessions whose project directory is this one or inside it. */
  project?: string;
  /**
   * With `project`, hears how many sessions were left out because they record
   * no project directory at all (Copilot CLI 0.0.340's history documents and
   * 0.0.376's logs), so that a caller can say where they are; not called
   * when there are none.
   */
  onUnprojected?: (count: number) => void;
  /** Only sessions that started (or, without a start time, last changed) at or after this time. */
  since?: Date;
  /** Only sessions that started before this time. */
  until?: Date;
  /** Also list subagent sessions (Claude, Gemini, OpenCode child sessions). Default `false`. */
  subagents?: boolean;
  /**
   * Hears why sessions are left out, one line each: a file a store could not
   * read (OpenCode's database over the size sql.js loads), or a store that
   * failed as a whole. Without it they are left out unsaid.
   */
  onWarning?: (message: string) => void;
}

/**
 * What a store reads through: Node's file system confined to the roots the
 * store computed, with the home and environment it was given.
 */
export function storeContext(store: SessionStore, lookup: Pick<SessionLookup, 'home' | 'env'>): SessionStoreContext {
  const env = lookup.env ?? {};
  const roots = store.roots({ home: lookup.home, env, fs: nodeStoreFileSystem([]) });
  return { home: lookup.home, env, fs: nodeStoreFileSystem(roots) };
}

/**
 * A row without a start time that is no date: the stores take it from the
 * log as written (Gemini's `startTime`, a Claude or Codex line's
 * `timestamp`), and a log's text such as `"garbage"` would otherwise be shown
 * as the session's time, and sorted among the oldest. The file's time stands
 * in for it, as for a log that records none.
 */
function datedRow<T extends { startedAt?: string }>(row: T): T {
  if (row.startedAt === undefined || !Number.isNaN(Date.parse(row.startedAt))) return row;
  const { startedAt: _dropped, ...rest } = row;
  return rest as T;
}

async function listStore(store: SessionStore, options: ListSessionsOptions): Promise<SessionInfo[]> {
  const context = { ...storeContext(store, options), subagents: options.subagents === true, warn: options.onWarning };
  try {
    // A row names its store's id as its agent whatever the store wrote, so a plugin cannot pass its sessions off as another agent's.
    return (await store.list(context)).map((row) => datedRow({ ...row, agent: store.id }));
  } catch (error) {
    // A store that fails as a whole (a plugin's bug, a database that will not open) leaves the other agents' sessions listed.
    options.onWarning?.(`${store.displayName}'s sessions are not listed: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  }
}

function inProject(session: SessionInfo, project: string): boolean {
  if (session.project === undefined) return false;
  const root = resolve(project);
  const dir = resolve(session.project);
  return dir === root || dir.startsWith(root.endsWith(sep) ? root : root + sep);
}

function sortTime(session: SessionInfo): number {
  return Date.parse(session.startedAt ?? session.updatedAt) || 0;
}

/**
 * Finds the sessions on this machine, newest first. Each log is read only as
 * far as the listing needs: its first lines, a bounded tail for totals
 * written at the end, and the file's size and mtime. Turns and tokens are
 * given only where they are known: counted over a log read whole, or taken
 * from totals the log records.
 *
 * @example
 * ```ts
 * const sessions = await listSessions({ home: os.homedir(), env: process.env, stores: [claudeSessionStore], project: process.cwd() });
 * for (const s of sessions) console.log(s.agent, s.startedAt, s.title);
 * ```
 */
export async function listSessions(options: ListSessionsOptions): Promise<SessionInfo[]> {
  const wanted = options.agent === undefined ? undefined : typeof options.agent === 'string' ? [options.agent] : options.agent;
  const stores = toStoreRegistry(options.stores)
    .list()
    .filter((store) => wanted === undefined || wanted.includes(store.id));
  const lists = await Promise.all(stores.map((store) => listStore(store, options)));
  const since = options.since?.getTime();
  const until = options.until?.getTime();
  // Keys are given over every log read, before the filters, so a filter never changes a session's key.
  const inTime = withKeys(lists.flat())
    .filter((s) => since === undefined || sortTime(s) >= since)
    .filter((s) => until === undefined || sortTime(s) < until);
  const unprojected = options.project === undefined ? 0 : inTime.filter((s) => s.project === undefined).length;
  if (unprojected > 0) options.onUnprojected?.(unprojected);
  return inTime.filter((s) => options.project === undefined || inProject(s, options.project)).sort((a, b) => sortTime(b) - sortTime(a) || a.id.localeCompare(b.id));
}

/**
 * The session with this key or id (or the only one whose id starts with it),
 * across agents and including subagent sessions; `undefined` when none
 * matches. Where several logs share an id, the main session answers to the
 * plain id when it is the only main one, and each log to its key
 * (`<id>@<hash>`, as `listSessions` gives it, either part cut short). Throws
 * a `RangeError` naming the candidates, on one line, when a reference names
 * several logs.
 */
export async function findSession(ref: string, lookup: SessionLookup & Pick<ListSessionsOptions, 'agent' | 'onWarning'>): Promise<SessionInfo | undefined> {
  return pickSession(await listSessions({ ...lookup, subagents: true }), ref);
}
