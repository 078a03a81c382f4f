import type { DisplayEvent, LineContext } from '@x/core';
import { compactionNotice, compactKey } from '@x/core/provider-utils';
import { retryNotice } from './notice-events.js';
import type { PartScope } from './part-events.js';
import { childSession, endSession, nest, reportChildError, reportError, startSession, turnStatus, type OpenCodeState } from './state.js';
import type { BusEventOf } from './wire-schema.js';
import { modelOf } from './wire-values.js';

/**
 * `session.created` / `session.updated`: the followed session's start (cwd,
 * OpenCode version, model), or a subagent's child session (`parentID` of a
 * followed session), whose events nest under its Task call from now on.
 */
export function sessionInfo(state: OpenCodeState, event: BusEventOf<'session.created' | 'session.updated'>, context: LineContext): DisplayEvent[] {
  const { info } = event.properties;
  if (state.sessionId !== undefined && info.id !== state.sessionId) {
    const parent = info.parentID;
    if (parent !== undefined && (parent === state.sessionId || state.children.has(compactKey(parent)))) {
      childSession(state, info.id);
      context.ignore(`subagent session ${info.id}; its events nest under its Task call`);
    } else {
      context.ignore(`event of session ${info.id}, not the followed session ${state.sessionId}`);
    }
    return [];
  }
  state.sessionId = info.id;
  if (state.started) {
    context.ignore('session already started');
    return [];
  }
  state.model = modelOf(info) ?? state.model;
  state.cwd = info.directory ?? state.cwd;
  state.agentVersion = info.version ?? state.agentVersion;
  return startSession(state);
}

/** An idle followed session: the end of its turn, once an assistant message of the turn was seen (quirk 3). */
function idle(state: OpenCodeState, context: LineContext): DisplayEvent[] {
  if (state.started && !state.lifecycle.open) {
    context.ignore('session already ended');
    return [];
  }
  const { turn } = state;
  // A bare busy->idle pair fires before any assistant message exists (quirk 3); it ends nothing.
  if (!turn.assistantSeen && !turn.failed && !turn.aborted) {
    context.ignore('idle before any assistant message of this turn (not a turn end)');
    return [];
  }
  return endSession(state, turnStatus(state));
}

/** `session.status`: idle ends a turn, retry is a notice, busy shows nothing. A subagent's idle is its Task call's result. */
export function sessionStatus(state: OpenCodeState, event: BusEventOf<'session.status'>, scope: PartScope, context: LineContext): DisplayEvent[] {
  const { status } = event.properties;
  switch (status.type) {
    case 'retry':
      return scope.kind === 'child' ? nest([retryNotice(status)], scope.parentToolUseId) : [retryNotice(status)];
    case 'busy':
      context.ignore('session busy');
      return [];
    case 'idle':
      if (scope.kind === 'main') return idle(state, context);
      context.ignore('subagent session idle (its end is the Task call result)');
      return [];
    default:
      context.unknown(`unknown OpenCode session status "${status.type}"`);
      return [];
  }
}

/** `session.idle` (deprecated beside `session.status`, but the only end signal after an abort, quirk 3). */
export function sessionIdle(state: OpenCodeState, scope: PartScope, context: LineContext): DisplayEvent[] {
  if (scope.kind === 'main') return idle(state, context);
  context.ignore('subagent session idle (its end is the Task call result)');
  return [];
}

/** `session.error`: a fatal error of the followed session, reported once; a subagent's error nests under its call. */
export function sessionError(state: OpenCodeState, event: BusEventOf<'session.error'>, scope: PartScope, context: LineContext): DisplayEvent[] {
  const error = event.properties.error ?? 'Session error without details';
  const events = scope.kind === 'child' ? reportChildError(scope, error) : reportError(state, error);
  if (events.length === 0) context.ignore('error already reported');
  return events;
}

/** `session.compacted`: the compaction notice (the event says nothing of what started it), nested for a subagent's session. */
export function sessionCompacted(scope: PartScope): DisplayEvent[] {
  return scope.kind === 'child' ? nest([compactionNotice()], scope.parentToolUseId) : [compactionNotice()];
}
