import { countSearchOutput, ownField, stringField } from '@x/core/provider-utils';
import type { OutputShape } from './state.js';

/**
 * What Copilot's tools are known to print, so that a result can say how much
 * was read or found (core reads nothing from output text):
 * - `view` (and `str_replace_editor` with `command: "view"`) prints what it
 *   read: its length is the read's length. Output whose every line starts
 *   with a line number is left alone, since the prefix cannot be told from
 *   the content exactly.
 * - `glob` prints one path per line; `grep`/`rg` one match per line
 *   (`path:line:text`) or, with `output_mode: "files_with_matches"`, one
 *   path per line. `output_mode: "count"` (`path:count`), context lines
 *   (`-A`, `-B`, `-C`) and `head_limit` (a cut list) give no counts.
 * - `bash` prints the command's output; 1.0.20 ends it with
 *   `<exited with exit code N>`, the only place that version gives the exit
 *   code (recorded: fixtures/copilot/recorded/1.0.20/failing-command.jsonl).
 */

/** The last line of a 1.0.20 shell result: the command's exit code. */
const EXITED = /\n?<exited with exit code (\d{1,3})>\s*$/;

/** The exit code a shell result's text ends with (1.0.20), if it ends with one. */
export function exitCodeInOutput(output: string | undefined): number | undefined {
  // Only the end is looked at: a command's output can be megabytes long.
  const match = output === undefined ? null : EXITED.exec(output.length > 256 ? output.slice(-256) : output);
  return match === null ? undefined : Number(match[1]);
}

/** Grep arguments after which a line of output is no longer one match. */
const NOT_ONE_MATCH_PER_LINE = ['-A', '-B', '-C', 'head_limit'] as const;

/** A line-number prefix as file viewers write it (`12. `, `12: `, `12\t`, `   12→`), matched where a line starts. */
const NUMBERED_LINE = /[ \t]*\d+(?:[.:|][ \t]|\t|→)/y;

/** How the output of a call of the canonical tool `name` with `input` reads, where that is known. */
export function outputShape(name: string, input: unknown): OutputShape | undefined {
  if (name === 'Read') return 'content';
  if (name === 'Bash') return 'shell';
  if (name === 'Glob') return 'one-per-line';
  if (name !== 'Grep') return undefined;
  const mode = stringField(input, 'output_mode');
  if (mode !== undefined && mode !== 'content' && mode !== 'files_with_matches') return undefined;
  return NOT_ONE_MATCH_PER_LINE.some((field) => isSet(ownField(input, field))) ? undefined : 'one-per-line';
}

/** Whether an argument asks for something (`0`, `false` and `null` do not). */
function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== false && value !== 0;
}

/** Whether every non-empty line of `output` carries a line number (file content usually fails on its first line). */
function lineNumbered(output: string): boolean {
  let numbered = false;
  for (let start = 0; start < output.length; ) {
    const end = output.indexOf('\n', start);
    // An empty line (`end === start`) has no number to carry.
    if (end !== start) {
      NUMBERED_LINE.lastIndex = start;
      if (!NUMBERED_LINE.test(output)) return false;
      numbered = true;
    }
    start = end === -1 ? output.length : end + 1;
  }
  return numbered;
}

/** The details a successful result's output gives for its shape. */
export function outputDetails(shape: OutputShape, output: string): { contentLength?: number; matchCount?: number; fileCount?: number } {
  if (shape === 'shell') return {};
  if (shape === 'one-per-line') return countSearchOutput(output);
  return lineNumbered(output) ? {} : { contentLength: output.length };
}
