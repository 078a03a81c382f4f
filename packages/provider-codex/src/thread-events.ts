import {
  type DisplayEvent,
  type ErrorDisplayEvent,
  type LineContext,
  type NoticeDisplayEvent,
} from '@x/core';
import {
  arrayField,
  objectField,
  ownField,
  stringField,
  numberField,
  type JsonObject,
  type ToolCallOutcome,
} from '@x/core/provider-utils';
import {
  announceTool,
  endSession,
  ensureStarted,
  finishTool,
  startSession,
  startTurn,
  keepCallDetails,
  withCallDetails,
  usageEvent,
  type CodexState,
} from './codex-state.js';
import { readableError } from './provider-error.js';
import { commandOutcome, fileChangesOf, resultText, todoListText } from './tool-outcomes.js';
import { fileChangeToolName, fileReadTarget, unwrapShellCommand } from './tool-names.js';
import { usageSchema } from './wire-schema.js';

type ItemPhase = 'started' | 'updated' | 'completed';

/**
 * One line of the current format (`ThreadEvent`, Codex 0.44+), and of the
 * 0.42 `--experimental-json` variant (`session.created`, `item_type`,
 * `assistant_message`).
 */
export function parseThreadEvent(event: JsonObject, type: string, state: CodexState, context: LineContext): DisplayEvent[] {
  switch (type) {
    case 'thread.started':
    case 'session.created': {
      const field = type === 'thread.started' ? 'thread_id' : 'session_id';
      const id = stringField(event, field);
      if (id === undefined || id === '') {
        context.malformed(`${type} without ${field}`);
        return [];
      }
      state.invocations += 1;
      const events = startSession(state, id);
      if (events.length === 0) context.ignore(`${type} repeats the running session (codex exec resume)`);
      return events;
    }
    case 'turn.started': {
      startTurn(state);
      const events = ensureStarted(state);
      if (events.length === 0) context.ignore('turn.started: a new turn begins');
      return events;
    }
    case 'turn.completed': {
      const usage = usageSchema.safeParse(ownField(event, 'usage'));
      const events: DisplayEvent[] = usage.success ? [usageEvent(state, usage.data, true)] : [];
      events.push(...endSession(state, 'success'));
      if (events.length === 0) context.ignore('turn.completed after the session ended, without usage');
      return events;
    }
    case 'turn.failed': {
      const error = errorEvent(stringField(objectField(event, 'error'), 'message'), 'Turn failed', true);
      return [error, ...endSession(state, 'error')];
    }
    case 'error': {
      // Not terminal: retries ("Reconnecting... 1/5") and a forewarning of `turn.failed` (quirk 5).
      const { message, code } = readableError(stringField(event, 'message'), 'Stream error');
      const notice: NoticeDisplayEvent = { kind: 'notice', level: 'warning', message };
      if (code !== undefined) notice.code = code;
      return [notice];
    }
    case 'item.started':
      return parseItem(event, 'started', state, context);
    case 'item.updated':
      return parseItem(event, 'updated', state, context);
    case 'item.completed':
      return parseItem(event, 'completed', state, context);
    case 'item.plan.delta': {
      const itemId = stringField(event, 'item_id');
      const delta = stringField(event, 'delta');
      if (itemId === undefined || delta === undefined) {
        context.malformed('item.plan.delta without item_id and delta');
        return [];
      }
      const id = scopedId(state, itemId);
      const text = state.text.delta(id, delta);
      if (text === '') context.ignore('empty plan delta');
      return text === '' ? [] : [{ kind: 'text', id, text }];
    }
    case 'request_user_input':
      return [userInputNotice(arrayField(event, 'questions'))];
    default:
      context.unknown(`unknown event type "${type}"`);
      return [];
  }
}

/** Item ids restart at `item_0` with every `codex exec` process; ids after the first process are prefixed with its number. */
function scopedId(state: CodexState, rawId: string): string {
  return state.invocations > 1 ? `${state.invocations}:${rawId}` : rawId;
}

function errorEvent(raw: string | undefined, fallback: string, fatal: boolean): ErrorDisplayEvent {
  const { message, code } = readableError(raw, fallback);
  const event: ErrorDisplayEvent = { kind: 'error', message, fatal };
  if (code !== undefined) event.code = code;
  return event;
}

function userInputNotice(questions: unknown[] | undefined): NoticeDisplayEvent {
  const asked: string[] = [];
  for (const question of questions ?? []) {
    const text = typeof question === 'string' ? question : stringField(question, 'question');
    if (text !== undefined && text.trim() !== '') asked.push(text);
  }
  return { kind: 'notice', level: 'info', message: asked.length > 0 ? asked.join('\n') : 'Codex asks for input', code: 'request_user_input' };
}

function parseItem(event: JsonObject, phase: ItemPhase, state: CodexState, context: LineContext): DisplayEvent[] {
  const item = objectField(event, 'item');
  const rawId = stringField(item, 'id');
  // `item_type` is the discriminator of the 0.42 `--experimental-json` variant.
  const itemType = stringField(item, 'type') ?? stringField(item, 'item_type');
  if (item === undefined || rawId === undefined || itemType === undefined) {
    context.malformed(`item.${phase} without an item id and type`);
    return [];
  }
  const id = scopedId(state, rawId);
  const final = phase === 'completed';
  let events: DisplayEvent[];
  switch (itemType) {
    case 'agent_message':
    case 'assistant_message':
    case 'plan':
      events = textItem(state, item, id, final, 'text');
      break;
    case 'reasoning':
      events = textItem(state, item, id, final, 'reasoning');
      break;
    case 'command_execution':
      events = commandItem(state, item, id, final);
      break;
    case 'file_change':
      events = fileChangeItem(state, item, id, final);
      break;
    case 'mcp_tool_call':
      events = mcpItem(state, item, id, final);
      break;
    case 'web_search':
      events = webSearchItem(state, item, id, final);
      break;
    case 'todo_list':
      events = todoItem(state, item, id, final);
      break;
    case 'collab_tool_call':
      events = collabItem(state, item, id, final);
      break;
    case 'error':
      // Error items are warnings that do not end the turn (quirk 4); shown once, when complete.
      events = final ? [errorEvent(stringField(item, 'message'), 'Error', false)] : [];
      break;
    default:
      context.unknown(`unknown item type "${itemType}"`);
      return [];
  }
  if (events.length === 0) context.ignore(`item.${phase} of ${itemType} adds nothing new`);
  return events;
}

/** Agent messages, plans (the answer in plan mode) and reasoning: snapshots, of which only what is new is emitted. */
function textItem(state: CodexState, item: JsonObject, id: string, final: boolean, kind: 'text' | 'reasoning'): DisplayEvent[] {
  const full = stringField(item, 'text') ?? '';
  if (final && kind === 'text') state.lastMessage = full;
  const text = state.text.copy(id, full, final).added;
  return text === '' ? [] : [{ kind, id, text }];
}

function commandItem(state: CodexState, item: JsonObject, id: string, final: boolean): DisplayEvent[] {
  let events: DisplayEvent[] = [];
  // Snapshots of a running command repeat the command: it is read once, when the call is announced.
  if (!state.tracker.has(id)) {
    const command = stringField(item, 'command') ?? '';
    const script = unwrapShellCommand(command);
    const readPath = fileReadTarget(script);
    if (readPath !== undefined) keepCallDetails(state, id, { path: readPath, read: true });
    events = announceTool(state, {
      id,
      toolName: 'command_execution',
      input: { command },
      displayName: readPath === undefined ? undefined : 'Read',
      arg: readPath ?? script,
    });
  }
  if (!final) return events;
  const outcome = commandOutcome(stringField(item, 'status'), numberField(item, 'exit_code'), stringField(item, 'aggregated_output'));
  return [...events, ...finishTool(state, id, withCallDetails(state, id, outcome))];
}

function fileChangeItem(state: CodexState, item: JsonObject, id: string, final: boolean): DisplayEvent[] {
  const raw = arrayField(item, 'changes');
  const changes = fileChangesOf(raw);
  const events = announceTool(state, {
    id,
    toolName: 'file_change',
    input: { changes: raw ?? [] },
    displayName: fileChangeToolName(changes),
    arg: changes[0]?.path ?? '',
  });
  if (!final) return events;
  const outcome: ToolCallOutcome = { status: stringField(item, 'status') === 'failed' ? 'error' : 'success', changes };
  if (changes[0] !== undefined) outcome.path = changes[0].path;
  return [...events, ...finishTool(state, id, outcome)];
}

function mcpItem(state: CodexState, item: JsonObject, id: string, final: boolean): DisplayEvent[] {
  const server = stringField(item, 'server') ?? '';
  const tool = stringField(item, 'tool') ?? '';
  const toolName = server === '' ? tool || 'mcp_tool_call' : `${server}.${tool}`;
  const events = announceTool(state, { id, toolName, input: ownField(item, 'arguments') ?? null });
  if (!final) return events;
  const result = ownField(item, 'result');
  const errorMessage = stringField(objectField(item, 'error'), 'message');
  const failed = stringField(item, 'status') === 'failed' || errorMessage !== undefined;
  // A failure may carry its message inside `result` with `error: null` (quirk 3).
  const outcome: ToolCallOutcome = { status: failed ? 'error' : 'success', output: result };
  const message = errorMessage ?? (failed ? resultText(result) : undefined);
  if (message !== undefined) outcome.errorMessage = message;
  return [...events, ...finishTool(state, id, outcome)];
}

function webSearchItem(state: CodexState, item: JsonObject, id: string, final: boolean): DisplayEvent[] {
  const action = objectField(item, 'action');
  const query = stringField(item, 'query') || stringField(action, 'query') || '';
  const target = query || stringField(action, 'url') || '';
  // `item.started` carries an empty query; the call is announced once there is something to show.
  if (target === '' && !final) return [];
  const input: JsonObject = { query };
  if (action !== undefined) input.action = action;
  const events = announceTool(state, { id, toolName: 'web_search', input, arg: target });
  return final ? [...events, ...finishTool(state, id, { status: 'success' })] : events;
}

function todoItem(state: CodexState, item: JsonObject, id: string, final: boolean): DisplayEvent[] {
  const items = arrayField(item, 'items');
  const events = announceTool(state, { id, toolName: 'todo_list', input: { items: items ?? [] } });
  return final ? [...events, ...finishTool(state, id, { status: 'success', output: todoListText(items) })] : events;
}

function collabItem(state: CodexState, item: JsonObject, id: string, final: boolean): DisplayEvent[] {
  const tool = stringField(item, 'tool') ?? 'collab_tool_call';
  const prompt = stringField(item, 'prompt');
  const input: JsonObject = { tool, prompt: prompt ?? null, receiver_thread_ids: arrayField(item, 'receiver_thread_ids') ?? [] };
  const events = announceTool(state, { id, toolName: tool, input, arg: prompt ?? '' });
  if (!final) return events;
  const states = objectField(item, 'agents_states');
  const messages: string[] = [];
  for (const key of Object.keys(states ?? {})) {
    const message = stringField(ownField(states, key), 'message');
    if (message !== undefined && message !== '') messages.push(message);
  }
  const outcome: ToolCallOutcome = { status: stringField(item, 'status') === 'failed' ? 'error' : 'success' };
  if (messages.length > 0) outcome.output = messages.join('\n');
  return [...events, ...finishTool(state, id, outcome)];
}
