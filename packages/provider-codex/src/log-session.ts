import type { DisplayEvent, LineContext } from '@x/core';
import { objectField, stringField, type JsonObject } from '@x/core/provider-utils';
import { bareUserMessage } from './bare-rollout.js';
import { prompt } from './log-events.js';
import { releaseStart, type CodexLogState } from './log-state.js';

/** The session start's fields from `session_meta` (the first line; a forked or resumed file may hold more). */
export function sessionMeta(state: CodexLogState, meta: JsonObject, context: LineContext): DisplayEvent[] {
  const id = stringField(meta, 'id');
  if (state.start.sessionId !== undefined && id !== state.start.sessionId) {
    context.ignore('session_meta of the session this one was forked or resumed from');
    return [];
  }
  const start = state.start;
  if (id !== undefined) start.sessionId = id;
  start.cwd ??= stringField(meta, 'cwd');
  // The CLI's version, for the drift alarm: the source's `testedUpTo` is the newest a fixture shows.
  start.agentVersion ??= stringField(meta, 'cli_version');
  start.gitBranch ??= stringField(objectField(meta, 'git'), 'branch');
  start.timestamp ??= stringField(meta, 'timestamp');
  for (const key of ['cwd', 'agentVersion', 'gitBranch', 'timestamp'] as const) if (start[key] === undefined) delete start[key];
  state.codex.cwd = start.cwd;
  context.ignore(
    state.bare
      ? 'bare meta object: the session starts with its prompt (no turn_context before the envelope)'
      : 'session_meta: the session starts with its first turn_context, which names the model',
  );
  return [];
}

/**
 * A user-role message of a rollout written before the envelope, which has
 * no `user_message` event: Codex's context names the working folder; any
 * other is the prompt, and starts the session (no turn_context will).
 * Recorded: fixtures/codex-log/recorded/0.29.0/.
 */
export function bareUserItem(state: CodexLogState, text: string, context: LineContext): DisplayEvent[] {
  const message = bareUserMessage(text);
  if (message.kind === 'context') {
    if (message.cwd !== undefined) {
      state.start.cwd ??= message.cwd;
      state.codex.cwd ??= message.cwd;
    }
    context.ignore('user-role context message (environment, AGENTS.md) of a rollout before the envelope');
    return [];
  }
  const events = [...releaseStart(state), ...(prompt(state, message.text, undefined) ?? [])];
  if (events.length === 0) context.ignore('blank user-role message');
  return events;
}

/** `turn_context`: the model of the turn; the first one releases the session start, a change of model is a notice. */
export function turnContext(state: CodexLogState, payload: JsonObject, context: LineContext): DisplayEvent[] {
  const model = stringField(payload, 'model');
  const previous = state.codex.model;
  if (model !== undefined) state.codex.model = model;
  if (!state.session.open) {
    if (model !== undefined) state.start.model = model;
    return releaseStart(state);
  }
  if (model !== undefined && previous !== undefined && model !== previous)
    return [{ kind: 'notice', level: 'info', message: `Model: ${model}`, code: 'model' }];
  context.ignore('turn_context: the settings of a turn');
  return [];
}
