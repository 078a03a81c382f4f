import type { ToolResultEvent } from './display-event.js';
import { SUMMARY_MAX_CHARS, collapseWhitespace, toOneLine } from './text-limits.js';

const STDERR_HINT_CHARS = 60;
const LEADING_ERROR = /^(error:\s*)+/i;

function countLabel(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function describe(result: Pick<ToolResultEvent, 'name' | 'toolKind' | 'status' | 'details' | 'output'>): string {
  const { name, details } = result;
  if (result.status === 'error') {
    const message = details.errorMessage ?? result.output ?? details.stderr;
    // Providers often start their messages with "Error:" already.
    const text = message === undefined ? '' : collapseWhitespace(message).replace(LEADING_ERROR, '');
    return `Error: ${text === '' ? `${name} failed` : text}`;
  }
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
  if (result.toolKind === 'execute' && details.stderr !== undefined && details.stderr.trim() !== '') {
    return `Completed ${name} (stderr: ${toOneLine(details.stderr, STDERR_HINT_CHARS)})`;
  }
  return `Completed ${name}`;
}

/**
 * The one-line summary of a tool result, at most 160 characters with
 * whitespace collapsed: `Error: <message>`, `Read <path> (<n> chars)`,
 * `Wrote <path>`, `Updated <path>`, `Found <n> matches in <m> files`,
 * `Completed <tool>` (with a short stderr hint for commands).
 */
export function summarizeToolResult(result: Pick<ToolResultEvent, 'name' | 'toolKind' | 'status' | 'details' | 'output'>): string {
  return toOneLine(describe(result), SUMMARY_MAX_CHARS);
}
