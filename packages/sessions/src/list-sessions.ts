import { resolve, sep } from 'node:path';
import { readClaudeSession, listClaudeFiles } from './list-claude.js';
import { listCodexFiles, readCodexSession } from './list-codex.js';
import { listCopilotFiles, readCopilotSession } from './list-copilot.js';
import { listGeminiFiles, readGeminiSession } from './list-gemini.js';
import { listOpenCodeDatabase, listOpenCodeStorage } from './list-opencode.js';
import { sessionLocations } from './locations.js';
import { pickSession, withKeys } from './session-keys.js';
import type { AgentId, SessionInfo, SessionLookup } from './types.js';
import { AGENTS } from './types.js';

/** Options of {@link listSessions}. */
export interface ListSessionsOptions extends SessionLookup {
  /** Only this agent's sessions (or these agents'). */
  agent?: AgentId | readonly AgentId[];
  /** Only sessions whose project directory is this one or inside it. */
  project?: string;
  /** Only sessions that started (or, without a start time, last changed) at or after this time. */
  since?: Date;
  /** Only sessions that started before this time. */
  until?: Date;
  /** Also list subagent sessions (Claude, Gemini, OpenCode child sessions). Default `false`. */
  subagents?: boolean;
}

/** How many logs are read at once: enough to overlap I/O without running out of file handles. */
const PARALLEL_READS = 32;

async function mapLimited<T, R>(items: readonly T[], task: (item: T) => Promise<R | undefined>): Promise<R[]> {
  const results: (R | undefined)[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = await task(items[index] as T);
      } catch {
        // A log removed or unreadable between listing and reading is left out, not fatal.
        results[index] = undefined;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, items.length) }, worker));
  return results.filter((r): r is R => r !== undefined);
}

async function listAgent(agent: AgentId, options: ListSessionsOptions): Promise<SessionInfo[]> {
  const where = sessionLocations(options);
  const subagents = options.subagents === true;
  switch (agent) {
    case 'claude':
      return mapLimited(await listClaudeFiles(where.claude, subagents), (f) => readClaudeSession(f.path, f.parentId));
    case 'codex':
      return mapLimited(await listCodexFiles(where.codex), readCodexSession);
    case 'gemini':
      return mapLimited(await listGeminiFiles(where.gemini, subagents), (f) => readGeminiSession(f.path, f.project));
    case 'opencode': {
      const all = [...(await listOpenCodeStorage(where.opencode)), ...(await listOpenCodeDatabase(where.opencodeDb))];
      // After the 1.2 migration a session is in both; the database is newer.
      const byId = new Map(all.map((s) => [s.id, s]));
      return [...byId.values()].filter((s) => subagents || s.parentId === undefined);
    }
    case 'copilot':
      return mapLimited(await listCopilotFiles(where.copilot), readCopilotSession);
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
 * const sessions = await listSessions({ home: os.homedir(), env: process.env, project: process.cwd() });
 * for (const s of sessions) console.log(s.agent, s.startedAt, s.title);
 * ```
 */
export async function listSessions(options: ListSessionsOptions): Promise<SessionInfo[]> {
  const wanted = options.agent === undefined ? AGENTS : typeof options.agent === 'string' ? [options.agent] : options.agent;
  const lists = await Promise.all(wanted.map((agent) => listAgent(agent, options)));
  const since = options.since?.getTime();
  const until = options.until?.getTime();
  // Keys are given over every log read, before the filters, so a filter never changes a session's key.
  return withKeys(lists.flat())
    .filter((s) => options.project === undefined || inProject(s, options.project))
    .filter((s) => since === undefined || sortTime(s) >= since)
    .filter((s) => until === undefined || sortTime(s) < until)
    .sort((a, b) => sortTime(b) - sortTime(a) || a.id.localeCompare(b.id));
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
export async function findSession(ref: string, lookup: SessionLookup & { agent?: AgentId }): Promise<SessionInfo | undefined> {
  return pickSession(await listSessions({ ...lookup, subagents: true }), ref);
}
