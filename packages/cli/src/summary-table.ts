import { formatCost, formatCount, formatDuration, formatStatus, type RunOutcome } from '@x/core';
import { neutralizeForTerminal as safe } from '@x/renderer-terminal/sanitize';
import { driftRows } from './drift-line.js';

function row(label: string, value: string): string {
  return `${label.padEnd(14)}${safe(value)}\n`;
}

/** `, 3 failed` for a count above 0, else nothing. */
function more(count: number, what: string): string {
  return count ? `, ${formatCount(count)} ${what}` : '';
}

function runRows(outcome: RunOutcome, source: string): string {
  let out = row('Provider', source);
  out += row('Status', formatStatus(outcome.statusReported ? outcome.status : undefined));
  if (outcome.sessionId !== undefined) out += row('Session', outcome.sessionId);
  if (outcome.model !== undefined) out += row('Model', outcome.model);
  if (outcome.durationMs !== undefined) out += row('Duration', formatDuration(outcome.durationMs));
  out += row('Turns', formatCount(outcome.turns));
  const u = outcome.usage;
  // A count no usage event reported is unknown, not 0, as in the footers.
  const count = (field: 'inputTokens' | 'outputTokens') => (u.reported.includes(field) ? formatCount(u[field]) : 'unknown');
  out += row('Tokens', `${count('inputTokens')} in, ${count('outputTokens')} out${more(u.reasoningTokens, 'reasoning')}${more(u.cacheReadTokens, 'cache read')}${more(u.cacheWriteTokens, 'cache write')}`);
  if (u.costUsd !== undefined) out += row('Cost', formatCost(u.costUsd));
  return out;
}

function callRows(outcome: RunOutcome): string {
  const { total, failed, unfinished } = outcome.toolCallCounts;
  let out = row('Tool calls', `${formatCount(total)}${more(failed, 'failed')}${more(unfinished, 'unfinished')}`);
  for (const call of outcome.toolCalls) {
    const mark = call.status === 'success' ? 'ok  ' : call.status === 'error' ? 'FAIL' : 'open';
    out += `  ${mark} ${safe(call.name)}${call.arg ? ` ${safe(call.arg)}` : ''}${call.summary ? `: ${safe(call.summary)}` : ''}\n`;
  }
  // The outcome lists the first calls and counts the rest (bounded by bytes: docs/memory.md).
  if (outcome.omitted.toolCalls > 0) out += `  ... and ${formatCount(outcome.omitted.toolCalls)} more\n`;
  const { created, modified, deleted } = outcome.files;
  if (created.length + modified.length + deleted.length === 0) return out;
  out += row('Files', `${formatCount(created.length)} created, ${formatCount(modified.length)} modified, ${formatCount(deleted.length)} deleted`);
  for (const path of created) out += `  + ${safe(path)}\n`;
  for (const path of modified) out += `  ~ ${safe(path)}\n`;
  for (const path of deleted) out += `  - ${safe(path)}\n`;
  if (outcome.omitted.files > 0) out += `  ... and ${formatCount(outcome.omitted.files)} more\n`;
  return out;
}

function noteRows(outcome: RunOutcome): string {
  let out = '';
  for (const error of outcome.errors) out += row('Error', error.split('\n')[0] ?? '');
  for (const warning of outcome.warnings) out += row('Warning', warning.split('\n')[0] ?? '');
  const { errors, warnings } = outcome.omitted;
  if (errors + warnings > 0) out += `  ... and ${formatCount(errors)} more errors, ${formatCount(warnings)} more warnings\n`;
  const l = outcome.lines;
  out += row('Lines', `${formatCount(l.lines)} read: ${formatCount(l.events)} shown, ${formatCount(l.ignored)} ignored, ${formatCount(l.malformed)} malformed, ${formatCount(l.unknown)} unknown`);
  for (const [reason, n] of Object.entries(l.reasons)) out += `  ${formatCount(n)} x ${safe(reason)}\n`;
  if (outcome.omitted.reasons > 0) out += `  ${formatCount(outcome.omitted.reasons)} x other reasons\n`;
  for (const [label, value] of driftRows(outcome)) out += row(label, value);
  return out;
}

/**
 * The `--summary` table: a plain-text view of a {@link RunOutcome}, in the
 * status words and the number, duration and cost formats of the terminal
 * footer and the HTML summary (core's `format*`). Every value from the
 * stream passes through the terminal gate, so none can act on the terminal.
 */
export function formatSummary(outcome: RunOutcome, source: string): string {
  let out = runRows(outcome, source) + callRows(outcome) + noteRows(outcome);
  if (outcome.finalMessage !== undefined) out += `\n${safe(outcome.finalMessage.trimEnd(), 'text')}\n`;
  if (outcome.omitted.finalMessageChars > 0) out += `... (${formatCount(outcome.omitted.finalMessageChars)} more characters)\n`;
  return out;
}
