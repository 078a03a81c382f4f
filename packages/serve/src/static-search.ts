import { createHash } from 'node:crypto';
import type { IndexEntry } from '@x/sessions';
import { markInvisible } from '@x/renderer-html';
import { dayOf } from './list-filter.js';
import { SHELL_TAIL, STATIC_CSP, staticShellHead } from './page-shell.js';

/*
 * The static export's search (`search.html`): the site has no server to
 * ask, so the page carries a small index of its own, every session's title,
 * agent, project, day and the prompts its render noted, as JSON in a data
 * block, and one inline script (allowed by its hash, nothing else may run)
 * that filters it as the person types. The script builds its results with
 * DOM nodes and textContent only: nothing from a log becomes markup.
 */

/** The index's largest size as UTF-8 JSON: sessions past it (the oldest, as the list is ordered) are left out, and the page says how many. */
export const STATIC_SEARCH_MAX_BYTES = 2 * 1024 * 1024;
/** Results shown at once. */
const MAX_RESULTS = 100;

/** One session in the page's index: its page, title, agent, project, day and prompts. */
type SearchRow = [href: string, title: string, agent: string, project: string, day: string, prompts: string[]];

const SEARCH_SCRIPT = `'use strict';
(function () {
  var rows = JSON.parse(document.getElementById('x-data').textContent);
  var box = document.getElementById('x-q');
  var out = document.getElementById('x-results');
  var count = document.getElementById('x-count');
  function text(tag, value, className) {
    var node = document.createElement(tag);
    node.textContent = value;
    if (className) node.className = className;
    return node;
  }
  function show() {
    var words = box.value.toLowerCase().split(/\\s+/).filter(Boolean);
    out.replaceChildren();
    if (words.length === 0) { count.textContent = ''; return; }
    var found = 0;
    for (var i = 0; i < rows.length; i++) {
      var row = rows[i];
      var hay = (row[1] + ' ' + row[2] + ' ' + row[3] + ' ' + row[5].join(' ')).toLowerCase();
      if (!words.every(function (w) { return hay.indexOf(w) >= 0; })) continue;
      found++;
      if (found > ${MAX_RESULTS}) continue;
      var item = document.createElement('li');
      item.className = 'x-hit';
      var link = text('a', row[1]);
      link.setAttribute('href', row[0]);
      item.appendChild(link);
      item.appendChild(text('span', ' ' + row[2] + ' \\u00b7 ' + row[4] + ' \\u00b7 ' + row[3], 'x-hit-meta'));
      var prompt = row[5].find(function (p) { var l = p.toLowerCase(); return words.some(function (w) { return l.indexOf(w) >= 0; }); });
      if (prompt) item.appendChild(text('p', prompt));
      out.appendChild(item);
    }
    count.textContent = found === 0 ? 'No session matches.' : found + (found === 1 ? ' session' : ' sessions') + (found > ${MAX_RESULTS} ? ', the first ${MAX_RESULTS} shown.' : '.');
  }
  box.addEventListener('input', show);
  var asked = new URLSearchParams(location.search).get('q');
  if (asked) box.value = asked;
  show();
})();
`;

const SEARCH_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SEARCH_SCRIPT).digest('base64')}'`;

/** The static policy with this page's one script allowed by its hash. */
export const STATIC_SEARCH_CSP: string = `${STATIC_CSP}; script-src ${SEARCH_SCRIPT_HASH}`;

/** JSON made safe inside a `<script>` data block: no `<` (so no `</script>` or `<!--`), no line separators. */
function dataBlockJson(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The index's JSON (newest sessions first, as listed), each row serialized
 * once and its bytes counted on the way, and how many sessions were left out
 * to stay within {@link STATIC_SEARCH_MAX_BYTES}.
 */
export function searchRows(entries: readonly IndexEntry[]): { json: string; rows: number; left: number } {
  const parts: string[] = [];
  let bytes = 2;
  let left = 0;
  for (const entry of entries) {
    if (entry.href === '') continue;
    if (left > 0) {
      left++;
      continue;
    }
    // The script shows these with textContent, which escapes markup but shows a bidi override or a
    // zero-width character as it acts: they are marked here as the list page's escaping marks them.
    const prompts = (entry.facts?.prompts ?? []).map(markInvisible);
    const row: SearchRow = [
      entry.href,
      markInvisible(entry.title),
      markInvisible(entry.session.agent),
      markInvisible(entry.session.project ?? ''),
      markInvisible(dayOf(entry.session)),
      prompts,
    ];
    const text = JSON.stringify(row);
    const size = Buffer.byteLength(text) + 1;
    if (bytes + size > STATIC_SEARCH_MAX_BYTES) left++;
    else {
      bytes += size;
      parts.push(text);
    }
  }
  return { json: `[${parts.join(',')}]`, rows: parts.length, left };
}

/** `search.html`: the search box, the results, and the index, for {@link writeSite}'s `renderSearch`. */
export function staticSearchHtml(entries: readonly IndexEntry[], title: string): string {
  const { json, rows, left } = searchRows(entries);
  const note =
    left === 0
      ? `<p>Searches the titles, agents, projects and prompts of all ${rows} sessions, in this page.</p>`
      : `<p class="notice info">Searches the titles, agents, projects and prompts of the newest ${rows} sessions, in this page; ${left} older ones are left out to keep it under ${STATIC_SEARCH_MAX_BYTES / 1024 / 1024} MiB (the list has them all).</p>`;
  const head = staticShellHead({ title: `Search: ${title}`, home: 'index.html', csp: STATIC_SEARCH_CSP });
  return (
    `${head}<main>\n${note}\n<input type="search" id="x-q" aria-label="Search the sessions" placeholder="Words in a title or a prompt" autofocus>\n` +
    `<p id="x-count" role="status"></p>\n<ol id="x-results"></ol>\n` +
    `<script type="application/json" id="x-data">${dataBlockJson(json)}</script>\n<script>${SEARCH_SCRIPT}</script>\n</main>${SHELL_TAIL}`
  );
}
