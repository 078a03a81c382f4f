import { scanWords, termAt } from './tokenize.js';
import { SNIPPET_LENGTH } from './types.js';

/** Characters kept before the first match, so it reads in context. */
const LEAD = 60;

/** A snippet of a field's text and where the query's terms are in it. */
export interface Snippet {
  snippet: string;
  ranges: [number, number][];
}

/**
 * The part of `text` around the first word that is one of `terms`, at most
 * {@link SNIPPET_LENGTH} characters, with every matching word in it as a
 * range; the text's start when no word matches (the log changed since it
 * was indexed).
 */
export function buildSnippet(text: string, terms: ReadonlySet<string>): Snippet {
  const cut = { start: 0, end: Math.min(text.length, SNIPPET_LENGTH), ranges: [] as [number, number][] };
  scanWords(text, (from, to) => {
    if (!terms.has(termAt(text, from, to))) return true;
    if (cut.ranges.length === 0) {
      cut.start = pairStart(text, Math.max(0, from - LEAD));
      cut.end = Math.min(text.length, cut.start + SNIPPET_LENGTH);
    }
    if (to > cut.end) return false;
    cut.ranges.push([from - cut.start, to - cut.start]);
    return true;
  });
  const end = pairEnd(text, cut.end);
  return { snippet: plain(text.slice(cut.start, end)), ranges: cut.ranges.filter(([, to]) => to <= end - cut.start) };
}

/** Moves a cut off the second half of a surrogate pair. */
function pairStart(text: string, at: number): number {
  return at > 0 && isLow(text.charCodeAt(at)) && isHigh(text.charCodeAt(at - 1)) ? at + 1 : at;
}

function pairEnd(text: string, at: number): number {
  return at > 0 && at < text.length && isHigh(text.charCodeAt(at - 1)) && isLow(text.charCodeAt(at)) ? at - 1 : at;
}

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * Plain text of the same length: control characters (C0, DEL, C1, which
 * would move a terminal's cursor or break a line in a list) become spaces
 * and an unpaired surrogate becomes U+FFFD, so the ranges still hold.
 */
function plain(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}
