import type { DisplayEvent } from '@x/core';
import { formatCost, formatCount, formatDuration, formatStatus } from '@x/core';
import { createHtmlFragmentRenderer, escapeHtml } from '@x/renderer-html';
import { redactSecrets, type SessionInfo } from '@x/sessions';
import { SHELL_TAIL, shellHead } from './page-shell.js';
import { turnDurationMs, type SessionSummary } from './session-summary.js';

/** Where a session page is: its key, and which tab. */
export type SessionTab = 'transcript' | 'changes';

/** The path of a session's page or one of its parts, under the app's `base`. */
export function sessionHref(base: string, key: string, part = ''): string {
  return `${base}/s/${encodeURIComponent(key)}${part}`;
}

/** The title a session's pages show, redacted when the server redacts. */
export function shownTitle(session: SessionInfo, redact: boolean): string {
  const title = session.title ?? `${session.agent} session ${session.id}`;
  return redact ? redactSecrets(title) : title;
}

/** The tabs and downloads above a session's content. */
export function sessionTabs(base: string, key: string, tab: SessionTab, storage: SessionInfo['storage']): string {
  const current = (name: SessionTab) => (name === tab ? ' aria-current="page"' : '');
  const href = (part = '') => escapeHtml(sessionHref(base, key, part));
  const raw = storage === 'file' ? `<a href="${href('/raw')}" download>raw log</a>` : '';
  return (
    `<nav class="x-tabs"><a href="${href()}"${current('transcript')}>Transcript</a>` +
    `<a href="${href('/changes')}"${current('changes')}>Changes</a>` +
    `<span>Download: ${raw} <a href="${href('/events.ndjson')}" download>events (NDJSON)</a> ` +
    `<a href="${href('/redacted.html')}" download>redacted HTML</a></span></nav>`
  );
}

/** The table of turns: each with its prompt, duration, tokens and cost, linking to `#t<turn>`. */
export function turnTableHtml(summary: SessionSummary, redact: boolean): string {
  if (summary.turns.length === 0) return '';
  const rows = summary.turns.map((t) => {
    const ms = turnDurationMs(t);
    const prompt = t.prompt === undefined ? '' : escapeHtml(redact ? redactSecrets(t.prompt) : t.prompt);
    const cells = [
      `<a href="#t${t.turn}">${t.turn}</a>`,
      prompt,
      ms === undefined ? '' : escapeHtml(formatDuration(ms)),
      formatCount(t.tokens),
      t.costUsd === undefined ? '' : escapeHtml(formatCost(t.costUsd)),
    ];
    return `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;
  });
  const compactions = summary.compactions.length === 0 ? '' : ` · ${summary.compactions.length} compaction${summary.compactions.length === 1 ? '' : 's'}`;
  return (
    `<p class="x-status">${escapeHtml(formatStatus(summary.status))}${summary.durationMs === undefined ? '' : ` · ${escapeHtml(formatDuration(summary.durationMs))}`}${compactions}</p>` +
    `<details class="x-turns" open><summary>Turns</summary><table class="x-turns"><tr><th>Turn</th><th>Prompt</th><th>Duration</th><th>Tokens</th><th>Cost</th></tr>${rows.join('')}</table></details>`
  );
}

/** The renderer's turn opening; its markup comes from the renderer, never from content (every content string is escaped). */
const TURN_OPEN = /<section class="turn"><h2>Turn (\d+)<\/h2>/g;

/** Gives each turn heading its stable anchor `#t<turn>`. */
export function anchorTurns(html: string): string {
  return html.replace(TURN_OPEN, (_all, n: string) => `<section class="turn" id="t${n}"><h2><a href="#t${n}">Turn ${n}</a></h2>`);
}

/**
 * Renders events as the transcript's fragments, each preceded by its anchor
 * `#e<index>` (the event's index in the session's event stream), a marker
 * before each compaction, and turn anchors. Writes as it goes. A store's
 * refusal while the log is read (a `RangeError`: a compressed log that breaks
 * past what its listing read) ends the transcript where it came, closed as
 * any end closes it, and is returned for the caller to say: its headers are
 * sent by then, and a page that broke off would say nothing.
 */
export async function writeTranscript(events: AsyncIterable<DisplayEvent>, write: (html: string) => Promise<void> | void): Promise<RangeError | undefined> {
  const renderer = createHtmlFragmentRenderer();
  const read = { index: 0, refused: undefined as RangeError | undefined };
  try {
    for await (const event of events) {
      const marker = event.kind === 'notice' && event.code === 'compaction' ? `<div class="x-compaction" role="separator">Context compacted here</div>` : '';
      const html = renderer.push(event);
      await write(`<a id="e${read.index}" class="x-event"></a>${marker}${anchorTurns(html)}`);
      read.index++;
    }
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    read.refused = error;
  }
  await write(anchorTurns(renderer.end()));
  await write(renderer.summaryHtml());
  return read.refused;
}

/** What the session page's head and tail need. */
export interface SessionPageParts {
  /** The path the app lies under: every link starts with it. */
  base: string;
  session: SessionInfo;
  /** The turn table's figures when known before the transcript (kept from an earlier read): the table goes above it. */
  summary?: SessionSummary;
  /** The figures summed up while the transcript was written (a first visit): the table goes below it, so the first screen waits for no pass over the whole log. */
  lateSummary?: SessionSummary;
  redact: boolean;
  /** Where the live view resumes (the log's size when the page was rendered); only for a log being written now. */
  liveFrom?: number;
}

/** The session page up to the transcript. */
export function sessionPageHead(parts: SessionPageParts): string {
  const key = parts.session.key ?? parts.session.id;
  const title = shownTitle(parts.session, parts.redact);
  const turns = parts.summary === undefined ? '' : turnTableHtml(parts.summary, parts.redact);
  return `${shellHead({ title, base: parts.base })}<main>\n${sessionTabs(parts.base, key, 'transcript', parts.session.storage)}\n${turns}\n`;
}

/** The session page after the transcript: the turn table when it was summed up on the way, and the live container when the log is being written. */
export function sessionPageTail(parts: SessionPageParts): string {
  const key = parts.session.key ?? parts.session.id;
  const turns = parts.lateSummary === undefined ? '' : turnTableHtml(parts.lateSummary, parts.redact);
  const live =
    parts.liveFrom === undefined
      ? ''
      : `<section id="x-live" aria-live="polite" data-src="${escapeHtml(sessionHref(parts.base, key, `/live?from=${parts.liveFrom}`))}"><h2>Live</h2></section>`;
  return `${turns}${live}\n</main>${SHELL_TAIL}`;
}
