/*
 * Everything in an event is untrusted: the agent read it from files and the
 * web. A terminal interprets C0 controls (ESC starts every escape sequence,
 * BEL ends OSC strings, CR returns to the start of the line), C1 controls
 * (U+009B is a one-character CSI for terminals that accept 8-bit controls,
 * and U+0080-U+009F are what UTF-8 C2 80..C2 9F decode to) and bidi
 * formatting characters (which reorder what a person sees). Each of them is
 * replaced with its escape notation, `\x1b` or `\u202e`, so it shows instead
 * of acting. Nothing else changes, so ordinary text passes through untouched.
 */

// Tab, LF and CR followed by LF stay in text: they only lay text out.
const UNSAFE_IN_TEXT = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/g;
// A one-line field (a name, a preview, a summary) must not break its line either.
const UNSAFE_IN_LINE = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function visible(char: string): string {
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * Neutralises control characters and escape sequences in streamed text: every
 * C0 control except tab and newline, a CR that is not part of a CRLF, DEL, C1
 * controls and bidi formatting characters become visible escape notation
 * (`ESC[2J` shows as `\x1b[2J`). Text without such characters is returned
 * unchanged.
 */
export function sanitizeText(text: string): string {
  return text.replace(UNSAFE_IN_TEXT, visible);
}

/**
 * Like {@link sanitizeText} for a field shown on one line (a tool name, an
 * argument preview, an error message): newlines, tabs and every CR become
 * visible escape notation too.
 */
export function sanitizeLine(text: string): string {
  return text.replace(UNSAFE_IN_LINE, visible);
}
