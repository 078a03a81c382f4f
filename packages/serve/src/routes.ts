import type { IncomingMessage, ServerResponse } from 'node:http';
import { redactSecrets, type SessionInfo } from '@x/sessions';
import { APP_CSS, APP_SCRIPT } from './app-assets.js';
import { catalogFind, catalogSessions, catalogSummary } from './catalog.js';
import { filterSessions, parseFilters } from './list-filter.js';
import { listBodyHtml, serverHrefOf } from './list-page.js';
import { page } from './page-shell.js';
import { sendError, sendText } from './respond.js';
import { indexedSession, refreshSearch } from './search-service.js';
import { searchBodyHtml } from './search-page.js';
import { isRunning, type ServeContext } from './serve-context.js';
import { SESSION_PARTS, answerSession } from './session-routes.js';

const HTML = 'text/html; charset=utf-8';

/**
 * The sessions as the list shows them: with `--redact`, their projects redacted before anything
 * reads them, so that the project filter's values (attributes the page's escaping does not redact)
 * and what the filter compares them with are the same redacted strings.
 */
function listedSessions(context: ServeContext, sessions: readonly SessionInfo[]): readonly SessionInfo[] {
  if (!context.redact) return sessions;
  // Once per listing, not per request: a home of thousands of sessions is listed again only every few seconds.
  let listed = REDACTED_LISTINGS.get(sessions);
  if (listed === undefined) {
    listed = sessions.map((s) => (s.project === undefined ? s : { ...s, project: redactSecrets(s.project) }));
    REDACTED_LISTINGS.set(sessions, listed);
  }
  return listed;
}

/** Each listing the catalog gave, with its projects redacted (see {@link listedSessions}); dropped with the listing. */
const REDACTED_LISTINGS = new WeakMap<readonly SessionInfo[], readonly SessionInfo[]>();

async function listPage(context: ServeContext, response: ServerResponse, url: URL): Promise<void> {
  const catalogued = await catalogSessions(context.catalog);
  if (context.search !== undefined) refreshSearch(context.search, catalogued, context.now());
  const sessions = listedSessions(context, catalogued);
  const filters = parseFilters(url.searchParams, context.agents);
  const index = context.search?.index;
  const facts = (s: SessionInfo) => index?.facts(indexedSession(s));
  const kept = await filterSessions(sessions, filters, (s) => catalogSummary(context.catalog, s).catch(() => undefined), facts);
  const now = context.now();
  const running = new Set(sessions.filter((s) => isRunning(s, now)).map((s) => s.key ?? s.id));
  const projects = [...new Set(sessions.flatMap((s) => (s.project === undefined || s.parentId !== undefined ? [] : [s.project])))].sort();
  sendText(
    response,
    200,
    HTML,
    page(
      { title: 'Sessions', base: context.base },
      listBodyHtml(kept, {
        filters,
        hrefOf: serverHrefOf(context.base),
        home: `${context.base}/`,
        agents: context.agents,
        projects,
        running,
        facts,
        reading: index !== undefined,
        redact: context.redact,
        warnings: context.catalog.listing?.warnings ?? [],
      }),
    ),
  );
}

async function searchPage(context: ServeContext, response: ServerResponse, url: URL): Promise<void> {
  const query = (url.searchParams.get('q') ?? '').slice(0, 500);
  if (context.search === undefined) {
    sendText(response, 200, HTML, page({ title: 'Search', query, base: context.base }, '<p>Search is off: this server was started without an index.</p>'));
    return;
  }
  refreshSearch(context.search, await catalogSessions(context.catalog), context.now());
  const hits = query.trim() === '' ? [] : await context.search.index.search(query, { limit: 100 });
  const failure = context.search.failure;
  const body = searchBodyHtml({
    base: context.base,
    query,
    hits,
    progress: context.search.index.progress(),
    ...(failure === undefined ? {} : { failure }),
    redact: context.redact,
  });
  sendText(response, 200, HTML, page({ title: query === '' ? 'Search' : `Search: ${query}`, query, base: context.base }, body));
}

function progress(context: ServeContext, response: ServerResponse): void {
  const failure = context.search?.failure;
  const value = { ...(context.search?.index.progress() ?? { total: 0, done: 0, indexing: false }), ...(failure === undefined ? {} : { failure }) };
  sendText(response, 200, 'application/json; charset=utf-8', JSON.stringify(value));
}

/** `/s/<key>` or `/s/<key>/<part>`: the key is looked up among the listed sessions, never used as a path. */
async function sessionRoute(context: ServeContext, request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
  const [, , encodedKey, part = '', ...rest] = url.pathname.split('/');
  const known = (SESSION_PARTS as readonly string[]).includes(part);
  let key: string | undefined;
  try {
    key = decodeURIComponent(encodedKey ?? '');
  } catch {
    key = undefined;
  }
  const session = key === undefined || !known || rest.length > 0 ? undefined : await catalogFind(context.catalog, key);
  if (session === undefined) return sendError(response, 404, 'no such session');
  return answerSession(context, session, part as (typeof SESSION_PARTS)[number], request, response, url);
}

/** Answers one request the gate let in. */
export async function route(context: ServeContext, request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
  const path = url.pathname;
  if (path === '/') return listPage(context, response, url);
  if (path === '/search') return searchPage(context, response, url);
  if (path === '/search/progress') return progress(context, response);
  if (path === '/app.js') return sendText(response, 200, 'text/javascript; charset=utf-8', APP_SCRIPT);
  if (path === '/app.css') return sendText(response, 200, 'text/css; charset=utf-8', APP_CSS);
  if (path.startsWith('/s/')) return sessionRoute(context, request, response, url);
  return sendError(response, 404, 'not found');
}
