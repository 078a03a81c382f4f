import type { DiffLine, FileEdit } from '@x/core';
import type { Colors } from './color-support.js';
import { sanitizeLine } from './sanitize.js';
import type { Segment } from './styled-line.js';

/** How many diff lines `--show-content` shows per call; past it a line says how many more there are. */
export const MAX_DIFF_LINES = 40;

/** `(+3 -1)`, the added and removed lines of a call's edits, coloured; `[]` when it has none to count. */
export function diffStatSegments(edits: readonly FileEdit[], colors: Colors): Segment[] {
  if (edits.length === 0) return [];
  const added = edits.reduce((sum, edit) => sum + edit.added, 0);
  const removed = edits.reduce((sum, edit) => sum + edit.removed, 0);
  if (added === 0 && removed === 0) return [];
  return [[' ('], [`+${added}`, colors.green], [' '], [`-${removed}`, colors.red], [')']];
}

/**
 * The most characters of one line `--show-content` prints. A call's preview is
 * worked out when the call starts and kept until its result, so a generated
 * file of one 5 MB line would otherwise be held, and printed, whole.
 */
export const MAX_PREVIEW_LINE_CHARS = 2000;

/** A line of a file or diff as the preview prints it: tabs expanded, cut with `…`, made safe. */
function previewText(text: string): string {
  const cut = text.length > MAX_PREVIEW_LINE_CHARS ? `${text.slice(0, MAX_PREVIEW_LINE_CHARS)}…` : text;
  return sanitizeLine(cut.replaceAll('\t', '    '));
}

const MARK: Readonly<Record<DiffLine['kind'], string>> = { add: '+ ', remove: '- ', context: '  ', hunk: '' };

function diffLineSegments(line: DiffLine, colors: Colors): Segment[] {
  const style = line.kind === 'add' ? colors.green : line.kind === 'remove' ? colors.red : colors.dim;
  // The marker says it without colour too: a pipe, a screen reader.
  return [[`${MARK[line.kind]}${previewText(line.text)}`.trimEnd(), style]];
}

/**
 * The lines `--show-content` shows under an edit: per file, a header when
 * the call touched several, then its diff or the start of the content it
 * wrote, at most `limit` lines in all and a count of the rest.
 */
export function editPreviewLines(edits: readonly FileEdit[], colors: Colors, contentLines: number): Segment[][] {
  const lines: Segment[][] = [];
  let hidden = 0;
  const push = (line: Segment[]): void => {
    if (lines.length < MAX_DIFF_LINES) lines.push(line);
    else hidden += 1;
  };
  for (const edit of edits) {
    if (edits.length > 1 || (edit.lines.length === 0 && edit.content === undefined)) push([[`${edit.change} ${sanitizeLine(edit.path)}${edit.movedTo === undefined ? '' : ` → ${sanitizeLine(edit.movedTo)}`}`, colors.dim]]);
    if (edit.content !== undefined) {
      const content = edit.content.split(/\r?\n/);
      if (content[content.length - 1] === '') content.pop();
      content.slice(0, contentLines).forEach((text) => push([[`+ ${previewText(text)}`.trimEnd(), colors.green]]));
      hidden += Math.max(0, content.length - contentLines);
    }
    for (const line of edit.lines) push(diffLineSegments(line, colors));
    // Lines core counted but did not make (an edit past its kept lines) are among those not shown.
    hidden += edit.omittedLines ?? 0;
  }
  if (hidden > 0) lines.push([[`⋮ ${hidden} more ${hidden === 1 ? 'line' : 'lines'}`, colors.dim]]);
  return lines;
}
