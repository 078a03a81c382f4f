import type { EventField } from './event-fields.js';
import { forEachTerm } from './tokenize.js';

/**
 * Bytes a term's entry costs in the buffer beyond its postings: the string,
 * the array and the map slot, as V8 lays them out on 64-bit Node (measured:
 * see docs/search-index.md). The buffer is flushed when its estimate passes
 * a budget, so indexing memory is bounded by bytes.
 */
const TERM_OVERHEAD = 128;
/** Bytes of one number in a packed array. */
const ENTRY_BYTES = 8;

/** A term's entries in the buffer, with the session and entry added last (so a repeat costs one map lookup). */
export interface TermList {
  list: number[];
  ordinal: number;
  last: number;
}

/**
 * Postings of the sessions read since the last flush, in memory: per term, a
 * list where `-(ordinal + 1)` opens a session's entries and each entry is
 * `eventIndex * 8 + fieldCode`, ascending. One entry per term per event
 * field: repeats of a word in one field are dropped.
 */
export class PostingsBuffer {
  readonly terms = new Map<string, TermList>();
  /** Estimated heap bytes held. */
  bytes = 0;
  /** The session being added. */
  private ordinal = -1;

  /** Starts a session's entries; its events follow, in order. */
  startSession(ordinal: number): void {
    this.ordinal = ordinal;
  }

  /** Adds one event's fields (in field-code order) to the current session. */
  addEvent(eventIndex: number, fields: readonly EventField[]): void {
    for (const { code, text } of fields) {
      const value = eventIndex * 8 + code;
      forEachTerm(text, (term) => this.addTerm(term, value));
    }
  }

  private addTerm(term: string, value: number): void {
    let entry = this.terms.get(term);
    if (entry === undefined) {
      entry = { list: [], ordinal: -1, last: -1 };
      this.terms.set(term, entry);
      this.bytes += TERM_OVERHEAD + term.length * 2;
    }
    if (entry.ordinal !== this.ordinal) {
      entry.ordinal = this.ordinal;
      entry.list.push(-(this.ordinal + 1));
      this.bytes += ENTRY_BYTES;
    } else if (entry.last === value) return;
    entry.last = value;
    entry.list.push(value);
    this.bytes += ENTRY_BYTES;
  }
}

/** A buffer's entry list as postings groups, one per session ordinal. */
export function* bufferGroups(list: readonly number[]): Generator<{ ordinal: number; values: number[] }> {
  let group: { ordinal: number; values: number[] } | undefined;
  for (const value of list) {
    if (value >= 0) group?.values.push(value);
    else {
      if (group) yield group;
      group = { ordinal: -value - 1, values: [] };
    }
  }
  if (group) yield group;
}
