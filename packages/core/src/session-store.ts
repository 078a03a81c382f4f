import type { SpecificationVersion } from './source.js';
import { checkSpecificationVersion } from './specification-version.js';
import type { StoreFileSystem } from './store-file-system.js';

/**
 * Where to look for an agent's logs: the home directory and the environment,
 * passed in. A store computes its roots from these (moved by the agent's own
 * override variables, listed in {@link SessionStore.envVariables}) and never
 * reads `process.env` or the real home itself, so tests and a browser can
 * give their own.
 */
export interface SessionStoreLookup {
  home: string;
  env: Readonly<Record<string, string | undefined>>;
}

/** What {@link SessionStore.list} and {@link SessionStore.open} are given. */
export interface SessionStoreContext extends SessionStoreLookup {
  /** All file access goes through this; a store opens nothing itself. */
  fs: StoreFileSystem;
}

/** What {@link SessionStore.list} is given. */
export interface SessionListContext extends SessionStoreContext {
  /** Whether to list subagent sessions (sidechains, child sessions) too. */
  subagents: boolean;
  /**
   * Hears, in one line naming the file, what the store found and left out
   * because it could not read it (a database larger than it can load), so
   * that the application can say why sessions are missing. A store that
   * cannot read a file still lists the rest.
   */
  warn?: ((message: string) => void) | undefined;
}

/**
 * One session as a listing shows it. Fields a log does not record are left
 * out, never guessed: a count is given only when it is exact (the log read
 * whole, or a total the log itself records).
 */
export interface SessionRow {
  /** The store's id, which is the agent's: `"claude"`. */
  agent: string;
  /** The agent's own session id. Several logs can share one (a sidechain carries its parent's). */
  id: string;
  /**
   * How the store reads this session back, in its own words: `"file"` means
   * one log file read as it is, which an application may also follow while
   * it grows; any other value is the store's alone and only its
   * {@link SessionStore.open} knows it.
   */
  storage: string;
  /** The log file, or what the store keeps the session in (a folder's info file, a database). */
  path: string;
  /** When the session started (ISO 8601), from the log. */
  startedAt?: string;
  /** When the log last changed (ISO 8601): the file's mtime, or the time the store records. */
  updatedAt: string;
  /** The project directory (the agent's working directory), when the log records it. */
  project?: string;
  gitBranch?: string;
  /** The session's title, else its first prompt cut to one line, as the store's log source shows it. */
  title?: string;
  /** Prompts the user typed, counted as the log source counts turns (docs/turns.md). */
  turns?: number;
  /** Total tokens (input + output + cache), where the log records usage. */
  tokens?: number;
  /** Cost in US dollars, where the log records it. */
  costUsd?: number;
  /** The parent session of a subagent session. */
  parentId?: string;
  /** Bytes of what `path` names; an application compares it to see a change. */
  size: number;
}

/**
 * A session's content as its log source reads it: the bytes of a log file,
 * streamed, or a document the store builds (a session kept across files or
 * in a database, assembled into the one document its log source parses).
 */
export type SessionContent = { kind: 'bytes'; bytes: AsyncIterable<Uint8Array> } | { kind: 'document'; text: string };

/**
 * An agent's session logs on disk: where they live, how to list them
 * cheaply, and how to read one back for the agent's log source. Create one
 * with {@link defineSessionStore}; a provider package exports it beside its
 * sources, and an application registers it as it registers sources.
 *
 * What a store may do: read through the given {@link StoreFileSystem}, only
 * under the roots it computed from the lookup; read a log's head and tail
 * through the bounded helpers of `@x/core/provider-utils` (`scanHead`,
 * `readTail`) so listing a large log costs little; read with its provider's
 * own rules (titles, interrupts, turn counting), so a row never disagrees
 * with what the full parse of the same log shows.
 *
 * What it may not do: read `process.env` or any file outside its roots,
 * write anything, load a whole log to list it, or throw from `list` for one
 * bad log (leave that log out). `open` may reject with a message a person can
 * act on (a session that is gone, a document past the pipeline's bounds).
 */
export interface SessionStore {
  readonly specificationVersion: SpecificationVersion;
  /** The agent's id, as listings and `--agent` name it: `"claude"`. */
  readonly id: string;
  /** Human name: `"Claude Code"`. */
  readonly displayName: string;
  /** The id of the source that parses this store's sessions: `"claude-log"`. */
  readonly logSource: string;
  /** The agent's own variables that move its logs (`"CLAUDE_CONFIG_DIR"`), for help text. */
  readonly envVariables: readonly string[];
  /** The folders (or files) the store reads, computed from the lookup alone (the file system only joins paths here). */
  roots(context: SessionStoreContext): readonly string[];
  /** Every session found under the roots. Never throws for one unreadable log. */
  list(context: SessionListContext): Promise<readonly SessionRow[]>;
  /** A listed session's content, for the source named by {@link logSource}. */
  open(session: Pick<SessionRow, 'id' | 'path' | 'storage'>, context: SessionStoreContext): Promise<SessionContent>;
}

const STORE_ID = /^[a-z0-9][a-z0-9._-]*$/;

function storeLabel(store: Partial<SessionStore>): string {
  return typeof store.id === 'string' && store.id !== '' ? `session store "${store.id}"` : 'session store';
}

function checkFunctions(label: string, store: SessionStore): void {
  for (const name of ['roots', 'list', 'open'] as const) {
    if (typeof store[name] !== 'function') throw new TypeError(`${label}: ${name} must be a function.`);
  }
}

/**
 * Checks a session store's metadata and returns it frozen. Throws a
 * `TypeError` that says what to fix, and refuses a store built against
 * another contract version, naming both versions.
 *
 * @example
 * ```ts
 * export const myStore = defineSessionStore({
 *   specificationVersion: 'v1',
 *   id: 'my-agent',
 *   displayName: 'My Agent',
 *   logSource: 'my-agent-log',
 *   envVariables: ['MY_AGENT_HOME'],
 *   roots: ({ home, env, fs }) => [env.MY_AGENT_HOME || fs.join(home, '.my-agent')],
 *   list: async () => [],
 *   open: async (session, { fs }) => ({ kind: 'bytes', bytes: await fs.stream(session.path) }),
 * });
 * ```
 */
export function defineSessionStore(store: SessionStore): SessionStore {
  if (store === null || typeof store !== 'object') {
    throw new TypeError('defineSessionStore expects an object with specificationVersion, id, displayName, logSource, envVariables, roots, list and open.');
  }
  const label = storeLabel(store);
  checkSpecificationVersion(label, store.specificationVersion);
  if (typeof store.id !== 'string' || !STORE_ID.test(store.id)) {
    throw new TypeError(`${label}: id must be a lowercase identifier such as "claude" or "my-agent", got ${JSON.stringify(store.id)}.`);
  }
  if (typeof store.displayName !== 'string' || store.displayName.trim() === '') {
    throw new TypeError(`${label}: displayName must be a non-empty string, such as "Claude Code".`);
  }
  if (typeof store.logSource !== 'string' || !STORE_ID.test(store.logSource)) {
    throw new TypeError(`${label}: logSource must be the id of the source that parses its sessions, such as "claude-log", got ${JSON.stringify(store.logSource)}.`);
  }
  if (!Array.isArray(store.envVariables) || !store.envVariables.every((name) => typeof name === 'string' && name !== '')) {
    throw new TypeError(`${label}: envVariables must be an array of variable names (it may be empty).`);
  }
  checkFunctions(label, store);
  return Object.freeze({ ...store, envVariables: Object.freeze([...store.envVariables]) });
}
