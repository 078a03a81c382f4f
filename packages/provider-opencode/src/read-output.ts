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
const LINE_NUMBER = /^\d+: /;

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
  const lines = body.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const prefix = LINE_NUMBER.exec(line);
    if (prefix === null) return undefined;
    lines[i] = line.slice(prefix[0].length);
  }
  return lines.join('\n');
}
