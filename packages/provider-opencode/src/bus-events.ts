import type { DisplayEvent, LineContext } from '@x/core';
import { compactKey, objectField, ownField, stringField, type JsonObject } from '@x/core/provider-utils';
import { messageUpdated, partDelta, partUpdated } from './message-events.js';
import { commandNotice, permissionNotice, questionNotice } from './notice-events.js';
import type { PartScope } from './part-events.js';
import { sessionCompacted, sessionError, sessionIdle, sessionInfo, sessionStatus } from './session-events.js';
import { nest, scopeOf, type OpenCodeState } from './state.js';
import { BUS_EVENT_TYPES, busEventSchema, firstIssue, type BusEvent } from './wire-schema.js';

/** Event families of the bus that carry nothing a person reads in a run transcript. */
const IGNORED_BUS_PREFIXES: readonly (readonly [string, string])[] = [
  ['server.', 'server connection event'],
  ['lsp.', 'language server event'],
  ['file.', 'file event (edits show as tool results)'],
  ['pty.', 'terminal (pty) event'],
  ['tui.', 'TUI control event'],
  ['installation.', 'installation event'],
  ['vcs.', 'version control event'],
  ['workspace.', 'workspace event'],
  ['worktree.', 'worktree event'],
  ['mcp.', 'MCP server event'],
  ['project.', 'project event'],
  ['plugin.', 'plugin event'],
  ['catalog.', 'model catalog event'],
  ['models-dev.', 'model catalog event'],
  ['integration.', 'integration event'],
  ['reference.', 'reference event'],
  ['global.', 'server lifecycle event'],
  // The parallel `session.next.*` family restates what message.part.* events already carry.
  ['session.next.', 'session.next.* event (the same content arrives as message.part.* events)'],
];

const IGNORED_BUS_TYPES: ReadonlyMap<string, string> = new Map([
  ['server.connected', 'server connected'],
  ['server.heartbeat', 'server heartbeat (keep-alive)'],
  ['session.deleted', 'session deleted'],
  ['session.diff', 'session diff (edits show as tool results)'],
  ['message.removed', 'message removed'],
  ['message.part.removed', 'message part removed'],
  ['permission.replied', 'permission reply'],
  ['permission.v2.replied', 'permission reply'],
  ['question.replied', 'question reply'],
  ['question.rejected', 'question rejected'],
  ['question.v2.replied', 'question reply'],
  ['question.v2.rejected', 'question rejected'],
  ['todo.updated', 'todo list update (shown by the todowrite call)'],
]);

/** Asks that block the run whichever session makes them, as `run.ts` handles them. */
const ASKS: ReadonlySet<string> = new Set(['permission.asked', 'permission.updated', 'permission.v2.asked', 'question.asked', 'question.v2.asked']);

/** The session a bus event belongs to: `properties.sessionID`, else that of its part or message. */
function sessionOf(properties: unknown): string | undefined {
  return (
    stringField(properties, 'sessionID') ?? stringField(objectField(properties, 'part'), 'sessionID') ?? stringField(objectField(properties, 'info'), 'sessionID')
  );
}

/** The events of a bus event the parser shows, in the scope of its session. */
function dispatch(state: OpenCodeState, event: BusEvent, scope: PartScope, context: LineContext): DisplayEvent[] {
  const nested = (events: DisplayEvent[]) => (scope.kind === 'child' ? nest(events, scope.parentToolUseId) : events);
  switch (event.type) {
    case 'session.created':
    case 'session.updated':
      return sessionInfo(state, event, context);
    case 'message.part.updated':
      return partUpdated(state, event, scope, context);
    case 'message.part.delta':
      return partDelta(state, event, scope, context);
    case 'message.updated':
      return messageUpdated(state, event, scope, context);
    case 'session.status':
      return sessionStatus(state, event, scope, context);
    case 'session.idle':
      return sessionIdle(state, scope, context);
    case 'session.error':
      return sessionError(state, event, scope, context);
    case 'session.compacted':
      return sessionCompacted(scope);
    case 'permission.asked':
    case 'permission.updated':
    case 'permission.v2.asked':
      return nested([permissionNotice(event.properties)]);
    case 'question.asked':
    case 'question.v2.asked':
      return nested([questionNotice(event.properties)]);
    case 'command.executed':
      return nested([commandNotice(event.properties)]);
  }
}

/** A bus event type the parser does not show: ignored with its reason, or unknown. */
function notShown(type: string, context: LineContext): void {
  const reason = IGNORED_BUS_TYPES.get(type) ?? IGNORED_BUS_PREFIXES.find(([prefix]) => type.startsWith(prefix))?.[1];
  if (reason !== undefined) context.ignore(reason);
  else context.unknown(`unknown OpenCode event type "${type}"`);
}

function parseBus(type: string, envelope: JsonObject, context: LineContext): BusEvent | undefined {
  const parsed = busEventSchema.safeParse(envelope);
  if (parsed.success) return parsed.data;
  context.malformed(`${type}: ${firstIssue(parsed.error)}`);
  return undefined;
}

/**
 * A bus event of a session this stream does not follow. A subagent's session
 * that no Task call named yet still blocks the run when it asks for a
 * permission or an answer, so its asks are shown; the rest is left out.
 */
function otherSession(state: OpenCodeState, type: string, envelope: JsonObject, sessionId: string, reason: string, context: LineContext): DisplayEvent[] {
  if (ASKS.has(type) && state.children.has(compactKey(sessionId))) {
    const event = parseBus(type, envelope, context);
    if (event !== undefined) return dispatch(state, event, { kind: 'main' }, context);
    return [];
  }
  context.ignore(reason);
  return [];
}

/**
 * One server bus event (`{ type, properties }`). The first session seen is
 * followed and started; a subagent's child session nests under its Task call;
 * other sessions are left out with a reason. `session.created` and
 * `session.updated` say which session is which.
 */
export function busEvents(state: OpenCodeState, type: string, envelope: JsonObject, context: LineContext): DisplayEvent[] {
  const started: DisplayEvent[] = [];
  const sessionId = sessionOf(ownField(envelope, 'properties'));
  const scope = type === 'session.created' || type === 'session.updated' ? { kind: 'main' as const } : scopeOf(state, sessionId, started);
  if (scope.kind === 'other') return otherSession(state, type, envelope, sessionId ?? '', scope.reason, context);
  let events: DisplayEvent[] = [];
  if (!BUS_EVENT_TYPES.has(type)) {
    notShown(type, context);
  } else {
    const event = parseBus(type, envelope, context);
    if (event !== undefined) events = dispatch(state, event, scope, context);
  }
  return started.length === 0 ? events : [...started, ...events];
}
