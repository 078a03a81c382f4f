import { redactSecrets, type SessionInfo } from '@x/sessions';
import { formatCost, formatCount, formatDuration, formatStatus } from '@x/core';
import type { SessionFacts } from '@x/search';
import { escapeHtml } from '@x/renderer-html';
import { LIST_PAGE_SIZE, dayOf, type ListFilters } from './list-filter.js';
import { sessionHref } from './session-page.js';

/** What the list page shows besides the sessions. */
export interface ListView {
  /** The filters from the query, with their form and the pager; absent in the static export, which lists every session on one page. */
  filters?: ListFilters;
  /** The list page's own address, which the filter form and the pager lead to. */
  home: string;
  /** A session's page; `''` when it has none (a static page that failed to render). */
  hrefOf: (session: SessionInfo) => string;
  /** The agents the server has a store for, for the agent filter. */
  agents: readonly string[];
  /** Every project seen, for the project filter. */
  projects: readonly string[];
  /** Keys of the sessions whose log is being written now. */
  running: ReadonlySet<string>;
  /** A session's status and duration as the search index (or the static page's render) noted them when it read the log as it is now; `undefined` until then. */
  facts: (session: SessionInfo) => Pick<SessionFacts, 'status' | 'durationMs'> | undefined;
  /** Whether a session without facts is still to be read (a search index is building): its status shows as pending, else blank. */
  reading: boolean;
  redact: boolean;
  /** Why stores left sessions out of the listing (a store file that could not be read, a store that failed): one notice each. */
  warnings?: readonly string[];
}

const keyOf = (s: SessionInfo) => s.key ?? s.id;

function shown(view: ListView, text: string): string {
  return escapeHtml(view.redact ? redactSecrets(text) : text);
}

/** The status cell: running now, else how the log ended as the index read it, else a mark that it is not read yet. */
function statusCell(running: boolean, facts: Pick<SessionFacts, 'status' | 'durationMs'> | undefined, reading: boolean): string {
  if (running) return '<span class="x-running" title="being written now">● running</span>';
  if (facts === undefined) return reading ? '<span class="x-pending" title="not read yet">…</span>' : '';
  if (facts.status === undefined) return `<span title="${escapeHtml(formatStatus(undefined))}">—</span>`;
  return escapeHtml(formatStatus(facts.status));
}

/** The title, linked to the session's page when it has one. */
function titleCell(href: string, title: string): string {
  return href === '' ? `${title} (not rendered)` : `<a href="${escapeHtml(href)}">${title}</a>`;
}

/** A session's page in the app: its key, never a path. */
export const serverHrefOf =
  (base: string) =>
  (session: SessionInfo): string =>
    sessionHref(base, keyOf(session));

function sessionRow(session: SessionInfo, view: ListView): string {
  const key = keyOf(session);
  const title = shown(view, session.title ?? `${session.agent} session ${session.id}`);
  const time = (session.startedAt ?? session.updatedAt).slice(11, 16);
  const facts = view.facts(session);
  const cells = [
    escapeHtml(time),
    escapeHtml(session.agent),
    titleCell(view.hrefOf(session), title),
    session.turns === undefined ? '' : formatCount(session.turns),
    session.tokens === undefined ? '' : formatCount(session.tokens),
    session.costUsd === undefined ? '' : escapeHtml(formatCost(session.costUsd)),
    facts?.durationMs === undefined ? '' : escapeHtml(formatDuration(facts.durationMs)),
    statusCell(view.running.has(key), facts, view.reading),
  ];
  return `<tr data-key="${escapeHtml(key)}">${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;
}

/** The sessions grouped by project (the group with the newest session first), then by day, newest first. */
export function groupSessions(sessions: readonly SessionInfo[]): Map<string, Map<string, SessionInfo[]>> {
  const groups = new Map<string, Map<string, SessionInfo[]>>();
  for (const session of sessions) {
    const project = session.project ?? '(no project recorded)';
    const days = groups.get(project) ?? new Map<string, SessionInfo[]>();
    groups.set(project, days);
    const day = dayOf(session);
    // Grown in place: a day's list copied for each session grouped 100,000 of one day in minutes.
    const list = days.get(day) ?? [];
    list.push(session);
    days.set(day, list);
  }
  return groups;
}

function option(value: string, label: string, selected: string | undefined): string {
  return `<option value="${escapeHtml(value)}"${value === (selected ?? '') ? ' selected' : ''}>${label}</option>`;
}

function filterForm(view: ListView, f: ListFilters): string {
  const agents = [option('', 'every agent', f.agent), ...view.agents.map((a) => option(a, escapeHtml(a), f.agent))].join('');
  const projects = [option('', 'every project', f.project), ...view.projects.map((p) => option(p, shown(view, p), f.project))].join('');
  const statuses = [option('', 'any status', f.status), option('failed', 'failed', f.status), option('cancelled', 'cancelled', f.status)].join('');
  const value = (v: string | undefined) => escapeHtml(v ?? '');
  return (
    `<form class="x-filters" action="${escapeHtml(view.home)}" method="get">` +
    `<label>Agent <select name="agent">${agents}</select></label>` +
    `<label>Project <select name="project">${projects}</select></label>` +
    `<label>From <input type="date" name="since" value="${value(f.since)}"></label>` +
    `<label>To <input type="date" name="until" value="${value(f.until)}"></label>` +
    `<label>Status <select name="status">${statuses}</select></label>` +
    `<label>Edited file <input type="text" name="file" value="${value(f.file)}" placeholder="path contains"></label>` +
    '<button type="submit">Filter</button></form>'
  );
}

function pager(home: string, filters: ListFilters, total: number): string {
  const pages = Math.ceil(total / LIST_PAGE_SIZE);
  if (pages <= 1) return '';
  const link = (page: number, label: string) => {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(filters)) if (value !== undefined && name !== 'page') query.set(name, String(value));
    query.set('page', String(page));
    return `<a href="${escapeHtml(`${home}?${query.toString()}`)}">${label}</a>`;
  };
  const page = filters.page;
  return `<p class="x-pager">${page > 1 ? link(page - 1, 'newer') : ''} page ${page} of ${pages} ${page < pages ? link(page + 1, 'older') : ''}</p>`;
}

/** The list page's body: the filters, then one page of the sessions, grouped (every session, without filters). */
export function listBodyHtml(sessions: readonly SessionInfo[], view: ListView): string {
  const filters = view.filters;
  const start = filters === undefined ? 0 : (filters.page - 1) * LIST_PAGE_SIZE;
  const shownSessions = filters === undefined ? sessions : sessions.slice(start, start + LIST_PAGE_SIZE);
  const count = `<p>${formatCount(sessions.length)} session${sessions.length === 1 ? '' : 's'}</p>`;
  const notices = (view.warnings ?? []).map((warning) => `<p class="notice warning x-store-warning">${shown(view, warning)}</p>`);
  const parts = filters === undefined ? [...notices, count] : [filterForm(view, filters), ...notices, count];
  const head = '<tr><th>Time</th><th>Agent</th><th>Title</th><th>Turns</th><th>Tokens</th><th>Cost</th><th>Duration</th><th>Status</th></tr>';
  for (const [project, days] of groupSessions(shownSessions)) {
    parts.push(`<section class="x-project"><h2>${shown(view, project)}</h2>`);
    for (const [day, list] of days) {
      parts.push(`<h3>${escapeHtml(day)}</h3><table class="x-list">${head}${list.map((s) => sessionRow(s, view)).join('')}</table>`);
    }
    parts.push('</section>');
  }
  if (filters !== undefined) parts.push(pager(view.home, filters, sessions.length));
  return parts.join('\n');
}
