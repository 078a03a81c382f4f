import type { DisplayEvent } from '@x/core';
import type { ToolCallOutcome, ToolCallStart } from '@x/core/provider-utils';
import type { CodexState } from './state.js';

/** What a call's start knew that its end does not repeat: a read's path, a patch's changes. */
export interface CallDetails extends Pick<ToolCallOutcome, 'path' | 'changes'> {
  /** The call is a `cat FILE` read: what it printed on success is the file. */
  read?: true;
}

/** How a tool call is announced. */
export interface ToolAnnouncement {
  id: string;
  /** Codex's own name (`command_execution`, `docs.lookup`). */
  toolName: string;
  input: unknown;
  /** A canonical name the alias table cannot give (`Read` for `cat FILE`, `Write` for a patch of new files). */
  displayName?: string | undefined;
  /** A preview that replaces the one taken from the input (the unwrapped command, the first path). */
  arg?: string | undefined;
}

/** Which line of an item a handler reads: `item.started`, `item.updated` (a snapshot) or `item.completed`. */
export type ItemPhase = 'started' | 'updated' | 'completed';

/**
 * Announces a call once. `@x/core`'s tracker previews a call from known input
 * fields; Codex's previews come from inside the command (the script of a
 * shell wrapper) or the change list, so they are passed as the call's `arg`.
 */
export function announceTool(state: CodexState, call: ToolAnnouncement, flags: Pick<ToolCallStart, 'opens' | 'inputMayChange'> = {}): DisplayEvent[] {
  return state.tracker.start({ id: call.id, toolName: call.toolName, displayName: call.displayName, arg: call.arg, input: call.input, ...flags });
}

/** The result of a call announced with {@link announceTool}; empty when it already has one. */
export function finishTool(state: CodexState, id: string, outcome: ToolCallOutcome): DisplayEvent[] {
  return state.tracker.finish(id, outcome);
}

/**
 * The events of one line of a tool item (a command, a patch, an MCP call).
 * `item.started` opens the call: an id still open is another call, shown
 * and not dropped. A snapshot restates it. `item.completed` ends it with the
 * input it reports, which core's tracker compares with the one announced:
 * when the command that ran is not the one shown, its result shows it and
 * a warning says so. `outcome` is read only on completion.
 */
export function toolItemEvents(state: CodexState, call: ToolAnnouncement, phase: ItemPhase, outcome: () => ToolCallOutcome): DisplayEvent[] {
  const announced = phase === 'completed' && state.tracker.has(call.id);
  const events = announced ? [] : announceTool(state, call, { opens: phase === 'started', inputMayChange: true });
  if (phase !== 'completed') return events;
  return [...events, ...finishTool(state, call.id, { ...outcome(), input: call.input, arg: call.arg })];
}

/**
 * How many calls' start details are kept at once: calls run a few at a time,
 * and a stream of calls that never end must not grow memory (docs/memory.md).
 */
const MAX_CALL_DETAILS = 100;

/** Keeps what the start of call `id` knew for its end, forgetting the oldest past {@link MAX_CALL_DETAILS}. */
export function keepCallDetails(state: CodexState, id: string, details: CallDetails): void {
  state.callDetails.delete(id);
  state.callDetails.set(id, details);
  if (state.callDetails.size > MAX_CALL_DETAILS) state.callDetails.delete(state.callDetails.keys().next().value as string);
}

/**
 * `outcome` with what the start of call `id` left for its end. A read that
 * succeeded printed the file, so the length of its output is the content
 * length: the provider knows it, core does not guess it.
 */
export function withCallDetails(state: CodexState, id: string, outcome: ToolCallOutcome): ToolCallOutcome {
  const details = state.callDetails.get(id);
  if (details === undefined) return outcome;
  state.callDetails.delete(id);
  const merged: ToolCallOutcome = { ...outcome };
  if (details.path !== undefined) merged.path = details.path;
  if (details.changes !== undefined) merged.changes = details.changes;
  if (details.read === true && outcome.status === 'success' && typeof outcome.output === 'string') merged.contentLength = outcome.output.length;
  return merged;
}
