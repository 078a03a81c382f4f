import type { DisplayEvent, FileChange, LineContext } from '@x/core';
import { compactKey, stringField } from '@x/core/provider-utils';
import { nonEmpty, withParent } from './fields.js';
import { MAX_INTENT_CALLS, noteModel, type CopilotState } from './state.js';
import { exitCodeInOutput, outputDetails, outputShape } from './tool-details.js';
import { resolveCopilotTool } from './tool-names.js';
import { fileEditSchema, toolRequestSchema, type CopilotData } from './wire-schema.js';

/** Copilot's bookkeeping tool: it reports what the agent is doing, for Copilot's own status line. */
const REPORT_INTENT = 'report_intent';

/** A tool call as `toolRequests[]` or `tool.execution_start` names it. */
interface CopilotCall {
  id: string;
  toolName: string;
  input: unknown;
  mcpServerName?: string | undefined;
  mcpToolName?: string | undefined;
  parent: string | undefined;
}

const FILE_EDIT_KINDS: Readonly<Record<string, FileChange['change']>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, FileChange['change']>, { create: 'created', edit: 'modified', delete: 'deleted' }),
);

/** `fileEdits` as file changes; kinds other than create, edit and delete are left out. */
function fileChanges(edits: readonly unknown[] | undefined): FileChange[] | undefined {
  if (edits === undefined) return undefined;
  const changes: FileChange[] = [];
  for (const entry of edits) {
    const edit = fileEditSchema.safeParse(entry);
    const change = edit.success ? FILE_EDIT_KINDS[edit.data.kind] : undefined;
    if (edit.success && change !== undefined) changes.push({ path: edit.data.path, change });
  }
  return changes;
}

/**
 * `report_intent` is Copilot's bookkeeping (the status line it shows), not
 * work: its intent becomes a notice (once per call), its result nothing.
 */
function intentNotice(state: CopilotState, call: CopilotCall): DisplayEvent | undefined {
  const key = compactKey(call.id);
  if (state.intents.has(key)) return undefined;
  state.intents.add(key);
  if (state.intents.size > MAX_INTENT_CALLS) state.intents.delete(state.intents.values().next().value as string);
  const intent = nonEmpty(stringField(call.input, 'intent'));
  if (!state.showIntents || intent === undefined) return undefined;
  return withParent({ kind: 'notice', level: 'info', code: 'intent', message: intent }, call.parent);
}

/** The `tool-use` of a call not announced yet (or the notice of an intent), else nothing. */
function announce(state: CopilotState, call: CopilotCall): DisplayEvent[] {
  if (call.toolName === REPORT_INTENT) {
    const intent = intentNotice(state, call);
    return intent === undefined ? [] : [intent];
  }
  // MCP calls and `str_replace_editor` are named from other fields than the tool name.
  const resolved = resolveCopilotTool({ toolName: call.toolName, input: call.input, mcpServerName: call.mcpServerName, mcpToolName: call.mcpToolName });
  const events = state.tools.start({ id: call.id, toolName: call.toolName, displayName: resolved.name, input: call.input, parentToolUseId: call.parent, restatesSameInput: true });
  const shape = outputShape(resolved.name, call.input);
  if (events.length > 0 && shape !== undefined) state.outputShapes.set(compactKey(call.id), shape);
  return events;
}

/** The calls of `assistant.message.toolRequests`, and how many entries had no id or name. */
export function toolRequestEvents(state: CopilotState, requests: readonly unknown[], parent: string | undefined): { events: DisplayEvent[]; unusable: number } {
  const events: DisplayEvent[] = [];
  let unusable = 0;
  for (const entry of requests) {
    const request = toolRequestSchema.safeParse(entry);
    if (!request.success) {
      unusable += 1;
      continue;
    }
    const { toolCallId, name, arguments: input, mcpServerName, mcpToolName } = request.data;
    events.push(...announce(state, { id: toolCallId, toolName: name, input, mcpServerName, mcpToolName, parent }));
  }
  return { events, unusable };
}

/** `tool.execution_start`: the call, unless its tool request announced it already. */
export function toolStart(state: CopilotState, data: CopilotData<'tool.execution_start'>, context: LineContext): DisplayEvent[] {
  const call = { id: data.toolCallId, toolName: data.toolName, input: data.arguments, mcpServerName: data.mcpServerName, mcpToolName: data.mcpToolName };
  const events = announce(state, { ...call, parent: data.parentToolCallId });
  if (events.length === 0) {
    context.ignore(
      data.toolName === REPORT_INTENT ? 'report_intent call already shown, or without an intent to show' : 'tool call already announced by its tool request',
    );
    return [];
  }
  return events;
}

/**
 * `tool.execution_complete`: the call's result. `success: false` or an
 * `error` object is a failure. A shell command that exited non-zero says
 * `success: true` with `shellExecution.exitCode: 1` (1.0.102) or
 * `toolTelemetry.metrics.exit_code: 1` (1.0.62), or only ends its output
 * with `<exited with exit code 1>` (1.0.20; all recorded in
 * fixtures/copilot/recorded/<version>/failing-command.jsonl): the exit code
 * goes to core, which fails such a call as it does for every agent.
 */
export function toolComplete(state: CopilotState, data: CopilotData<'tool.execution_complete'>, context: LineContext): DisplayEvent[] {
  const id = data.toolCallId;
  noteModel(state, data.model);
  if (state.intents.delete(compactKey(id))) {
    context.ignore('report_intent result: the intent is no tool call of its own');
    return [];
  }
  const failed = data.success === false || (data.success !== true && data.error !== undefined);
  // The error message goes to details only: taken as output it would pass
  // for the content of a Read that failed.
  const output = data.result?.content ?? data.result?.detailedContent;
  const shape = state.outputShapes.get(compactKey(id));
  const exitCode = data.shellExecution?.exitCode ?? data.toolTelemetry?.metrics?.exit_code ?? (shape === 'shell' ? exitCodeInOutput(output) : undefined);
  const events = state.tools.finish(id, {
    status: failed ? 'error' : 'success',
    output,
    errorMessage: failed ? data.error?.message : undefined,
    exitCode,
    changes: fileChanges(data.fileEdits),
    parentToolUseId: data.parentToolCallId,
    ...(failed || output === undefined || shape === undefined ? {} : outputDetails(shape, output)),
  });
  if (events.length === 0) context.ignore('tool result already reported');
  return events;
}
