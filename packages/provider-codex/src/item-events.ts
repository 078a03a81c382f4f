import type { DisplayEvent, LineContext } from '@x/core';
import {
  arrayField,
  numberField,
  objectField,
  ownField,
  stringField,
  type JsonObject,
  type ToolCallOutcome,
} from '@x/core/provider-utils';
import { errorEvent } from './provider-error.js';
import { scopedId, type CodexState } from './state.js';
import { announceTool, finishTool, forgetCallDetails, keepCallDetails, toolItemEvents, withCallDetails, type ItemPhase } from './tool-calls.js';
import { commandOutcome, fileChangesOf, resultText, todoListText } from './tool-outcomes.js';
import { commandOfArgv, fileChangeToolName, fileReadTarget, unwrapShellCommand } from './tool-names.js';

type ItemHandler = (state: CodexState, item: JsonObject, id: string, phase: ItemPhase) => DisplayEvent[];

/** The handler of each item type; `assistant_message` is the 0.42 name of `agent_message`. */
const ITEM_HANDLERS: ReadonlyMap<string, ItemHandler> = new Map<string, ItemHandler>([
  ['agent_message', (state, item, id, phase) => textItem(state, item, id, phase === 'completed', 'text')],
  ['assistant_message', (state, item, id, phase) => textItem(state, item, id, phase === 'completed', 'text')],
  ['plan', (state, item, id, phase) => textItem(state, item, id, phase === 'completed', 'text')],
  ['reasoning', (state, item, id, phase) => textItem(state, item, id, phase === 'completed', 'reasoning')],
  ['command_execution', commandItem],
  ['file_change', fileChangeItem],
  ['mcp_tool_call', mcpItem],
  ['web_search', (state, item, id, phase) => webSearchItem(state, item, id, phase === 'completed')],
  ['todo_list', (state, item, id, phase) => todoItem(state, item, id, phase === 'completed')],
  ['collab_tool_call', (state, item, id, phase) => collabItem(state, item, id, phase === 'completed')],
  // Error items are warnings that do not end the turn (quirk 4); shown once, when complete.
  ['error', (_state, item, _id, phase) => (phase === 'completed' ? [errorEvent(stringField(item, 'message'), 'Error', false)] : [])],
]);

const PHASES = { 'item.started': 'started', 'item.updated': 'updated', 'item.completed': 'completed' } as const;

/** An `item.started`, `item.updated` (a full snapshot) or `item.completed` line. */
export function itemEvents(
  state: CodexState,
  item: JsonObject,
  lineType: 'item.started' | 'item.updated' | 'item.completed',
  context: LineContext,
): DisplayEvent[] {
  const rawId = stringField(item, 'id');
  // `item_type` is the discriminator of the 0.42 `--experimental-json` variant.
  const itemType = stringField(item, 'type') ?? stringField(item, 'item_type');
  if (rawId === undefined || itemType === undefined) {
    context.malformed(`${lineType} without an item id and type`);
    return [];
  }
  const handler = ITEM_HANDLERS.get(itemType);
  if (handler === undefined) {
    context.unknown(`unknown item type "${itemType}"`);
    return [];
  }
  const events = handler(state, item, scopedId(state, rawId), PHASES[lineType]);
  if (events.length === 0) context.ignore(`${lineType} of ${itemType} adds nothing new`);
  return events;
}

/** Agent messages, plans (the answer in plan mode) and reasoning: snapshots, of which only what is new is emitted. */
function textItem(state: CodexState, item: JsonObject, id: string, final: boolean, kind: 'text' | 'reasoning'): DisplayEvent[] {
  const full = stringField(item, 'text') ?? '';
  if (final && kind === 'text') state.lastMessage = full;
  const text = state.text.copy(id, full, final).added;
  return text === '' ? [] : [{ kind, id, text }];
}

function commandItem(state: CodexState, item: JsonObject, id: string, phase: ItemPhase): DisplayEvent[] {
  // Snapshots of a running command repeat the command: it is read when the call starts and when it completes.
  if (phase === 'updated' && state.tracker.has(id)) return [];
  // A string in `codex exec --json`; an argv array (as legacy events and logs carry it) is shown joined, never as no command at all.
  const raw = ownField(item, 'command');
  const command = Array.isArray(raw) && raw.every((part) => typeof part === 'string') ? commandOfArgv(raw) : typeof raw === 'string' ? raw : '';
  const script = unwrapShellCommand(command);
  const readPath = fileReadTarget(script);
  // What the end needs is what the command that ran tells: the completion's, where it differs.
  if (readPath !== undefined) keepCallDetails(state, id, { path: readPath, read: true });
  else forgetCallDetails(state, id);
  const call = { id, toolName: 'command_execution', input: { command }, displayName: readPath === undefined ? undefined : 'Read', arg: readPath ?? script };
  return toolItemEvents(state, call, phase, () =>
    withCallDetails(state, id, commandOutcome(stringField(item, 'status'), numberField(item, 'exit_code'), stringField(item, 'aggregated_output'))),
  );
}

function fileChangeItem(state: CodexState, item: JsonObject, id: string, phase: ItemPhase): DisplayEvent[] {
  const raw = arrayField(item, 'changes');
  const changes = fileChangesOf(raw);
  const call = { id, toolName: 'file_change', input: { changes: raw ?? [] }, displayName: fileChangeToolName(changes), arg: changes[0]?.path ?? '' };
  return toolItemEvents(state, call, phase, () => {
    const outcome: ToolCallOutcome = { status: stringField(item, 'status') === 'failed' ? 'error' : 'success', changes };
    if (changes[0] !== undefined) outcome.path = changes[0].path;
    return outcome;
  });
}

function mcpItem(state: CodexState, item: JsonObject, id: string, phase: ItemPhase): DisplayEvent[] {
  const server = stringField(item, 'server') ?? '';
  const tool = stringField(item, 'tool') ?? '';
  const toolName = server === '' ? tool || 'mcp_tool_call' : `${server}.${tool}`;
  return toolItemEvents(state, { id, toolName, input: ownField(item, 'arguments') ?? null }, phase, () => {
    const result = ownField(item, 'result');
    const errorMessage = stringField(objectField(item, 'error'), 'message');
    const failed = stringField(item, 'status') === 'failed' || errorMessage !== undefined;
    // A failure may carry its message inside `result` with `error: null` (quirk 3).
    const outcome: ToolCallOutcome = { status: failed ? 'error' : 'success', output: result };
    const message = errorMessage ?? (failed ? resultText(result) : undefined);
    if (message !== undefined) outcome.errorMessage = message;
    return outcome;
  });
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
