import { FIELDS } from './event-fields.js';
import type { SearchField } from './types.js';

/** How much a match in each field counts, by field code: what the person typed and named ranks above what tools printed. */
const FIELD_WEIGHT = [3, 1.5, 1, 2, 2, 1];

/** Where one term was found: per session ordinal, per event index, a bit mask of field codes. */
export type TermMatches = Map<number, Map<number, number>>;

/** One term's postings from every place that holds them, gathered by the caller. */
export interface TermPostings {
  /** Entries across the index, for the term's weight. */
  count: number;
  /** Calls `visit` with each (ordinal, entry) of the term. */
  forEach(visit: (ordinal: number, value: number) => void): Promise<void>;
}

/** A matching event before its snippet is cut. */
export interface RankedEvent {
  ordinal: number;
  eventIndex: number;
  field: SearchField;
  fieldCode: number;
  score: number;
}

/**
 * Events holding every term, scored: per term its inverse document
 * frequency times the weight of the best field it is in, plus a bonus when
 * one field holds them all (that field is the hit's). Terms are intersected
 * rarest first, so a common term only filters what a rare one found.
 * `accept` says which ordinals count (live, of the agent asked for).
 */
export async function rankEvents(postings: readonly TermPostings[], total: number, accept: (ordinal: number) => boolean): Promise<RankedEvent[]> {
  const order = [...postings.keys()].sort((a, b) => (postings[a] as TermPostings).count - (postings[b] as TermPostings).count);
  let candidates: Map<number, Map<number, number[]>> | undefined;
  for (const [position, term] of order.entries()) {
    const next = new Map<number, Map<number, number[]>>();
    await (postings[term] as TermPostings).forEach((ordinal, value) => {
      const eventIndex = Math.floor(value / 8);
      const previous = candidates === undefined ? (accept(ordinal) ? [] : undefined) : candidates.get(ordinal)?.get(eventIndex);
      if (previous === undefined || previous.length < position) return;
      let events = next.get(ordinal);
      if (events === undefined) next.set(ordinal, (events = new Map()));
      const masks = events.get(eventIndex) ?? [...previous];
      masks[position] = (masks[position] ?? 0) | (1 << (value % 8));
      events.set(eventIndex, masks);
    });
    candidates = next;
    if (candidates.size === 0) return [];
  }
  const weights = order.map((term) => Math.log(1 + total / Math.max(1, (postings[term] as TermPostings).count)));
  return scoreAll(candidates ?? new Map(), weights);
}

function scoreAll(candidates: Map<number, Map<number, number[]>>, weights: readonly number[]): RankedEvent[] {
  const ranked: RankedEvent[] = [];
  for (const [ordinal, events] of candidates)
    for (const [eventIndex, masks] of events) {
      const shared = masks.reduce((a, b) => a & b, 0x3f);
      const fieldCode = bestField(shared !== 0 ? shared : (masks[0] as number));
      let score = shared !== 0 ? 1 : 0;
      for (const [i, mask] of masks.entries()) score += (weights[i] as number) * (FIELD_WEIGHT[bestField(mask)] as number);
      ranked.push({ ordinal, eventIndex, fieldCode, field: FIELDS[fieldCode] as SearchField, score });
    }
  return ranked;
}

/** The field of a mask that weighs most. */
function bestField(mask: number): number {
  let best = -1;
  for (let code = 0; code < FIELDS.length; code++)
    if (mask & (1 << code) && (best < 0 || (FIELD_WEIGHT[code] as number) > (FIELD_WEIGHT[best] as number))) best = code;
  return Math.max(best, 0);
}
