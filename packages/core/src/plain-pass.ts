import type { DisplayEvent } from './display-event.js';
import { toPlainEvent } from './plain-text.js';
import { compactKey } from './recent-keys.js';

/**
 * How many streamed blocks are remembered as ending in CR at once. Increments
 * of one block arrive in a row; a few interleaved blocks (subagents) are the
 * most a real stream has, so the oldest is forgotten past this.
 */
export const SPLIT_LINE_END_BLOCKS = 64;

/**
 * The streamed blocks whose last increment, as the source gave it, ended in
 * CR: a CRLF may be cut between that increment and the next. Kept as compact
 * keys, so a long id costs what a short one does.
 */
export interface SplitLineEnds {
  endedInCr: Set<string>;
}

/** A fresh {@link SplitLineEnds}. */
export function createSplitLineEnds(): SplitLineEnds {
  return { endedInCr: new Set() };
}

/**
 * Joins a CRLF cut between two increments of one streamed block (a text or
 * reasoning event's `id`). The plain pass turns CRLF and a lone CR into one
 * LF each, increment by increment, so `"a\r"` then `"\nb"` would show as two
 * line ends where the block's complete copy (`"a\r\nb"`) has one. Seen
 * before the plain pass, an increment that follows one ending in CR loses
 * its leading LF. Claude Code's partial messages cut text so (its deltas
 * are the model's tokens, and a token may end at the CR).
 */
export function joinSplitLineEnd(state: SplitLineEnds, event: DisplayEvent): DisplayEvent {
  if (event.kind !== 'text' && event.kind !== 'reasoning') return event;
  const { text, id } = event;
  if (typeof text !== 'string' || typeof id !== 'string') return event;
  // Most increments: no block is waiting for an LF and this one does not end in CR.
  if (state.endedInCr.size === 0 && text.charCodeAt(text.length - 1) !== 13) return event;
  const key = `${event.kind}:${compactKey(id)}`;
  const followsCr = state.endedInCr.delete(key);
  if (text.endsWith('\r')) {
    state.endedInCr.add(key);
    if (state.endedInCr.size > SPLIT_LINE_END_BLOCKS) state.endedInCr.delete(state.endedInCr.values().next().value as string);
  }
  return followsCr && text.startsWith('\n') ? { ...event, text: text.slice(1) } : event;
}

/**
 * The plain pass over one stream of events, in their order: each event made
 * plain ({@link toPlainEvent}), after a CRLF cut between two increments of a
 * block is joined ({@link joinSplitLineEnd}). The pipeline runs one per
 * stream; a source's events that do not go through the pipeline (a response
 * translated as a value) take one of their own.
 */
export function createPlainPass(): (event: DisplayEvent) => DisplayEvent {
  const lineEnds = createSplitLineEnds();
  return (event) => toPlainEvent(joinSplitLineEnd(lineEnds, event));
}
