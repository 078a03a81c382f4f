/** The agents whose session logs this package finds. */
export type AgentId = 'claude' | 'codex' | 'gemini' | 'opencode' | 'copilot';

/** Every {@link AgentId}, in the order listings and help text name them. */
export const AGENTS: readonly AgentId[] = ['claude', 'codex', 'gemini', 'opencode', 'copilot'];

/**
 * How a session is stored, which says how {@link openSession} reads it:
 * - `file`: one log file, read as it is (JSONL or a JSON document);
 * - `opencode-storage`: OpenCode ≤1.1's JSON tree; `path` is the session's info file;
 * - `opencode-sqlite`: OpenCode 1.2+'s database; `path` is the database file.
 */
export type SessionStorage = 'file' | 'opencode-storage' | 'opencode-sqlite';

/** One session found on disk, with what a listing shows. Fields a log does not record are left out. */
export interface SessionInfo {
  agent: AgentId;
  /** The agent's own session id. Several logs can share one: a Claude sidechain carries its parent's, a copied log keeps it. */
  id: string;
  /**
   * What names this log among the listed sessions, set by `listSessions`:
   * the id, or where several logs share it, `<id>@<hash>` with a short hash
   * of the log's path (a main session among subagents sharing its id keeps
   * the plain id). `findSession`, `xview show` and site page names use it.
   */
  key?: string;
  storage: SessionStorage;
  /** The log file, OpenCode's session info file, or OpenCode's database. */
  path: string;
  /** When the session started (ISO 8601), from the log. */
  startedAt?: string;
  /** When the log last changed (ISO 8601): the file's mtime, or the database's update time. */
  updatedAt: string;
  /** The project directory (the agent's working directory), when the log records it. */
  project?: string;
  gitBranch?: string;
  /** The session's title, else its first prompt (cut to one line). */
  title?: string;
  /** Prompts the user typed; only when the whole log was read or the log counts them. */
  turns?: number;
  /** Total tokens (input + output + cache), where the log records usage. */
  tokens?: number;
  /** Cost in US dollars, where the log records it (OpenCode, Copilot). */
  costUsd?: number;
  /** The parent session of a subagent session. */
  parentId?: string;
  /** Bytes of the log (for OpenCode: of the session's info file or database); a site's manifest compares it. */
  size: number;
}

/** Where to look: the home directory and the environment (for the agents' override variables). */
export interface SessionLookup {
  /** The user's home directory; tests pass a temporary one. */
  home: string;
  /** The environment; `CLAUDE_CONFIG_DIR`, `CODEX_HOME`, `GEMINI_CLI_HOME`, `XDG_DATA_HOME`, `OPENCODE_DB`, `COPILOT_HOME` move the defaults. */
  env?: Record<string, string | undefined>;
}
