import { type DisplayEvent, type LineContext, type SourceParser } from '@x/core';
import {
  arrayField,
  isJsonObject,
  objectField,
  ownField,
  parseJson,
  stringField,
  type JsonObject,
} from '@x/core/provider-utils';
import { usageEvent } from './codex-state.js';
import { responseItem } from './rollout-items.js';
import { createRolloutState, endRollout, releaseEchoes, releaseStart, type RolloutState } from './rollout-state.js';
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
]);

/** The session start's fields from `session_meta` (the first line; a forked or resumed file may hold more). */
function sessionMeta(state: RolloutState, meta: JsonObject, context: LineContext): DisplayEvent[] {
  const id = stringField(meta, 'id');
  if (state.start.sessionId !== undefined && id !== state.start.sessionId) {
    context.ignore('session_meta of the session this one was forked or resumed from');
    return [];
  }
  const start = state.start;
  if (id !== undefined) start.sessionId = id;
  start.cwd ??= stringField(meta, 'cwd');
  start.agentVersion ??= stringField(meta, 'cli_version');
  start.gitBranch ??= stringField(objectField(meta, 'git'), 'branch');
  start.timestamp ??= stringField(meta, 'timestamp');
  for (const key of ['cwd', 'agentVersion', 'gitBranch', 'timestamp'] as const) if (start[key] === undefined) delete start[key];
  state.codex.cwd = start.cwd;
  context.ignore('session_meta: the session starts with its first turn_context, which names the model');
  return [];
}

/** `turn_context`: the model of the turn; the first one releases the session start, a change of model is a notice. */
function turnContext(state: RolloutState, payload: JsonObject, context: LineContext): DisplayEvent[] {
  const model = stringField(payload, 'model');
  const previous = state.codex.model;
  if (model !== undefined) state.codex.model = model;
  if (!state.started) {
    if (model !== undefined) state.start.model = model;
    return releaseStart(state);
  }
  if (model !== undefined && previous !== undefined && model !== previous) return [{ kind: 'notice', level: 'info', message: `Model: ${model}`, code: 'model' }];
  context.ignore('turn_context: the settings of a turn');
  return [];
}

/** An `agent_message` / `agent_reasoning` copy: held until its response item arrives, shown only if it never does. */
function echo(state: RolloutState, kind: 'text' | 'reasoning', text: string, timestamp: string | undefined, context: LineContext): DisplayEvent[] {
  if (text === '' || state.shown[kind] === text) {
    context.ignore(`${kind === 'text' ? 'agent_message' : 'agent_reasoning'}: a copy of the response item already shown`);
    return [];
  }
  state.echoes.push({ kind, text, timestamp });
  context.ignore(`${kind === 'text' ? 'agent_message' : 'agent_reasoning'}: a copy of the response item that follows; shown only if that item is missing`);
  return [];
}

/** The `event_msg` payload a handler reads, with the line's timestamp and context; `undefined` means nothing to show. */
interface EventMessage {
  type: string;
  payload: JsonObject;
  timestamp: string | undefined;
  context: LineContext;
}
type EventMessageHandler = (state: RolloutState, message: EventMessage) => DisplayEvent[] | undefined;

function userMessage(state: RolloutState, { payload }: EventMessage): DisplayEvent[] | undefined {
  const images = (arrayField(payload, 'images') ?? []).length;
  const text = [stringField(payload, 'message') ?? '', ...Array.from({ length: images }, () => '[image]')].filter((part) => part !== '').join('\n');
  if (text.trim() === '') return undefined;
  state.turns += 1;
  state.last = 'waiting';
  return [{ kind: 'prompt', form: 'prompt', text }];
}

function tokenCount(state: RolloutState, { payload }: EventMessage): DisplayEvent[] | undefined {
  // `total_token_usage` is the running total of the session (replace, never add); `info` is null before the first reply.
  const raw = ownField(objectField(payload, 'info'), 'total_token_usage');
  const total = legacyTokenUsageSchema.safeParse(raw);
  const key = JSON.stringify(raw);
  // Codex writes the count again after each tool output; the same total adds nothing.
  if (!total.success || key === state.lastTotal) return undefined;
  state.lastTotal = key;
  return [usageEvent(state.codex, total.data, true)];
}

function taskComplete(state: RolloutState, { payload }: EventMessage): undefined {
  const last = stringField(payload, 'last_agent_message');
  if (last !== undefined && last !== '') state.codex.lastMessage = last;
  state.last = 'answer';
  return undefined;
}

function turnAborted(state: RolloutState, { payload }: EventMessage): DisplayEvent[] {
  state.last = 'aborted';
  const reason = stringField(payload, 'reason');
  return [{ kind: 'notice', level: 'warning', message: reason ? `Turn aborted (${reason})` : 'Turn aborted', code: 'turn_aborted' }];
}

function reviewMode(_state: RolloutState, { type }: EventMessage): DisplayEvent[] {
  return [{ kind: 'notice', level: 'info', message: type === 'entered_review_mode' ? 'Review started' : 'Review ended', code: type }];
}

const EVENT_MESSAGES: ReadonlyMap<string, EventMessageHandler> = new Map<string, EventMessageHandler>([
  ['user_message', userMessage],
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

function eventMessage(state: RolloutState, payload: JsonObject, timestamp: string | undefined, context: LineContext): DisplayEvent[] {
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

/** Events of one rollout line, `{timestamp, type, payload}`; pre-envelope lines are a bare item or meta object. */
function lineEvents(state: RolloutState, line: JsonObject, context: LineContext): DisplayEvent[] {
  const payload = objectField(line, 'payload');
  const type = stringField(line, 'type');
  const timestamp = stringField(line, 'timestamp');
  if (payload === undefined) {
    // Before the envelope (mid-2025): a bare meta object first, then bare response items and `record_type` lines.
    if (Object.hasOwn(line, 'record_type')) {
      context.ignore('record_type line: rollout bookkeeping of versions before the envelope');
      return [];
    }
    if (type === undefined && stringField(line, 'id') !== undefined && timestamp !== undefined) return sessionMeta(state, line, context);
    if (type !== undefined) return responseItem(state, line, context);
    context.malformed('line without type or payload');
    return [];
  }
  switch (type) {
    case 'session_meta':
      return sessionMeta(state, payload, context);
    case 'turn_context':
      return turnContext(state, payload, context);
    case 'response_item':
      return responseItem(state, payload, context);
    case 'event_msg':
      return eventMessage(state, payload, timestamp, context);
    case 'compacted':
      return [{ kind: 'notice', level: 'info', message: 'Conversation compacted', code: 'compaction' }];
    default:
      context.unknown(`unknown rollout line type "${type ?? '(none)'}"`);
      return [];
  }
}

/** Event copies, usage and turn settings: lines that may come between an echo and its response item. */
const KEEPS_ECHOES = new Set(['token_count', 'agent_message', 'agent_reasoning']);
const keepsEchoes = (line: JsonObject) =>
  stringField(line, 'type') === 'turn_context' || (stringField(line, 'type') === 'event_msg' && KEEPS_ECHOES.has(stringField(objectField(line, 'payload'), 'type') ?? ''));

function parseLine(state: RolloutState, line: JsonObject, context: LineContext): DisplayEvent[] {
  const timestamp = stringField(line, 'timestamp');
  if (timestamp !== undefined) state.lastTimestamp = timestamp;
  const held = state.echoes.length;
  const events = lineEvents(state, line, context);
  for (const event of events) if (timestamp !== undefined && event.timestamp === undefined) event.timestamp = timestamp;
  // Echoes held before this line whose response item did not come with it are shown now, before its events.
  const missed = held > 0 && !keepsEchoes(line) ? releaseEchoes(state) : [];
  const all = [...missed, ...events];
  if (state.started || all.length === 0) return all;
  state.pending.push(...all);
  context.ignore('held until the first turn_context, which names the model for the session start');
  return [];
}

/**
 * The parser of one Codex rollout file. The file has no final line on most
 * versions: at its end the parser shows any echo whose response item never
 * came and ends the session with a status from what happened last.
 */
export function createRolloutParser(): SourceParser {
  const state = createRolloutState();
  let seen = false;
  return {
    parse(line, context) {
      const parsed = parseJson(line);
      if (parsed === undefined || !isJsonObject(parsed.value)) {
        context.malformed(parsed === undefined ? 'not JSON (a line cut while the session was writing it?)' : 'JSON value that is not an object');
        return [];
      }
      seen = true;
      return parseLine(state, parsed.value, context);
    },
    flush() {
      return seen ? endRollout(state) : [];
    },
  };
}
