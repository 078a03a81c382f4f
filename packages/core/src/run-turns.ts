/*
 * Counts a run's turns by the one rule every surface uses (the HTML page's
 * turn headings, the terminal footer, `--summary`). Events carry no turn
 * marker, and what providers call a turn differs (Codex counts prompts,
 * Claude and Copilot the model's rounds), so turns are counted from the
 * events: the first visible event opens turn 1, a prompt opens the next, and
 * assistant output (text, reasoning, a tool call) that follows a tool result
 * opens the next. A subagent's events (`parentToolUseId`) stay in the turn of
 * the call that started them. Session and usage events, empty text and kinds
 * this version does not know are not visible and open nothing.
 */

/** The counter's explicit state. */
export interface TurnState {
  /** How many turns have been opened. */
  count: number;
  /** Whether a top-level tool result came since the agent last spoke. */
  sawResult: boolean;
}

/** A counter at no turn. */
export function createTurnState(): TurnState {
  return { count: 0, sawResult: false };
}

/**
 * Counts one visible event (text or reasoning that is not empty, a tool call
 * or result, an error, a notice, a prompt), in order; the caller has already
 * read its `kind` and `parentToolUseId`, and passes nothing for an event that
 * is not visible. Takes the fields rather than the event: events of every
 * kind reach one place, where each property read costs a lookup of its own
 * (x-bench: most of the run aggregator's time per event).
 */
export function countVisible(state: TurnState, kind: string, parentToolUseId: unknown): void {
  if (state.count === 0) {
    state.count = 1;
    state.sawResult = kind === 'tool-result' && parentToolUseId === undefined;
    return;
  }
  if (parentToolUseId !== undefined) return;
  // The person's prompt starts a turn of its own, whatever came before it.
  if (kind === 'prompt') {
    state.sawResult = false;
    state.count += 1;
  } else if (kind === 'tool-result') {
    state.sawResult = true;
  } else if (state.sawResult && (kind === 'text' || kind === 'reasoning' || kind === 'tool-use')) {
    state.sawResult = false;
    state.count += 1;
  }
}
