/*
 * Besides the five characters that matter to HTML, the characters that act
 * instead of showing are marked visibly, as `\x1b` or `\u202e`, the way the
 * terminal renderer shows them: C0 controls but TAB, LF and CR; DEL; C1;
 * bidi marks, embeddings, overrides and isolates (a browser reorders text by
 * them, so `txt.\u202eexe` would read as `txt.exe`); zero-width characters
 * and the BOM (they hide that two names differ). ZWNJ and ZWJ are kept
 * between two non-ASCII characters, where they join Persian and Indic letters
 * and emoji, and marked next to ASCII, where they only disguise.
 */

/**
 * The characters that act instead of showing, as the body of one character
 * class, with ZWNJ and ZWJ among them whatever their neighbours:
 * {@link joinerShown} decides about a joiner. A class alone scans about a
 * fifth faster than the class with an alternative for the joiners and its
 * lookarounds (x-bench). Every class below is this one and the HTML
 * characters it escapes.
 */
const INVISIBLE_CLASS = String.raw`\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff`;

/** What {@link escapeHtml} replaces: the five HTML characters and the invisibles. */
const SPECIALS = new RegExp(`["&'<>${INVISIBLE_CLASS}]`, 'g');

/** What {@link escapeHtmlText} replaces: {@link SPECIALS} without the quotes. */
const TEXT_SPECIALS = new RegExp(`[&<>${INVISIBLE_CLASS}]`, 'g');

/** Whether the ZWNJ or ZWJ at `at` is marked: always, unless it stands between two non-ASCII characters. */
function joinerShown(text: string, at: number): boolean {
  return at === 0 || at + 1 === text.length || text.charCodeAt(at - 1) < 0x80 || text.charCodeAt(at + 1) < 0x80;
}

/** The characters {@link escapeHtml} marks visibly (the joiners by the rule of {@link joinerShown}), without the five that matter to HTML. */
const INVISIBLES =
  /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200b\u200e\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|[\u200c\u200d](?:(?![\u0080-\uffff])|(?<![\u0080-\uffff][\u200c\u200d]))/g;

/** The characters of {@link INVISIBLES}, the joiners whatever their neighbours: a text without any needs no marking. */
const INVISIBLE_CHARS = new RegExp(`[${INVISIBLE_CLASS}]`);

function entity(code: number): string {
  switch (code) {
    case 34:
      return '&quot;';
    case 38:
      return '&amp;';
    case 39:
      return '&#39;';
    case 60:
      return '&lt;';
    case 62:
      return '&gt;';
    default:
      return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  }
}

/**
 * Escapes `& < > " '` so that a string is inert both as element text and
 * inside a quoted attribute value, and shows control, bidi and zero-width
 * characters as visible notation (`\x1b`, `\u202e`). Every string that comes from an event goes
 * through here (or, for element text only, {@link escapeHtmlText}) before it reaches the output.
 */
export function escapeHtml(text: string): string {
  return replaceSpecials(text, SPECIALS);
}

/**
 * {@link escapeHtml} for element text only, never an attribute value: `"`
 * and `'` mean nothing between tags and stay as they are. Code and command
 * output hold far more quotes than `& < >` (Codex's: 70% of the characters
 * escaped), and each costs a replacement: a tenth of an HTML render of
 * such output was spent turning quotes into entities (x-bench).
 */
export function escapeHtmlText(text: string): string {
  return replaceSpecials(text, TEXT_SPECIALS);
}

function replaceSpecials(text: string, specials: RegExp): string {
  // Typed as a string, but events from outside may not have been validated.
  if (typeof text !== 'string') return text === undefined || text === null ? '' : replaceSpecials(String(text), specials);
  // The special characters are found by a native regex scan, the text
  // between them copied by slice: escaping is on the hot path of every event
  // and of every tool's full output, and this is about twice as fast on
  // code and logs as a JavaScript loop over every character (x-bench).
  // `test`, not `exec`: every match is one code unit, so it ends just before
  // `lastIndex`, and no match array is made per special character (a tenth
  // less time on the bench's tool output).
  specials.lastIndex = 0;
  let out = '';
  let last = 0;
  while (specials.test(text)) {
    const at = specials.lastIndex - 1;
    const code = text.charCodeAt(at);
    if ((code === 0x200c || code === 0x200d) && !joinerShown(text, at)) continue;
    out += text.slice(last, at) + entity(code);
    last = at + 1;
  }
  return last === 0 ? text : out + text.slice(last);
}

/**
 * Shows control, bidi and zero-width characters as visible notation, the way
 * {@link escapeHtml} does, and leaves everything else as it is. For text that
 * a library escapes itself (the Markdown parser, the highlighter): it runs
 * first, so those characters never reach the page raw whichever path the
 * text takes.
 */
export function markInvisible(text: string): string {
  // Most text has none of these characters: the class alone finds that faster than the expression with its lookarounds.
  return INVISIBLE_CHARS.test(text) ? text.replace(INVISIBLES, (char) => entity(char.charCodeAt(0))) : text;
}
