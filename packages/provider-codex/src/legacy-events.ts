import type { DisplayEvent, LineContext, NoticeDisplayEvent } from '@x/core';
import { objectField, ownField, stringField, type JsonObject } from '@x/core/provider-utils';
import { command, commandText, mcpCall, patch, planUpdate, webSearch } from './legacy-tool-events.js';
import { readableError } from './provider-error.js';
import { endSession, ensureStarted, madeId, startSession, startTurn, usageEvent, type CodexState } from './state.js';
import { legacyTokenUsageSchema } from './wire-schema.js';

// Lines that say nothing a display needs, by `msg.type`, with the reason given for them.
const SILENT: ReadonlyMap<string, string> = new Map([
  ['exec_command_output_delta', 'command output arrives whole with exec_command_end'],
  ['turn_diff', 'the diff of the turn; the patches were shown as they were applied'],
  ['user_message', 'echo of the prompt'],
  ['get_history_entry_response', 'history lookup'],
  ['shutdown_complete', 'the process is shutting down'],
]);

type LegacyHandler = (state: CodexState, msg: JsonObject, context: LineContext, type: string) => DisplayEvent[];

function notice(level: NoticeDisplayEvent['level'], message: string, code: string): NoticeDisplayEvent {
  return { kind: 'notice', level, message, code };
}

function sessionConfigured(state: CodexState, msg: JsonObject, context: LineContext): DisplayEvent[] {
  const model = stringField(msg, 'model');
  if (model !== undefined) state.model = model;
  const sessionId = stringField(msg, 'session_id');
  const events = sessionId === undefined ? ensureStarted(state) : startSession(state, sessionId);
  if (events.length === 0) context.ignore('session_configured after the session started');
  return events;
}

function taskStarted(state: CodexState, _msg: JsonObject, context: LineContext): DisplayEvent[] {
  startTurn(state);
  state.taskActive = true;
  state.legacyTurn = 'running';
  const events = ensureStarted(state);
  if (events.length === 0) context.ignore('task_started: a new turn begins');
  return events;
}

/** Legacy messages have no id: one is made up per message and kept while its deltas stream. */
function openId(state: CodexState, kind: 'text' | 'reasoning'): string {
  if (kind === 'text') return (state.openMessageId ??= madeId(state, 'message'));
  return (state.openReasoningId ??= madeId(state, 'reasoning'));
}

function textDelta(state: CodexState, msg: JsonObject, kind: 'text' | 'reasoning', context: LineContext): DisplayEvent[] {
  const delta = stringField(msg, 'delta') ?? '';
  if (delta === '') {
    context.ignore('empty delta');
    return [];
  }
  const id = openId(state, kind);
  return [{ kind, id, text: state.text.delta(id, delta) }];
}

/** A complete message or reasoning: only what its deltas did not show (core's text assembler says what). */
function textFinal(state: CodexState, full: string, kind: 'text' | 'reasoning', context: LineContext): DisplayEvent[] {
  const id = openId(state, kind);
  if (kind === 'text') state.openMessageId = undefined;
  else state.openReasoningId = undefined;
  const text = state.text.copy(id, full, true).added;
  if (text === '') context.ignore(`complete ${kind === 'text' ? 'message' : 'reasoning'} whose text was already streamed as deltas`);
  return text === '' ? [] : [{ kind, id, text }];
}

function rawReasoning(state: CodexState, msg: JsonObject, context: LineContext): DisplayEvent[] {
  const text = stringField(msg, 'text') ?? '';
  if (text === '') context.ignore('agent_reasoning_raw_content with no text');
  return text === '' ? [] : [{ kind: 'reasoning', id: madeId(state, 'reasoning'), text }];
}

/**
 * A `token_count` closes one model response, after the calls it asked for
 * ran. A response that said something and asked for no call Codex runs was
 * the turn's answer: `exec --json` of 0.40 consumes `task_complete` to shut
 * down and never prints it (fixtures/codex/recorded/0.40.0/plain-answer.jsonl),
 * so this is all that tells a finished turn from a cut stream.
 */
function closeResponse(state: CodexState): void {
  state.legacyTurn = state.legacyTurn === 'content' ? 'answered' : 'running';
}

/** Calls Codex runs itself (the plan tool too), whose output the model is owed in another response. */
const CLIENT_CALLS = new Set([
  'exec_command_begin',
  'exec_command_end',
  'patch_apply_begin',
  'patch_apply_end',
  'mcp_tool_call_begin',
  'mcp_tool_call_end',
  'plan_update',
]);

/** What a model response says besides calls Codex runs (a web search runs on the server). */
const RESPONSE_CONTENT = new Set([
  'agent_message',
  'agent_message_delta',
  'agent_reasoning',
  'agent_reasoning_delta',
  'agent_reasoning_raw_content',
  'web_search_begin',
  'web_search_end',
]);

function trackResponse(state: CodexState, type: string): void {
  if (CLIENT_CALLS.has(type)) state.legacyTurn = 'calls';
  else if (RESPONSE_CONTENT.has(type) && state.legacyTurn !== 'calls') state.legacyTurn = 'content';
}

function tokenCount(state: CodexState, msg: JsonObject, context: LineContext): DisplayEvent[] {
  if (Object.hasOwn(msg, 'info')) {
    // `info` form: `total_token_usage` is the running total (replace); `info` is null before the first response.
    const total = legacyTokenUsageSchema.safeParse(ownField(objectField(msg, 'info'), 'total_token_usage'));
    if (!total.success) {
      context.ignore('token_count without token usage');
      return [];
    }
    closeResponse(state);
    return [usageEvent(state, total.data, true)];
  }
  // Flat form of early versions: the usage of one model response, an increment.
  const flat = legacyTokenUsageSchema.safeParse(msg);
  if (!flat.success || (flat.data.input_tokens == null && flat.data.output_tokens == null)) {
    context.ignore('token_count without token usage');
    return [];
  }
  closeResponse(state);
  return [usageEvent(state, flat.data, false)];
}

/** `error`: fatal to the running task; before any task (an MCP server that failed to start) it is a warning-like error. */
function legacyError(state: CodexState, msg: JsonObject): DisplayEvent[] {
  const { message, code } = readableError(stringField(msg, 'message'), 'Error');
  const fatal = state.taskActive;
  const error: DisplayEvent = code === undefined ? { kind: 'error', message, fatal } : { kind: 'error', message, fatal, code };
  return fatal ? [error, ...endSession(state, 'error')] : [error];
}

function taskComplete(state: CodexState, msg: JsonObject, context: LineContext): DisplayEvent[] {
  const last = stringField(msg, 'last_agent_message');
  if (last !== undefined) state.lastMessage = last;
  const events = endSession(state, 'success');
  if (events.length === 0) context.ignore('task_complete after the task ended');
  return events;
}

function approvalRequest(_state: CodexState, msg: JsonObject, _context: LineContext, type: string): DisplayEvent[] {
  if (type === 'exec_approval_request') {
    const script = commandText(ownField(msg, 'command'));
    return [notice('info', script === '' ? 'Approval requested to run a command' : `Approval requested to run: ${script}`, type)];
  }
  const reason = stringField(msg, 'reason');
  return [notice('info', reason ? `Approval requested to apply a patch: ${reason}` : 'Approval requested to apply a patch', type)];
}

const HANDLERS: ReadonlyMap<string, LegacyHandler> = new Map<string, LegacyHandler>([
  ['session_configured', sessionConfigured],
  ['task_started', taskStarted],
  ['agent_message_delta', (state, msg, context) => textDelta(state, msg, 'text', context)],
  ['agent_reasoning_delta', (state, msg, context) => textDelta(state, msg, 'reasoning', context)],
  [
    'agent_message',
    (state, msg, context) => {
      const full = stringField(msg, 'message') ?? '';
      state.lastMessage = full;
      return textFinal(state, full, 'text', context);
    },
  ],
  ['agent_reasoning', (state, msg, context) => textFinal(state, stringField(msg, 'text') ?? '', 'reasoning', context)],
  ['agent_reasoning_raw_content', rawReasoning],
  ['exec_command_begin', (state, msg, context) => command(false, msg, state, context)],
  ['exec_command_end', (state, msg, context) => command(true, msg, state, context)],
  ['patch_apply_begin', (state, msg, context) => patch(false, msg, state, context)],
  ['patch_apply_end', (state, msg, context) => patch(true, msg, state, context)],
  ['mcp_tool_call_begin', (state, msg, context) => mcpCall(false, msg, state, context)],
  ['mcp_tool_call_end', (state, msg, context) => mcpCall(true, msg, state, context)],
  ['web_search_begin', (state, msg, context) => webSearch(false, msg, state, context)],
  ['web_search_end', (state, msg, context) => webSearch(true, msg, state, context)],
  ['plan_update', (state, msg) => planUpdate(msg, state)],
  ['token_count', tokenCount],
  ['exec_approval_request', approvalRequest],
  ['apply_patch_approval_request', approvalRequest],
  ['background_event', (_state, msg, _context, type) => [notice('info', stringField(msg, 'message') ?? 'Background event', type)]],
  [
    'stream_error',
    (_state, msg, _context, type) => {
      const { message, code } = readableError(stringField(msg, 'message'), 'Stream error');
      return [notice('warning', message, code ?? type)];
    },
  ],
  ['error', legacyError],
  [
    'turn_aborted',
    (state, msg, _context, type) => {
      const reason = stringField(msg, 'reason');
      return [notice('warning', reason ? `Turn aborted (${reason})` : 'Turn aborted', type), ...endSession(state, 'cancelled')];
    },
  ],
  ['task_complete', taskComplete],
]);

/**
 * One legacy event (`{"id", "msg": {"type", ...}}`, Codex up to 0.43 and
 * `codex proto`), checked by the wire schema. `msg` is the event; `id` is a
 * submission id, not needed to correlate anything (calls carry `call_id`).
 */
export function legacyEvents(state: CodexState, msg: JsonObject & { type: string }, context: LineContext): DisplayEvent[] {
  const type = msg.type;
  const handler = HANDLERS.get(type);
  trackResponse(state, type);
  if (handler !== undefined) return handler(state, msg, context, type);
  const silent = SILENT.get(type);
  if (silent !== undefined) context.ignore(silent);
  else context.unknown(`unknown legacy event type "${type}"`);
  return [];
}
