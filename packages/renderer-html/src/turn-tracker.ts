import type { DisplayEvent } from '@x/core';

/**
 * Decides where a turn begins. Events carry no turn marker, so a turn is what
 * the agent says and calls after it has received tool results: the first
 * visible event opens turn 1, a prompt opens the next, and assistant output
 * (text, reasoning, a tool call) that follows a tool result opens the next. Subagent events
 * (`parentToolUseId`) stay in the turn of the call that started them.
 */
export interface TurnTracker {
  /** Whether this visible event opens a new turn; call it once per event, in order. */
  opensTurn(event: DisplayEvent): boolean;
  /** How many turns have been opened. */
  readonly count: number;
}

/** Creates a {@link TurnTracker}. */
export function createTurnTracker(): TurnTracker {
  let count = 0;
  let sawResult = false;
  return {
    opensTurn(event) {
      if (count === 0) {
        count = 1;
        sawResult = event.kind === 'tool-result' && event.parentToolUseId === undefined;
        return true;
      }
      if (event.parentToolUseId !== undefined) return false;
      // The person's prompt starts a turn of its own, whatever came before it.
      if (event.kind === 'prompt') {
        sawResult = false;
        count += 1;
        return true;
      }
      if (event.kind === 'tool-result') {
        sawResult = true;
        return false;
      }
      if (sawResult && (event.kind === 'text' || event.kind === 'reasoning' || event.kind === 'tool-use')) {
        sawResult = false;
        count += 1;
        return true;
      }
      return false;
    },
    get count() {
      return count;
    },
  };
}
