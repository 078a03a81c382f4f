import type { LineContext } from './source.js';

/**
 * One line of a stream with its server-sent-event framing taken off. Agents'
 * output reaches @x as bare JSON lines, or as SSE (`data: <json>` frames,
 * `:` comments used as keep-alives, `event:`/`id:`/`retry:` fields), or
 * mixed; a line without framing is data as it is.
 */
export type SseLine = { kind: 'data'; text: string } | { kind: 'comment' } | { kind: 'field'; name: string };

const OTHER_FIELDS = ['event', 'id', 'retry'] as const;

/**
 * Takes the SSE framing off one line (the pipeline has split lines and
 * dropped blank ones). JSON, the common case, is decided on its first
 * character: `{`, `[`, `}`, `]`, `"` or indentation.
 */
export function unframeSseLine(line: string): SseLine {
  const first = line.charCodeAt(0);
  if (first === 0x7b || first === 0x5b || first === 0x7d || first === 0x5d || first === 0x22 || first === 0x20) {
    return { kind: 'data', text: line };
  }
  if (first === 0x3a) return { kind: 'comment' };
  if (line.startsWith('data:')) {
    // The SSE specification strips exactly one space after the colon.
    return { kind: 'data', text: line.charCodeAt(5) === 0x20 ? line.slice(6) : line.slice(5) };
  }
  for (const name of OTHER_FIELDS) {
    // A field line is `name:value`, or the bare name for an empty value.
    if (line.startsWith(name) && (line.length === name.length || line.charCodeAt(name.length) === 0x3a)) return { kind: 'field', name };
  }
  return { kind: 'data', text: line };
}

/**
 * The data of one line with its SSE framing taken off, or `undefined` after
 * telling `context` why the line carries none (a keep-alive comment, an
 * `event:`/`id:`/`retry:` field): the one place a source handles framing.
 */
export function sseLineData(line: string, context: LineContext): string | undefined {
  const framed = unframeSseLine(line);
  if (framed.kind === 'comment') {
    context.ignore('SSE comment (keep-alive)');
    return undefined;
  }
  if (framed.kind === 'field') {
    context.ignore(`SSE ${framed.name} field`);
    return undefined;
  }
  return framed.text;
}
