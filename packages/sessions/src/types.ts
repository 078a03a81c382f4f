import type { SessionRow, SessionStore } from '@x/core';
import type { SessionStoreRegistry } from './store-registry.js';

/** An agent's id, as its session store names it: `"claude"`, or a plugin's own. */
export type AgentId = string;

/**
 * How a session is stored, in its store's words: `file` is one log file read
 * as it is (which `followFile` can follow); any other value only the store's
 * `open` knows (OpenCode's `opencode-storage` and `opencode-sqlite`).
 */
export type SessionStorage = string;

/** One session found on disk, with what a listing shows: its store's row, and its key among the listed. */
export interface SessionInfo extends SessionRow {
  /**
   * What names this log among the listed sessions, set by `listSessions`:
   * the id, or where several logs share it, `<id>@<hash>` with a short hash
   * of the log's path (a main session among subagents sharing its id keeps
   * the plain id). `findSession`, `xview show` and site page names use it.
   */
  key?: string;
}

/** Where to look and with what: the home directory, the environment (for the agents' override variables), and the stores. */
export interface SessionLookup {
  /** The user's home directory; tests pass a temporary one. */
  home: string;
  /** The environment; each store reads its agent's own override variables from it (`SessionStore.envVariables`). */
  env?: Record<string, string | undefined>;
  /** The session stores to read, in the order agents are named; the application registers them. */
  stores: SessionStoreRegistry | readonly SessionStore[];
}
