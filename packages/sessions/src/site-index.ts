import { CONTENT_SECURITY_POLICY, TRANSCRIPT_CSS, escapeHtml } from '@x/renderer-html';
import type { SessionInfo } from './types.js';

/** One line of the index: a session and the page it links to, relative to the index (`''`: no page). */
export interface IndexEntry {
  session: SessionInfo;
  href: string;
  title: string;
}

const NO_PROJECT = '(no project recorded)';

/** A stable, readable fragment id for a project heading. */
function anchorOf(project: string, used: Set<string>): string {
  const base = `p-${project.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').toLowerCase() || 'none'}`;
  let anchor = base;
  for (let n = 2; used.has(anchor); n += 1) anchor = `${base}-${n}`;
  used.add(anchor);
  return anchor;
}

function row(entry: IndexEntry): string {
  const s = entry.session;
  const when = s.startedAt ?? s.updatedAt;
  const cells = [
    `<td><time datetime="${escapeHtml(when)}">${escapeHtml(when.replace('T', ' ').replace(/\.\d+Z$/, 'Z'))}</time></td>`,
    `<td>${escapeHtml(s.agent)}</td>`,
    entry.href === '' ? `<td>${escapeHtml(entry.title)} (not rendered)</td>` : `<td><a href="${escapeHtml(entry.href)}">${escapeHtml(entry.title)}</a></td>`,
    `<td>${escapeHtml(s.gitBranch ?? '')}</td>`,
    `<td>${s.turns === undefined ? '' : escapeHtml(String(s.turns))}</td>`,
    `<td>${s.tokens === undefined ? '' : escapeHtml(s.tokens.toLocaleString('en-US'))}</td>`,
  ];
  return `<tr id="${escapeHtml(`s-${s.agent}-${s.key ?? s.id}`)}">${cells.join('')}</tr>`;
}

/**
 * The site's index page: sessions grouped by project (newest project first),
 * as plain linkable HTML that a browser's find searches without script, under
 * the transcripts' CSP and style. Every string is escaped with the HTML
 * renderer's `escapeHtml`.
 */
export function renderIndexHtml(entries: readonly IndexEntry[], title = 'Agent sessions'): string {
  const groups = new Map<string, IndexEntry[]>();
  for (const entry of entries) {
    const key = entry.session.project ?? NO_PROJECT;
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  const used = new Set<string>();
  const sections: string[] = [];
  const contents: string[] = [];
  for (const [project, list] of groups) {
    const anchor = anchorOf(project, used);
    contents.push(`<li><a href="#${anchor}">${escapeHtml(project)}</a> (${list.length})</li>`);
    sections.push(
      `<section id="${anchor}">\n<h2>${escapeHtml(project)}</h2>\n<table>\n<thead><tr><th>Started</th><th>Agent</th><th>Session</th><th>Branch</th><th>Turns</th><th>Tokens</th></tr></thead>\n<tbody>\n${list.map(row).join('\n')}\n</tbody>\n</table>\n</section>`,
    );
  }
  const heading = escapeHtml(title);
  return (
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n' +
    `<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">\n` +
    '<meta name="referrer" content="no-referrer">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    '<meta name="color-scheme" content="light dark">\n<link rel="icon" href="data:,">\n' +
    `<title>${heading}</title>\n<style>${TRANSCRIPT_CSS}</style>\n</head>\n<body class="x-transcript">\n` +
    `<header class="run-header"><h1>${heading}</h1><p>${entries.length} session${entries.length === 1 ? '' : 's'} in ${groups.size} project${groups.size === 1 ? '' : 's'}</p></header>\n` +
    `<main>\n<nav aria-label="Projects"><ul>\n${contents.join('\n')}\n</ul></nav>\n${sections.join('\n')}\n</main>\n</body>\n</html>\n`
  );
}
