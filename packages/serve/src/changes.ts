import type { DiffLine, FileEdit } from '@x/core';
import { escapeHtml } from '@x/renderer-html';
import { redactSecrets } from '@x/sessions';
import type { EditRecord, SessionSummary } from './session-summary.js';

/** One file's changes across a session, in the order they were made. */
export interface FileChanges {
  path: string;
  /** What happened to it overall: the first change (created) unless a later one deleted it. */
  change: FileEdit['change'];
  steps: { eventIndex: number; turn: number; edit: FileEdit }[];
  added: number;
  removed: number;
}

/** Every file a session created, edited, moved or deleted, with its changes first to last, in the order files were first touched. */
export function changesByFile(edits: readonly EditRecord[]): FileChanges[] {
  const files = new Map<string, FileChanges>();
  for (const record of edits) {
    for (const edit of record.edits) {
      const file = files.get(edit.path) ?? { path: edit.path, change: edit.change, steps: [], added: 0, removed: 0 };
      files.set(edit.path, file);
      file.steps.push({ eventIndex: record.eventIndex, turn: record.turn, edit });
      file.added += edit.added;
      file.removed += edit.removed;
      if (edit.change === 'deleted' || edit.change === 'moved') file.change = edit.change;
    }
  }
  return [...files.values()];
}

function lineHtml(line: DiffLine, redact: boolean): string {
  const marker = line.kind === 'add' ? '+' : line.kind === 'remove' ? '-' : line.kind === 'hunk' ? '' : ' ';
  const text = redact ? redactSecrets(line.text) : line.text;
  return `<span class="${line.kind}">${escapeHtml(marker + text)}</span>`;
}

function editHtml(edit: FileEdit, redact: boolean): string {
  if (edit.content !== undefined) {
    const content = redact ? redactSecrets(edit.content) : edit.content;
    return `<pre class="x-diff">${content
      .split('\n')
      .map((l) => `<span class="add">${escapeHtml(`+${l}`)}</span>`)
      .join('\n')}</pre>`;
  }
  if (edit.lines.length === 0)
    return `<p>${escapeHtml(edit.change)}${edit.movedTo === undefined ? '' : ` to ${escapeHtml(redact ? redactSecrets(edit.movedTo) : edit.movedTo)}`}</p>`;
  // Lines core counted but did not make (an edit past its kept lines) are said, not shown.
  const omitted = edit.omittedLines ?? 0;
  const more = omitted === 0 ? '' : `\n<span class="hunk">… ${omitted.toLocaleString('en-US')} more ${omitted === 1 ? 'line' : 'lines'}</span>`;
  return `<pre class="x-diff">${edit.lines.map((l) => lineHtml(l, redact)).join('\n')}${more}</pre>`;
}

/**
 * One diff per file, first change to last: the edits' hunks in the order
 * they were made, each linking to the call that made it. Edit events carry
 * the changed text, not the whole file, so the hunks are shown as recorded
 * rather than merged into one file-wide diff.
 */
export function fileChangesHtml(files: readonly FileChanges[], redact: boolean, transcriptHref: string): string {
  if (files.length === 0) return '<p>This session changed no file.</p>';
  return files
    .map((file) => {
      const path = escapeHtml(redact ? redactSecrets(file.path) : file.path);
      const steps = file.steps
        .map((s) => `<p><a href="${transcriptHref}#e${s.eventIndex}">turn ${s.turn}, event ${s.eventIndex}</a></p>${editHtml(s.edit, redact)}`)
        .join('\n');
      return `<details class="x-file" open><summary><code>${path}</code> ${escapeHtml(file.change)} +${file.added} −${file.removed}</summary>${steps}</details>`;
    })
    .join('\n');
}

/** The changes tab's body: every file, then the same changes turn by turn. */
export function changesBodyHtml(summary: SessionSummary, redact: boolean, transcriptHref: string): string {
  const parts = ['<h2>Files</h2>', fileChangesHtml(changesByFile(summary.edits), redact, transcriptHref)];
  const turns = [...new Set(summary.edits.map((e) => e.turn))];
  if (turns.length > 0) parts.push('<h2>By turn</h2>');
  for (const turn of turns) {
    parts.push(`<section class="x-turn-changes" id="ct${turn}"><h3><a href="${transcriptHref}#t${turn}">Turn ${turn}</a></h3>`);
    parts.push(fileChangesHtml(changesByFile(summary.edits.filter((e) => e.turn === turn)), redact, transcriptHref));
    parts.push('</section>');
  }
  if (summary.editsCut) parts.push('<p class="notice warning">Later edits were left out: this session\'s edits pass the size the server keeps.</p>');
  return parts.join('\n');
}
