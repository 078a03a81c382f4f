import type { DisplayEvent, DisplayEventSource, RunAggregator, RunView } from '@x/core';
import { createRunAggregator } from '@x/core';

/**
 * The run's aggregate as xview hands it to its one renderer (`RunView`, the
 * second argument of `write` and `end`), so that no renderer folds the events
 * again. Each input is folded once by its pipeline: that input's outcome is
 * what `--summary`, the exit code and the outcome line read. The renderer
 * spans every input, and reads:
 * - with one input, that input's aggregate itself: the run is folded once;
 * - with several, one aggregate that spans them (its turns numbered across
 *   the inputs, its footer over all of them), folded from the events the
 *   renderer is written;
 * - behind `--redact`, what it folds itself: the redacting wrapper holds
 *   events back and hands no view on, so the renderer folds the events in
 *   the order it is written them, and no spanning aggregate is kept for it.
 */
export interface RunAggregate {
  /** The aggregate over every input, kept only when there are several and the renderer is handed it. */
  readonly spanning: RunAggregator | undefined;
  /** The aggregate of the input being read (or last read), created by {@link inputAggregator}. */
  current: RunAggregator | undefined;
}

/** The aggregate of a run over `inputs` inputs. */
export function createRunAggregate(inputs: number, redacting: boolean): RunAggregate {
  return { spanning: inputs > 1 && !redacting ? createRunAggregator({ listCalls: false }) : undefined, current: undefined };
}

/**
 * The aggregate one input's pipeline folds into (`runPipeline`'s
 * `aggregator`): it lists calls only for a renderer that asked for them
 * (`--summary`), and judges drift against the input's source.
 */
export function inputAggregator(state: RunAggregate, source: DisplayEventSource, listCalls: boolean): RunAggregator {
  state.current = createRunAggregator({ listCalls, testedUpTo: source.testedUpTo });
  return state.current;
}

/**
 * What the renderer is handed with `event`, which the input's pipeline has
 * folded already: the spanning aggregate, `event` folded into it first, else
 * the input's own.
 */
export function viewOf(state: RunAggregate, event: DisplayEvent): RunView | undefined {
  const { spanning } = state;
  if (spanning === undefined) return state.current;
  spanning.push(event);
  return spanning;
}

/** An event xview writes to the renderer itself, after the inputs (the interruption notice): folded into the view it is handed with. */
export function viewOfOwnEvent(state: RunAggregate, event: DisplayEvent): RunView | undefined {
  const view = state.spanning ?? state.current;
  view?.push(event);
  return view;
}

/** What the renderer is handed at its end. */
export function endView(state: RunAggregate): RunView | undefined {
  return state.spanning ?? state.current;
}
