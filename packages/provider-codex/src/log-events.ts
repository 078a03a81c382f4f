import type { DisplayEvent, LineContext } from '@x/core';
import { arrayField, objectField, ownField, stringField, type JsonObject } from '@x/core/provider-utils';
import { holdEcho, type CodexLogState } from './log-state.js';
import { nextSessionTotal } from './log-usage.js';
import { errorEvent } from './provider-error.js';
import { usageEvent } from './state.js';
import { legacyTokenUsageSchema } from './wire-schema.js';

/** `event_msg` types that repeat what the response items already hold, with the reason given for them. */
const EVENT_COPIES: ReadonlyMap<string, string> = new Map([
  ['agent_reasoning_raw_content', 'raw reasoning; its summary is shown'],
  ['exec_command_end', "a copy of the call's output item"],
  ['patch_apply_end', "a copy of the call's output item"],
  ['mcp_tool_call_end', "a copy of the call's output item"],
  ['web_search_end', 'a copy of the web_search_call item'],
  ['turn_diff', 'the diff of the turn; the patches are shown as calls'],
  ['plan_update', 'a copy of the update_plan call'],
  ['task_started', 'a turn begins'],
  ['turn_started', 'a turn begins'],
  ['thread_settings_applied', 'the settings of the thread (model, approvals, sandbox)'],
  // Before 0.171 (recorded 0.100.0 and 0.130.0, compaction) each compaction also writes this event after its line.
  ['context_compacted', 'a copy of the compaction: its `compacted` line is the notice'],
]);

/** An `agent_message` / `agent_reasoning` copy: held until its response item arrives, shown only if it never does. */
function echo(state: CodexLogState, kind: 'text' | 'reasoning', text: string, timestamp: string | undefined, context: LineContext): DisplayEvent[] {
  if (text === '' || state.shown[kind] === text) {
    context.ignore(`${kind === 'text' ? 'agent_message' : 'agent_reasoning'}: a copy of the response item already shown`);
    return [];
  }
  const released = holdEcho(state, { kind, text, timestamp });
  if (released.length === 0) context.ignore(`${kind === 'text' ? 'agent_message' : 'agent_reasoning'}: a copy of the response item that follows; shown only if that item is missing`);
  return released;
}

/** The `event_msg` payload a handler reads, with the line's timestamp and context; `undefined` means nothing to show. */
interface EventMessage {
  type: string;
  payload: JsonObject;
  timestamp: string | undefined;
  context: LineContext;
}
type EventMessageHandler = (state: CodexLogState, message: EventMessage) => DisplayEvent[] | undefined;

/** A prompt, once per turn (`turnId`, when the line names one); `undefined` for a blank one or a copy. */
export function prompt(state: CodexLogState, text: string, turnId: string | undefined): DisplayEvent[] | undefined {
  if (text.trim() === '' || (turnId !== undefined && turnId === state.promptTurn)) return undefined;
  state.promptTurn = turnId;
  state.turns += 1;
  state.last = 'waiting';
  state.replied = false;
  return [{ kind: 'prompt', form: 'prompt', text }];
}

function userMessage(state: CodexLogState, { payload }: EventMessage): DisplayEvent[] | undefined {
  const images = (arrayField(payload, 'images') ?? []).length;
  const text = [stringField(payload, 'message') ?? '', ...Array.from({ length: images }, () => '[image]')].filter((part) => part !== '').join('\n');
  return prompt(state, text, stringField(payload, 'turn_id'));
}

/**
 * `item_completed` (0.17x): a copy of each item once it completes. The
 * response items are shown; a `UserMessage` copy is the prompt itself, which
 * 0.171 writes nowhere else (no `user_message` event).
 */
function itemCompleted(state: CodexLogState, { payload, context }: EventMessage): DisplayEvent[] | undefined {
  const item = objectField(payload, 'item');
  if (stringField(item, 'type') !== 'UserMessage') {
    context.ignore('item_completed: a copy of an item the response items hold');
    return [];
  }
  const text = (arrayField(item, 'content') ?? []).map((part) => stringField(part, 'text') ?? '').join('');
  return prompt(state, text, stringField(payload, 'turn_id'));
}

function tokenCount(state: CodexLogState, { payload }: EventMessage): DisplayEvent[] | undefined {
  // `total_token_usage` is the running total of the session (replace, never add); `info` is null before the first reply.
  const info = objectField(payload, 'info');
  if (!legacyTokenUsageSchema.safeParse(ownField(info, 'total_token_usage')).success) return undefined;
  // Codex writes the count again after each tool output; the same total adds nothing.
  const total = nextSessionTotal(state.usage, info);
  return total === undefined ? undefined : [usageEvent(state.codex, total, true)];
}

/**
 * `task_complete`: the turn is over, an answer. Not when the model made no
 * reply at all since the prompt and the event names no message: its request
 * failed, which 0.130 writes nothing else for
 * (fixtures/codex-log/recorded/0.130.0/api-error-400/). From 0.150 the event
 * carries that failure as `error.message` (0.150.1 and 0.171.0 api-error-*):
 * the turn failed, shown as an error.
 */
function taskComplete(state: CodexLogState, { payload }: EventMessage): DisplayEvent[] | undefined {
  const failure = objectField(payload, 'error');
  if (failure !== undefined) {
    state.last = 'error';
    return [errorEvent(stringField(failure, 'message'), 'Turn failed', true)];
  }
  const last = stringField(payload, 'last_agent_message');
  const answered = last !== undefined && last !== '';
  if (answered) state.codex.lastMessage = last;
  if (answered || state.replied) state.last = 'answer';
  return undefined;
}

function turnAborted(state: CodexLogState, { payload }: EventMessage): DisplayEvent[] {
  state.last = 'aborted';
  const reason = stringField(payload, 'reason');
  return [{ kind: 'notice', level: 'warning', message: reason ? `Turn aborted (${reason})` : 'Turn aborted', code: 'turn_aborted' }];
}

function reviewMode(_state: CodexLogState, { type }: EventMessage): DisplayEvent[] {
  return [{ kind: 'notice', level: 'info', message: type === 'entered_review_mode' ? 'Review started' : 'Review ended', code: type }];
}

const EVENT_MESSAGES: ReadonlyMap<string, EventMessageHandler> = new Map<string, EventMessageHandler>([
  ['user_message', userMessage],
  ['item_completed', itemCompleted],
  ['agent_message', (state, { payload, timestamp, context }) => echo(state, 'text', stringField(payload, 'message') ?? '', timestamp, context)],
  ['agent_reasoning', (state, { payload, timestamp, context }) => echo(state, 'reasoning', stringField(payload, 'text') ?? '', timestamp, context)],
  ['token_count', tokenCount],
  ['task_complete', taskComplete],
  ['turn_aborted', turnAborted],
  [
    'error',
    (state, { payload }) => {
      state.last = 'error';
      return [{ kind: 'error', message: stringField(payload, 'message') ?? 'Error', fatal: false }];
    },
  ],
  [
    'stream_error',
    (_state, { payload }) => [{ kind: 'notice', level: 'warning', message: stringField(payload, 'message') ?? 'Stream error', code: 'stream_error' }],
  ],
  ['entered_review_mode', reviewMode],
  ['exited_review_mode', reviewMode],
]);

export function eventMessage(state: CodexLogState, payload: JsonObject, timestamp: string | undefined, context: LineContext): DisplayEvent[] {
  const type = stringField(payload, 'type') ?? '(none)';
  const handler = EVENT_MESSAGES.get(type);
  if (handler === undefined) {
    const copy = EVENT_COPIES.get(type);
    if (copy === undefined) context.unknown(`unknown event_msg type "${type}"`);
    else context.ignore(`${type}: ${copy}`);
    return [];
  }
  const events = handler(state, { type, payload, timestamp, context });
  if (events !== undefined) return events;
  context.ignore(`${type}: nothing to show`);
  return [];
}
