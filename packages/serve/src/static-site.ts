import { createFactsState, finishFacts, tapFacts } from '@x/search';
import {
  PAGE_FACTS_MAX_PROMPTS,
  redactSecrets,
  sessionEvents,
  writePageFile,
  type IndexEntry,
  type PageFacts,
  type SessionEventsOptions,
  type SessionInfo,
} from '@x/sessions';
import { changesBodyHtml } from './changes.js';
import { listBodyHtml } from './list-page.js';
import { SHELL_TAIL, staticShellHead } from './page-shell.js';
import { shownTitle, turnTableHtml, writeTranscript } from './session-page.js';
import { createSummarizer, summedOnTheWay } from './session-summary.js';

/*
 * `xview site`: a static export of the app's list and session views, the
 * same components `xview serve` answers with, linked relatively so the
 * folder opens from disk or any static host. What needs the server is left
 * out: filters, live follow, downloads and the app's script (the pages run
 * no script at all, under STATIC_CSP); search is a page of its own with a
 * small index (static-search.ts).
 */

/** Where the list is from a session's page (`sessions/<page>.html`). */
const HOME_FROM_PAGE = '../index.html';

/** The site's index: the app's list, every session on one page, grouped by project and day, each row with what its page's render noted. */
export function staticListHtml(entries: readonly IndexEntry[], title: string): string {
  const byRow = new Map<SessionInfo, IndexEntry>(entries.map((entry) => [entry.session, entry]));
  // The rows are redacted already when the site is (writeSite redacts each session it hands over).
  const body = listBodyHtml(
    entries.map((entry) => entry.session),
    {
      hrefOf: (session) => byRow.get(session)?.href ?? '',
      home: 'index.html',
      agents: [],
      projects: [],
      running: new Set(),
      facts: (session) => byRow.get(session)?.facts,
      reading: false,
      redact: false,
    },
  );
  return `${staticShellHead({ title, home: 'index.html' })}<main>\n${body}\n</main>${SHELL_TAIL}`;
}

/** The tabs of a static page: the transcript and its changes are on the one page. */
const STATIC_TABS = '<nav class="x-tabs"><a href="#x-top" aria-current="page">Transcript</a><a href="#changes">Changes</a></nav>';

/**
 * Writes a session's static page into `file`, streamed as it is read: the
 * app's session view (the transcript with its event and turn anchors, then
 * the turn table and the changes, summed up on the way), and resolves to
 * the status and duration the list shows for it.
 */
export function writeStaticSessionPage(session: SessionInfo, file: string, options: SessionEventsOptions): Promise<PageFacts> {
  const redact = options.redact === true;
  return writePageFile(file, async (write) => {
    await write(`${staticShellHead({ title: shownTitle(session, redact), home: HOME_FROM_PAGE })}<main id="x-top">\n${STATIC_TABS}\n`);
    const summarizer = createSummarizer();
    const facts = createFactsState();
    // A page the log broke off is not kept: site says so for the session, as for any page it could not write.
    const refused = await writeTranscript(summedOnTheWay(tapFacts(sessionEvents(session, options), facts), summarizer), write);
    if (refused !== undefined) throw refused;
    const summary = summarizer.finish();
    const changes = `<section id="changes" class="x-changes"><h2>Changes</h2>${changesBodyHtml(summary, redact, '')}</section>`;
    await write(`${turnTableHtml(summary, redact)}\n${changes}\n</main>${SHELL_TAIL}`);
    const { status, durationMs } = finishFacts(facts);
    const prompts = summary.turns.flatMap((t) => (t.prompt === undefined ? [] : [redact ? redactSecrets(t.prompt) : t.prompt])).slice(0, PAGE_FACTS_MAX_PROMPTS);
    return { ...(status === undefined ? {} : { status }), ...(durationMs === undefined ? {} : { durationMs }), prompts };
  });
}
