import type { DisplayEvent } from '@x/core';
import type { SessionFacts } from './session-facts.js';

/** One session as the index knows it: what identifies its log and what a hit shows. */
export interface IndexedSession {
  /** Names the session among all indexed ones (a listing's `key ?? id`). */
  id: string;
  agent: string;
  /** The log file, OpenCode's session info file, or OpenCode's database. */
  path: string;
  /** Bytes of the log; a change in size or mtime makes the session read again. */
  size: number;
  mtimeMs: number;
  project?: string;
  title?: string;
  started?: string;
  updated?: string;
}

/** Where an index stands: sessions to read in the current update, sessions read, and whether an update runs. */
export interface IndexProgress {
  total: number;
  done: number;
  indexing: boolean;
}

/** What one update did: sessions read (new or changed), skipped (unchanged) and removed (no longer listed). */
export interface UpdateResult {
  read: number;
  skipped: number;
  removed: number;
}

/** Options of {@link SearchIndex.update}. */
export interface UpdateOptions {
  /** Stops the update between two sessions; what was read so far is kept. */
  signal?: AbortSignal;
  onProgress?: (progress: IndexProgress) => void;
}

/** Options of {@link SearchIndex.search}. */
export interface SearchOptions {
  /** Most hits returned (default 20, at most 200). */
  limit?: number;
  /** Only sessions of this agent. */
  agent?: string;
}

/** Where in an event a hit was found. */
export type SearchField = 'prompt' | 'text' | 'reasoning' | 'command' | 'path' | 'output';

/** One event that holds every term of a query. */
export interface SearchHit {
  sessionId: string;
  agent: string;
  path: string;
  title?: string;
  /** The event's index in the session's event stream (as `readEvents` yields it). */
  eventIndex: number;
  field: SearchField;
  /** Plain text around the match (control characters replaced by spaces), at most {@link SNIPPET_LENGTH} characters. */
  snippet: string;
  /** The matched terms in `snippet`, as [start, end) offsets in UTF-16 code units. */
  ranges: [number, number][];
  /** Higher is better. */
  score: number;
}

/** Options of {@link openSearchIndex}. */
export interface SearchIndexOptions {
  /** The index's directory; created when missing. */
  dir: string;
  /** Replace secrets (see `redactSecrets` of `@x/sessions`) before anything is indexed or put in a snippet. */
  redact?: boolean;
  /**
   * A session's display events, numbered as the application shows them (a
   * hit's `eventIndex` is an index into this stream). `xview serve` reads
   * through the session's store and log source (`sessionEvents` of
   * `@x/sessions`); this package imports no provider and no store.
   */
  readEvents: (session: IndexedSession) => AsyncIterable<DisplayEvent>;
}

/** A full-text index of sessions, kept on disk. */
export interface SearchIndex {
  /** Reads the sessions that are new or changed since the last update and drops those no longer listed. */
  update(sessions: readonly IndexedSession[], options?: UpdateOptions): Promise<UpdateResult>;
  /** Events holding every term of `query`, best first; answers while an update runs, from what is indexed so far. */
  search(query: string, options?: SearchOptions): Promise<SearchHit[]>;
  progress(): IndexProgress;
  /**
   * What the last read of `session` noted (status, duration), when the index
   * holds it at the same path, size and mtime; `undefined` when it is not
   * indexed yet or has changed since.
   */
  facts(session: IndexedSession): SessionFacts | undefined;
  /** Waits for a running update and releases the index's files. */
  close(): Promise<void>;
}

/** Longest snippet, in UTF-16 code units. */
export const SNIPPET_LENGTH = 240;
