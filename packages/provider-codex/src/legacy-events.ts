import { type DisplayEvent, type LineContext, type NoticeDisplayEvent } from '@x/core';
import {
  arrayField,
  numberField,
  objectField,
  ownField,
  stringField,
  type JsonObject,
  type ToolCallOutcome,
} from '@x/core/provider-utils';
import {
  announceTool,
  endSession,
  ensureStarted,
  finishTool,
  madeId,
  startSession,
  startTurn,
  keepCallDetails,
  withCallDetails,
  usageEvent,
  type CodexState,
} from './codex-state.js';
import { readableError } from './provider-error.js';
import { commandOutcome, durationMsOf, legacyFileChangesOf, planText, resultText } from './tool-outcomes.js';
import { commandOfArgv, fileChangeToolName, fileReadTarget, unwrapShellCommand } from './tool-names.js';
import { legacyMcpInvocationSchema, legacyTokenUsageSchema } from './wire-schema.js';

// Lines that say nothing a display needs, by `msg.type`, with the reason given for them.
const SILENT: Readonly<Record<string, string>> = {
  exec_command_output_delta: 'command output arrives whole with exec_command_end',
  turn_diff: 'the diff of the turn; the patches were shown as they were applied',
  user_message: 'echo of the prompt',
  get_history_entry_response: 'history lookup',
  shutdown_complete: 'the process is shutting down',
};

/**
 * One legacy event (`{"id", "msg": {"type", ...}}`, Codex up to 0.43 and
 * `codex proto`). `msg` is the event; `id` is a submission id, not needed to
 * correlate anything (calls carry `call_id`).
 */
export function parseLegacyEvent(msg: JsonObject, state: CodexState, context: LineContext): DisplayEvent[] {
  const type = stringField(msg, 'type');
  if (type === undefined) {
    context.malformed('legacy event without msg.type');
    return [];
  }
  return legacyEvents(type, msg, state, context);
}

function legacyEvents(type: string, msg: JsonObject, state: CodexState, context: LineContext): DisplayEvent[] {
  switch (type) {
    case 'session_configured': {
      const model = stringField(msg, 'model');
      if (model !== undefined) state.model = model;
      const sessionId = stringField(msg, 'session_id');
      const events = sessionId === undefined ? ensureStarted(state) : startSession(state, sessionId);
      if (events.length === 0) context.ignore('session_configured after the session started');
      return events;
    }
    case 'task_started': {
      startTurn(state);
      state.taskActive = true;
      const events = ensureStarted(state);
      if (events.length === 0) context.ignore('task_started: a new turn begins');
      return events;
    }
    case 'agent_message_delta':
      return textDelta(state, msg, 'text', context);
    case 'agent_reasoning_delta':
      return textDelta(state, msg, 'reasoning', context);
    case 'agent_message': {
      const full = stringField(msg, 'message') ?? '';
      state.lastMessage = full;
      return textFinal(state, full, 'text', context);
    }
    case 'agent_reasoning':
      return textFinal(state, stringField(msg, 'text') ?? '', 'reasoning', context);
    case 'agent_reasoning_raw_content': {
      const text = stringField(msg, 'text') ?? '';
      if (text === '') context.ignore('agent_reasoning_raw_content with no text');
      return text === '' ? [] : [{ kind: 'reasoning', id: madeId(state, 'reasoning'), text }];
    }
    case 'exec_command_begin':
    case 'exec_command_end':
      return command(type === 'exec_command_end', msg, state, context);
    case 'patch_apply_begin':
    case 'patch_apply_end':
      return patch(type === 'patch_apply_end', msg, state, context);
    case 'mcp_tool_call_begin':
    case 'mcp_tool_call_end':
      return mcpCall(type === 'mcp_tool_call_end', msg, state, context);
    case 'web_search_begin':
    case 'web_search_end':
      return webSearch(type === 'web_search_end', msg, state, context);
    case 'plan_update': {
      const id = madeId(state, 'plan');
      const plan = arrayField(msg, 'plan');
      const input = { explanation: stringField(msg, 'explanation') ?? null, plan: plan ?? [] };
      return [...announceTool(state, { id, toolName: 'plan_update', input }), ...finishTool(state, id, { status: 'success', output: planText(plan) })];
    }
    case 'token_count':
      return tokenCount(msg, state, context);
    case 'exec_approval_request': {
      const script = commandText(ownField(msg, 'command'));
      return [notice('info', script === '' ? 'Approval requested to run a command' : `Approval requested to run: ${script}`, type)];
    }
    case 'apply_patch_approval_request': {
      const reason = stringField(msg, 'reason');
      return [notice('info', reason ? `Approval requested to apply a patch: ${reason}` : 'Approval requested to apply a patch', type)];
    }
    case 'background_event':
      return [notice('info', stringField(msg, 'message') ?? 'Background event', type)];
    case 'stream_error': {
      const { message, code } = readableError(stringField(msg, 'message'), 'Stream error');
      return [notice('warning', message, code ?? type)];
    }
    case 'error': {
      // Fatal to the running task; before any task (an MCP server that failed to start) it is a warning-like error.
      const { message, code } = readableError(stringField(msg, 'message'), 'Error');
      const fatal = state.taskActive;
      const error: DisplayEvent = code === undefined ? { kind: 'error', message, fatal } : { kind: 'error', message, fatal, code };
      return fatal ? [error, ...endSession(state, 'error')] : [error];
    }
    case 'turn_aborted': {
      const reason = stringField(msg, 'reason');
      return [notice('warning', reason ? `Turn aborted (${reason})` : 'Turn aborted', type), ...endSession(state, 'cancelled')];
    }
    case 'task_complete': {
      const last = stringField(msg, 'last_agent_message');
      if (last !== undefined) state.lastMessage = last;
      const events = endSession(state, 'success');
      if (events.length === 0) context.ignore('task_complete after the task ended');
      return events;
    }
    default:
      if (Object.hasOwn(SILENT, type)) context.ignore(SILENT[type] as string);
      else context.unknown(`unknown legacy event type "${type}"`);
      return [];
  }
}

function notice(level: NoticeDisplayEvent['level'], message: string, code: string): NoticeDisplayEvent {
  return { kind: 'notice', level, message, code };
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

function textFinal(state: CodexState, full: string, kind: 'text' | 'reasoning', context: LineContext): DisplayEvent[] {
  const id = openId(state, kind);
  if (kind === 'text') state.openMessageId = undefined;
  else state.openReasoningId = undefined;
  const text = state.text.copy(id, full, true).added;
  if (text === '') context.ignore(`complete ${kind === 'text' ? 'message' : 'reasoning'} whose text was already streamed as deltas`);
  return text === '' ? [] : [{ kind, id, text }];
}

/** Legacy messages have no id: one is made up per message and kept while its deltas stream. */
function openId(state: CodexState, kind: 'text' | 'reasoning'): string {
  if (kind === 'text') return (state.openMessageId ??= madeId(state, 'message'));
  return (state.openReasoningId ??= madeId(state, 'reasoning'));
}

/** The command line of a legacy `command` (argv array, or a string in some versions). */
function commandText(command: unknown): string {
  if (Array.isArray(command) && command.every((part) => typeof part === 'string')) return commandOfArgv(command);
  return typeof command === 'string' ? unwrapShellCommand(command) : '';
}

function callIdOf(msg: JsonObject, type: string, context: LineContext): string | undefined {
  const id = stringField(msg, 'call_id');
  if (id === undefined || id === '') context.malformed(`${type} without call_id`);
  return id === '' ? undefined : id;
}

function command(end: boolean, msg: JsonObject, state: CodexState, context: LineContext): DisplayEvent[] {
  const id = callIdOf(msg, end ? 'exec_command_end' : 'exec_command_begin', context);
  if (id === undefined) return [];
  const raw = ownField(msg, 'command');
  const script = commandText(raw);
  const readPath = fileReadTarget(script);
  if (!end && readPath !== undefined) keepCallDetails(state, id, { path: readPath, read: true });
  const input: JsonObject = { command: raw ?? null };
  const cwd = stringField(msg, 'cwd');
  if (cwd !== undefined) input.cwd = cwd;
  const events = announceTool(state, {
    id,
    toolName: 'exec_command',
    input,
    displayName: readPath === undefined ? undefined : 'Read',
    arg: readPath ?? script,
  });
  if (!end) return events;
  const output = stringField(msg, 'aggregated_output') ?? stringField(msg, 'stdout');
  const outcome = withCallDetails(state, id, commandOutcome(undefined, numberField(msg, 'exit_code'), output));
  const stderr = stringField(msg, 'stderr');
  if (stderr !== undefined) outcome.stderr = stderr;
  const durationMs = durationMsOf(ownField(msg, 'duration'));
  if (durationMs !== undefined) outcome.durationMs = durationMs;
  return [...events, ...finishTool(state, id, outcome)];
}

function patch(end: boolean, msg: JsonObject, state: CodexState, context: LineContext): DisplayEvent[] {
  const id = callIdOf(msg, end ? 'patch_apply_end' : 'patch_apply_begin', context);
  if (id === undefined) return [];
  if (!end) {
    const raw = objectField(msg, 'changes') ?? {};
    const changes = legacyFileChangesOf(raw);
    if (changes[0] !== undefined) keepCallDetails(state, id, { path: changes[0].path, changes });
    return announceTool(state, { id, toolName: 'patch_apply', input: { changes: raw }, displayName: fileChangeToolName(changes), arg: changes[0]?.path ?? '' });
  }
  const events = announceTool(state, { id, toolName: 'patch_apply', input: { changes: {} } });
  const stdout = stringField(msg, 'stdout');
  const stderr = stringField(msg, 'stderr');
  const success = ownField(msg, 'success') === true;
  const outcome = withCallDetails(state, id, { status: success ? 'success' : 'error', output: stdout });
  if (stderr !== undefined) outcome.stderr = stderr;
  if (!success) {
    const message = stderr || stdout;
    if (message) outcome.errorMessage = message;
  }
  return [...events, ...finishTool(state, id, outcome)];
}

function mcpCall(end: boolean, msg: JsonObject, state: CodexState, context: LineContext): DisplayEvent[] {
  const id = callIdOf(msg, end ? 'mcp_tool_call_end' : 'mcp_tool_call_begin', context);
  if (id === undefined) return [];
  const invocation = legacyMcpInvocationSchema.safeParse(ownField(msg, 'invocation'));
  const toolName = invocation.success ? `${invocation.data.server}.${invocation.data.tool}` : 'mcp_tool_call';
  const events = announceTool(state, { id, toolName, input: invocation.success ? (invocation.data.arguments ?? null) : null });
  if (!end) return events;
  // `result` is a serde Result: `{"Ok": CallToolResult}` or `{"Err": message}`.
  const result = objectField(msg, 'result');
  const ok = objectField(result, 'Ok');
  const err = ownField(result, 'Err');
  let outcome: ToolCallOutcome;
  if (err !== undefined) {
    outcome = { status: 'error', output: err };
    const message = typeof err === 'string' ? err : resultText(err);
    if (message !== undefined) outcome.errorMessage = message;
  } else {
    const failed = ownField(ok, 'isError') === true || ownField(ok, 'is_error') === true;
    outcome = { status: failed ? 'error' : 'success', output: ok };
    const message = failed ? resultText(ok) : undefined;
    if (message !== undefined) outcome.errorMessage = message;
  }
  const durationMs = durationMsOf(ownField(msg, 'duration'));
  if (durationMs !== undefined) outcome.durationMs = durationMs;
  return [...events, ...finishTool(state, id, outcome)];
}

function webSearch(end: boolean, msg: JsonObject, state: CodexState, context: LineContext): DisplayEvent[] {
  const id = callIdOf(msg, end ? 'web_search_end' : 'web_search_begin', context);
  if (id === undefined) return [];
  const query = stringField(msg, 'query') ?? '';
  // `web_search_begin` may come without the query; the call is announced once it is known.
  if (query === '' && !end) {
    context.ignore('web_search_begin without a query; announced at web_search_end');
    return [];
  }
  const events = announceTool(state, { id, toolName: 'web_search', input: { query } });
  return end ? [...events, ...finishTool(state, id, { status: 'success' })] : events;
}

function tokenCount(msg: JsonObject, state: CodexState, context: LineContext): DisplayEvent[] {
  if (Object.hasOwn(msg, 'info')) {
    // `info` form: `total_token_usage` is the running total (replace); `info` is null before the first response.
    const total = legacyTokenUsageSchema.safeParse(ownField(objectField(msg, 'info'), 'total_token_usage'));
    if (!total.success) {
      context.ignore('token_count without token usage');
      return [];
    }
    return [usageEvent(state, total.data, true)];
  }
  // Flat form of early versions: the usage of one model response, an increment.
  const flat = legacyTokenUsageSchema.safeParse(msg);
  if (!flat.success || (flat.data.input_tokens == null && flat.data.output_tokens == null)) {
    context.ignore('token_count without token usage');
    return [];
  }
  return [usageEvent(state, flat.data, false)];
}
