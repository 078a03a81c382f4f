import type { ToolResultDetails, ToolResultDisplayEvent } from './display-event.js';
import type { ToolCallOutcome } from './tool-calls.js';
import type { extractToolOutput } from './tool-output.js';

/** What search tools print when they found nothing. */
const NO_MATCHES = /^\s*(no (matches|files|results)( were)? found|no match(es)?)\b/i;

function searchCounts(text: string): { matchCount: number; fileCount: number } {
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

/** A search's match and file counts: the outcome's, else those its text output shows. */
function addSearchCounts(details: ToolResultDetails, outcome: ToolCallOutcome, extracted: ReturnType<typeof extractToolOutput>): void {
  const derived = extracted.state === 'text' ? searchCounts(extracted.text) : undefined;
  const matchCount = outcome.matchCount ?? derived?.matchCount;
  const fileCount = outcome.fileCount ?? derived?.fileCount;
  if (matchCount !== undefined) details.matchCount = matchCount;
  if (fileCount !== undefined) details.fileCount = fileCount;
}

/** The details of a call's result: what the outcome says, else what the call's start and its output tell. */
export function resultDetails(call: { path: string | undefined } | undefined, kind: ToolResultDisplayEvent['toolKind'], outcome: ToolCallOutcome, extracted: ReturnType<typeof extractToolOutput>): ToolResultDetails {
  const details: ToolResultDetails = {};
  const path = outcome.path ?? call?.path;
  if (path !== undefined) details.path = path;
  if (kind === 'read' && outcome.status === 'success' && extracted.state !== 'unavailable') details.contentLength = extracted.text.length;
  if (kind === 'search') addSearchCounts(details, outcome, extracted);
  if (outcome.changes !== undefined && outcome.changes.length > 0) details.changes = outcome.changes;
  if (outcome.durationMs !== undefined) details.durationMs = outcome.durationMs;
  if (outcome.exitCode !== undefined) details.exitCode = outcome.exitCode;
  if (outcome.stderr !== undefined && outcome.stderr !== '') details.stderr = outcome.stderr;
  if (outcome.errorMessage !== undefined && outcome.errorMessage !== '') details.errorMessage = outcome.errorMessage;
  return details;
}
