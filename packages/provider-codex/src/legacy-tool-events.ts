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
import { madeId, type CodexState } from './state.js';
import { announceTool, finishTool, keepCallDetails, withCallDetails } from './tool-calls.js';
import { commandOutcome, durationMsOf, legacyFileChangesOf, planText, resultText } from './tool-outcomes.js';
import { commandOfArgv, fileChangeToolName, fileReadTarget, unwrapShellCommand } from './tool-names.js';
import { legacyMcpInvocationSchema } from './wire-schema.js';

// The calls of the legacy form: a `*_begin` and a `*_end` event per call,
// joined by `call_id`. An end whose begin was not seen still announces the call.

/** The command line of a legacy `command` (argv array, or a string in some versions). */
export function commandText(command: unknown): string {
  if (Array.isArray(command) && command.every((part) => typeof part === 'string')) return commandOfArgv(command);
  return typeof command === 'string' ? unwrapShellCommand(command) : '';
}

function callIdOf(msg: JsonObject, type: string, context: LineContext): string | undefined {
  const id = stringField(msg, 'call_id');
  if (id === undefined || id === '') context.malformed(`${type} without call_id`);
  return id === '' ? undefined : id;
}

export function command(end: boolean, msg: JsonObject, state: CodexState, context: LineContext): DisplayEvent[] {
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

export function patch(end: boolean, msg: JsonObject, state: CodexState, context: LineContext): DisplayEvent[] {
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

export function mcpCall(end: boolean, msg: JsonObject, state: CodexState, context: LineContext): DisplayEvent[] {
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

export function webSearch(end: boolean, msg: JsonObject, state: CodexState, context: LineContext): DisplayEvent[] {
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

/** `plan_update`: a `TodoWrite` of its own, announced and finished at once. */
export function planUpdate(msg: JsonObject, state: CodexState): DisplayEvent[] {
  const id = madeId(state, 'plan');
  const plan = arrayField(msg, 'plan');
  const input = { explanation: stringField(msg, 'explanation') ?? null, plan: plan ?? [] };
  return [...announceTool(state, { id, toolName: 'plan_update', input }), ...finishTool(state, id, { status: 'success', output: planText(plan) })];
}
