import { INVISIBLE_CHARACTER_CLASS, MAX_COMBINING_MARKS, createInvisibleMarker, invisibleNotation } from '@x/core';

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

/** A combining mark that stacks on its letter, and a joiner or selector a marker keeps between two of them. */
const STACKING_MARK = new RegExp(`^[[\\p{Mn}\\p{Me}]--${INVISIBLE_CHARACTER_CLASS}]$`, 'v');
// biome-ignore lint/complexity/useRegexLiterals: a literal with the v flag needs an ES2024 target (the packages target ES2022)
const KEPT_BETWEEN_MARKS = new RegExp(String.raw`^[\u200c\u200d\p{Variation_Selector}]$`, 'v');

/**
 * {@link markInvisible} for one delta of a block that streams, given how many
 * combining marks the text shown so far ends with (0 for a block's first
 * delta); returns the delta marked and that count after it. Marked delta by
 * delta, each bounded on its own, `a` and then deltas of eight marks each
 * would stack every one of them on the `a`: the marks a delta starts with are
 * shown as notation past {@link MAX_COMBINING_MARKS} in the run, as they are
 * when the block is rendered whole.
 */
export function markInvisibleDelta(marksBefore: number, text: string): { text: string; marks: number } {
  const chars = Array.from(markOnlyInvisible(text));
  // The run the delta starts with: marks, and the joiners and selectors the marker kept between them.
  let lead = 0;
  let marks = marksBefore;
  for (; lead < chars.length; lead += 1) {
    const char = chars[lead] as string;
    const mark = STACKING_MARK.test(char);
    if (!mark && !KEPT_BETWEEN_MARKS.test(char)) break;
    if (mark) marks += 1;
    if (marks > MAX_COMBINING_MARKS) chars[lead] = invisibleNotation(char.codePointAt(0) as number);
  }
  if (lead === chars.length) return { text: chars.join(''), marks };
  marks = 0;
  for (let i = chars.length - 1; i >= lead; i -= 1) {
    const char = chars[i] as string;
    if (STACKING_MARK.test(char)) marks += 1;
    else if (!KEPT_BETWEEN_MARKS.test(char)) break;
  }
  return { text: chars.join(''), marks };
}
