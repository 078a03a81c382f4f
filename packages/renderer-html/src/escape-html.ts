const SPECIALS = /["&'<>]/g;

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
    default:
      return '&gt;';
  }
}

/**
 * Escapes `& < > " '` so that a string is inert both as element text and
 * inside a quoted attribute value. Every string that comes from an event goes
 * through here before it reaches the output.
 */
export function escapeHtml(text: string): string {
  // Typed as a string, but events from outside may not have been validated.
  if (typeof text !== 'string') return text === undefined || text === null ? '' : escapeHtml(String(text));
  // The special characters are found by a native regex scan, the text
  // between them copied by slice: escaping is on the hot path of every event
  // and of every tool's full output, and this is about twice as fast on
  // code and logs as a JavaScript loop over every character (x-bench).
  SPECIALS.lastIndex = 0;
  let out = '';
  let last = 0;
  for (let match = SPECIALS.exec(text); match !== null; match = SPECIALS.exec(text)) {
    const at = match.index;
    out += text.slice(last, at) + entity(text.charCodeAt(at));
    last = at + 1;
  }
  return last === 0 ? text : out + text.slice(last);
}
