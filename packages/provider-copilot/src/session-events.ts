import type { DisplayEvent, LineContext, NoticeDisplayEvent } from '@x/core';
import type { SessionFields } from '@x/core/provider-utils';
import { nonEmpty, withParent } from './fields.js';
import { noteModel, resetRun, type CopilotState } from './state.js';
import type { CopilotData } from './wire-schema.js';

/** A `startTime` as an ISO timestamp, when it is a date. */
function isoTime(value: string | undefined): string | undefined {
  if (value === undefined || Number.isNaN(Date.parse(value))) return undefined;
  return new Date(value).toISOString();
}

/** Opens a session (once: a start while a session is open shows nothing). */
function openSession(state: CopilotState, fields: SessionFields, context: LineContext): DisplayEvent[] {
  if (state.session.open) {
    context.ignore('a session is already open: it starts once');
    return [];
  }
  resetRun(state);
  return state.session.start(fields);
}

/** `session.start`: the session start, with its id, model, working directory and CLI version. */
export function sessionStart(state: CopilotState, data: CopilotData<'session.start'>, context: LineContext): DisplayEvent[] {
  if (state.session.open) return openSession(state, {}, context);
  noteModel(state, data.selectedModel);
  state.sessionId = nonEmpty(data.sessionId) ?? state.sessionId;
  state.copilotVersion = data.copilotVersion ?? state.copilotVersion;
  const fields = {
    sessionId: state.sessionId,
    model: state.model,
    cwd: data.context?.cwd,
    agentVersion: data.copilotVersion,
    timestamp: isoTime(data.startTime),
  };
  return openSession(state, fields, context);
}

/**
 * `session.resume`: the session start of a resumed session, which names no
 * id of its own. On stdout the `result` line brings it; a session log holds
 * the `session.start` before it, whose id is the resumed session's
 * (fixtures/copilot-log/recorded/1.0.80/resumed, and 1.0.102's).
 */
export function sessionResume(state: CopilotState, data: CopilotData<'session.resume'>, context: LineContext): DisplayEvent[] {
  if (!state.session.open) noteModel(state, data.selectedModel);
  return openSession(state, { sessionId: state.sessionId, model: state.model, cwd: data.context?.cwd }, context);
}

/** `session.error`: a fatal error (in prompt mode the agent loop stops and the process exits non-zero). */
export function sessionError(state: CopilotState, data: CopilotData<'session.error'>, context: LineContext): DisplayEvent[] {
  state.fatalError = true;
  const message = nonEmpty(data.message) ?? data.errorType ?? 'Copilot session error';
  const events = state.session.error(
    data.errorType === undefined ? { kind: 'error', message, fatal: true } : { kind: 'error', message, fatal: true, code: data.errorType },
  );
  if (events.length === 0) context.ignore('the same fatal error was already reported in this session');
  return events;
}

/**
 * What a `session.info` says, worded where its message alone says little:
 * 1.0.20's `file_created` carries only the path it created (recorded,
 * write-search), shown as `Created <path>`.
 */
export function infoData<T extends { infoType?: string | undefined; message?: string | undefined }>(data: T): T {
  const path = nonEmpty(data.message);
  return data.infoType === 'file_created' && path !== undefined ? { ...data, message: `Created ${path}` } : data;
}

/** `session.warning` and `session.info`: notices, never errors. */
export function sessionNotice(
  level: 'warning' | 'info',
  data: { message?: string | undefined; parentToolCallId?: string | undefined },
  code: string | undefined,
  context: LineContext,
): DisplayEvent[] {
  const message = nonEmpty(data.message);
  if (message === undefined) {
    context.malformed(`session.${level} without a message`);
    return [];
  }
  const event: NoticeDisplayEvent = { kind: 'notice', level, message };
  if (code !== undefined) event.code = code;
  return [withParent(event, data.parentToolCallId)];
}

/** `session.task_complete`: a notice with the summary, a warning when the task is blocked or unsuccessful. */
export function taskComplete(data: CopilotData<'session.task_complete'>): DisplayEvent[] {
  const unsuccessful = data.success === false || data.outcome === 'blocked';
  const message = nonEmpty(data.summary) ?? nonEmpty(data.reason) ?? 'Task complete';
  return [{ kind: 'notice', level: unsuccessful ? 'warning' : 'info', message, code: data.outcome ?? 'task_complete' }];
}

/** `subagent.failed`: an error that does not end the run, under the task call that started the subagent. */
export function subagentFailed(data: CopilotData<'subagent.failed'>): DisplayEvent[] {
  const agent = data.agentDisplayName ?? data.agentName ?? 'subagent';
  const message = nonEmpty(data.error) ?? `The ${agent} subagent failed`;
  return [withParent({ kind: 'error', message, fatal: false, code: 'subagent_failed' }, data.toolCallId ?? data.parentToolCallId)];
}

/** `abort`: a warning; the run ends cancelled, and its non-zero exit is no error. */
export function abort(state: CopilotState, data: CopilotData<'abort'>): DisplayEvent[] {
  state.aborted = true;
  const reason = data.reason;
  const event: NoticeDisplayEvent = { kind: 'notice', level: 'warning', message: reason === undefined ? 'The run was aborted' : `The run was aborted (${reason})` };
  if (reason !== undefined) event.code = reason;
  return [event];
}
