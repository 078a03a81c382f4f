import type { DisplayEvent, SessionStatus } from '@x/core';
import { objectField, type SessionFields } from '@x/core/provider-utils';
import { assistantMessage, stamp, userMessage } from './log-messages.js';
import type { DocumentWalk, OpenCodeLogState } from './log-state.js';
import { exportMessageSchema, type ExportDocument, type ExportMessage } from './log-wire-schema.js';
import { errorMessage, isoTime, modelOf } from './wire-values.js';

/** How the session ended: the last assistant message's `error`, else its `finish`. */
function endStatus(last: ExportMessage['info'] | undefined): SessionStatus {
  if (last === undefined) return 'incomplete';
  if (last.error !== undefined && last.error !== null) return errorMessage(last.error).code === 'MessageAbortedError' ? 'cancelled' : 'error';
  // Tool calls promise another step; no finish at all means the message never completed.
  return last.finish === undefined || last.finish === 'tool-calls' ? 'incomplete' : 'success';
}

function firstModel(messages: readonly unknown[]): string | undefined {
  for (const message of messages) {
    const info = objectField(message, 'info');
    const model = info === undefined ? undefined : modelOf(info);
    if (model !== undefined) return model;
  }
  return undefined;
}

/** The session start (id, model of the first message, cwd, title, OpenCode version, creation time), and a notice for a child session. */
function sessionStart(state: OpenCodeLogState, doc: ExportDocument): DisplayEvent[] {
  const { info } = doc;
  const fields: SessionFields = {
    sessionId: info.id,
    model: firstModel(doc.messages),
    cwd: info.directory,
    title: info.title === '' ? undefined : info.title,
    agentVersion: info.version,
    timestamp: isoTime(info.time?.created),
  };
  const events = state.lifecycle.start(fields);
  if (info.parentID !== undefined && info.parentID !== '') {
    events.push({ kind: 'notice', level: 'info', message: `Child session of ${info.parentID} (a subagent's session)`, code: 'child-session' });
  }
  return events;
}

function walkMessage(message: unknown, walk: DocumentWalk): void {
  const parsed = exportMessageSchema.safeParse(message);
  if (!parsed.success) {
    walk.events.push({ kind: 'notice', level: 'warning', message: 'OpenCode export entry that is no message left out', code: 'malformed-message' });
    return;
  }
  const { info, parts = [] } = parsed.data;
  const created = info.time?.created;
  walk.first ??= created;
  walk.last = info.time?.completed ?? created ?? walk.last;
  const timestamp = isoTime(created);
  if (info.role === 'user') userMessage(info, parts, walk, timestamp);
  else if (info.role === 'assistant') assistantMessage(info, parts, walk, timestamp);
  else walk.events.push(stamp({ kind: 'notice', level: 'warning', message: `OpenCode message of unknown role "${info.role}" not shown`, code: 'unknown-message' }, timestamp));
}

/**
 * The display events of an `opencode export` document: session start (with
 * a notice for a child session), the typed text of each user message as a
 * prompt, assistant text, reasoning and tool calls, usage per finished step,
 * message errors, and a session end whose status is the last assistant
 * message's `finish` or `error`. Times are the messages' `time.created`.
 */
export function exportEvents(state: OpenCodeLogState, doc: ExportDocument): DisplayEvent[] {
  const walk: DocumentWalk = {
    tools: state.tools,
    events: sessionStart(state, doc),
    model: undefined,
    steps: 0,
    lastAssistant: undefined,
    unmarkedFinish: doc.info.version?.startsWith('0.') === true,
    first: undefined,
    last: undefined,
  };
  for (const message of doc.messages) walkMessage(message, walk);
  const { first, last } = walk;
  const fields: SessionFields = {
    sessionId: doc.info.id,
    durationMs: first !== undefined && last !== undefined && last >= first ? last - first : undefined,
    turns: walk.steps > 0 ? walk.steps : undefined,
    timestamp: isoTime(last),
  };
  walk.events.push(...state.lifecycle.end(endStatus(walk.lastAssistant), fields));
  return walk.events;
}
