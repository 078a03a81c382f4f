import { fileEditsOf, type DiffLine, type FileEdit, type ToolUseDisplayEvent } from '@x/core';
import { clipText, MAX_SHOWN_CHARS, omittedHtml } from './clip-text.js';
import { escapeHtml, escapeHtmlText } from './escape-html.js';
import { highlightCode, type Highlighter } from './highlight.js';
import { languageForPath } from './language-class.js';

/*
 * Each diff line carries its marker as text (`+`, `-`, a space) as well as a
 * class that colours it, so the change reads without colour too (a printout,
 * a screen reader, a colour-blind reader).
 */
const LINE_MARK: Readonly<Record<DiffLine['kind'], [mark: string, cls: string]>> = {
  add: ['+', 'diff-add'],
  remove: ['-', 'diff-del'],
  context: [' ', 'diff-ctx'],
  hunk: ['', 'diff-hunk'],
};

/** The diff lines a page shows per edit; past it a line says how many more there are. */
const MAX_DIFF_LINES = 400;

/** The editing tools whose input is read for a diff: an `edit` call of any provider. */
export function editsOfCall(use: ToolUseDisplayEvent | undefined): FileEdit[] {
  return use === undefined || use.toolKind !== 'edit' ? [] : fileEditsOf(use.input);
}

function lines(n: number): string {
  return `${n} ${n === 1 ? 'line' : 'lines'}`;
}

/** `+3 -1`, the added and removed lines of all edits, as the summary shows them; `''` when nothing was counted. */
export function diffStatHtml(edits: readonly FileEdit[]): string {
  if (edits.length === 0) return '';
  const added = edits.reduce((sum, edit) => sum + edit.added, 0);
  const removed = edits.reduce((sum, edit) => sum + edit.removed, 0);
  if (added === 0 && removed === 0) return '';
  return ` <span class="diff-stat" aria-label="${lines(added)} added, ${removed} removed"><span class="added">+${added}</span> <span class="removed">-${removed}</span></span>`;
}

function diffLinesHtml(lines: readonly DiffLine[], omitted: number): string {
  let out = '';
  let budget = MAX_SHOWN_CHARS;
  let shownLines = 0;
  for (const line of lines.slice(0, MAX_DIFF_LINES)) {
    if (budget <= 0) break;
    const [mark, cls] = LINE_MARK[line.kind];
    const { shown, omitted } = clipText(line.text, budget);
    budget -= shown.length;
    const cut = omitted === 0 ? '' : ` … ${omitted.toLocaleString('en-US')} more characters not shown`;
    out += `<span class="${cls}">${mark}${escapeHtmlText(shown)}${cut}</span>\n`;
    shownLines += 1;
  }
  // Lines core counted but did not make (an edit past its kept lines) are more lines not shown.
  const more = lines.length - shownLines + omitted;
  if (more > 0) out += `<span class="diff-hunk">… ${more} more ${more === 1 ? 'line' : 'lines'}</span>\n`;
  return out;
}

function editHtml(edit: FileEdit, highlight: Highlighter): string {
  const moved = edit.movedTo === undefined ? '' : ` → <code>${escapeHtml(edit.movedTo)}</code>`;
  const label = `<p class="label">${escapeHtml(edit.change)} <code>${escapeHtml(edit.path)}</code>${moved}</p>`;
  if (edit.content !== undefined) {
    const language = languageForPath(edit.path);
    const { shown, omitted } = clipText(edit.content);
    return `${label}<pre class="tool-file"><code class="language-${language}">${highlight(shown, language)}</code></pre>${omittedHtml(omitted)}`;
  }
  if (edit.lines.length === 0) return label;
  return `${label}<pre class="diff"><code>${diffLinesHtml(edit.lines, edit.omittedLines ?? 0)}</code></pre>`;
}

/**
 * The edits of a call in place of its JSON input: a unified diff per file,
 * added and removed lines marked, or the whole content of a written file,
 * highlighted by its extension. `''` when the call describes no edit.
 */
export function fileEditsHtml(edits: readonly FileEdit[], highlight: Highlighter = highlightCode): string {
  return edits.map((edit) => editHtml(edit, highlight)).join('');
}
