import type { DisplayEvent, NoticeDisplayEvent } from '@x/core';
import { compactKey, type ToolCallOutcome } from '@x/core/provider-utils';
import { threadOf, type ClaudeState } from './state.js';
import { setBounded } from './stream-blocks.js';
import { openCallOf } from './tool-results.js';

/** How many open calls are remembered for their `tool_use_result`. */
const MAX_OPEN_CALLS = 1_000;

const describeName = (name: unknown) => (name === undefined ? 'missing' : name === null ? 'null' : `a ${typeof name}`);

/**
 * Announces a call (`tool_use`, `server_tool_use` or `mcp_tool_use`). Claude
 * restates a call only before its result (the complete line after the
 * deltas), so an id already finished is another call (`idReuse: 'new-call'`),
 * never lost. A block whose name is not a string is still a call, shown as
 * `Tool` after a warning that says why.
 */
export function startCall(state: ClaudeState, id: string | undefined, name: unknown, input: unknown, parent: string | undefined): DisplayEvent[] {
  const announced = state.tools.start({ id, toolName: typeof name === 'string' ? name : 'Tool', input, parentToolUseId: parent, idReuse: 'new-call', restatesSameInput: true });
  const event = announced[0];
  if (event === undefined) return [];
  const events: DisplayEvent[] = [];
  if (typeof name !== 'string') {
    const notice: NoticeDisplayEvent = { kind: 'notice', level: 'warning', message: `A tool_use block (id ${event.id}) has no tool name (${describeName(name)}); shown as "Tool"`, code: 'tool_without_name' };
    if (parent !== undefined) notice.parentToolUseId = parent;
    events.push(notice);
  }
  setBounded(state.openCalls, compactKey(event.id), openCallOf(event, input), MAX_OPEN_CALLS);
  events.push(...announced);
  return events;
}

/**
 * The result of call `id`, or nothing when it already has one. A result
 * whose call was never seen, on a subagent's line, is nested under that
 * subagent. A finished Agent/Task call ends its subagent's thread.
 */
export function finishCall(state: ClaudeState, id: string, outcome: ToolCallOutcome, parent: string | undefined): DisplayEvent[] {
  if (!state.tools.has(id) && parent !== undefined) outcome.parentToolUseId = parent;
  const events = state.tools.finish(id, outcome);
  state.openCalls.delete(compactKey(id));
  state.streams.delete(threadOf(id));
  state.lineBlocks.delete(threadOf(id));
  return events;
}
