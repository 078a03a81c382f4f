import type { DisplayEvent } from '@x/core';
import { compactKey, detachText, type ToolCallOutcome, type ToolCallStart } from '@x/core/provider-utils';
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
/** The longest path a call's details keep. */
const MAX_KEPT_PATH_CHARS = 4096;
/**
 * The most changes a call's details keep, and the most characters of their
 * paths in all: a patch of a thousand files fits, and 100 calls' details stay
 * within some 13 MiB however hostile the stream.
 */
const MAX_KEPT_CHANGES = 1024;
const MAX_KEPT_CHANGE_CHARS = 64 * 1024;

/**
 * What of `details` is kept: each call's from a line of up to 16 MiB, so
 * bounded by bytes too. A path past 4,096 characters is not kept, nor are
 * changes past 1,024 or past 64 Ki characters of paths in all; the paths kept
 * are copies, never views into the command they were read from.
 */
function keptDetails(details: CallDetails): CallDetails {
  const kept: CallDetails = {};
  if (details.path !== undefined && details.path.length <= MAX_KEPT_PATH_CHARS) kept.path = detachText(details.path);
  if (details.read === true) kept.read = true;
  if (details.changes === undefined) return kept;
  let chars = 0;
  kept.changes = [];
  for (const change of details.changes.slice(0, MAX_KEPT_CHANGES)) {
    chars += change.path.length;
    if (chars > MAX_KEPT_CHANGE_CHARS) break;
    kept.changes.push({ ...change, path: detachText(change.path) });
  }
  return kept;
}

/** Keeps what the start of call `id` knew for its end (by the compact key of its id), forgetting the oldest past {@link MAX_CALL_DETAILS}. */
export function keepCallDetails(state: CodexState, id: string, details: CallDetails): void {
  const key = compactKey(id);
  state.callDetails.delete(key);
  state.callDetails.set(key, keptDetails(details));
  if (state.callDetails.size > MAX_CALL_DETAILS) state.callDetails.delete(state.callDetails.keys().next().value as string);
}

/** Forgets what the start of call `id` knew: a later start that knows nothing replaces it. */
export function forgetCallDetails(state: CodexState, id: string): void {
  state.callDetails.delete(compactKey(id));
}

/**
 * `outcome` with what the start of call `id` left for its end. A read that
 * succeeded printed the file, so the length of its output is the content
 * length: the provider knows it, core does not guess it.
 */
export function withCallDetails(state: CodexState, id: string, outcome: ToolCallOutcome): ToolCallOutcome {
  const key = compactKey(id);
  const details = state.callDetails.get(key);
  if (details === undefined) return outcome;
  state.callDetails.delete(key);
  const merged: ToolCallOutcome = { ...outcome };
  if (details.path !== undefined) merged.path = details.path;
  if (details.changes !== undefined) merged.changes = details.changes;
  if (details.read === true && outcome.status === 'success' && typeof outcome.output === 'string') merged.contentLength = outcome.output.length;
  return merged;
}
