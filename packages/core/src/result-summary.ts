import type { ToolResultDisplayEvent } from './display-event.js';
import { SUMMARY_MAX_CHARS, collapseWhitespace, toOneLine } from './text-limits.js';

const LEADING_ERROR = /^(error:\s*)+/i;
// A line worth quoting has a letter or a digit; `> pkg@1.0.0 test` is a script runner's echo of what it runs.
const MEANINGFUL = /[\p{L}\p{N}]/u;
const RUNNER_ECHO = /^> /;
// "Exit code 1" as a whole message says only what the exit code says already.
const EXIT_ONLY = /^exit (code|status):? *-?\d+$/i;

/** The first line of `text` that says something: not blank, not decoration, not a runner's echo. */
export function firstMeaningfulLine(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  // Line by line rather than split whole: the line sought is near the top of what may be 100 KB of output.
  for (let start = 0; ; ) {
    LINE_BREAK.lastIndex = start;
    const end = LINE_BREAK.exec(text);
    const line = text.slice(start, end === null ? text.length : end.index).trim();
    if (MEANINGFUL.test(line) && !RUNNER_ECHO.test(line)) return line;
    if (end === null) return undefined;
    start = end.index + end[0].length;
  }
}

const LINE_BREAK = /\r?\n|\r/g;

/**
 * A command's result: its exit code where known and the first meaningful
 * line of its output. Standard output comes first; standard error only when
 * the command failed or printed nothing else, so a warning on stderr never
 * hides what the command said.
 */
function describeCommand(result: Pick<ToolResultDisplayEvent, 'name' | 'status' | 'details' | 'output'>): string {
  const { details } = result;
  const exit = details.exitCode === undefined ? '' : ` (exit ${details.exitCode})`;
  if (result.status === 'error') {
    const message = firstMeaningfulLine(details.errorMessage?.replace(LEADING_ERROR, ''));
    const said = message !== undefined && EXIT_ONLY.test(message) ? undefined : message;
    const line = said ?? firstMeaningfulLine(details.stderr) ?? firstMeaningfulLine(result.output) ?? message;
    return `Error${exit}: ${line ?? `${result.name} failed`}`;
  }
  const line = firstMeaningfulLine(result.output) ?? firstMeaningfulLine(details.stderr);
  return `Completed ${result.name}${exit}${line === undefined ? '' : `: ${line}`}`;
}

function countLabel(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

type SummarizedResult = Pick<ToolResultDisplayEvent, 'name' | 'toolKind' | 'status' | 'details' | 'output'>;

function describeError(result: SummarizedResult): string {
  const { details } = result;
  const message = details.errorMessage ?? result.output ?? details.stderr;
  // Providers often start their messages with "Error:" already.
  const text = message === undefined ? '' : collapseWhitespace(message).replace(LEADING_ERROR, '');
  return `Error: ${text === '' ? `${result.name} failed` : text}`;
}

function describeSuccess(result: SummarizedResult): string {
  const { name, details } = result;
  const path = details.path;
  switch (name) {
    case 'Read':
      if (path === undefined) return details.contentLength === undefined ? 'Completed Read' : `Read ${countLabel(details.contentLength, 'char', 'chars')}`;
      return details.contentLength === undefined ? `Read ${path}` : `Read ${path} (${countLabel(details.contentLength, 'char', 'chars')})`;
    case 'Write':
      return path === undefined ? 'Completed Write' : `Wrote ${path}`;
    case 'Edit':
    case 'MultiEdit':
    case 'NotebookEdit':
      return path === undefined ? `Completed ${name}` : `Updated ${path}`;
  }
  if (result.toolKind === 'search' && details.matchCount !== undefined) {
    const files = details.fileCount ?? details.matchCount;
    return `Found ${countLabel(details.matchCount, 'match', 'matches')} in ${countLabel(files, 'file', 'files')}`;
  }
  return `Completed ${name}`;
}

function describe(result: SummarizedResult): string {
  if (result.toolKind === 'execute') return describeCommand(result);
  return result.status === 'error' ? describeError(result) : describeSuccess(result);
}

/**
 * The one-line summary of a tool result, at most 160 characters with
 * whitespace collapsed: `Error: <message>`, `Read <path> (<n> chars)`,
 * `Wrote <path>`, `Updated <path>`, `Found <n> matches in <m> files`,
 * `Completed <tool>`; for a command `Completed <tool> (exit <n>): <first
 * meaningful line>` or `Error (exit <n>): <line>`.
 */
export function summarizeToolResult(result: SummarizedResult): string {
  return toOneLine(describe(result), SUMMARY_MAX_CHARS);
}
