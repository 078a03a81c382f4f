import type { RunOutcome } from '@x/core';

/** How many unknown reasons the drift line and the summary name; the rest are counted. */
const TOP_REASONS = 3;
/** The longest reason quoted, in characters: a reason may quote a type name of any length. */
const REASON_CHARS = 80;

function cut(text: string): string {
  return text.length > REASON_CHARS ? `${text.slice(0, REASON_CHARS - 3)}...` : text;
}

/** Every unknown line of a run, named in `unknown` or past its bound. */
function unknownTotal(outcome: RunOutcome): number {
  return Object.values(outcome.unknown).reduce((sum, count) => sum + count, outcome.omitted.unknown);
}

/**
 * The unknown lines of a run by reason, most frequent first (ties by reason,
 * so the line is the same on every run): `2 x unknown message type "foo", 1
 * x unknown content block "bar"`, then `and N more` for the rest.
 */
function topUnknown(outcome: RunOutcome): string {
  const entries = Object.entries(outcome.unknown).sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
  const named = entries.slice(0, TOP_REASONS).map(([reason, count]) => `${count} x ${cut(reason)}`);
  const shown = entries.slice(0, TOP_REASONS).reduce((sum, [, count]) => sum + count, 0);
  const rest = unknownTotal(outcome) - shown;
  return rest > 0 ? `${named.join(', ')}, and ${rest} more` : named.join(', ');
}

/**
 * The drift alarm: the one line `xview` prints on standard error when the
 * stream names a version of the agent's CLI newer than its source was tested
 * with AND something unknown turned up, the sign that the format changed and
 * the view shows less than the agent did. Without unknowns, or without both
 * versions, or with a version not newer, it says nothing. It never changes
 * the exit code: the run itself went as the outcome says. The caller writes
 * it through the terminal gate with every other standard error line.
 */
export function driftLine(outcome: RunOutcome, cli: string, where: string): string | undefined {
  if (outcome.drift?.alarm !== true) return undefined;
  const count = outcome.drift.unknownLines;
  const lines = `${count} line${count === 1 ? '' : 's'}${where === 'standard input' ? '' : ` in ${where}`} ${count === 1 ? 'was' : 'were'}`;
  return (
    `xview: ${cli} ${outcome.agentVersion} is newer than the newest version tested (${outcome.testedUpTo}), ` +
    `and ${lines} of an unknown kind (${topUnknown(outcome)}): its output format may have changed and some of it is not shown; ` +
    'please report it with a capture of this stream.'
  );
}

/**
 * The `--summary` rows of the drift facts, as `[label, value]`: the agent's
 * version, the newest version tested (and whether the stream's is newer), and
 * the unknown lines by reason. None when the run has none of them.
 */
export function driftRows(outcome: RunOutcome): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  if (outcome.agentVersion !== undefined) rows.push(['CLI version', outcome.agentVersion]);
  if (outcome.testedUpTo !== undefined) rows.push(['Tested up to', outcome.testedUpTo + (outcome.drift?.newer ? ' (the stream is newer)' : '')]);
  const unknownLines = unknownTotal(outcome);
  if (unknownLines > 0) rows.push(['Unknown', `${unknownLines} line${unknownLines === 1 ? '' : 's'}: ${topUnknown(outcome)}`]);
  return rows;
}
