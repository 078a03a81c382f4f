import type { DisplayEvent } from './display-event.js';
import type { RunAggregator, RunOutcome } from './run-outcome.js';
import { createRunAggregator } from './run-outcome.js';

/**
 * A read-only view of a run's one aggregate: what a renderer reads (the
 * turn heading's number, the footer's figures) instead of folding the events
 * a second time. `runPipeline` folds each event into its {@link RunAggregator}
 * and then writes the event with the aggregator as this view
 * (`Renderer.write(event, run)`), so the view already holds the event it is
 * handed with, and every event before it. A `RunAggregator` is a `RunView`.
 */
export interface RunView {
  /** The turns opened so far (`RunOutcome.turns`). */
  readonly turns: number;
  /** The outcome so far. Its call and file lists may be empty: read only the figures and counts. */
  outcome(): RunOutcome;
}

/**
 * How a renderer reads the run, one object per renderer: the view its caller
 * hands with each event, or, for a renderer written to without one (used on
 * its own, or behind a wrapper that hands none on), one it folds itself from
 * the events it is written, with core's aggregator and without a list of
 * calls. Either way the renderer reads one aggregate and keeps no rule of
 * its own.
 */
export interface RunFollower {
  /**
   * Hears one event the renderer was written, with the view it came with.
   * Returns whether the event opened a turn: whether the run's turn count
   * passed the one seen at the event before.
   */
  see(event: DisplayEvent, run: RunView | undefined): boolean;
  /** The view to read now: `run` when given, else the last one handed, else the follower's own. */
  view(run?: RunView): RunView;
}

/** A follower's explicit state. */
interface FollowerState {
  /** The last view the caller handed. */
  handed: RunView | undefined;
  /** Folded only while the caller hands no view. */
  own: RunAggregator | undefined;
  /** The turn count at the last event seen. */
  turnsSeen: number;
}

function ownView(state: FollowerState): RunAggregator {
  state.own ??= createRunAggregator({ listCalls: false });
  return state.own;
}

function see(state: FollowerState, event: DisplayEvent, run: RunView | undefined): boolean {
  let view: RunView;
  if (run !== undefined) {
    state.handed = run;
    view = run;
  } else {
    const own = ownView(state);
    own.push(event);
    view = own;
  }
  const turns = view.turns;
  const opened = turns > state.turnsSeen;
  state.turnsSeen = turns;
  return opened;
}

/** Creates a {@link RunFollower}: a renderer's one way to read its run. */
export function createRunFollower(): RunFollower {
  const state: FollowerState = { handed: undefined, own: undefined, turnsSeen: 0 };
  return {
    see: (event, run) => see(state, event, run),
    view: (run) => run ?? state.handed ?? ownView(state),
  };
}
