/*
 * The one definition of the characters that act instead of showing, shared
 * by every channel that writes content for a person: the terminal gate, the
 * HTML escaping and the NDJSON escaping of `xview --events`. It is derived
 * from Unicode's properties, not listed by hand, so that a character the list
 * forgot cannot pass: controls (Cc, but TAB, LF and CR, which each channel
 * treats as layout), format characters (Cf: bidi controls, zero-width
 * characters, the BOM, tag characters U+E0000-U+E007F that can spell a whole
 * hidden text, interlinear annotation U+FFF9-U+FFFB, the Mongolian vowel
 * separator), every Default_Ignorable_Code_Point (soft hyphen, combining
 * grapheme joiner, Hangul fillers, variation selectors) and the line and
 * paragraph separators.
 *
 * Two kinds are kept where text needs them, and shown elsewhere:
 * - ZWNJ and ZWJ between two visible non-ASCII characters, where they join
 *   Persian and Indic letters and emoji (after an emoji's variation selector
 *   too); next to ASCII or to another invisible character they only disguise
 *   or carry hidden bits;
 * - one variation selector after a visible non-ASCII character (an emoji's
 *   U+FE0F, an ideographic variant), and U+FE0E/U+FE0F in a keycap (`1`
 *   U+FE0F U+20E3); a second one in a row is a hidden payload, not a variant.
 *
 * A lone surrogate (half of a pair, without the other) is marked as well:
 * it is no character, and texts marked apart and written together could
 * otherwise join two halves into a tag character nothing marked.
 *
 * Combining marks (Mn, Me) stack on their base character: past
 * {@link MAX_COMBINING_MARKS} in a row (Zalgo text) they paint over the lines
 * around them, so the marks after that many are shown as notation too.
 */

/** The characters never written raw (but by the rules above), as a class for a `v`-flag expression. */
export const INVISIBLE_CHARACTER_CLASS = String.raw`[[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}]--[\t\n\r]]`;

/**
 * How many combining marks in a row are written as they are: more than any
 * script stacks on one letter (Vietnamese two, Hebrew with cantillation and
 * Tibetan stacks four or five), far fewer than Zalgo text's dozens.
 */
export const MAX_COMBINING_MARKS = 8;

/**
 * A superset of {@link INVISIBLE_CHARACTER_CLASS} as code units, for the scan
 * that every text goes through: the Basic Multilingual Plane's members, and
 * the high surrogates of the others. An expression with Unicode's properties
 * scans text beyond ASCII several times slower than one of code-unit ranges,
 * and compiling one costs start-up time; so the properties decide only about
 * the characters this finds. Two classes in an alternative scan as fast as
 * either alone, one class of all the ranges four times slower (x-bench).
 * invisible-characters.test.ts checks every code point against it.
 */
const CANDIDATES_LOW = String.raw`\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\xad\u034f\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u115f\u1160\u17b4\u17b5\u180b-\u180f`;
const CANDIDATES_HIGH = String.raw`\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\ud804\ud80d\ud82f\ud834\udb40-\udb43`;

/**
 * The code units of ranges that hold no combining mark: Latin, Greek,
 * Cyrillic, punctuation, arrows, symbols, kana, CJK, Hangul, fullwidth
 * forms, emoji surrogates. The test checks them against every mark. The
 * joiners and variation selectors are left out: kept after a mark, they
 * would otherwise split a run of marks stacked on one letter.
 */
export const MARK_FREE = String.raw`\x00-\u02ff\u0370-\u0482\u048a-\u0590\u2000-\u200b\u200e-\u20cf\u2100-\u2cee\u2cf2-\u2d7e\u2d80-\u2ddf\u2e00-\u3029\u3030-\u3098\u309b-\ua66e\uac00-\ud7a3\uff00-\uffef\ud83c-\ud83e`;

/**
 * More than {@link MAX_COMBINING_MARKS} code units in a row outside
 * {@link MARK_FREE}: a text without such a run cannot hold that many marks in
 * a row, and skips the search for them. Written as one unit and a lookahead,
 * it scans prose several times faster than the same run as a count (x-bench).
 */
const MAY_STACK_MARKS = new RegExp(`[^${MARK_FREE}](?=[^${MARK_FREE}]{${MAX_COMBINING_MARKS}})`);

/** A combining mark that stacks on its letter: not one of the invisible characters (variation selectors and U+034F are Mn too). */
export const STACKING_MARK = String.raw`[[\p{Mn}\p{Me}]--${INVISIBLE_CHARACTER_CLASS}]`;

/**
 * The invisible characters a marker may keep after a mark (a joiner after a
 * virama, a variation selector): a run of marks goes on through them, or
 * `a` + (U+0301 U+FE0F) x 30 would stack thirty marks on one letter.
 */
export const KEPT_BETWEEN_MARKS = String.raw`[\u200c\u200d\p{Variation_Selector}]`;

/** The expressions with Unicode's properties, compiled when a text first needs them. */
interface Exact {
  invisible: RegExp;
  variationSelector: RegExp;
  /** A run of more than MAX_COMBINING_MARKS marks that are not themselves invisible (variation selectors and U+034F are Mn too). */
  stack: RegExp;
  /** One {@link KEPT_BETWEEN_MARKS} character. */
  keptBetween: RegExp;
}
const exact: { compiled: Exact | undefined } = { compiled: undefined };

function exactExpressions(): Exact {
  exact.compiled ??= {
    invisible: new RegExp(`^${INVISIBLE_CHARACTER_CLASS}$`, 'v'),
    // biome-ignore lint/complexity/useRegexLiterals: a literal with the v flag needs an ES2024 target (the packages target ES2022)
    variationSelector: new RegExp(String.raw`^\p{Variation_Selector}$`, 'v'),
    stack: new RegExp(`(?:${STACKING_MARK}${KEPT_BETWEEN_MARKS}*){${MAX_COMBINING_MARKS + 1},}`, 'gv'),
    keptBetween: new RegExp(`^${KEPT_BETWEEN_MARKS}$`, 'v'),
  };
  return exact.compiled;
}

const KEYCAP_BASE = /^[0-9#*]$/;

/** The expressions {@link createInvisibleMarker} scans with, for the test that checks them against the properties. */
export const SCAN_CLASSES = { candidatesLow: CANDIDATES_LOW, candidatesHigh: CANDIDATES_HIGH, markFree: MARK_FREE };

/**
 * A character as visible escape notation: `\x1b` up to U+00FF, `\u202e` in
 * the rest of the Basic Multilingual Plane, `\u{e0041}` above it.
 */
export function invisibleNotation(codePoint: number): string {
  const hex = codePoint.toString(16);
  if (codePoint <= 0xff) return `\\x${hex.padStart(2, '0')}`;
  return codePoint <= 0xffff ? `\\u${hex.padStart(4, '0')}` : `\\u{${hex}}`;
}

/** Whether `codePoint` is one of {@link INVISIBLE_CHARACTER_CLASS}. */
export function isInvisibleCharacter(codePoint: number): boolean {
  return exactExpressions().invisible.test(String.fromCodePoint(codePoint));
}

const isVariationSelector = (codePoint: number): boolean => exactExpressions().variationSelector.test(String.fromCodePoint(codePoint));

/**
 * A surrogate without its other half (`codePointAt` gives a half only then).
 * It is no character, and it would not stay alone: two texts marked apart
 * and written one after the other (the deltas of a streamed block) could end
 * and start with the halves of a tag character, which would meet in the
 * output as that character, unmarked. So a lone half is marked too.
 */
const isSurrogate = (codePoint: number): boolean => codePoint >= 0xd800 && codePoint <= 0xdfff;

/** A lone surrogate, high or low, as one code unit (a scan's matches are one unit each). */
const LONE_SURROGATE = String.raw`[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]`;

const visibleNonAscii = (codePoint: number | undefined): boolean => codePoint !== undefined && codePoint >= 0x80 && !isSurrogate(codePoint) && !isInvisibleCharacter(codePoint);

/** The code point that ends just before `at`, if any. */
function codePointBefore(text: string, at: number): number | undefined {
  if (at === 0) return undefined;
  const low = text.charCodeAt(at - 1);
  if (low >= 0xdc00 && low <= 0xdfff && at >= 2) {
    const high = text.charCodeAt(at - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(at - 2);
  }
  return low;
}

/**
 * Whether the invisible character `codePoint` at `at` is kept as it is: a
 * joiner or a variation selector where text needs it (the rules above).
 */
export function keptInvisible(text: string, at: number, codePoint: number): boolean {
  const after = at + (codePoint > 0xffff ? 2 : 1);
  if (codePoint === 0x200c || codePoint === 0x200d) {
    const before = codePointBefore(text, at);
    const prevOk = visibleNonAscii(before) || (before !== undefined && isVariationSelector(before));
    return prevOk && visibleNonAscii(text.codePointAt(after));
  }
  if (!isVariationSelector(codePoint)) return false;
  const before = codePointBefore(text, at);
  if (visibleNonAscii(before)) return true;
  return (codePoint === 0xfe0e || codePoint === 0xfe0f) && before !== undefined && KEYCAP_BASE.test(String.fromCharCode(before)) && text.charCodeAt(after) === 0x20e3;
}

/**
 * Whether the character at `at` is U+FE0F after an emoji of the
 * supplementary planes (high surrogate U+D83C-U+D83E) or a symbol of
 * U+2100-U+2BFF (none of them invisible): what {@link keptInvisible} decides
 * too, answered without the expressions, for the selector that follows many
 * emoji (x-bench: a tenth of the time on text with them).
 */
function emojiSelector(text: string, at: number, codePoint: number): boolean {
  if (codePoint !== 0xfe0f || at === 0) return false;
  const before = text.charCodeAt(at - 1);
  if (before >= 0x2100 && before <= 0x2bff) return true;
  if (before < 0xdc00 || before > 0xdfff || at < 2) return false;
  const high = text.charCodeAt(at - 2);
  return high >= 0xd83c && high <= 0xd83e;
}

/** How a channel marks the characters of one text. */
export interface InvisibleMarkerOptions {
  /**
   * The channel's own characters, each with what it becomes (the text and
   * its index given; `undefined` keeps it): `&` as `&amp;` for HTML, a lone
   * CR for a terminal. Checked before the invisible rules.
   */
  also?: ReadonlyMap<string, (text: string, at: number) => string | undefined>;
  /** How a marked character is written; {@link invisibleNotation} by default. */
  notation?: (codePoint: number) => string;
  /**
   * Whether joiners and variation selectors are kept where text needs them
   * and runs of combining marks are bounded (default `true`). `false` marks
   * every invisible character and leaves marks alone: for an encoding that
   * keeps the value, such as JSON's `\u` escapes.
   */
  inContext?: boolean;
}

/** What a marker of one channel knows. */
interface Marker {
  /** Finds the channel's own characters and every candidate invisible one ({@link CANDIDATES_LOW}). */
  scan: RegExp;
  /** {@link Marker.scan} and every lone surrogate, for the rare text that holds one. */
  scanLone: RegExp;
  also: ReadonlyMap<string, (text: string, at: number) => string | undefined>;
  notation: (codePoint: number) => string;
  inContext: boolean;
}

const classChar = (char: string): string => `\\u${(char.codePointAt(0) as number).toString(16).padStart(4, '0')}`;

/**
 * A function that writes the characters of {@link INVISIBLE_CHARACTER_CLASS}
 * and lone surrogates as notation (but the joiners and variation selectors
 * text needs), bounds runs of combining marks, and replaces the channel's
 * own characters (ASCII ones). A text with none of them is returned as it is
 * after one scan of code-unit classes.
 */
export function createInvisibleMarker(options: InvisibleMarkerOptions = {}): (text: string) => string {
  const also = options.also ?? new Map();
  const own = [...also.keys()].map(classChar).join('');
  const marker: Marker = {
    // The channel's own characters in a class of their own: one more range in a class of candidates would slow the scan as much as all of them (x-bench).
    scan: new RegExp(`${own === '' ? '' : `[${own}]|`}[${CANDIDATES_LOW}]|[${CANDIDATES_HIGH}]`, 'g'),
    scanLone: new RegExp(`${own === '' ? '' : `[${own}]|`}[${CANDIDATES_LOW}]|[${CANDIDATES_HIGH}]|${LONE_SURROGATE}`, 'g'),
    also,
    notation: options.notation ?? invisibleNotation,
    inContext: options.inContext ?? true,
  };
  return (text) => {
    const marked = markCandidates(marker, text, isWellFormed(text) ? marker.scan : marker.scanLone);
    return marker.inContext && MAY_STACK_MARKS.test(text) ? boundMarks(marker, marked) : marked;
  };
}

/**
 * Whether `text` holds no lone surrogate: the engine's own check where it has
 * one (a flag read for Latin-1 text, a tenth of the scan's time on text with
 * emoji, where the scan with {@link LONE_SURROGATE} takes half as long
 * again), else the expression.
 */
function isWellFormed(text: string): boolean {
  const own = (text as { isWellFormed?: () => boolean }).isWellFormed;
  return own === undefined ? !ANY_LONE_SURROGATE.test(text) : own.call(text);
}

/** {@link LONE_SURROGATE} for a test (no `g`: no `lastIndex` to reset), made once: for browsers without `isWellFormed`. */
const ANY_LONE_SURROGATE = new RegExp(LONE_SURROGATE);

/** The text with each candidate the scan finds replaced as the channel and the rules say. */
function markCandidates(marker: Marker, text: string, scan: RegExp): string {
  scan.lastIndex = 0;
  let out = '';
  let last = 0;
  // `test`, not `exec`: every match is one code unit, so it ends just before
  // `lastIndex`, and no match array is made per character (a tenth less time
  // on the bench's tool output).
  while (scan.test(text)) {
    const at = scan.lastIndex - 1;
    const codePoint = text.codePointAt(at) as number;
    const replacement = replacementAt(marker, text, at, codePoint);
    if (replacement === undefined) continue;
    out += text.slice(last, at) + replacement;
    last = at + (codePoint > 0xffff ? 2 : 1);
    scan.lastIndex = last;
  }
  return last === 0 ? text : out + text.slice(last);
}

/** What the character at `at` becomes; `undefined` to keep it. */
function replacementAt(marker: Marker, text: string, at: number, codePoint: number): string | undefined {
  const own = codePoint < 0x80 ? marker.also.get(text[at] as string) : undefined;
  if (own !== undefined) return own(text, at);
  if (isSurrogate(codePoint)) return marker.notation(codePoint);
  if (marker.inContext && emojiSelector(text, at, codePoint)) return undefined;
  if (!isInvisibleCharacter(codePoint)) return undefined;
  if (marker.inContext && keptInvisible(text, at, codePoint)) return undefined;
  return marker.notation(codePoint);
}

/** Each run of more than {@link MAX_COMBINING_MARKS} combining marks with the marks past that many as notation. */
function boundMarks(marker: Marker, text: string): string {
  const { stack, keptBetween } = exactExpressions();
  stack.lastIndex = 0;
  if (!stack.test(text)) return text;
  return text.replace(stack, (run) => {
    let marks = 0;
    // Past the last mark allowed, the marks and the joiners or selectors between them are shown alike.
    return Array.from(run, (char) => {
      if (!keptBetween.test(char)) marks += 1;
      return marks > MAX_COMBINING_MARKS ? marker.notation(char.codePointAt(0) as number) : char;
    }).join('');
  });
}
