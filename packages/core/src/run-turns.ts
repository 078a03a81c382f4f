/*
 * The one meaning of a turn (docs/turns.md): one prompt the person typed and
 * everything the agent did until the next one. Every surface counts by it:
 * `RunOutcome.turns`, the terminal footer, `--summary`, the HTML page's turn
 * sections, and the session listing's rows (which count prompts in a log
 * without making events, and pass their count through `countTurns`). The
 * model's inner round trips are steps, not turns; what a provider's session
 * end calls a turn differs (Codex counts prompts, Claude and Copilot the
 * model's rounds) and is not used.
 */

/**
 * The number of turns of a run that holds `prompts` prompts the person typed
 * (top-level `prompt` events of form `prompt`) and, when `shown`, anything at
 * all to show. Each prompt opens a turn. What comes before the first prompt
 * (a banner, a slash command, output of a CLI that does not echo the prompt)
 * belongs to the first turn, so a run with output and no prompt is one turn,
 * and a run with nothing to show is none. Slash commands and interruptions
 * are the person's too, but act within a turn: they open none.
 *
 * @example
 * ```ts
 * countTurns(0, true); // 1: a CLI's stdout, no prompt echoed
 * countTurns(3, true); // 3
 * countTurns(0, false); // 0: nothing to show
 * ```
 */
export function countTurns(prompts: number, shown: boolean): number {
  return Math.max(prompts, shown ? 1 : 0);
}

/** The counter's explicit state. */
export interface TurnState {
  /** Top-level prompts of form `prompt` seen so far. */
  prompts: number;
  /** Whether a visible event was seen. */
  shown: boolean;
}

/** A counter at no turn. */
export function createTurnState(): TurnState {
  return { prompts: 0, shown: false };
}

/**
 * Counts one visible event (text or reasoning that is not empty, a tool call
 * or result, an error, a notice, a prompt), in order; the caller has already
 * read its fields, and passes nothing for an event that is not visible.
 * `form` is a prompt event's form, `undefined` for other kinds. Takes the
 * fields rather than the event: events of every kind reach one place, where
 * each property read costs a lookup of its own (x-bench: most of the run
 * aggregator's time per event).
 */
export function countVisible(state: TurnState, parentToolUseId: unknown, form?: unknown): void {
  state.shown = true;
  // A subagent's prompt is the input of the call that started it, inside the person's turn.
  if (form === 'prompt' && parentToolUseId === undefined) state.prompts += 1;
}

/** The turns counted so far. */
export function turnsOf(state: TurnState): number {
  return countTurns(state.prompts, state.shown);
}
