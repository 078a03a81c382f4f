import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sessionEvents, type SessionLookup, type SessionSources } from '@x/sessions';
import { agentIdsOf, catalogFind, catalogSessions, createCatalog, readKept } from './catalog.js';
import { allowedHosts, appBase, checkRequest, createGate, type GateState } from './gate.js';
import { loadPathKey } from './path-key.js';
import { answerClientError, SECURITY_HEADERS, sendError } from './respond.js';
import { route } from './routes.js';
import { closeSearch, openSearchService, refreshSearch, type SearchService } from './search-service.js';
import type { ServeContext } from './serve-context.js';

/** Options of {@link startServer}. */
export interface ServeOptions extends SessionLookup {
  /** The source that reads each agent's logs (this package imports no provider). */
  sources: SessionSources;
  /** Port to listen on; default 0 (one the system picks). */
  port?: number;
  /** Address to bind; default `127.0.0.1`. Another makes the app reachable from other machines: still token-gated. */
  host?: string;
  /** Replace secrets in everything served: pages, downloads, search snippets. */
  redact?: boolean;
  /** The search index's folder; without it the server has no search. */
  searchDir?: string;
  /** Where the last listing is kept, so a server started again shows its first page at once (see `CatalogOptions.listingFile`). */
  listingFile?: string;
  /** The secret in the printed URL; default 24 random bytes. Tests pass their own. */
  token?: string;
  /**
   * Where the key the app's path is derived from is kept (made on the first
   * start, readable by this user only), so that a page's address stays the
   * same from one start to the next; without it the path is derived from the
   * token and changes with it.
   */
  pathKeyFile?: string;
  /** How often a live view looks for growth without a change notice (ms). */
  pollIntervalMs?: number;
  /** Told of an error answering a request (the browser gets a bare 500). */
  onError?: (error: unknown) => void;
  /**
   * Told why a store left sessions out of the list (a store file that could
   * not be read, such as an OpenCode database too large to load or not a
   * database; a store that failed as a whole): `listSessions`' `onWarning`,
   * called once per distinct message however often the stores are listed
   * again. The message quotes file names and errors as they are: pass it
   * through a terminal gate before printing it. The list page shows the last
   * listing's warnings too, escaped.
   */
  onWarning?: (message: string) => void;
}

/** A running server. */
export interface ServeHandle {
  /** The address to open, token included: `http://127.0.0.1:<port>/?token=...`. */
  url: string;
  /** The address without the token. */
  origin: string;
  port: number;
  token: string;
  /**
   * The path every page lies under, `/x-<secret>` (without a final slash):
   * the token's cookie is bound to it. Opening {@link ServeHandle.url} leads there.
   */
  base: string;
  /** Stops listening, ends live views and closes the search index. */
  close(): Promise<void>;
}

interface ServerState {
  context: ServeContext;
  gate: GateState | undefined;
  onError: ((error: unknown) => void) | undefined;
}

/**
 * Where a URL that carried the token leads, without it: the same page under
 * the app's base. After the cookie is set, the token leaves the address bar
 * and history.
 */
function withoutToken(base: string, path: string, url: URL): string {
  const query = new URLSearchParams(url.search);
  query.delete('token');
  const rest = query.toString();
  // Under the base, a path that starts with `//` (`/.//evil.example/` comes out so) cannot name another host.
  return `${base}${path.replace(/^\/+/, '/')}${rest === '' ? '' : `?${rest}`}`;
}

/** The request's URL with its path inside the app, for the routes (set through `pathname`, so `//x` stays a path). */
function appUrl(url: URL, path: string): URL {
  const inApp = new URL(url.href);
  inApp.pathname = path;
  return inApp;
}

async function handle(state: ServerState, request: IncomingMessage, response: ServerResponse): Promise<void> {
  let url: URL;
  try {
    url = new URL(request.url ?? '/', 'http://localhost');
  } catch {
    return sendError(response, 400, 'bad request');
  }
  if (state.gate === undefined) return sendError(response, 503, 'starting');
  const verdict = checkRequest(state.gate, request, url);
  if (!verdict.allowed) return sendError(response, verdict.status, verdict.reason);
  if (verdict.setCookie !== undefined) {
    response.writeHead(303, { ...SECURITY_HEADERS, location: withoutToken(state.gate.base, verdict.path, url), 'set-cookie': verdict.setCookie });
    response.end();
    return;
  }
  try {
    await route(state.context, request, response, appUrl(url, verdict.path));
  } catch (error) {
    state.onError?.(error);
    sendError(response, 500, 'internal error');
  }
}

/** The agent ids of the stores, in the order they were registered. */
async function openSearch(options: ServeOptions, context: ServeContext): Promise<SearchService | undefined> {
  const dir = options.searchDir;
  if (dir === undefined) return undefined;
  return openSearchService(
    dir,
    context.redact,
    (indexed) => {
      // The index reads events exactly as the session page numbers them, so a hit's `#e<n>` lands on its event.
      async function* read() {
        const session = await catalogFind(context.catalog, indexed.id);
        if (session !== undefined) yield* sessionEvents(session, { ...context.lookup, sources: context.sources, redact: context.redact });
      }
      return read();
    },
    options.onError,
  ).catch((error: unknown) => {
    // A folder the index cannot be kept in (read-only, under /proc) costs the search, not the server.
    if ((error as NodeJS.ErrnoException | undefined)?.code === undefined) throw error;
    options.onError?.(new Error(`the search index cannot be kept in ${dir} (${(error as Error).message}): search is off`));
    return undefined;
  });
}

/**
 * Starts `xview serve`'s web app with Node's own `http`: the sessions of
 * every agent under `options.home`, read-only, behind a token and Host and
 * Origin checks. Resolves once it listens; the search index (when
 * `searchDir` is given) is brought up to date in the background.
 */
export async function startServer(options: ServeOptions): Promise<ServeHandle> {
  const redact = options.redact === true;
  const closing = new AbortController();
  const token = options.token ?? randomBytes(24).toString('base64url');
  const context: ServeContext = {
    base: appBase(options.pathKeyFile === undefined ? token : await loadPathKey(options.pathKeyFile, options.onError)),
    catalog: createCatalog({
      home: options.home,
      env: options.env,
      stores: options.stores,
      sources: options.sources,
      redact,
      ...(options.listingFile === undefined ? {} : { listingFile: options.listingFile }),
      ...(options.onWarning === undefined ? {} : { onWarning: options.onWarning }),
    }),
    lookup: { home: options.home, env: options.env, stores: options.stores },
    agents: agentIdsOf(options.stores),
    search: undefined,
    sources: options.sources,
    redact,
    now: Date.now,
    closing: closing.signal,
    pollIntervalMs: options.pollIntervalMs,
  };
  context.search = await openSearch(options, context);
  await readKept(context.catalog);
  const state: ServerState = { context, gate: undefined, onError: options.onError };
  // Node answers an HTTP/1.1 request without Host (400) and an Expect it cannot meet (417) itself, with
  // none of the security headers: the first goes to the gate, which refuses it; the second gets them.
  const server = createServer({ requireHostHeader: false }, (request, response) => void handle(state, request, response));
  server.on('clientError', answerClientError);
  server.on('checkExpectation', (_request, response) => sendError(response, 417, 'expectation failed'));
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  state.gate = createGate(token, allowedHosts(host, port), context.base);
  const shownHost = host.includes(':') ? `[${host}]` : host;
  const origin = `http://${shownHost}:${port}`;
  if (context.search !== undefined) {
    const search = context.search;
    void catalogSessions(context.catalog).then((sessions) => refreshSearch(search, sessions, context.now()), options.onError);
  }
  return {
    url: `${origin}/?token=${token}`,
    origin,
    port,
    token,
    base: context.base,
    close: async () => {
      closing.abort();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      if (context.search !== undefined) await closeSearch(context.search);
      // A listing being written to its file is finished, so the next start finds it whole.
      await context.catalog.saved;
    },
  };
}
