import { redactSecrets, type SessionInfo } from '@x/sessions';
import { formatCost, formatCount, formatDuration, formatStatus } from '@x/core';
import type { SessionFacts } from '@x/search';
import { escapeHtml } from '@x/renderer-html';
import { LIST_PAGE_SIZE, dayOf, type ListFilters } from './list-filter.js';

/** What the list page shows besides the sessions. */
export interface ListView {
  filters: ListFilters;
  /** The agents the server has a store for, for the agent filter. */
  agents: readonly string[];
  /** Every project seen, for the project filter. */
  projects: readonly string[];
  /** Keys of the sessions whose log is being written now. */
  running: ReadonlySet<string>;
  /** What the search index noted of a session it has read at its current size and mtime; `undefined` until then. */
  facts: (session: SessionInfo) => SessionFacts | undefined;
  redact: boolean;
}

const keyOf = (s: SessionInfo) => s.key ?? s.id;

function shown(view: ListView, text: string): string {
  return escapeHtml(view.redact ? redactSecrets(text) : text);
}

/** The status cell: running now, else how the log ended as the index read it, else a mark that it is not read yet. */
function statusCell(running: boolean, facts: SessionFacts | undefined): string {
  if (running) return '<span class="x-running" title="being written now">● running</span>';
  if (facts === undefined) return '<span class="x-pending" title="not indexed yet">…</span>';
  if (facts.status === undefined) return `<span title="${escapeHtml(formatStatus(undefined))}">—</span>`;
  return escapeHtml(formatStatus(facts.status));
}

function sessionRow(session: SessionInfo, view: ListView): string {
  const key = keyOf(session);
  const title = shown(view, session.title ?? `${session.agent} session ${session.id}`);
  const time = (session.startedAt ?? session.updatedAt).slice(11, 16);
  const facts = view.facts(session);
  const cells = [
    escapeHtml(time),
    escapeHtml(session.agent),
    `<a href="/s/${encodeURIComponent(key)}">${title}</a>`,
    session.turns === undefined ? '' : formatCount(session.turns),
    session.tokens === undefined ? '' : formatCount(session.tokens),
    session.costUsd === undefined ? '' : escapeHtml(formatCost(session.costUsd)),
    facts?.durationMs === undefined ? '' : escapeHtml(formatDuration(facts.durationMs)),
    statusCell(view.running.has(key), facts),
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
    days.set(day, [...(days.get(day) ?? []), session]);
  }
  return groups;
}

function option(value: string, label: string, selected: string | undefined): string {
  return `<option value="${escapeHtml(value)}"${value === (selected ?? '') ? ' selected' : ''}>${label}</option>`;
}

function filterForm(view: ListView): string {
  const f = view.filters;
  const agents = [option('', 'every agent', f.agent), ...view.agents.map((a) => option(a, escapeHtml(a), f.agent))].join('');
  const projects = [option('', 'every project', f.project), ...view.projects.map((p) => option(p, shown(view, p), f.project))].join('');
  const statuses = [option('', 'any status', f.status), option('failed', 'failed', f.status), option('cancelled', 'cancelled', f.status)].join('');
  const value = (v: string | undefined) => escapeHtml(v ?? '');
  return (
    '<form class="x-filters" action="/" method="get">' +
    `<label>Agent <select name="agent">${agents}</select></label>` +
    `<label>Project <select name="project">${projects}</select></label>` +
    `<label>From <input type="date" name="since" value="${value(f.since)}"></label>` +
    `<label>To <input type="date" name="until" value="${value(f.until)}"></label>` +
    `<label>Status <select name="status">${statuses}</select></label>` +
    `<label>Edited file <input type="text" name="file" value="${value(f.file)}" placeholder="path contains"></label>` +
    '<button type="submit">Filter</button></form>'
  );
}

function pager(view: ListView, total: number): string {
  const pages = Math.ceil(total / LIST_PAGE_SIZE);
  if (pages <= 1) return '';
  const link = (page: number, label: string) => {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(view.filters)) if (value !== undefined && name !== 'page') query.set(name, String(value));
    query.set('page', String(page));
    return `<a href="/?${escapeHtml(query.toString())}">${label}</a>`;
  };
  const page = view.filters.page;
  return `<p class="x-pager">${page > 1 ? link(page - 1, 'newer') : ''} page ${page} of ${pages} ${page < pages ? link(page + 1, 'older') : ''}</p>`;
}

/** The list page's body: the filters, then one page of the sessions, grouped. */
export function listBodyHtml(sessions: readonly SessionInfo[], view: ListView): string {
  const start = (view.filters.page - 1) * LIST_PAGE_SIZE;
  const shownSessions = sessions.slice(start, start + LIST_PAGE_SIZE);
  const parts = [filterForm(view), `<p>${formatCount(sessions.length)} session${sessions.length === 1 ? '' : 's'}</p>`];
  const head = '<tr><th>Time</th><th>Agent</th><th>Title</th><th>Turns</th><th>Tokens</th><th>Cost</th><th>Duration</th><th>Status</th></tr>';
  for (const [project, days] of groupSessions(shownSessions)) {
    parts.push(`<section class="x-project"><h2>${shown(view, project)}</h2>`);
    for (const [day, list] of days) {
      parts.push(`<h3>${escapeHtml(day)}</h3><table class="x-list">${head}${list.map((s) => sessionRow(s, view)).join('')}</table>`);
    }
    parts.push('</section>');
  }
  parts.push(pager(view, sessions.length));
  return parts.join('\n');
}
