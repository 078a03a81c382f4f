import { arrayField, extractToolOutput, isJsonObject, numberField, objectField, ownField, stringField, type ToolCallOutcome } from '@x/core/provider-utils';
import type { GooseToolResult } from './wire-schema.js';

/**
 * Whether an MCP content block is meant for the person, not only the model.
 * Goose filters a tool's content by `annotations.audience` the same way
 * (`MessageContent::filter_for_audience`): a block without an audience is for
 * everyone.
 */
function isForUser(block: unknown): boolean {
  const audience = arrayField(objectField(block, 'annotations'), 'audience');
  return audience === undefined || audience.includes('user');
}

/**
 * The content blocks to show: the ones meant for the user. Some extensions
 * return the same output twice, in full for the model and short for the
 * user; a result whose every block is for the model is still shown, since
 * that is all there is.
 */
function shownContent(content: unknown[]): unknown[] {
  const forUser = content.filter(isForUser);
  return forUser.length > 0 ? forUser : content;
}

// The notice goose's shell tool appends to the output of a failed command
// (developer/shell.rs), as its own last paragraph.
const SHELL_FAILURE = /\n\n(Command (?:exited with code -?\d+|timed out after \d+ seconds))$/;

/**
 * What a failed tool says went wrong, in one line: the shell's own closing
 * notice, else the first line of the output (`No match found for the
 * specified text.`), so that the summary is not the start of a long output.
 */
function failureMessage(text: string): string | undefined {
  const shell = SHELL_FAILURE.exec(text);
  if (shell) return shell[1];
  const first = text.split('\n', 1)[0]?.trim();
  return first === undefined || first === '' ? undefined : first;
}

/**
 * Turns a `toolResponse`'s `toolResult` into the outcome core's tool-call
 * tracker needs:
 * - `status: "error"`: the call failed before the tool ran (goose's `ErrorData`
 *   as `"<code>: <message>"`); there is no output;
 * - `status: "success"` with `isError: true`: the tool ran and failed; its
 *   content says why, and the shell's closing notice or the first line is the
 *   error message;
 * - the shell tool's `structuredContent` (`{ stdout, stderr, exit_code }`)
 *   gives the exit code and stderr.
 */
export function toolCallOutcome(result: GooseToolResult): ToolCallOutcome {
  if (result.status === 'error') return { status: 'error', errorMessage: result.error };
  const { value } = result;
  // Sessions written before goose used MCP's CallToolResult stored the content array itself.
  const content = Array.isArray(value) ? value : arrayField(value, 'content');
  const output = content === undefined ? undefined : shownContent(content);
  const outcome: ToolCallOutcome = { status: isJsonObject(value) && ownField(value, 'isError') === true ? 'error' : 'success', output };
  if (outcome.status === 'error') {
    const extracted = extractToolOutput(output);
    if (extracted.state === 'text') outcome.errorMessage = failureMessage(extracted.text);
  }
  const structured = objectField(value, 'structuredContent');
  const exitCode = numberField(structured, 'exit_code');
  if (exitCode !== undefined) outcome.exitCode = exitCode;
  const stderr = stringField(structured, 'stderr');
  if (stderr !== undefined && stderr !== '') outcome.stderr = stderr;
  return outcome;
}
