import { FIELDS } from './event-fields.js';
import type { SearchField } from './types.js';

/** How much a match in each field counts, by field code: what the person typed and named ranks above what tools printed. */
const FIELD_WEIGHT = [3, 1.5, 1, 2, 2, 1];

/** One term's postings, in parts (one per segment) that are in ascending (ordinal, entry) order one after another. */
export interface TermPostings {
  /** Entries across the index, for the term's weight. */
  count: number;
  parts: number;
  /** Calls `visit` with each (ordinal, entry) of one part whose ordinal `want` accepts. */
  forEachIn(part: number, want: (ordinal: number) => boolean, visit: (ordinal: number, value: number) => void): Promise<void>;
}

/**
 * Events the rarest term may bring in: past this, only its newest matches
 * (whole segments, newest first) are ranked, so a query of common words
 * costs bounded time and memory (see docs/search-index.md).
 */
export const MAX_CANDIDATES = 50_000;

/** A matching event before its snippet is cut. */
export interface RankedEvent {
  ordinal: number;
  eventIndex: number;
  field: SearchField;
  fieldCode: number;
  score: number;
}

/** Events that hold every term so far, in ascending (ordinal, event) order, with each term's field mask. */
interface Candidates {
  ordinals: number[];
  events: number[];
  /** Per term, in the order terms were intersected: per candidate, a bit per field code. */
  masks: number[][];
}

/**
 * The best `limit` events holding every term, best first: per term its
 * inverse document frequency times the weight of the best field it is in,
 * plus a bonus when one field holds them all (that field is the hit's);
 * ties go to the newer session, then the earlier event. Terms are
 * intersected rarest first, and a later term's postings are decoded only
 * for sessions still in the running. `accept` says which ordinals count.
 */
export async function rankEvents(
  postings: readonly TermPostings[],
  total: number,
  accept: (ordinal: number) => boolean,
  limit: number,
): Promise<RankedEvent[]> {
  const order = [...postings].sort((a, b) => a.count - b.count);
  let candidates: Candidates | undefined;
  for (const term of order) {
    const want = candidates === undefined ? cached(accept) : ordinalSet(candidates);
    const matches = candidates === undefined ? await collectNewest(term, want) : await collect(term, want, 0, term.parts);
    candidates = candidates === undefined ? { ordinals: matches.ordinals, events: matches.events, masks: [matches.masks] } : intersect(candidates, matches);
    if (candidates.ordinals.length === 0) return [];
  }
  const weights = order.map((term) => Math.log(1 + total / Math.max(1, term.count)));
  return candidates ? best(candidates, weights, limit) : [];
}

function cached(accept: (ordinal: number) => boolean): (ordinal: number) => boolean {
  const known = new Map<number, boolean>();
  return (ordinal) => {
    let result = known.get(ordinal);
    if (result === undefined) known.set(ordinal, (result = accept(ordinal)));
    return result;
  };
}

function ordinalSet(candidates: Candidates): (ordinal: number) => boolean {
  const set = new Set(candidates.ordinals);
  return (ordinal) => set.has(ordinal);
}

type Matches = { ordinals: number[]; events: number[]; masks: number[] };

/** The rarest term's matches in its newest parts, until {@link MAX_CANDIDATES} are found, in ascending order. */
async function collectNewest(term: TermPostings, want: (ordinal: number) => boolean): Promise<Matches> {
  const blocks: Matches[] = [];
  let found = 0;
  for (let part = term.parts - 1; part >= 0 && found < MAX_CANDIDATES; part--) {
    const block = await collect(term, want, part, part + 1);
    blocks.unshift(block);
    found += block.ordinals.length;
  }
  return { ordinals: blocks.flatMap((b) => b.ordinals), events: blocks.flatMap((b) => b.events), masks: blocks.flatMap((b) => b.masks) };
}

/** A term's matches in parts [from, to), one per event, its fields merged into a mask. */
async function collect(term: TermPostings, want: (ordinal: number) => boolean, from: number, to: number): Promise<Matches> {
  const ordinals: number[] = [];
  const events: number[] = [];
  const masks: number[] = [];
  const visit = (ordinal: number, value: number) => {
    const event = Math.floor(value / 8);
    const last = ordinals.length - 1;
    if (last >= 0 && ordinals[last] === ordinal && events[last] === event) masks[last] = (masks[last] as number) | (1 << (value % 8));
    else {
      ordinals.push(ordinal);
      events.push(event);
      masks.push(1 << (value % 8));
    }
  };
  for (let part = from; part < to; part++) await term.forEachIn(part, want, visit);
  return { ordinals, events, masks };
}

/** The candidates that `matches` also holds (both sorted), each with the term's mask added. */
function intersect(candidates: Candidates, matches: Matches): Candidates {
  const next: Candidates = { ordinals: [], events: [], masks: candidates.masks.map(() => []).concat([[]]) };
  let i = 0;
  let j = 0;
  while (i < candidates.ordinals.length && j < matches.ordinals.length) {
    const order = (candidates.ordinals[i] as number) - (matches.ordinals[j] as number) || (candidates.events[i] as number) - (matches.events[j] as number);
    if (order < 0) i++;
    else if (order > 0) j++;
    else {
      next.ordinals.push(candidates.ordinals[i] as number);
      next.events.push(candidates.events[i] as number);
      for (const [t, masks] of candidates.masks.entries()) (next.masks[t] as number[]).push(masks[i] as number);
      (next.masks[candidates.masks.length] as number[]).push(matches.masks[j] as number);
      i++;
      j++;
    }
  }
  return next;
}

/** The `limit` best candidates, kept in a small sorted list while scoring; candidates are visited newest first, so ties rarely insert. */
function best(candidates: Candidates, weights: readonly number[], limit: number): RankedEvent[] {
  const top: RankedEvent[] = [];
  for (let i = candidates.ordinals.length - 1; i >= 0; i--) {
    let shared = 0x3f;
    let score = 0;
    for (const [t, masks] of candidates.masks.entries()) {
      const mask = masks[i] as number;
      shared &= mask;
      score += (weights[t] as number) * (FIELD_WEIGHT[bestField(mask)] as number);
    }
    if (shared !== 0) score += 1;
    const worst = top[top.length - 1];
    const ordinal = candidates.ordinals[i] as number;
    const eventIndex = candidates.events[i] as number;
    if (top.length >= limit && worst && !better(score, ordinal, eventIndex, worst)) continue;
    const fieldCode = bestField(shared !== 0 ? shared : (candidates.masks[0]?.[i] as number));
    insert(top, { ordinal, eventIndex, fieldCode, field: FIELDS[fieldCode] as SearchField, score }, limit);
  }
  return top;
}

function better(score: number, ordinal: number, eventIndex: number, than: RankedEvent): boolean {
  return score > than.score || (score === than.score && (ordinal > than.ordinal || (ordinal === than.ordinal && eventIndex < than.eventIndex)));
}

function insert(top: RankedEvent[], hit: RankedEvent, limit: number): void {
  let at = top.length;
  while (at > 0 && better(hit.score, hit.ordinal, hit.eventIndex, top[at - 1] as RankedEvent)) at--;
  top.splice(at, 0, hit);
  if (top.length > limit) top.pop();
}

/** The field of a mask that weighs most. */
function bestField(mask: number): number {
  let best = -1;
  for (let code = 0; code < FIELDS.length; code++)
    if (mask & (1 << code) && (best < 0 || (FIELD_WEIGHT[code] as number) > (FIELD_WEIGHT[best] as number))) best = code;
  return Math.max(best, 0);
}
