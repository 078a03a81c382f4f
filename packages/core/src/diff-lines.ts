/** One line of a diff: added (`+`), removed (`-`), unchanged context, or a hunk header (`@@ ...`). */
export interface DiffLine {
  kind: 'add' | 'remove' | 'context' | 'hunk';
  /** The line without its marker and without its newline. */
  text: string;
}

/**
 * The diff lines one file edit keeps. Every renderer shows a few hundred at
 * most, and each line is an object and a string: an edit of a million lines
 * (an 8 MB string in one tool call) took seconds and hundreds of megabytes to
 * lay out whole. Past this many, lines are counted, not made.
 */
export const MAX_KEPT_DIFF_LINES = 2000;

/** A diff being gathered: the lines kept, and every line counted, kept or not. */
export interface DiffLines {
  readonly lines: DiffLine[];
  /** How many lines it keeps at most. */
  readonly keep: number;
  added: number;
  removed: number;
  /** Lines counted but not kept (past `keep`). */
  omitted: number;
}

/** An empty diff that keeps at most `keep` lines. */
export function emptyDiff(keep = MAX_KEPT_DIFF_LINES): DiffLines {
  return { lines: [], keep, added: 0, removed: 0, omitted: 0 };
}

function count(diff: DiffLines, kind: DiffLine['kind'], n: number): void {
  if (kind === 'add') diff.added += n;
  else if (kind === 'remove') diff.removed += n;
}

/** Counts one line, and keeps it while there is room. */
export function keepLine(diff: DiffLines, kind: DiffLine['kind'], text: string): void {
  count(diff, kind, 1);
  if (diff.lines.length < diff.keep) diff.lines.push({ kind, text });
  else diff.omitted += 1;
}

/**
 * Where each line of a text starts, as `splitLines` cuts it (at LF; a final
 * LF ends the last line rather than starting an empty one), with one more
 * entry past the last line's end: line `i` runs from `starts[i]` to the LF
 * at `starts[i + 1] - 1` (or the text's end), less a CR before that LF. Four
 * bytes a line, and no string is made.
 */
export function lineStarts(text: string): Int32Array {
  if (text === '') return new Int32Array(1);
  let breaks = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) breaks += 1;
  const lines = text.endsWith('\n') ? breaks : breaks + 1;
  const starts = new Int32Array(lines + 1);
  let from = 0;
  for (let line = 0; line < lines; line++) {
    starts[line] = from;
    const lf = text.indexOf('\n', from);
    from = lf === -1 ? text.length + 1 : lf + 1;
  }
  starts[lines] = from;
  return starts;
}

/** The end (exclusive) of line `i`: before its LF, and before a CR that precedes that LF. */
export function lineEnd(text: string, starts: Int32Array, i: number): number {
  const end = (starts[i + 1] as number) - 1;
  return end < text.length && end > (starts[i] as number) && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
}

/** Counts lines `from` to `to` of `text` (as {@link lineStarts} found them), keeping those there is room for. */
export function keepRange(diff: DiffLines, kind: DiffLine['kind'], text: string, starts: Int32Array, from: number, to: number): void {
  const room = Math.max(0, Math.min(to - from, diff.keep - diff.lines.length));
  for (let i = from; i < from + room; i++) diff.lines.push({ kind, text: text.slice(starts[i], lineEnd(text, starts, i)) });
  count(diff, kind, Math.max(0, to - from));
  diff.omitted += Math.max(0, to - from - room);
}

/** Adds the lines of `other` after those of `diff`, as far as there is room; its omitted lines stay counted. */
export function appendDiff(diff: DiffLines, other: DiffLines): void {
  for (const line of other.lines) {
    if (diff.lines.length < diff.keep) diff.lines.push(line);
    else diff.omitted += 1;
  }
  diff.added += other.added;
  diff.removed += other.removed;
  diff.omitted += other.omitted;
}

/** Whether line `i` of `a` and line `j` of `b` hold the same text, compared in place. */
function sameLine(a: string, aStarts: Int32Array, i: number, b: string, bStarts: Int32Array, j: number): boolean {
  const aStart = aStarts[i] as number;
  const bStart = bStarts[j] as number;
  const length = lineEnd(a, aStarts, i) - aStart;
  if (lineEnd(b, bStarts, j) - bStart !== length) return false;
  for (let k = 0; k < length; k++) if (a.charCodeAt(aStart + k) !== b.charCodeAt(bStart + k)) return false;
  return true;
}

/**
 * The diff of two texts without a search for the shortest one: the lines
 * both share at either end as context, and every line between them removed,
 * then added. Neither text is split: lines are found by their offsets and
 * compared in place, and only the lines kept become strings, so an edit of
 * a million lines costs a pass over its characters, not a million objects.
 */
export function unsearchedDiff(before: string, after: string, keep: number): DiffLines {
  const old = lineStarts(before);
  const now = lineStarts(after);
  const oldLines = old.length - 1;
  const nowLines = now.length - 1;
  let head = 0;
  while (head < oldLines && head < nowLines && sameLine(before, old, head, after, now, head)) head += 1;
  let tail = 0;
  while (tail < oldLines - head && tail < nowLines - head && sameLine(before, old, oldLines - 1 - tail, after, now, nowLines - 1 - tail)) tail += 1;
  const diff = emptyDiff(keep);
  keepRange(diff, 'context', before, old, 0, head);
  keepRange(diff, 'remove', before, old, head, oldLines - tail);
  keepRange(diff, 'add', after, now, head, nowLines - tail);
  keepRange(diff, 'context', before, old, oldLines - tail, oldLines);
  return diff;
}

/**
 * A unified diff's body (`@@`, `+`, `-`, ` ` lines) as diff lines; file
 * headers (`+++`, `---`) and other lines are skipped. Read in place, as
 * {@link unsearchedDiff} reads its texts.
 */
export function unifiedDiff(patch: string, keep: number): DiffLines {
  const starts = lineStarts(patch);
  const diff = emptyDiff(keep);
  for (let i = 0; i < starts.length - 1; i++) {
    const start = starts[i] as number;
    const end = lineEnd(patch, starts, i);
    // A prefix cannot run past the line: what follows it is an LF (or a CR before one), never a marker.
    if (patch.startsWith('+++', start) || patch.startsWith('---', start)) continue;
    const first = end > start ? patch[start] : '';
    if (patch.startsWith('@@', start)) keepText(diff, 'hunk', patch, start, end);
    else if (first === '+') keepText(diff, 'add', patch, start + 1, end);
    else if (first === '-') keepText(diff, 'remove', patch, start + 1, end);
    else if (first === ' ') keepText(diff, 'context', patch, start + 1, end);
  }
  return diff;
}

/** {@link keepLine} for a part of `text`, which becomes a string only when it is kept. */
function keepText(diff: DiffLines, kind: DiffLine['kind'], text: string, start: number, end: number): void {
  if (diff.lines.length < diff.keep) keepLine(diff, kind, text.slice(start, end));
  else {
    count(diff, kind, 1);
    diff.omitted += 1;
  }
}
