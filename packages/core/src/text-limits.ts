import { detachText } from './text-assembler.js';

/** The longest argument preview, in characters (code points). */
export const PREVIEW_MAX_CHARS = 40;
/** The longest one-line result summary, in characters (code points). */
export const SUMMARY_MAX_CHARS = 160;
/** What a cut string ends with. Plain ASCII, so that it is no glyph. */
export const ELLIPSIS = '...';

const WHITESPACE_RUN = /\s+/g;

/** Whitespace that collapsing changes: two in a row, any but a plain space, or a space at either end. */
const UNCOLLAPSED = /\s\s|[^\S ]|^ | $/;

/** Replaces every run of whitespace (newlines, tabs, CR) with one space and trims. */
export function collapseWhitespace(text: string): string {
  // Most previews and summaries are one tidy line already: then one scan and
  // no copy, where replace and trim cost three times as much (x-bench).
  if (!UNCOLLAPSED.test(text)) return text;
  return text.replace(WHITESPACE_RUN, ' ').trim();
}

/**
 * Cuts `text` to at most `max` characters, counting code points so that no
 * surrogate pair (emoji, rare CJK) is split, ending a cut string with `...`.
 * A cut is a copy: previews and names are kept across lines (an open call's
 * preview), and V8's cut of a long string is a view that keeps the whole
 * string alive (a 40-character preview kept a 16 MiB path).
 */
export function cutText(text: string, max: number): string {
  // Fast path: fewer UTF-16 units than the limit means fewer code points too.
  if (text.length <= max) return text;
  let count = 0;
  let end = 0;
  const keep = Math.max(0, max - ELLIPSIS.length);
  let keptEnd = -1;
  for (const ch of text) {
    if (count === keep) keptEnd = end;
    count += 1;
    end += ch.length;
    if (count > max) break;
  }
  if (count <= max) return text;
  return detachText(text.slice(0, keptEnd < 0 ? end : keptEnd) + ELLIPSIS);
}

/** How many UTF-16 units of a long text {@link toOneLine} collapses first. */
const ONE_LINE_WINDOW = 1024;

/**
 * Collapses whitespace and cuts to `max` characters: one line, bounded.
 * Only the collapsed text's first `max + 1` code points decide the result,
 * and collapsing a prefix of a text gives a prefix of the collapsed text, so a
 * long text (a tool's whole output, up to 120 KB) is collapsed a window at a
 * time until the window holds enough, rather than whole for 160 characters.
 */
export function toOneLine(text: string, max: number): string {
  for (let end = Math.max(ONE_LINE_WINDOW, 4 * max); end < text.length; end *= 4) {
    const head = collapseWhitespace(text.slice(0, end));
    // At least max + 2 code points: two units each at most, the last perhaps half a pair cut by the slice.
    if (head.length >= 2 * max + 4) return cutText(head, max);
  }
  return cutText(collapseWhitespace(text), max);
}
