/**
 * What one wire line is, before any JSON is read. OpenCode output reaches us
 * as bare JSON lines (`run --format json`, or bus events saved one per line)
 * or as server-sent events from `/event`, where each event is a `data:` line
 * surrounded by optional `event:`/`id:`/`retry:` fields, `:` comments and
 * blank separators.
 */
export type FramedLine =
  | { kind: 'json'; text: string }
  | { kind: 'sse-field'; field: string }
  | { kind: 'sse-comment' }
  | { kind: 'blank' };

const SSE_FIELDS = ['event', 'id', 'retry'] as const;

/** Splits the SSE framing off a line; a line that is not SSE framing is taken as JSON text. */
export function frameLine(line: string): FramedLine {
  const first = line.charCodeAt(0);
  // `{` first is by far the common case (bare JSON); test it before anything else.
  if (first === 123) return { kind: 'json', text: line };
  if (line.startsWith('data:')) {
    // The SSE spec strips exactly one space after the colon.
    return { kind: 'json', text: line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5) };
  }
  if (first === 58) return { kind: 'sse-comment' };
  if (line.trim() === '') return { kind: 'blank' };
  for (const field of SSE_FIELDS) {
    if (line.startsWith(field) && (line.length === field.length || line.charCodeAt(field.length) === 58)) {
      return { kind: 'sse-field', field };
    }
  }
  return { kind: 'json', text: line };
}
