import { createHash } from 'node:crypto';
import { CONTENT_SECURITY_POLICY, TRANSCRIPT_CSS, TRANSCRIPT_CSS_HASH, escapeHtml } from '@x/renderer-html';
import { APP_CSS } from './app-assets.js';

/**
 * The static pages' policy (no script, no remote load, the transcript style
 * by its hash) with what the app needs from its own origin and nothing else:
 * its one script and style sheet, its live and search requests, its filter
 * and search forms. No inline script is allowed, so markup from a log can
 * never run.
 */
export const SERVE_CSP: string = `${CONTENT_SECURITY_POLICY.replace(`style-src ${TRANSCRIPT_CSS_HASH}`, `style-src ${TRANSCRIPT_CSS_HASH} 'self'`).replace(
  "form-action 'none'",
  "form-action 'self'",
)}; script-src 'self'; connect-src 'self'`;

/** The app's style sheet's CSP source: a static page holds it inline, allowed by its hash. */
const APP_CSS_HASH = `'sha256-${createHash('sha256').update(APP_CSS).digest('base64')}'`;

/**
 * The static export's policy (`xview site`): the transcripts' (no script at
 * all, nothing loaded, no form sent) with the app's style allowed by its
 * hash, so the pages need no server and open from disk.
 */
export const STATIC_CSP: string = CONTENT_SECURITY_POLICY.replace(`style-src ${TRANSCRIPT_CSS_HASH}`, `style-src ${TRANSCRIPT_CSS_HASH} ${APP_CSS_HASH}`);

/** The `<head>` both shells share, up to the point where they differ. */
function headStart(csp: string, title: string): string {
  return (
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n' +
    `<meta http-equiv="Content-Security-Policy" content="${csp}">\n` +
    '<meta name="referrer" content="no-referrer">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    '<meta name="color-scheme" content="light dark">\n<link rel="icon" href="data:,">\n' +
    `<title>${title}</title>\n<style>${TRANSCRIPT_CSS}</style>\n`
  );
}

/** What every page's header shows. */
export interface ShellOptions {
  title: string;
  /** The path the app lies under (`ServeContext.base`): the bar's links, the form and the assets start with it. */
  base: string;
  /** The search box's current query. */
  query?: string;
  /** Attributes for `<body>` the app script reads (already escaped). */
  bodyData?: string;
}

/** The start of a page, up to its `<main>`: CSP, style, the app script (deferred), the search box. */
export function shellHead(options: ShellOptions): string {
  const title = escapeHtml(options.title);
  const query = escapeHtml(options.query ?? '');
  const base = escapeHtml(options.base);
  return (
    headStart(SERVE_CSP, title) +
    `<link rel="stylesheet" href="${base}/app.css">\n<script src="${base}/app.js" defer></script>\n</head>\n` +
    `<body class="x-transcript x-serve" data-base="${base}"${options.bodyData ?? ''}>\n<nav class="x-bar"><a href="${base}/">Sessions</a>` +
    `<form action="${base}/search" method="get" role="search"><input type="search" name="q" value="${query}" placeholder="Search every session (press /)" aria-label="Search"></form></nav>\n` +
    `<header class="run-header"><h1>${title}</h1></header>\n`
  );
}

/**
 * The start of a static page (`xview site`), up to its `<main>`: the same
 * bar and header as the app's, the app's style inline, no script (the
 * search page brings its own, under its own `csp`); `home` is the list's
 * address relative to the page, and the search page sits beside it.
 */
export function staticShellHead(options: { title: string; home: string; csp?: string }): string {
  const title = escapeHtml(options.title);
  const search = options.home.replace(/index\.html$/, 'search.html');
  return (
    `${headStart(options.csp ?? STATIC_CSP, title)}<style>${APP_CSS}</style>\n</head>\n` +
    `<body class="x-transcript x-serve x-static">\n<nav class="x-bar"><a href="${escapeHtml(options.home)}">Sessions</a> <a href="${escapeHtml(search)}">Search</a></nav>\n` +
    `<header class="run-header"><h1>${title}</h1></header>\n`
  );
}

/** The end of a page. */
export const SHELL_TAIL = '\n</body>\n</html>\n';

/** A whole page around `body`. */
export function page(options: ShellOptions, body: string): string {
  return `${shellHead(options)}<main>\n${body}\n</main>${SHELL_TAIL}`;
}
