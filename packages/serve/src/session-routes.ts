import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml } from '@x/renderer-html';
import { openSession, redactSecrets, sessionEvents, sessionSource, writeSessionHtml, type SessionInfo } from '@x/sessions';
import { catalogCachedSummary, catalogKeep, catalogSummary } from './catalog.js';
import { changesBodyHtml } from './changes.js';
import { streamLive, resumePosition } from './live.js';
import { page } from './page-shell.js';
import { redactedLines } from './redacted-lines.js';
import { SECURITY_HEADERS, sendText, writeChunk } from './respond.js';
import type { ServeContext } from './serve-context.js';
import { isRunning } from './serve-context.js';
import { type SessionPageParts, sessionHref, sessionPageHead, sessionPageTail, sessionTabs, shownTitle, writeTranscript } from './session-page.js';
import { createSummarizer, summedOnTheWay } from './session-summary.js';

/** A download's file name: the agent and the key, with anything but safe characters replaced. */
function downloadName(session: SessionInfo, ext: string): string {
  return `${session.agent}-${(session.key ?? session.id).replace(/[^A-Za-z0-9._-]/g, '_')}${ext}`;
}

function events(context: ServeContext, session: SessionInfo) {
  return sessionEvents(session, { ...context.lookup, sources: context.sources, redact: context.redact });
}

/** Characters of the transcript gathered before a write to the socket. */
const WRITE_BATCH_CHARS = 16 * 1024;

/**
 * The transcript, streamed: the head, every event with its anchor, the
 * footer, the live container. The turn table heads the page when the
 * session's summary is kept from an earlier read; on a first visit the
 * events are summed up as they are written and the table closes the page,
 * so the first screen never waits for a pass over the whole log.
 */
async function transcript(context: ServeContext, session: SessionInfo, response: ServerResponse): Promise<void> {
  const kept = await catalogCachedSummary(context.catalog, session);
  const liveFrom = session.storage === 'file' && isRunning(session, context.now()) ? session.size : undefined;
  const parts: SessionPageParts = {
    base: context.base,
    session,
    redact: context.redact,
    ...(kept.summary === undefined ? {} : { summary: kept.summary }),
    ...(liveFrom === undefined ? {} : { liveFrom }),
  };
  response.writeHead(200, { ...SECURITY_HEADERS, 'content-type': 'text/html; charset=utf-8' });
  await writeChunk(response, sessionPageHead(parts));
  const summarizer = kept.summary === undefined ? createSummarizer() : undefined;
  const read = events(context, session);
  // Fragments go out in batches of about 16 KiB: one socket write per event cost more than the rendering of small events.
  let batch = '';
  const refused = await writeTranscript(summarizer === undefined ? read : summedOnTheWay(read, summarizer), (html) => {
    batch += html;
    if (batch.length < WRITE_BATCH_CHARS) return;
    const out = batch;
    batch = '';
    return writeChunk(response, out);
  });
  if (batch !== '') await writeChunk(response, batch);
  if (refused !== undefined) {
    // Said where the transcript stops (escaped, and redacted as the page is), and not kept as the session's summary.
    const said = `The log could not be read past this point: ${context.redact ? redactSecrets(refused.message) : refused.message}`;
    response.end(`<p class="notice error" role="alert">${escapeHtml(said)}</p>${sessionPageTail(parts)}`);
    return;
  }
  if (summarizer !== undefined) {
    parts.lateSummary = summarizer.finish();
    catalogKeep(context.catalog, session, kept.signature, parts.lateSummary);
  }
  response.end(sessionPageTail(parts));
}

async function changes(context: ServeContext, session: SessionInfo, response: ServerResponse): Promise<void> {
  const summary = await catalogSummary(context.catalog, session);
  const key = session.key ?? session.id;
  const body = `${sessionTabs(context.base, key, 'changes', session.storage)}\n${changesBodyHtml(summary, context.redact, escapeHtml(sessionHref(context.base, key)))}`;
  sendText(response, 200, 'text/html; charset=utf-8', page({ title: `Changes: ${shownTitle(session, context.redact)}`, base: context.base }, body));
}

/**
 * The log as it is on disk; with `--redact`, line by line through the secret
 * rules. Read through the agent's store like every other read (a regular
 * file inside its folders, opened non-blocking), so a log swapped for a FIFO
 * or a symlink since the lookup is refused rather than waited on or followed.
 */
async function raw(context: ServeContext, session: SessionInfo, response: ServerResponse): Promise<void> {
  let bytes: AsyncIterable<Uint8Array>;
  try {
    bytes = await openSession(session, context.lookup);
  } catch (error) {
    if (error instanceof RangeError) return sendText(response, 404, 'text/plain; charset=utf-8', 'no such session\n');
    throw error;
  }
  response.writeHead(200, {
    ...SECURITY_HEADERS,
    'content-type': 'text/plain; charset=utf-8',
    'content-disposition': `attachment; filename="${downloadName(session, '.jsonl')}"`,
  });
  if (!context.redact) {
    for await (const chunk of bytes) await writeChunk(response, chunk);
  } else {
    for await (const line of redactedLines(bytes)) await writeChunk(response, line);
  }
  response.end();
}

async function ndjson(context: ServeContext, session: SessionInfo, response: ServerResponse): Promise<void> {
  response.writeHead(200, {
    ...SECURITY_HEADERS,
    'content-type': 'application/x-ndjson; charset=utf-8',
    'content-disposition': `attachment; filename="${downloadName(session, '.events.ndjson')}"`,
  });
  for await (const event of events(context, session)) await writeChunk(response, `${JSON.stringify(event)}\n`);
  response.end();
}

async function redactedHtml(context: ServeContext, session: SessionInfo, response: ServerResponse): Promise<void> {
  response.writeHead(200, {
    ...SECURITY_HEADERS,
    'content-type': 'text/html; charset=utf-8',
    'content-disposition': `attachment; filename="${downloadName(session, '.html')}"`,
  });
  await writeSessionHtml(session, (chunk: string) => writeChunk(response, chunk), { ...context.lookup, sources: context.sources, redact: true });
  response.end();
}

async function live(context: ServeContext, session: SessionInfo, request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
  if (session.storage !== 'file') {
    sendText(response, 404, 'text/plain; charset=utf-8', 'this session is not stored as a log that can be followed\n');
    return;
  }
  // Node sends a HEAD answer's headers only when it ends, and a stream ends only when the client leaves:
  // followed, a HEAD would go unanswered while the log was read for no one.
  if (request.method === 'HEAD') return sendText(response, 200, 'text/event-stream; charset=utf-8', '');
  const controller = new AbortController();
  const stop = () => controller.abort();
  context.closing.addEventListener('abort', stop, { once: true });
  response.on('close', () => {
    context.closing.removeEventListener('abort', stop);
    stop();
  });
  const lastEventId = request.headers['last-event-id'];
  await streamLive(
    {
      path: session.path,
      store: { agent: session.agent, lookup: context.lookup },
      source: sessionSource(session, context.sources),
      from: resumePosition(typeof lastEventId === 'string' ? lastEventId : undefined, url.searchParams.get('from')),
      redact: context.redact,
      signal: controller.signal,
      ...(context.pollIntervalMs === undefined ? {} : { pollIntervalMs: context.pollIntervalMs }),
    },
    response,
  );
}

/** The parts of a session's URL, `/s/<key>[/<part>]`, and what answers each. */
export const SESSION_PARTS = ['', 'changes', 'raw', 'events.ndjson', 'redacted.html', 'live'] as const;

/** Answers `/s/<key>/<part>` for a session the catalog found. */
export async function answerSession(
  context: ServeContext,
  session: SessionInfo,
  part: (typeof SESSION_PARTS)[number],
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<void> {
  switch (part) {
    case '':
      return transcript(context, session, response);
    case 'changes':
      return changes(context, session, response);
    case 'raw':
      if (session.storage !== 'file')
        return sendText(response, 404, 'text/plain; charset=utf-8', 'this session has no single log file; download its events instead\n');
      return raw(context, session, response);
    case 'events.ndjson':
      return ndjson(context, session, response);
    case 'redacted.html':
      return redactedHtml(context, session, response);
    case 'live':
      return live(context, session, request, response, url);
  }
}
