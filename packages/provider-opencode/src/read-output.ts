/*
 * OpenCode's `read` tool wraps the file in markup and numbers every line:
 *
 *   <path>/abs/file</path>\n<type>file</type>\n<content>\n1: first\n2: second\n\n(End of file - total 2 lines)\n</content>
 *
 * optionally followed by a `<system-reminder>` with loaded instructions. Left
 * as it is, an empty file would look like text and a content length would
 * count the markup, so the file text is taken out of it.
 */
const READ_FILE_HEAD = /^<path>[^\n]*<\/path>\n<type>file<\/type>\n<content>\n/;
/** The markup after the file text, tried (sticky) only where a `\n\n(` starts. */
const READ_FILE_TAIL = /\n\n\((?:End of file - total \d+ lines|Showing lines [^\n]*|Output capped at [^\n]*)\)\n<\/content>(?:\n|$)/y;

/**
 * The file text between the head and the first `\n\n(` the closing markup
 * follows: what a lazy `([\s\S]*?)` between the two would take, found by
 * `indexOf` where that expression tried the tail at every character (a third
 * less time on the bench's reads).
 */
function fileBody(output: string): string | undefined {
  const head = READ_FILE_HEAD.exec(output);
  if (head === null) return undefined;
  const start = head[0].length;
  for (let at = output.indexOf('\n\n(', start); at >= 0; at = output.indexOf('\n\n(', at + 1)) {
    READ_FILE_TAIL.lastIndex = at;
    if (READ_FILE_TAIL.test(output)) return output.slice(start, at);
  }
  return undefined;
}

/**
 * The file text inside the output of OpenCode's `read` tool, without markup
 * and line numbers, or `undefined` when the output is not that shape (a
 * directory listing, an image, an older or newer format), which is then shown
 * as it is.
 */
export function unwrapReadOutput(output: string): string | undefined {
  const body = fileBody(output);
  if (body === undefined || body === '') return body;
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
