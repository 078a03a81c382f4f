import type { RankedEvent, TermPostings } from './query.js';
import { decodePostings, readAt, type SegmentReader } from './segment-reader.js';
import { buildSnippet, type Snippet } from './snippet.js';
import type { TextLocation } from './text-store.js';
import type { IndexedSession, SearchHit } from './types.js';

/** A text longer than this is read in windows until one holds a match, so a snippet of a huge output costs a bounded read. */
const WHOLE_TEXT = 1 << 20;
/** Characters of the previous window kept, so a word or a snippet's lead across two windows is whole. */
const OVERLAP = 256;

/** One term's postings in a snapshot of the index's segments. */
export async function termPostings(term: string, segments: readonly SegmentReader[]): Promise<TermPostings> {
  const entries = await Promise.all(segments.map((segment) => segment.lookup(term)));
  let count = 0;
  for (const entry of entries) count += entry?.count ?? 0;
  return {
    count,
    parts: segments.length,
    async forEachIn(part, want, visit) {
      const entry = entries[part];
      if (entry) decodePostings(await (segments[part] as SegmentReader).postings(entry), want, visit);
    },
  };
}

/**
 * Hits with their snippets, in the order of `ranked`, cut from the texts
 * the segments stored when they indexed the events; a hit whose text is not
 * found (its session was replaced meanwhile) is left out.
 */
export async function withSnippets(
  ranked: readonly RankedEvent[],
  sessions: ReadonlyMap<number, IndexedSession>,
  segments: readonly SegmentReader[],
  terms: ReadonlySet<string>,
): Promise<SearchHit[]> {
  const hits = await Promise.all(
    ranked.map(async (hit) => {
      const session = sessions.get(hit.ordinal);
      if (session === undefined) return undefined;
      for (const segment of segments) {
        const location = await segment.texts.locate(hit.ordinal, hit.eventIndex, hit.fieldCode);
        if (location) return toHit(session, hit, await snippetAt(segment, location, terms));
      }
      return undefined;
    }),
  );
  return hits.filter((hit): hit is SearchHit => hit !== undefined);
}

/** The snippet of a stored text: read whole when short, else window by window until a window holds a term. */
async function snippetAt(segment: SegmentReader, location: TextLocation, terms: ReadonlySet<string>): Promise<Snippet> {
  const decoder = new TextDecoder();
  if (location.length <= WHOLE_TEXT) return buildSnippet(decoder.decode(await readAt(segment.texts.text, location.offset, location.length)), terms);
  let first: Snippet | undefined;
  let carry = '';
  for (let at = 0; at < location.length; at += WHOLE_TEXT) {
    const length = Math.min(WHOLE_TEXT, location.length - at);
    const text = carry + decoder.decode(await readAt(segment.texts.text, location.offset + at, length), { stream: at + length < location.length });
    const snippet = buildSnippet(text, terms);
    if (snippet.ranges.length > 0) return snippet;
    first ??= snippet;
    carry = text.slice(-OVERLAP);
  }
  return first ?? { snippet: '', ranges: [] };
}

function toHit(session: IndexedSession, hit: RankedEvent, { snippet, ranges }: Snippet): SearchHit {
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
