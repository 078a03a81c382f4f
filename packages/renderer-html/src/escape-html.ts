const SPECIAL = /["&'<>]/;

/**
 * Escapes `& < > " '` so that a string is inert both as element text and
 * inside a quoted attribute value. Every string that comes from an event goes
 * through here before it reaches the output.
 */
export function escapeHtml(text: string): string {
  // Typed as a string, but events from outside may not have been validated.
  if (typeof text !== 'string') return text === undefined || text === null ? '' : escapeHtml(String(text));
  const first = SPECIAL.exec(text);
  if (first === null) return text;
  // A scan from the first special character, copying runs by slice: escaping is on the hot path of every event.
  let out = '';
  let last = 0;
  for (let i = first.index; i < text.length; i += 1) {
    let entity: string;
    switch (text.charCodeAt(i)) {
      case 34:
        entity = '&quot;';
        break;
      case 38:
        entity = '&amp;';
        break;
      case 39:
        entity = '&#39;';
        break;
      case 60:
        entity = '&lt;';
        break;
      case 62:
        entity = '&gt;';
        break;
      default:
        continue;
    }
    if (last !== i) out += text.slice(last, i);
    out += entity;
    last = i + 1;
  }
  return last === text.length ? out : out + text.slice(last);
}
