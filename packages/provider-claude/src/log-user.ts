import type { DisplayEvent, LineContext } from '@x/core';
import { compactKey, isJsonObject, objectField, ownField, stringField, type JsonObject } from '@x/core/provider-utils';
import type { ClaudeLogState } from './log-state.js';
import { deliver, stamp, threadOf } from './log-threads.js';
import { toolResultOutcome } from './tool-results.js';
import { userTextEvent, userTextOf } from './user-prompt.js';

/** The tool results of a `user` line, joined to their calls; `toolUseResult` adds the tool's own output. */
function toolResults(state: ClaudeLogState, line: JsonObject, content: unknown[], parent: string | undefined): DisplayEvent[] {
  const results = content.filter((block): block is JsonObject => isJsonObject(block) && stringField(block, 'type') === 'tool_result');
  // toolUseResult belongs to the line; with several results it cannot be told whose it is.
  const rich = results.length === 1 ? ownField(line, 'toolUseResult') : undefined;
  const events: DisplayEvent[] = [];
  for (const block of results) {
    const id = stringField(block, 'tool_use_id');
    if (id === undefined) continue;
    const outcome = toolResultOutcome(block, state.openCalls.get(compactKey(id)), rich);
    if (!state.tools.has(id) && parent !== undefined) outcome.parentToolUseId = parent;
    events.push(...state.tools.finish(id, outcome));
    state.openCalls.delete(compactKey(id));
    state.blocks.delete(compactKey(id));
  }
  if (parent === undefined && events.length > 0) state.last = 'waiting';
  return events;
}

/** A typed text: a prompt, a slash command, its local output or an interruption, with the main thread's turn and last step. */
function typedEvents(state: ClaudeLogState, line: JsonObject, text: string, parent: string | undefined, context: LineContext): DisplayEvent[] {
  const event = userTextEvent(text);
  if (event === undefined) return deliver(state, [], context, 'empty user message');
  if (parent === undefined && event.kind === 'prompt') {
    if (event.form === 'prompt') state.turns += 1;
    if (event.form === 'interrupt') state.last = 'interrupt';
    else if (event.form === 'prompt') state.last = 'waiting';
  }
  const id = stringField(line, 'uuid');
  if (event.kind === 'prompt' && id !== undefined) event.id = id;
  return deliver(state, stamp([event], line, parent), context, 'empty user message');
}

/**
 * A `user` line: the person's prompt, a slash command, its local output or an
 * interruption (see user-prompt.ts), or tool results. CLI-injected text
 * (`isMeta`) and the summary that replaces history after a compaction
 * (`isCompactSummary`; the `compact_boundary` line marks the compaction) are
 * not shown.
 */
export function userLine(state: ClaudeLogState, line: JsonObject, context: LineContext): DisplayEvent[] {
  if (ownField(line, 'isCompactSummary') === true) {
    context.ignore('the summary that replaces the history after a compaction; the compact_boundary line marks it');
    return [];
  }
  if (ownField(line, 'isMeta') === true) {
    context.ignore('text the CLI injected (isMeta), not typed by the person');
    return [];
  }
  const content = ownField(objectField(line, 'message'), 'content');
  const text = userTextOf(content);
  if (text === undefined && !Array.isArray(content)) {
    context.malformed('user line without message content');
    return [];
  }
  const { parent, linked } = threadOf(state, line, text);
  if (text === undefined) return deliver(state, stamp(toolResults(state, line, content as unknown[], parent), line, parent), context, 'user line without new tool results');
  if (linked) {
    context.ignore("the subagent's prompt: the input of its Task call");
    return [];
  }
  return typedEvents(state, line, text, parent, context);
}
