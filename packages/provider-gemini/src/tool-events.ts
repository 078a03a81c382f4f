import type { DisplayEvent, LineContext } from '@x/core';
import { stringField, type ToolCallOutcome } from '@x/core/provider-utils';
import { readShellOutput } from './shell-output.js';
import { closeMessage, rememberCall, takeCallName, type GeminiState } from './state.js';
import { failedSubagent } from './subagent-outcome.js';
import { GEMINI_TOOL_ALIASES, previewOverride } from './tool-names.js';
import type { ToolResultWireEvent, ToolUseWireEvent } from './wire-schema.js';

/** A tool's `{ type, message }` error, empty strings left out. */
export function errorOf(value: unknown): { message: string | undefined; type: string | undefined } {
  const message = stringField(value, 'message');
  const type = stringField(value, 'type');
  return {
    message: message === undefined || message === '' ? undefined : message,
    type: type === undefined || type === '' ? undefined : type,
  };
}

/** `tool_use`: the call, announced once per `tool_id`. */
export function toolUseEvents(state: GeminiState, event: ToolUseWireEvent, context: LineContext): DisplayEvent[] {
  closeMessage(state);
  state.answered = true;
  const toolName = event.tool_name;
  const input = event.parameters ?? {};
  const events = state.tracker.start({ id: event.tool_id, toolName, input, arg: previewOverride(toolName, input), restatesSameInput: true });
  if (events.length === 0) {
    context.ignore('tool_use of a call already announced');
    return events;
  }
  rememberCall(state, event.tool_id, toolName);
  return events;
}

/**
 * What a successful call's `output` tells. It is the tool's display string,
 * not what the model got: a read's `""` means "read whole", never an empty
 * file (quirk 1), and a shell's is its output, or the report that quotes the
 * command first (#18), read apart into output, stderr and exit code; a
 * subagent's report may say it failed (quirk 20).
 */
function displayOutcome(toolName: string | undefined, output: string): Partial<ToolCallOutcome> {
  const canonical = toolName === undefined ? undefined : GEMINI_TOOL_ALIASES.get(toolName);
  if (canonical === 'Read' && output === '') return {};
  if (canonical === 'Task') return failedSubagent(output) ?? { output: [output] };
  if (toolName !== 'run_shell_command') return { output: [output] };
  const shell = readShellOutput(output);
  const outcome: Partial<ToolCallOutcome> = { output: [shell.output], stderr: shell.stderr, exitCode: shell.exitCode };
  if (shell.error !== undefined) outcome.errorMessage = shell.error;
  return outcome;
}

/** `tool_result`: the end of the call with that `tool_id`. */
export function toolResultEvents(state: GeminiState, event: ToolResultWireEvent, context: LineContext): DisplayEvent[] {
  closeMessage(state);
  const output = event.output;
  const error = errorOf(event.error);
  const toolName = takeCallName(state, event.tool_id);
  // A one-string array is one text block: core takes it as it is, where a
  // bare string that looks like JSON (shell output) would be decoded.
  const shown = output === null || output === undefined ? {} : displayOutcome(toolName, output);
  const events = state.tracker.finish(event.tool_id, { status: event.status, ...shown, errorMessage: error.message ?? shown.errorMessage });
  if (events.length === 0) context.ignore('tool_result of a call already finished');
  return events;
}
