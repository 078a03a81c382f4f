import { fileEditsOf, summarizeToolResult, type ToolResultDetails, type ToolResultDisplayEvent, type ToolUseDisplayEvent } from '@x/core';
import { diffStatSegments, editPreviewLines } from './edit-lines.js';
import { field, str } from './fields.js';
import { depthOf, indentOf, line, type OpenCall, type RenderState } from './render-state.js';
import { sanitizeLine } from './sanitize.js';
import type { Segment } from './styled-line.js';
import { toolGlyph } from './tool-marker.js';

const EMPTY_DETAILS: ToolResultDetails = {};

/** A call's marker: glyph, name, an edit's `(+n -m)` and its argument. */
export function markerSegments(state: RenderState, call: Pick<OpenCall, 'glyph' | 'name' | 'arg'> & { stat?: Segment[] }): Segment[] {
  const { colors } = state;
  return [[call.glyph, colors.cyan], [' '], [call.name, colors.bold], ...(call.stat ?? []), [call.arg === '' ? '' : ` ${call.arg}`]];
}

/** How many lines `text` holds from `start` on, not counting a final newline. */
function linesFrom(text: string, start: number): number {
  let count = 1;
  for (let at = text.indexOf('\n', start); at !== -1 && at < text.length - 1; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
}

/** Remembers a call (for the status line and its result); in verbose mode, writes its marker. */
export function toolUseLines(state: RenderState, event: ToolUseDisplayEvent): void {
  const { colors, verbose, showContent } = state;
  const id = str(event.id);
  const depth = depthOf(state, event.parentToolUseId);
  const edits = verbose && event.toolKind === 'edit' ? fileEditsOf(event.input) : [];
  const call: OpenCall = {
    glyph: toolGlyph(str(event.name), event.toolKind),
    name: field(event.name),
    arg: field(event.arg),
    indent: indentOf(state, depth),
    startedAt: state.now(),
    stat: diffStatSegments(edits, colors),
    preview: showContent && edits.length > 0 ? editPreviewLines(edits, colors, state.contentLines) : [],
  };
  state.calls.open(event, call);
  state.callsChanged = true;
  if (!verbose) return;
  line(state, depth, markerSegments(state, call));
  state.lastMarkerId = id;
}

/** The first lines of a Read result, and how many more it has. */
function contentPreview(state: RenderState, depth: number, event: ToolResultDisplayEvent): void {
  const { colors, contentLines } = state;
  if (event.outputState === 'empty') return line(state, depth, [['(empty file)', colors.dim]]);
  if (event.outputState === 'unavailable') return line(state, depth, [['(could not read the file content)', colors.yellow]]);
  const output = str(event.output);
  let start = 0;
  for (let shown = 0; shown < contentLines && start < output.length; shown += 1) {
    const newline = output.indexOf('\n', start);
    const end = newline === -1 ? output.length : newline;
    const text = output.slice(start, output[end - 1] === '\r' ? end - 1 : end);
    line(state, depth, [[sanitizeLine(text.replaceAll('\t', '    ')), colors.dim]]);
    start = newline === -1 ? output.length : newline + 1;
  }
  if (start < output.length) {
    const more = linesFrom(output, start);
    line(state, depth, [[`⋮ ${more} more ${more === 1 ? 'line' : 'lines'}`, colors.dim]]);
  }
}

// Parallel calls finish out of order: a result that does not follow its own
// marker names its call, once: by its glyph alone when the summary already
// names what it worked on (`✓ » Read a.ts (12 chars)`), else by its argument.
// A result that says another input ran than its marker shows (`arg`) names
// that input, even right under the marker: what ran is what is shown.
function resultLabel(state: RenderState, id: string, call: OpenCall | undefined, event: ToolResultDisplayEvent, summary: string): Segment[] {
  const ran = typeof event.arg === 'string' ? field(event.arg) : undefined;
  const changed = ran !== undefined && ran !== call?.arg;
  if (state.lastMarkerId === id && !changed) return [];
  const { colors } = state;
  const glyph: Segment = [call?.glyph ?? toolGlyph(str(event.name), event.toolKind), colors.cyan];
  if (changed) return [glyph, [' ran '], [ran === '' ? '(no preview)' : ran, colors.bold], [': ']];
  const arg = call?.arg ?? '';
  if (arg === '' || summary.includes(arg)) return [glyph, [' ']];
  return [glyph, [' '], [arg, colors.bold], [': ']];
}

/** Forgets a finished call; in verbose mode, writes its summary line and what `showContent` adds. */
export function toolResultLines(state: RenderState, event: ToolResultDisplayEvent): void {
  const id = str(event.id);
  const recorded = state.calls.close(event.id);
  const call = recorded?.view;
  if (recorded !== undefined) state.callsChanged = true;
  if (!state.verbose) return;
  const { colors, showContent } = state;
  const ok = event.status === 'success';
  const summary = sanitizeLine(
    summarizeToolResult({
      name: str(event.name),
      toolKind: event.toolKind,
      status: ok ? 'success' : 'error',
      details: event.details !== null && typeof event.details === 'object' ? event.details : EMPTY_DETAILS,
      output: typeof event.output === 'string' ? event.output : undefined,
    }),
  );
  const depth = recorded?.depth ?? depthOf(state, event.parentToolUseId);
  const mark: Segment = [ok ? '✓' : '✗', ok ? colors.green : colors.red];
  line(state, depth + 1, [mark, [' '], ...resultLabel(state, id, call, event, summary), [summary, ok ? undefined : colors.red]]);
  if (showContent && ok && event.toolKind === 'read') contentPreview(state, depth + 2, event);
  if (showContent && call !== undefined) {
    for (const preview of call.preview) line(state, depth + 2, preview);
  }
}
