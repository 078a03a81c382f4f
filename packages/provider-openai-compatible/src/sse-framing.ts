/**
 * What one line of a response body is, once server-sent-event framing is
 * taken off. A body may be plain JSON (one document, pretty-printed or not),
 * NDJSON, or SSE (`data: <json>` frames, `data: [DONE]`, `: keep-alive`
 * comments and `event:`/`id:`/`retry:` fields).
 */
export type FramedLine =
  | { kind: 'payload'; text: string }
  | { kind: 'done' }
  | { kind: 'comment' }
  | { kind: 'field'; name: string };

const DONE = '[DONE]';
const OTHER_FIELDS = ['event', 'id', 'retry'] as const;

/**
 * Takes the SSE framing off one line. A line with no framing is a payload as
 * it is, so the same reader serves SSE, NDJSON and `curl` output alike.
 */
export function unframeLine(line: string): FramedLine {
  const first = line.charCodeAt(0);
  if (first === 0x5b && line.trim() === DONE) return { kind: 'done' };
  // `{`, `[`, `}`, `]`, `"` and indentation: JSON, the common case, decided on one character.
  if (first === 0x7b || first === 0x5b || first === 0x7d || first === 0x5d || first === 0x22 || first === 0x20) {
    return { kind: 'payload', text: line };
  }
  if (first === 0x3a) return { kind: 'comment' };
  if (line.startsWith('data:')) {
    const text = line.charCodeAt(5) === 0x20 ? line.slice(6) : line.slice(5);
    return text.trim() === DONE ? { kind: 'done' } : { kind: 'payload', text };
  }
  for (const name of OTHER_FIELDS) {
    if (line.startsWith(name) && line.charCodeAt(name.length) === 0x3a) return { kind: 'field', name };
  }
  return { kind: 'payload', text: line };
}
