import type { AgentId, SessionInfo } from '@x/sessions';
import type { SessionFacts } from '@x/search';
import type { SessionSummary } from './session-summary.js';

/** The list's filters, from the query string. */
export interface ListFilters {
  agent?: AgentId;
  /** The project directory, exactly. */
  project?: string;
  /** Sessions that started on or after this day (YYYY-MM-DD), and before the day after `until`. */
  since?: string;
  until?: string;
  /** `failed` (ended in error) or `cancelled`. */
  status?: 'failed' | 'cancelled';
  /** Sessions that created, edited or deleted a file whose path contains this. */
  file?: string;
  /** 1-based page of {@link LIST_PAGE_SIZE} rows. */
  page: number;
}

/** Rows per page of the list: the first page stays fast however many sessions there are. */
export const LIST_PAGE_SIZE = 200;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the filters from a URL's query; a value that is not one the list knows (an agent not in `agents`) is ignored. */
export function parseFilters(query: URLSearchParams, agents: readonly AgentId[]): ListFilters {
  const filters: ListFilters = { page: Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1) };
  const agent = query.get('agent');
  if (agent !== null && agents.includes(agent)) filters.agent = agent;
  const project = query.get('project');
  if (project) filters.project = project;
  const since = query.get('since');
  if (since !== null && DAY.test(since)) filters.since = since;
  const until = query.get('until');
  if (until !== null && DAY.test(until)) filters.until = until;
  const status = query.get('status');
  if (status === 'failed' || status === 'cancelled') filters.status = status;
  const file = query.get('file');
  if (file) filters.file = file;
  return filters;
}

/** The day a session belongs to in the list (UTC): when it started, else when its log last changed. */
export function dayOf(session: SessionInfo): string {
  return (session.startedAt ?? session.updatedAt).slice(0, 10);
}

function cheapMatch(session: SessionInfo, filters: ListFilters): boolean {
  if (session.parentId !== undefined) return false;
  if (filters.agent !== undefined && session.agent !== filters.agent) return false;
  if (filters.project !== undefined && session.project !== filters.project) return false;
  const day = dayOf(session);
  if (filters.since !== undefined && day < filters.since) return false;
  if (filters.until !== undefined && day > filters.until) return false;
  return true;
}

function statusMatch(status: SessionSummary['status'] | undefined, filters: ListFilters): boolean {
  if (filters.status === 'failed') return status === 'error';
  if (filters.status === 'cancelled') return status === 'cancelled';
  return true;
}

function summaryMatch(summary: SessionSummary, filters: ListFilters): boolean {
  if (!statusMatch(summary.status, filters)) return false;
  if (filters.file !== undefined) {
    const needle = filters.file;
    return summary.edits.some((record) => record.edits.some((edit) => edit.path.includes(needle) || (edit.movedTo ?? '').includes(needle)));
  }
  return true;
}

/**
 * The sessions the filters keep (main sessions only: a subagent shows under
 * its call). The status filter takes what the search index noted of a
 * session when it has read it as it is now (`facts`); otherwise, and for the
 * file filter, each candidate's summary is read, which costs a pass over
 * logs not summarised yet. The other filters cost nothing.
 */
export async function filterSessions(
  sessions: readonly SessionInfo[],
  filters: ListFilters,
  summary: (session: SessionInfo) => Promise<SessionSummary | undefined>,
  facts: (session: SessionInfo) => SessionFacts | undefined = () => undefined,
): Promise<SessionInfo[]> {
  const kept = sessions.filter((s) => cheapMatch(s, filters));
  if (filters.status === undefined && filters.file === undefined) return kept;
  const out: SessionInfo[] = [];
  for (const session of kept) {
    const noted = filters.file === undefined ? facts(session) : undefined;
    if (noted !== undefined) {
      if (statusMatch(noted.status, filters)) out.push(session);
      continue;
    }
    const found = await summary(session);
    if (found !== undefined && summaryMatch(found, filters)) out.push(session);
  }
  return out;
}
