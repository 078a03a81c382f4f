import type { DisplayEvent } from './display-event.js';

/**
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
export interface TurnCounter {
  /** Whether this event opens a new turn; call it once per event, in order. */
  opensTurn(event: DisplayEvent): boolean;
  /** How many turns have been opened. */
  readonly count: number;
}

function isVisible(event: DisplayEvent): boolean {
  switch (event.kind) {
    case 'text':
    case 'reasoning':
      return typeof event.text === 'string' && event.text !== '';
    case 'tool-use':
    case 'tool-result':
    case 'error':
    case 'notice':
    case 'prompt':
      return true;
    default:
      return false;
  }
}

/** The counter's explicit state. */
interface TurnState {
  count: number;
  /** Whether a top-level tool result came since the agent last spoke. */
  sawResult: boolean;
}

function opensTurn(state: TurnState, event: DisplayEvent): boolean {
  if (!isVisible(event)) return false;
  if (state.count === 0) {
    state.count = 1;
    state.sawResult = event.kind === 'tool-result' && event.parentToolUseId === undefined;
    return true;
  }
  if (event.parentToolUseId !== undefined) return false;
  // The person's prompt starts a turn of its own, whatever came before it.
  if (event.kind === 'prompt') {
    state.sawResult = false;
    state.count += 1;
    return true;
  }
  if (event.kind === 'tool-result') {
    state.sawResult = true;
    return false;
  }
  if (state.sawResult && (event.kind === 'text' || event.kind === 'reasoning' || event.kind === 'tool-use')) {
    state.sawResult = false;
    state.count += 1;
    return true;
  }
  return false;
}

/** Creates a {@link TurnCounter}. */
export function createTurnCounter(): TurnCounter {
  const state: TurnState = { count: 0, sawResult: false };
  return {
    opensTurn: (event) => opensTurn(state, event),
    get count() {
      return state.count;
    },
  };
}
