import { openSearchIndex, type IndexedSession, type SearchIndex } from '@x/search';
import { redactSecrets, type SessionInfo } from '@x/sessions';

/** The search index and its background update, as one explicit state. */
export interface SearchService {
  readonly index: SearchIndex;
  /** The update running now, if one is. */
  running: Promise<unknown> | undefined;
  /** When the last update started (ms since the epoch), to space them out. */
  lastStarted: number;
  readonly controller: AbortController;
  /** Why the last update failed (a full disk, a folder it may not write), until one succeeds: the search page says so. */
  failure: string | undefined;
  /** Told of an update's failure once per distinct reason (`xview serve` prints it on standard error). */
  readonly onError: ((error: unknown) => void) | undefined;
  /** With `--redact`: a failure's reason quotes paths and ids, so it is redacted before it is kept or told. */
  readonly redact: boolean;
}

/** How the index names a session: the listing's key, which the session page's URL uses too. */
export function indexedSession(session: SessionInfo): IndexedSession {
  const mtimeMs = Date.parse(session.updatedAt) || 0;
  return {
    id: session.key ?? session.id,
    agent: session.agent,
    path: session.path,
    size: session.size,
    mtimeMs,
    ...(session.project === undefined ? {} : { project: session.project }),
    ...(session.title === undefined ? {} : { title: session.title }),
    ...(session.startedAt === undefined ? {} : { started: session.startedAt }),
    updated: session.updatedAt,
  };
}

/** Opens the index under `dir`; `readEvents` gives a session's events exactly as the session page numbers them. */
export async function openSearchService(
  dir: string,
  redact: boolean,
  readEvents: NonNullable<Parameters<typeof openSearchIndex>[0]['readEvents']>,
  onError?: (error: unknown) => void,
): Promise<SearchService> {
  const index = await openSearchIndex({ dir, redact, readEvents });
  return { index, running: undefined, lastStarted: 0, controller: new AbortController(), failure: undefined, onError, redact };
}

/** Keeps an update's outcome: a failure is said once per reason and shown until an update succeeds; a stop on close is no failure. */
function noteOutcome(service: SearchService, error: unknown): void {
  if (error === undefined) {
    service.failure = undefined;
    return;
  }
  if (service.controller.signal.aborted) return;
  const message = error instanceof Error ? error.message : String(error);
  const reason = service.redact ? redactSecrets(message) : message;
  if (service.failure !== reason) service.onError?.(new Error(`the search index could not be updated: ${reason}`));
  service.failure = reason;
}

/** Least time between two background updates: each re-lists nothing itself, but reads every grown log. */
const UPDATE_SPACING_MS = 5000;

/**
 * Starts a background update over `sessions` unless one runs or one started
 * lately; only new or grown logs are read (the index compares size and
 * mtime). Search answers from what is indexed meanwhile; an update that
 * fails is told through `onError` and on the search page, never dropped.
 */
export function refreshSearch(service: SearchService, sessions: readonly SessionInfo[], now: number): void {
  if (service.running !== undefined || now - service.lastStarted < UPDATE_SPACING_MS) return;
  service.lastStarted = now;
  service.running = service.index
    .update(sessions.map(indexedSession), { signal: service.controller.signal })
    .then(
      () => noteOutcome(service, undefined),
      (error: unknown) => noteOutcome(service, error ?? new Error('unknown error')),
    )
    .finally(() => {
      service.running = undefined;
    });
}

/** Stops the update and closes the index. */
export async function closeSearch(service: SearchService): Promise<void> {
  service.controller.abort();
  await service.running;
  await service.index.close();
}
