/*
 * OpenCode's `read` tool wraps the file in markup and numbers every line:
 *
 *   <path>/abs/file</path>\n<type>file</type>\n<content>\n1: first\n2: second\n\n(End of file - total 2 lines)\n</content>
 *
 * optionally followed by a `<system-reminder>` with loaded instructions. Left
 * as it is, an empty file would look like text and a content length would
 * count the markup, so the file text is taken out of it.
 */
const READ_FILE_OUTPUT = /^<path>[^\n]*<\/path>\n<type>file<\/type>\n<content>\n([\s\S]*?)\n\n\((?:End of file - total \d+ lines|Showing lines [^\n]*|Output capped at [^\n]*)\)\n<\/content>(?:\n|$)/;

/**
 * The file text inside the output of OpenCode's `read` tool, without markup
 * and line numbers, or `undefined` when the output is not that shape (a
 * directory listing, an image, an older or newer format), which is then shown
 * as it is.
 */
export function unwrapReadOutput(output: string): string | undefined {
  const match = READ_FILE_OUTPUT.exec(output);
  if (match === null) return undefined;
  const body = match[1] ?? '';
  if (body === '') return '';
  // Each line must start with /^\d+: /, which is cut off. Done by hand,
  // copying the text between prefixes, rather than by split, exec, slice
  // and join per line: on a stream with file reads that was a quarter of
  // the provider's time, and this takes a third less, counting the later
  // flattening of the string it builds (x-bench).
  let text = '';
  let from = 0;
  for (let start = 0; ; ) {
    let at = start;
    let code = body.charCodeAt(at);
    while (code >= DIGIT_0 && code <= DIGIT_9) code = body.charCodeAt(++at);
    // Digits, then ": " (neither is a newline, so both lie in this line).
    if (at === start || code !== COLON || body.charCodeAt(at + 1) !== SPACE) return undefined;
    text += body.slice(from, start);
    from = at + 2;
    const newline = body.indexOf('\n', from);
    if (newline < 0) return text + body.slice(from);
    start = newline + 1;
  }
}

const COLON = 0x3a;
const SPACE = 0x20;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
