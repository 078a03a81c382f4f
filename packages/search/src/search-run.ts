import type { DisplayEvent } from '@x/core';
import { redactSecrets } from '@x/sessions';
import { eventFields } from './event-fields.js';
import type { PostingsBuffer } from './postings-buffer.js';
import type { RankedEvent, TermPostings } from './query.js';
import { decodePostings, type SegmentReader } from './segment-reader.js';
import { buildSnippet } from './snippet.js';
import type { IndexedSession, SearchHit } from './types.js';

/** One term's postings in a snapshot of the index: its segments, then the buffer of sessions not yet written. */
export async function termPostings(term: string, segments: readonly SegmentReader[], buffer: PostingsBuffer): Promise<TermPostings> {
  const entries = await Promise.all(segments.map((segment) => segment.lookup(term)));
  let count = buffer.terms.get(term)?.length ?? 0;
  for (const entry of entries) count += entry?.count ?? 0;
  return {
    count,
    async forEach(visit) {
      for (const [i, entry] of entries.entries()) if (entry) decodePostings(await (segments[i] as SegmentReader).postings(entry), visit);
      buffer.forEachPosting(term, visit);
    },
  };
}

/** What cutting snippets needs: how to read a session again, and whether to redact what is read. */
export interface SnippetContext {
  readEvents: (session: IndexedSession) => AsyncIterable<DisplayEvent>;
  redact: boolean;
  terms: ReadonlySet<string>;
}

/**
 * Hits with their snippets, in the order of `ranked`: each session with a
 * hit is read again, once, up to its last hit's event. A hit whose event is
 * gone (the log shrank or broke since it was indexed) is left out.
 */
export async function withSnippets(
  ranked: readonly RankedEvent[],
  sessions: ReadonlyMap<number, IndexedSession>,
  context: SnippetContext,
): Promise<SearchHit[]> {
  const byOrdinal = new Map<number, RankedEvent[]>();
  for (const hit of ranked) byOrdinal.set(hit.ordinal, [...(byOrdinal.get(hit.ordinal) ?? []), hit]);
  const cut = new Map<RankedEvent, SearchHit>();
  await Promise.all(
    [...byOrdinal].map(async ([ordinal, hits]) => {
      const session = sessions.get(ordinal);
      if (session) for (const [hit, found] of await sessionSnippets(session, hits, context)) cut.set(hit, found);
    }),
  );
  return ranked.flatMap((hit) => cut.get(hit) ?? []);
}

async function sessionSnippets(session: IndexedSession, hits: readonly RankedEvent[], context: SnippetContext): Promise<Map<RankedEvent, SearchHit>> {
  const wanted = new Map<number, RankedEvent[]>();
  for (const hit of hits) wanted.set(hit.eventIndex, [...(wanted.get(hit.eventIndex) ?? []), hit]);
  const last = Math.max(...wanted.keys());
  const found = new Map<RankedEvent, SearchHit>();
  let index = 0;
  try {
    for await (const event of context.readEvents(session)) {
      for (const hit of wanted.get(index) ?? []) {
        const field = eventFields(event).find((f) => f.code === hit.fieldCode);
        if (field) found.set(hit, toHit(session, hit, context.redact ? redactSecrets(field.text) : field.text, context.terms));
      }
      if (++index > last) break;
    }
  } catch {
    // A log that no longer reads gives the snippets found before the failure.
  }
  return found;
}

function toHit(session: IndexedSession, hit: RankedEvent, text: string, terms: ReadonlySet<string>): SearchHit {
  const { snippet, ranges } = buildSnippet(text, terms);
  return {
    sessionId: session.id,
    agent: session.agent,
    path: session.path,
    ...(session.title === undefined ? {} : { title: session.title }),
    eventIndex: hit.eventIndex,
    field: hit.field,
    snippet,
    ranges,
    score: hit.score,
  };
}
