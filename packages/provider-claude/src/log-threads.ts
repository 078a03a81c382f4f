import type { DisplayEvent, LineContext } from '@x/core';
import { compactKey, ownField, stringField, type JsonObject } from '@x/core/provider-utils';
import { holdForStart, rememberParent, type ClaudeLogState } from './log-state.js';

/** The thread a line belongs to: `parent` is undefined on the main thread. */
export interface Thread {
  parent: string | undefined;
  /** A sidechain's first line whose prompt is the input of an open Task call. */
  linked: boolean;
}

/**
 * The parent of a sidechain line (`isSidechain: true`, a subagent's
 * conversation): the Task call whose prompt started the chain when it can be
 * found, else a marker (`sidechain:<agentId or first line's uuid>`) that names
 * no call, so renderers still nest the chain and show it is not the main
 * conversation. Later lines follow their chain through `parentUuid`.
 */
export function threadOf(state: ClaudeLogState, line: JsonObject, promptText: string | undefined): Thread {
  if (ownField(line, 'isSidechain') !== true) return { parent: undefined, linked: false };
  const uuid = stringField(line, 'uuid');
  const explicit = stringField(line, 'parentToolUseId') ?? stringField(line, 'parent_tool_use_id');
  const parentUuid = stringField(line, 'parentUuid');
  let parent = explicit ?? (parentUuid === undefined ? undefined : state.sidechains.get(compactKey(parentUuid)));
  let linked = false;
  if (parent === undefined && promptText !== undefined) {
    parent = state.taskPrompts.get(compactKey(promptText.trim()));
    linked = parent !== undefined;
  }
  parent ??= `sidechain:${stringField(line, 'agentId') ?? uuid ?? 'unknown'}`;
  if (uuid !== undefined) rememberParent(state.sidechains, compactKey(uuid), parent);
  return { parent, linked };
}

/** Puts the line's time and thread on its events. */
export function stamp(events: DisplayEvent[], line: JsonObject, parent: string | undefined): DisplayEvent[] {
  const timestamp = stringField(line, 'timestamp');
  for (const event of events) {
    if (parent !== undefined) event.parentToolUseId = parent;
    if (timestamp !== undefined) event.timestamp = timestamp;
  }
  return events;
}

/** Events of a line before the session start is out are held until it is (see `pending`). */
export function deliver(state: ClaudeLogState, events: DisplayEvent[], context: LineContext, empty: string): DisplayEvent[] {
  if (events.length === 0) context.ignore(empty);
  if (state.lifecycle.open || events.length === 0) return events;
  const released = holdForStart(state, events);
  if (released.length === 0) context.ignore('held until the first assistant line, which names the model for the session start');
  return released;
}
