import { boundMarksOfDelta, createInvisibleMarker } from '@x/core';

/*
 * Besides the five characters that matter to HTML, the characters that act
 * instead of showing are marked visibly, as `\x1b`, `\u202e` or `\u{e0041}`,
 * the way the terminal renderer shows them, by @x/core's one definition
 * (invisible-characters.ts): controls but TAB, LF and CR, format and default
 * ignorable characters (bidi controls, zero-width characters, tag
 * characters, Hangul fillers, the soft hyphen), with the joiners and
 * variation selectors that text needs kept; combining marks past a few in a
 * row (Zalgo text) are marked too.
 */

const ENTITIES: ReadonlyMap<string, string> = new Map([
  ['"', '&quot;'],
  ['&', '&amp;'],
  ["'", '&#39;'],
  ['<', '&lt;'],
  ['>', '&gt;'],
]);

/** The characters of `chars` with their entities, as a marker's own characters. */
function entitiesOf(chars: string): Map<string, () => string> {
  return new Map([...chars].map((char) => [char, () => ENTITIES.get(char) as string]));
}

const markSpecials = createInvisibleMarker({ also: entitiesOf('"&\'<>') });
const markTextSpecials = createInvisibleMarker({ also: entitiesOf('&<>') });
const markOnlyInvisible = createInvisibleMarker();

/**
 * Escapes `& < > " '` so that a string is inert both as element text and
 * inside a quoted attribute value, and shows the invisible characters of
 * @x/core's definition (controls, bidi, zero-width, format, tag and other
 * default-ignorable characters) and combining marks past 8 in a row as
 * visible notation (`\x1b`, `\u202e`). Every string that comes from an event goes
 * through here (or, for element text only, {@link escapeHtmlText}) before it reaches the output.
 */
export function escapeHtml(text: string): string {
  return replaceSpecials(text, markSpecials);
}

/**
 * {@link escapeHtml} for element text only, never an attribute value: `"`
 * and `'` mean nothing between tags and stay as they are. Code and command
 * output hold far more quotes than `& < >` (Codex's: 70% of the characters
 * escaped), and each costs a replacement: a tenth of an HTML render of
 * such output was spent turning quotes into entities (x-bench).
 */
export function escapeHtmlText(text: string): string {
  return replaceSpecials(text, markTextSpecials);
}

function replaceSpecials(text: string, mark: (text: string) => string): string {
  // Typed as a string, but events from outside may not have been validated.
  if (typeof text !== 'string') return text === undefined || text === null ? '' : mark(String(text));
  return mark(text);
}

/**
 * Shows the invisible characters and long runs of combining marks as visible notation, the way
 * {@link escapeHtml} does, and leaves everything else as it is. For text that
 * a library escapes itself (the Markdown parser, the highlighter): it runs
 * first, so those characters never reach the page raw whichever path the
 * text takes.
 */
export function markInvisible(text: string): string {
  return markOnlyInvisible(text);
}

/**
 * {@link markInvisible} for one delta of a block that streams, given how many
 * combining marks the text shown so far ends with (0 for a block's first
 * delta); returns the delta marked and that count after it, its leading marks
 * bounded with those before them by core's `boundMarksOfDelta`, as they are
 * when the block is rendered whole.
 */
export function markInvisibleDelta(marksBefore: number, text: string): { text: string; marks: number } {
  return boundMarksOfDelta(marksBefore, markOnlyInvisible(text));
}
