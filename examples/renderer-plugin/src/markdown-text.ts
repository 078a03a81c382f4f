/**
 * Control characters (C0 but tab and newline, DEL, C1) shown as U+FFFD, and
 * CRLF or a lone CR as a newline: event content may hold anything, and a
 * Markdown file printed to a terminal must not carry escape sequences.
 */
export function clean(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '\uFFFD');
}

/**
 * `text` as one inline code span: newlines become spaces, and the fence is
 * one backtick longer than the longest run of backticks inside (CommonMark
 * code spans), padded with a space where the text starts or ends with one;
 * an empty text is a span of one space.
 */
export function codeSpan(text: string): string {
  const flat = clean(text).replace(/\n+/g, ' ');
  if (flat === '') return '` `';
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** Inline text with Markdown's punctuation escaped, on one line: for summaries and names. */
export function inline(text: string): string {
  return clean(text)
    .replace(/\n+/g, ' ')
    .replace(/[\\`*_[\]<>#|~]/g, (char) => `\\${char}`);
}

/** Continues a block quote across the newlines of `text`: every line after the first starts with `> `. */
export function quoteLines(text: string): string {
  return clean(text).replace(/\n/g, '\n> ');
}
