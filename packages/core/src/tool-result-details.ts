import type { ToolResultDetails } from './display-event.js';
import type { ToolCallOutcome } from './tool-calls.js';

/** What search tools print when they found nothing. */
const NO_MATCHES = /^\s*(no (matches|files|results)( were)? found|no match(es)?)\b/i;

/**
 * The match and file counts of search output that a provider knows to be one
 * match per line, each `path:line:text` or a bare path (ripgrep's and grep's
 * format, "No matches found" when empty). A provider calls this only for a
 * tool whose output it knows has that shape; core never guesses counts from
 * output text.
 */
export function countSearchOutput(text: string): { matchCount: number; fileCount: number } {
  if (NO_MATCHES.test(text)) return { matchCount: 0, fileCount: 0 };
  const files = new Set<string>();
  let matches = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    matches += 1;
    const colon = line.indexOf(':');
    files.add(colon > 0 ? line.slice(0, colon) : line);
  }
  return { matchCount: matches, fileCount: files.size };
}

/** The details of a call's result: what the provider's outcome says, and the path its call named. Nothing is read from output text. */
export function resultDetails(call: { path: string | undefined } | undefined, outcome: ToolCallOutcome): ToolResultDetails {
  const details: ToolResultDetails = {};
  const path = outcome.path ?? call?.path;
  if (path !== undefined) details.path = path;
  if (outcome.contentLength !== undefined) details.contentLength = outcome.contentLength;
  if (outcome.matchCount !== undefined) details.matchCount = outcome.matchCount;
  if (outcome.fileCount !== undefined) details.fileCount = outcome.fileCount;
  if (outcome.changes !== undefined && outcome.changes.length > 0) details.changes = outcome.changes;
  if (outcome.durationMs !== undefined) details.durationMs = outcome.durationMs;
  if (outcome.exitCode !== undefined) details.exitCode = outcome.exitCode;
  if (outcome.stderr !== undefined && outcome.stderr !== '') details.stderr = outcome.stderr;
  if (outcome.errorMessage !== undefined && outcome.errorMessage !== '') details.errorMessage = outcome.errorMessage;
  return details;
}
