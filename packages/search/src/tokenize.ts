/**
 * Words as the index keys them: runs of letters and digits (Unicode `L` and
 * `N`), lower-cased, cut to {@link MAX_TERM_LENGTH} UTF-16 units.
 * Punctuation, `_`, `/` and `.` split words, so `src/foo_bar.ts` is found by
 * `foo`, `bar` or `foo_bar.ts` (three terms that must all be in the event).
 *
 * The scan is written by hand rather than with `/[\p{L}\p{N}]+/gu`, which
 * defines it (tokenize.test.ts holds the two equal on any text, hostile text
 * included): tokenising was a third of the index build's time with the
 * regex, and a loop over char codes with a per-code-unit class table is
 * about 3 times faster on the logs' mostly ASCII text.
 */
const WORD_CHAR = /^[\p{L}\p{N}]$/u;

/** Longer words are cut: a hash or base64 run is found by its first 64 characters. */
export const MAX_TERM_LENGTH = 64;

/** One word of a text: its term and where it stands. */
export interface Token {
  term: string;
  start: number;
  end: number;
}

/** Per BMP code unit: 0 not known yet, 1 part of a word, 2 not. Filled as units are met. */
const unitClass = new Uint8Array(0x10000);
for (let code = 0; code < 0x80; code++) unitClass[code] = (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) ? 1 : 2;

function isWordUnit(code: number): boolean {
  let known = unitClass[code] as number;
  if (known === 0) unitClass[code] = known = WORD_CHAR.test(String.fromCharCode(code)) ? 1 : 2;
  return known === 1;
}

/** Length (2) of a surrogate pair at `at` that is a letter or digit, else 0. */
function astralWordAt(text: string, at: number): number {
  const code = text.charCodeAt(at);
  if (code < 0xd800 || code > 0xdbff) return 0;
  const next = text.charCodeAt(at + 1);
  if (!(next >= 0xdc00 && next <= 0xdfff)) return 0;
  return WORD_CHAR.test(text.slice(at, at + 2)) ? 2 : 0;
}

/** Length of the word character at `at`: 1, 2 (a surrogate pair), or 0 when it is none. */
function wordCharAt(text: string, at: number): number {
  const code = text.charCodeAt(at);
  if (code < 0xd800 || code > 0xdfff) return isWordUnit(code) ? 1 : 0;
  return astralWordAt(text, at);
}

/** Calls `visit` with the start and end of each word of `text`, in order, until it returns false. */
export function scanWords(text: string, visit: (start: number, end: number) => boolean | undefined): void {
  const length = text.length;
  let at = 0;
  while (at < length) {
    let size = wordCharAt(text, at);
    if (size === 0) {
      at++;
      continue;
    }
    const start = at;
    while (size > 0) {
      at += size;
      size = at < length ? wordCharAt(text, at) : 0;
    }
    if (visit(start, at) === false) return;
  }
}

/** The term of the word at [start, end) of `text`. */
export function termAt(text: string, start: number, end: number): string {
  const word = text.slice(start, end - start > MAX_TERM_LENGTH ? start + MAX_TERM_LENGTH : end);
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    if ((code >= 65 && code <= 90) || code >= 0x80) return word.toLowerCase();
  }
  return word;
}

/** The words of `text` with their offsets, in order. */
export function tokens(text: string): Token[] {
  const found: Token[] = [];
  scanWords(text, (start, end) => void found.push({ term: termAt(text, start, end), start, end }));
  return found;
}

/** The terms of `text`, each once, in order of first appearance. */
export function uniqueTerms(text: string): string[] {
  const seen = new Set<string>();
  scanWords(text, (start, end) => void seen.add(termAt(text, start, end)));
  return [...seen];
}

/** Calls `add` with each term of `text`, repeats included (the caller drops them). */
export function forEachTerm(text: string, add: (term: string) => void): void {
  scanWords(text, (start, end) => void add(termAt(text, start, end)));
}
