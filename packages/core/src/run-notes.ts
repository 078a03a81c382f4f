import { capText } from './run-call-list.js';

/*
 * The bounded lists of a RunOutcome that are not calls: its errors and
 * warnings, and the count of each distinct diagnostic reason. Each keeps the
 * first entries up to a bound and counts the rest (docs/memory.md).
 */

/** How many errors and how many warnings a RunOutcome lists; each is cut to {@link RUN_OUTCOME_MAX_NOTE_CHARS}. */
export const RUN_OUTCOME_MAX_NOTES = 100;
/** The longest error or warning a RunOutcome keeps, in UTF-16 units. */
export const RUN_OUTCOME_MAX_NOTE_CHARS = 4096;
/** How many distinct diagnostic reasons `lines.reasons` counts; each is cut to 200 characters. */
export const RUN_OUTCOME_MAX_REASONS = 100;
const MAX_REASON_CHARS = 200;

/** A bounded list of notes (errors, warnings): the first {@link RUN_OUTCOME_MAX_NOTES}, each cut. */
export interface NoteList {
  add(message: string): void;
  readonly items: string[];
  readonly omitted: number;
}

/** Makes an empty {@link NoteList}. */
export function createNoteList(): NoteList {
  const items: string[] = [];
  let omitted = 0;
  return {
    add(message) {
      if (items.length < RUN_OUTCOME_MAX_NOTES) items.push(capText(message, RUN_OUTCOME_MAX_NOTE_CHARS));
      else omitted += 1;
    },
    get items() {
      return [...items];
    },
    get omitted() {
      return omitted;
    },
  };
}

/** How often each distinct diagnostic reason occurred: the first {@link RUN_OUTCOME_MAX_REASONS} reasons, the rest counted. */
export interface ReasonCounter {
  /** Counts `reason` and returns it as counted (cut to 200 characters). */
  add(reason: string): string;
  counts(): Record<string, number>;
  readonly omitted: number;
}

/** Makes an empty {@link ReasonCounter}. */
export function createReasonCounter(): ReasonCounter {
  const counts = Object.create(null) as Record<string, number>;
  let kinds = 0;
  let omitted = 0;
  return {
    add(full) {
      const reason = full.length > MAX_REASON_CHARS ? capText(full, MAX_REASON_CHARS) : full;
      const count = counts[reason];
      if (count !== undefined) counts[reason] = count + 1;
      else if (kinds < RUN_OUTCOME_MAX_REASONS) {
        counts[reason] = 1;
        kinds += 1;
      } else omitted += 1;
      return reason;
    },
    counts: () => ({ ...counts }),
    get omitted() {
      return omitted;
    },
  };
}
