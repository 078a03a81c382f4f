import { escapeHtml } from '@x/renderer-html';
import type { CatalogEntry } from './fixture-catalog.js';

/**
 * The Content-Security-Policy of the viewer page. Scripts come only from this
 * server, and the page's one script also carries the nonce, so no inline
 * script runs, nor any injected one. Styles only from this server, and the
 * only connection the page may open is the event stream back to it.
 */
export function viewerPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self'",
    "connect-src 'self'",
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The policy of the index page, which runs no script at all. */
export const INDEX_POLICY = "default-src 'none'; style-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * The page that replays one fixture: the bundled viewer module (with the
 * nonce) and an empty `<main>` that `createDomRenderer` fills as events
 * arrive. Everything from the fixture is escaped.
 */
export function viewerPage(fixture: string, nonce: string): string {
  const name = escapeHtml(fixture);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name} · x web viewer</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/transcript.css">
<script type="module" src="/viewer.js" nonce="${nonce}"></script>
</head>
<body class="x-transcript" data-fixture="${name}">
<header>
<h1>${name}</h1>
<p id="status" role="status" data-state="connecting" data-events="0">Connecting…</p>
</header>
<main id="transcript" aria-live="polite"></main>
</body>
</html>
`;
}

/** The list of fixtures, each a link to its viewer page. */
export function indexPage(entries: readonly CatalogEntry[]): string {
  const items = entries.map((entry) => `<li><a href="/view?fixture=${escapeHtml(encodeURIComponent(entry.name))}">${escapeHtml(entry.name)}</a></li>`).join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>x web viewer</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/transcript.css">
</head>
<body class="x-transcript">
<header><h1>Recorded runs</h1><p>Pick a run to replay it live, one event at a time.</p></header>
<main><ul>
${items}
</ul></main>
</body>
</html>
`;
}
