import type { DisplayOutputBuilder, RunView } from '@x/core';
import { flushMarkdown, line, writeLaidOut, type RenderState } from './render-state.js';
import { runFooter } from './run-footer.js';
import { markerSegments } from './tool-lines.js';

/** Verbose mode: the calls left without a result, a cut-off warning and the footer. */
function verboseEnd(state: RenderState, run: RunView | undefined): void {
  const { colors } = state;
  const outcome = state.run.view(run).outcome();
  const incomplete = outcome.statusReported && outcome.status === 'incomplete';
  // A run that ended properly can still leave calls without results: a
  // post-response provider reports calls the client has yet to run.
  const cutOff = !outcome.statusReported || incomplete;
  for (const call of state.calls.values()) {
    line(state, call.depth, [['⋯ ', colors.yellow], ...markerSegments(state, call.view), [cutOff ? ' (unfinished)' : ' (no result in this run)', colors.yellow]]);
  }
  if (cutOff && (state.calls.size > 0 || incomplete)) line(state, 0, [['! the run ended without its final line', colors.yellow]]);
  const columns = state.width();
  const footer = runFooter(outcome, columns === undefined ? undefined : columns - 2);
  if (footer !== undefined) line(state, 0, [[`∎ ${footer}`, colors.dim]]);
  flushMarkdown(state);
  if (!state.atLineStart) state.out += '\n';
}

/** Lays out what the end of the run adds, reading the footer from `run` when handed; the caller writes `state.out`. */
export function runEnd(state: RenderState, builder: DisplayOutputBuilder, run: RunView | undefined): void {
  if (state.verbose) {
    verboseEnd(state, run);
  } else if (state.md !== undefined) {
    writeLaidOut(state, state.md.push(builder.end()));
    flushMarkdown(state);
  } else {
    state.out += builder.end();
  }
  state.calls.clear();
}
