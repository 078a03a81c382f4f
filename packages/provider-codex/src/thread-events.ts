import type { DisplayEvent, ErrorDisplayEvent, LineContext, NoticeDisplayEvent } from '@x/core';
import { arrayField, objectField, quickAccept, stringField } from '@x/core/provider-utils';
import { itemEvents } from './item-events.js';
import { errorEvent, readableError } from './provider-error.js';
import { endSession, ensureStarted, scopedId, startSession, startTurn, usageEvent, type CodexState } from './state.js';
import { usageSchema, type ThreadEvent } from './wire-schema.js';

function userInputNotice(questions: unknown[] | undefined): NoticeDisplayEvent {
  const asked: string[] = [];
  for (const question of questions ?? []) {
    const text = typeof question === 'string' ? question : stringField(question, 'question');
    if (text !== undefined && text.trim() !== '') asked.push(text);
  }
  return { kind: 'notice', level: 'info', message: asked.length > 0 ? asked.join('\n') : 'Codex asks for input', code: 'request_user_input' };
}

/** `thread.started` (0.42: `session.created`): a session, or the running one again (`codex exec resume`). */
function threadStarted(state: CodexState, type: string, id: string, context: LineContext): DisplayEvent[] {
  if (id === '') {
    context.malformed(`${type} without ${type === 'thread.started' ? 'thread_id' : 'session_id'}`);
    return [];
  }
  state.invocations += 1;
  const events = startSession(state, id);
  if (events.length === 0) context.ignore(`${type} repeats the running session (codex exec resume)`);
  return events;
}

function turnStarted(state: CodexState, context: LineContext): DisplayEvent[] {
  startTurn(state);
  const events = ensureStarted(state);
  if (events.length === 0) context.ignore('turn.started: a new turn begins');
  return events;
}

/** The usage of a `turn.completed`, checked without zod where it can be (one per turn: x-bench, Codex, 40,000 per 20 MB). */
const turnUsage = quickAccept(usageSchema);

function turnCompleted(state: CodexState, usage: unknown, context: LineContext): DisplayEvent[] {
  const parsed = turnUsage.safeParse(usage);
  const events: DisplayEvent[] = parsed.success ? [usageEvent(state, parsed.data, true)] : [];
  events.push(...endSession(state, 'success'));
  if (events.length === 0) context.ignore('turn.completed after the session ended, without usage');
  return events;
}

function planDelta(state: CodexState, itemId: string, delta: string, context: LineContext): DisplayEvent[] {
  const id = scopedId(state, itemId);
  const text = state.text.delta(id, delta);
  if (text === '') context.ignore('empty plan delta');
  return text === '' ? [] : [{ kind: 'text', id, text }];
}

/** A retry notice, shown at once: the next line comes only after the retry's backoff. */
const RETRY_NOTICE = /^Reconnecting\.\.\./;

/**
 * A top-level `error`: not terminal (quirk 5). A retry notice is shown at
 * once; any other is held for one line (parser.ts), since the `turn.failed`
 * that usually follows repeats its message and is the one failure to show.
 * Before the session start it is shown at once (quirk 4).
 */
function topLevelError(state: CodexState, raw: string | undefined, context: LineContext): DisplayEvent[] {
  const { message, code } = readableError(raw, 'Stream error');
  const notice: NoticeDisplayEvent = code === undefined ? { kind: 'notice', level: 'warning', message } : { kind: 'notice', level: 'warning', message, code };
  if (!state.started || RETRY_NOTICE.test(message)) return [notice];
  state.heldError = notice;
  context.ignore('top-level error: shown with the next line unless turn.failed repeats it');
  return [];
}

/**
 * One line of the current format (`ThreadEvent`, Codex 0.44+), and of the
 * 0.42 `--experimental-json` variant (`session.created`, `item_type`,
 * `assistant_message`), checked by the wire schema.
 */
export function threadEvents(state: CodexState, event: ThreadEvent, context: LineContext): DisplayEvent[] {
  if (event.type === 'session.created' || state.earlyForm !== 'none') {
    const answered = event.type === 'item.completed' && stringField(event.item, 'item_type') === 'assistant_message';
    state.earlyForm = answered ? 'answered' : 'running';
  }
  switch (event.type) {
    case 'thread.started':
      return threadStarted(state, event.type, event.thread_id, context);
    case 'session.created':
      return threadStarted(state, event.type, event.session_id, context);
    case 'turn.started':
      return turnStarted(state, context);
    case 'turn.completed':
      return turnCompleted(state, event.usage, context);
    case 'turn.failed':
      return [errorEvent(stringField(objectField(event, 'error'), 'message'), 'Turn failed', true), ...endSession(state, 'error')];
    case 'error':
      return topLevelError(state, stringField(event, 'message'), context);
    case 'item.started':
    case 'item.updated':
    case 'item.completed':
      return itemEvents(state, event.item, event.type, context);
    case 'item.plan.delta':
      return planDelta(state, event.item_id, event.delta, context);
    case 'request_user_input':
      return [userInputNotice(arrayField(event, 'questions'))];
  }
}

/**
 * The end of a 0.42 `--experimental-json` stream (quirk 22): the form has no
 * turn lines, so the stream's end is the run's. A top-level `error` still held
 * is the run's failure (0.42 exits 0 after it); a run whose last line
 * completed an answer is over; any other was cut off.
 */
export function earlyFormEnd(state: CodexState): DisplayEvent[] {
  const held = state.heldError;
  state.heldError = undefined;
  if (held === undefined) return endSession(state, state.earlyForm === 'answered' ? 'success' : 'incomplete');
  const error: ErrorDisplayEvent = { kind: 'error', message: held.message, fatal: true };
  if (held.code !== undefined) error.code = held.code;
  return [error, ...endSession(state, 'error')];
}
