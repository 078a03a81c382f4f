import type { IndexProgress, SearchHit } from '@x/search';
import { escapeHtml } from '@x/renderer-html';
import { redactSecrets } from '@x/sessions';
import { sessionHref } from './session-page.js';

/** A snippet with its matched ranges in `<mark>`; every piece escaped. Ranges out of order or out of bounds are skipped. */
export function highlightSnippet(snippet: string, ranges: readonly (readonly [number, number])[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (start < at || end <= start || end > snippet.length) continue;
    parts.push(escapeHtml(snippet.slice(at, start)), `<mark>${escapeHtml(snippet.slice(start, end))}</mark>`);
    at = end;
  }
  parts.push(escapeHtml(snippet.slice(at)));
  return parts.join('');
}

/** What the search page shows. */
export interface SearchView {
  /** The path the app lies under: each hit's link starts with it. */
  base: string;
  query: string;
  hits: readonly SearchHit[];
  progress: IndexProgress;
  /** Why the last update of the index failed, while it stands. */
  failure?: string;
  redact: boolean;
}

function progressLine(progress: IndexProgress, failure: string | undefined): string {
  if (failure !== undefined) {
    const then = progress.indexing ? 'Trying again; results are from what it holds so far.' : 'Results are from what it held before.';
    return `<p id="x-progress" class="notice warning" role="status">${escapeHtml(`The index could not be updated: ${failure}. ${then}`)}</p>`;
  }
  const text = progress.indexing ? `Indexing: ${progress.done} of ${progress.total} sessions; results so far.` : 'Index up to date.';
  return `<p id="x-progress" class="notice info" role="status">${escapeHtml(text)}</p>`;
}

function hitHtml(base: string, hit: SearchHit, redact: boolean): string {
  const title = hit.title ?? `${hit.agent} session`;
  const href = `${sessionHref(base, hit.sessionId)}#e${hit.eventIndex}`;
  // The index redacts its snippets when asked (the server opens it so); titles are redacted here as on every page.
  return (
    `<div class="x-hit"><a href="${escapeHtml(href)}">${escapeHtml(redact ? redactSecrets(title) : title)}</a> ` +
    `<small>${escapeHtml(hit.agent)} · ${escapeHtml(hit.field)}</small><br>${highlightSnippet(hit.snippet, hit.ranges)}</div>`
  );
}

/** The search page's body: progress, then the hits linking to their events. */
export function searchBodyHtml(view: SearchView): string {
  if (view.query.trim() === '') return progressLine(view.progress, view.failure);
  const count = `<p>${view.hits.length} result${view.hits.length === 1 ? '' : 's'}</p>`;
  return [progressLine(view.progress, view.failure), count, ...view.hits.map((hit) => hitHtml(view.base, hit, view.redact))].join('\n');
}
