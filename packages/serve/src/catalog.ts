import { stat } from 'node:fs/promises';
import { insideSessionStore, listSessions, sessionEvents, type SessionInfo, type SessionLookup, type SessionSources } from '@x/sessions';
import { loadListing, saveListing } from './listing-file.js';
import { summarizeEvents, type SessionSummary } from './session-summary.js';

/** Options of {@link createCatalog}. */
export interface CatalogOptions extends SessionLookup {
  sources: SessionSources;
  redact: boolean;
  /** How old a listing may get before a new one is made (in the background, the old one answering meanwhile). Default 3 s. */
  listTtlMs?: number;
  /** Summaries kept: at most this many (default 200), and at most {@link MAX_SUMMARIES_BYTES} of them in all. */
  maxSummaries?: number;
  /** The clock; tests pass their own. */
  now?: () => number;
  /**
   * Where the last listing is kept (listing-file.ts): a new catalog answers
   * from it at once while it lists the stores again. Without it, the first
   * request waits for the stores.
   */
  listingFile?: string;
  /**
   * Told why a store left sessions out (`listSessions`' `onWarning`: a store
   * file that could not be read, a store that failed), once per distinct
   * message however often the stores are listed again.
   */
  onWarning?: (message: string) => void;
}

interface CachedSummary {
  signature: string;
  summary: SessionSummary;
}

/** The catalog's explicit state: the last listing and the summaries by log. */
export interface CatalogState {
  readonly options: CatalogOptions;
  /** The last listing: when it finished, how long it took, its sessions, and why stores left sessions out of it (distinct, at most {@link MAX_LISTING_WARNINGS}). */
  listing: { at: number; tookMs: number; sessions: SessionInfo[]; warnings: readonly string[] } | undefined;
  pending: Promise<SessionInfo[]> | undefined;
  /** The read of the kept listing, once per catalog. */
  kept: Promise<void> | undefined;
  /** The last write of the listing to its file, if one was made. */
  saved: Promise<void> | undefined;
  summaries: Map<string, CachedSummary>;
  /** The warnings already passed to `onWarning` (at most {@link MAX_WARNED}, the oldest forgotten first). */
  warned: Set<string>;
}

/** Warnings a listing keeps for the list page: a store that warns per file cannot fill the page or the heap. */
export const MAX_LISTING_WARNINGS = 20;
/** Distinct warnings remembered as told, so a warning is not told again on each listing. */
const MAX_WARNED = 1000;

/** Creates a catalog over the session stores of `options.home`. */
export function createCatalog(options: CatalogOptions): CatalogState {
  return { options, listing: undefined, pending: undefined, kept: undefined, saved: undefined, summaries: new Map(), warned: new Set() };
}

/** Hears one listing's warnings: kept for its page (distinct, bounded), and told to `onWarning` the first time each is heard. */
function hearWarnings(state: CatalogState, kept: string[]): (message: string) => void {
  return (message) => {
    if (kept.length < MAX_LISTING_WARNINGS && !kept.includes(message)) kept.push(message);
    if (state.warned.has(message)) return;
    state.warned.add(message);
    for (const old of state.warned) {
      if (state.warned.size <= MAX_WARNED) break;
      state.warned.delete(old);
    }
    state.options.onWarning?.(message);
  };
}

/** The registered stores' agent ids, in order. */
export function agentIdsOf(stores: SessionLookup['stores']): string[] {
  return (Array.isArray(stores) ? stores : (stores as Exclude<SessionLookup['stores'], readonly unknown[]>).list()).map((store) => store.id);
}

/**
 * Takes the kept listing as the catalog's, stale from the start so the
 * stores are listed again at once. Read once per catalog; a server awaits
 * it before it listens, so its first request does not pay for it.
 */
export function readKept(state: CatalogState): Promise<void> {
  const file = state.options.listingFile;
  state.kept ??=
    file === undefined
      ? Promise.resolve()
      : loadListing(file, state.options.home, agentIdsOf(state.options.stores)).then((sessions) => {
          if (sessions !== undefined && state.listing === undefined) state.listing = { at: Number.NEGATIVE_INFINITY, tookMs: 0, sessions, warnings: [] };
        });
  return state.kept;
}

const now = (state: CatalogState) => (state.options.now ?? Date.now)();

/** A listing is reused for at least this many times as long as it took, so a home that takes long to list is not listed back to back. */
const LIST_PACE = 4;

/** Lists the stores (one listing at a time: requests arriving while it runs share it) and keeps the result. */
function relist(state: CatalogState): Promise<SessionInfo[]> {
  if (state.pending !== undefined) return state.pending;
  const started = now(state);
  const warnings: string[] = [];
  const { home, env, stores } = state.options;
  state.pending = listSessions({ home, env, stores, subagents: true, onWarning: hearWarnings(state, warnings) })
    .then((sessions) => {
      state.listing = { at: now(state), tookMs: now(state) - started, sessions, warnings };
      const file = state.options.listingFile;
      // A cache: a listing that cannot be kept (a full disk) costs the next start its head start, nothing else.
      if (file !== undefined) state.saved = saveListing(file, state.options.home, sessions).catch(() => {});
      return sessions;
    })
    .finally(() => {
      state.pending = undefined;
    });
  return state.pending;
}

/** Whether the last listing is older than the TTL (or than {@link LIST_PACE} times its own duration). */
function stale(state: CatalogState, listing: NonNullable<CatalogState['listing']>): boolean {
  const ttl = Math.max(state.options.listTtlMs ?? 3000, LIST_PACE * listing.tookMs);
  return now(state) - listing.at >= ttl;
}

/**
 * Every session, subagents included, newest first. The first call waits for
 * the stores' listing, unless a listing was kept from an earlier run (then
 * that answers while the stores are listed again); later ones get the last listing at once, and once it
 * is stale a new one is made in the background for the requests after (so a
 * page never waits for a home of thousands of logs to be listed again).
 */
export async function catalogSessions(state: CatalogState): Promise<SessionInfo[]> {
  if (state.listing === undefined) await readKept(state);
  const listing = state.listing;
  if (listing === undefined) return relist(state);
  if (stale(state, listing)) relist(state).catch(() => {});
  return listing.sessions;
}

/** A session by the key the listing gave it; never by path. One not in the last listing waits for a new listing (a session just started). */
export async function catalogFind(state: CatalogState, key: string): Promise<SessionInfo | undefined> {
  const listed = await catalogSessions(state);
  let found = holding(listed, key);
  if (found.length === 0 && state.listing !== undefined && now(state) - state.listing.at >= (state.options.listTtlMs ?? 3000))
    found = holding(await relist(state), key);
  // Keys are made apart, but 8 hex digits of a path's hash can be matched by a path made for them, and a kept
  // listing can be planted: a key several logs hold names none of them, as `xview show` refuses it (pickSession).
  const [only] = found;
  if (only === undefined || found.length > 1 || !(await insideStore(state, only))) return undefined;
  return only;
}

/** The listed sessions whose key is `key`. */
function holding(listed: readonly SessionInfo[], key: string): SessionInfo[] {
  return listed.filter((s) => (s.key ?? s.id) === key);
}

/**
 * Whether the log's real path lies inside its store's folders: a symlink in
 * the store pointing elsewhere (at a file another user planted, at /etc) is
 * refused, so the server reads nothing outside the agents' folders.
 */
export function insideStore(state: CatalogState, session: SessionInfo): Promise<boolean> {
  return insideSessionStore(session, state.options);
}

/** What identifies a log's content for the summary cache: its size and mtime. */
async function signatureOf(session: SessionInfo): Promise<string> {
  const info = await stat(session.path);
  return `${info.size}:${info.mtimeMs}`;
}

/** A session's summary if one was kept for its log's current size and mtime, and that signature (for {@link catalogKeep}). */
export async function catalogCachedSummary(state: CatalogState, session: SessionInfo): Promise<{ signature: string; summary: SessionSummary | undefined }> {
  const signature = await signatureOf(session);
  const cached = state.summaries.get(summaryKey(session));
  if (cached === undefined || cached.signature !== signature) return { signature, summary: undefined };
  state.summaries.delete(summaryKey(session));
  state.summaries.set(summaryKey(session), cached);
  return { signature, summary: cached.summary };
}

/**
 * The estimated bytes of all summaries kept: each may hold up to 4 MiB of
 * edits (session-summary.ts), so a count alone would let two hundred large
 * sessions hold most of a gigabyte.
 */
export const MAX_SUMMARIES_BYTES = 32 * 1024 * 1024;

/** Keeps a session's summary for the log's size and mtime it was read at; the oldest kept go past `maxSummaries` or {@link MAX_SUMMARIES_BYTES}. */
export function catalogKeep(state: CatalogState, session: SessionInfo, signature: string, summary: SessionSummary): void {
  const cacheKey = summaryKey(session);
  state.summaries.delete(cacheKey);
  state.summaries.set(cacheKey, { signature, summary });
  // The oldest entry goes first: a Map iterates in insertion order, and a hit re-inserts.
  const max = state.options.maxSummaries ?? 200;
  let bytes = 0;
  for (const kept of state.summaries.values()) bytes += kept.summary.estimatedBytes;
  for (const [key, kept] of state.summaries) {
    // The one just kept stays even alone past the bytes: it is the page being answered.
    if ((state.summaries.size <= max && bytes <= MAX_SUMMARIES_BYTES) || key === cacheKey) break;
    state.summaries.delete(key);
    bytes -= kept.summary.estimatedBytes;
  }
}

const summaryKey = (session: SessionInfo) => `${session.agent}\0${session.path}\0${session.id}`;

/** A session's summary, read once per size and mtime of its log. */
export async function catalogSummary(state: CatalogState, session: SessionInfo): Promise<SessionSummary> {
  const cached = await catalogCachedSummary(state, session);
  if (cached.summary !== undefined) return cached.summary;
  const summary = await summarizeEvents(sessionEvents(session, { ...state.options, redact: state.options.redact }));
  catalogKeep(state, session, cached.signature, summary);
  return summary;
}
