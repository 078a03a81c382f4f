import { numberField, objectField, ownField, stringField, type JsonObject, type ToolCallOutcome } from '@x/core/provider-utils';
import { unwrapReadOutput } from './read-output.js';

const GREP_FILE_HEADER = /^\S.*:$/;

/**
 * OpenCode reports search counts in `metadata` (`grep {matches}`, `glob` and
 * `list {count}`); its grep output groups matches under `path:` header lines,
 * so counting output lines, the core fallback, would count headers as matches.
 */
function searchCounts(toolName: string, outcome: ToolCallOutcome, metadata: JsonObject | undefined): void {
  if (toolName === 'grep') {
    const matches = numberField(metadata, 'matches');
    if (matches === undefined) return;
    outcome.matchCount = matches;
    const output = outcome.output;
    outcome.fileCount = matches === 0 || typeof output !== 'string' ? 0 : output.split('\n').filter((line) => GREP_FILE_HEADER.test(line)).length;
  } else if (toolName === 'glob' || toolName === 'list') {
    const count = numberField(metadata, 'count');
    if (count === undefined) return;
    outcome.matchCount = count;
    outcome.fileCount = count;
  }
}

/**
 * How a tool part whose `state.status` is `completed` or `error` ended: its
 * output (a read's file text taken out of its markup), search counts, exit
 * code and duration. Shared by the live parser and the session-log source.
 */
export function toolPartOutcome(toolName: string, state: JsonObject, status: 'completed' | 'error'): ToolCallOutcome {
  const outcome: ToolCallOutcome = { status: status === 'completed' ? 'success' : 'error', toolName };
  const metadata = objectField(state, 'metadata');
  if (status === 'completed') {
    const output = ownField(state, 'output');
    const fileText = toolName === 'read' && typeof output === 'string' ? unwrapReadOutput(output) : undefined;
    outcome.output = fileText ?? output;
    // The read tool's markup says where the file text is: its length is known, not guessed.
    if (fileText !== undefined) outcome.contentLength = fileText.length;
    searchCounts(toolName, outcome, metadata);
  } else {
    outcome.errorMessage = stringField(state, 'error') ?? 'Tool failed';
  }
  const exit = numberField(metadata, 'exit');
  if (exit !== undefined) outcome.exitCode = exit;
  const time = objectField(state, 'time');
  const start = numberField(time, 'start');
  const end = numberField(time, 'end');
  if (start !== undefined && end !== undefined && end >= start) outcome.durationMs = end - start;
  return outcome;
}
