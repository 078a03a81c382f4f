import type { SessionDisplayEvent } from '@x/core';
import { escapeHtml } from './escape-html.js';
import { sessionDetailsHtml } from './event-html.js';
import { CONTENT_SECURITY_POLICY, TRANSCRIPT_CSS } from './transcript-style.js';
import type { ResolvedTranscriptOptions } from './transcript-options.js';

/**
 * The start of a document, up to the opening of `<main>`: the CSP meta comes
 * first so that it governs everything after it, then the stylesheet and the
 * header with the session details known so far.
 */
export function documentHeadHtml(options: ResolvedTranscriptOptions, start: SessionDisplayEvent | undefined): string {
  const title = escapeHtml(options.title);
  return (
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n' +
    `<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">\n` +
    '<meta name="referrer" content="no-referrer">\n' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    '<meta name="color-scheme" content="light dark">\n' +
    '<link rel="icon" href="data:,">\n' +
    `<title>${title}</title>\n<style>${TRANSCRIPT_CSS}</style>\n</head>\n` +
    `<body class="x-transcript">\n<header class="run-header"><h1>${title}</h1>${sessionDetailsHtml(options, start)}</header>\n<main>\n`
  );
}

/** The end of a document after the last fragment: `</main>`, the footer, and the closing tags. */
export function documentTailHtml(summaryHtml: string): string {
  return `</main>\n${summaryHtml}\n</body>\n</html>\n`;
}
