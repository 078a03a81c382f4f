import type { SessionInfo, SessionLookup, SessionSources } from '@x/sessions';
import type { CatalogState } from './catalog.js';
import type { SearchService } from './search-service.js';

/** Everything a request's answer needs, one object per server. */
export interface ServeContext {
  /** The path every page lies under (`/x-<secret>`, see `appBase`): each link the app writes starts with it. */
  base: string;
  catalog: CatalogState;
  /** Absent when the server was started without a search index. */
  search: SearchService | undefined;
  /** Where the stores read (home, env) and the stores: every session's bytes come through its store. */
  lookup: SessionLookup;
  /** The registered stores' agent ids, in order: the list's agent filter offers these. */
  agents: readonly string[];
  sources: SessionSources;
  redact: boolean;
  now: () => number;
  /** Aborted when the server closes: live views end. */
  closing: AbortSignal;
  pollIntervalMs: number | undefined;
}

/** A log changed this recently is taken as being written now. */
export const RUNNING_WITHIN_MS = 2 * 60 * 1000;

/** Whether a session's log is being written now: it is a log file and it changed within {@link RUNNING_WITHIN_MS}. */
export function isRunning(session: SessionInfo, now: number): boolean {
  if (session.storage !== 'file') return false;
  const updated = Date.parse(session.updatedAt);
  return Number.isFinite(updated) && now - updated < RUNNING_WITHIN_MS;
}
