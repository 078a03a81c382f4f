import type { DisplayEvent, LineContext } from '@x/core';
import { isJsonObject, stringField } from '@x/core/provider-utils';
import { linkChild, type OpenCodeState } from './state.js';
import { toolPartOutcome } from './tool-outcome.js';
import type { ToolPart } from './wire-schema.js';

/** The states of SDK `ToolState`. */
const TOOL_STATUSES: ReadonlySet<string> = new Set(['pending', 'running', 'completed', 'error']);

/**
 * A `task` call runs a subagent in a child session and names it in its
 * metadata (`state.metadata.sessionId`, set while it runs and kept when it
 * completes): from then on that session's events nest under the call.
 */
function linkSubagent(state: OpenCodeState, part: ToolPart, callId: string): void {
  if (part.tool !== 'task') return;
  const sessionId = stringField(part.state.metadata, 'sessionId');
  if (sessionId === undefined || sessionId === '' || sessionId === state.sessionId) return;
  linkChild(state, sessionId, callId);
}

/**
 * A tool part, from a `tool_use` line (its final state only) or a bus
 * snapshot (every state, quirk 8). The call is announced once, as soon as its
 * input is known, and finished once, on `completed` or `error`, with the
 * input the finished part reports.
 * `parentToolUseId` names the Task call of a subagent's part.
 */
export function toolPartEvents(state: OpenCodeState, part: ToolPart, parentToolUseId: string | undefined, context: LineContext): DisplayEvent[] {
  const { status, input } = part.state;
  const callId = part.callID || part.id;
  if (callId === undefined || callId === '') {
    context.malformed('tool part without callID or id');
    return [];
  }
  if (!TOOL_STATUSES.has(status)) {
    context.unknown(`unknown OpenCode tool state "${status}"`);
    return [];
  }
  linkSubagent(state, part, callId);
  if (status === 'pending' && !(isJsonObject(input) && Object.keys(input).length > 0)) {
    // Pending parts carry `input: {}` and the partial JSON in `raw` (quirk 8); wait for the real input.
    context.ignore('tool call pending, announced once its input is known');
    return [];
  }
  // A part's input may change between snapshots: the tracker keeps a key of the one announced, and
  // the completed part's input is what ran (shown, with a warning, where it differs).
  const events: DisplayEvent[] = state.tools.start({ id: callId, toolName: part.tool, input: input ?? {}, parentToolUseId, inputMayChange: true });
  if (status !== 'completed' && status !== 'error') {
    if (events.length === 0) context.ignore(`state update (${status}) of a call already announced`);
    return events;
  }
  const results = state.tools.finish(callId, { ...toolPartOutcome(part.tool, part.state, status), input: input ?? {} });
  if (results.length === 0 && events.length === 0) context.ignore('result of a call already finished');
  return [...events, ...results];
}
