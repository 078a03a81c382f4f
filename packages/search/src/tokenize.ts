/**
 * Words as the index keys them: runs of letters and digits, lower-cased, cut
 * to {@link MAX_TERM_LENGTH} characters. Punctuation, `_`, `/` and `.` split
 * words, so `src/foo_bar.ts` is found by `foo`, `bar` or `foo_bar.ts` (three
 * terms that must all be in the event).
 */
const WORD = /[\p{L}\p{N}]+/gu;

/** Longer words are cut: a hash or base64 run is found by its first 64 characters. */
export const MAX_TERM_LENGTH = 64;

/** One word of a text: its term and where it stands. */
export interface Token {
  term: string;
  start: number;
  end: number;
}

/** The words of `text` with their offsets, in order; lazily, so a text of any size tokenises in flat memory. */
export function* tokens(text: string): Generator<Token> {
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    const start = match.index;
    yield { term: termOf(word), start, end: start + word.length };
  }
}

/** The terms of `text`, each once, in order of first appearance. */
export function uniqueTerms(text: string): string[] {
  const seen = new Set<string>();
  for (const match of text.matchAll(WORD)) seen.add(termOf(match[0]));
  return [...seen];
}

/** Calls `add` with each term of `text`, repeats included (the caller drops them); no token objects, for the indexing loop. */
export function forEachTerm(text: string, add: (term: string) => void): void {
  for (const match of text.matchAll(WORD)) add(termOf(match[0]));
}

function termOf(word: string): string {
  return (word.length > MAX_TERM_LENGTH ? word.slice(0, MAX_TERM_LENGTH) : word).toLowerCase();
}
