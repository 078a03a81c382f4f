import type { RunOutcome } from '@x/core';
import { neutralizeForTerminal as safe } from '@x/renderer-terminal/sanitize';

function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

function row(label: string, value: string): string {
  return `${label.padEnd(14)}${safe(value)}\n`;
}

/**
 * The `--summary` table: a plain-text view of a {@link RunOutcome}. Every
 * value from the stream passes through the terminal gate, so none can act on
 * the terminal.
 */
export function formatSummary(outcome: RunOutcome, source: string): string {
  let out = '';
  out += row('Provider', source);
  out += row('Status', outcome.status);
  if (outcome.sessionId !== undefined) out += row('Session', outcome.sessionId);
  if (outcome.model !== undefined) out += row('Model', outcome.model);
  if (outcome.durationMs !== undefined) out += row('Duration', formatDuration(outcome.durationMs));
  if (outcome.turns !== undefined) out += row('Turns', String(outcome.turns));
  const u = outcome.usage;
  out += row('Tokens', `${u.inputTokens} in, ${u.outputTokens} out` + (u.reasoningTokens ? `, ${u.reasoningTokens} reasoning` : '') + (u.cacheReadTokens ? `, ${u.cacheReadTokens} cache read` : '') + (u.cacheWriteTokens ? `, ${u.cacheWriteTokens} cache write` : ''));
  if (u.costUsd !== undefined) out += row('Cost', `$${u.costUsd.toFixed(4)}`);
  const { total, failed, unfinished } = outcome.toolCallCounts;
  out += row('Tool calls', `${total}` + (failed ? `, ${failed} failed` : '') + (unfinished ? `, ${unfinished} unfinished` : ''));
  for (const call of outcome.toolCalls) {
    const mark = call.status === 'success' ? 'ok  ' : call.status === 'error' ? 'FAIL' : 'open';
    out += `  ${mark} ${safe(call.name)}${call.arg ? ` ${safe(call.arg)}` : ''}${call.summary ? `: ${safe(call.summary)}` : ''}\n`;
  }
  // The outcome lists the first calls and counts the rest (bounded by bytes: docs/memory.md).
  if (outcome.omitted.toolCalls > 0) out += `  ... and ${outcome.omitted.toolCalls} more\n`;
  const { created, modified, deleted } = outcome.files;
  if (created.length + modified.length + deleted.length > 0) {
    out += row('Files', `${created.length} created, ${modified.length} modified, ${deleted.length} deleted`);
    for (const path of created) out += `  + ${safe(path)}\n`;
    for (const path of modified) out += `  ~ ${safe(path)}\n`;
    for (const path of deleted) out += `  - ${safe(path)}\n`;
    if (outcome.omitted.files > 0) out += `  ... and ${outcome.omitted.files} more\n`;
  }
  for (const error of outcome.errors) out += row('Error', error.split('\n')[0] ?? '');
  for (const warning of outcome.warnings) out += row('Warning', warning.split('\n')[0] ?? '');
  if (outcome.omitted.errors + outcome.omitted.warnings > 0) out += `  ... and ${outcome.omitted.errors} more errors, ${outcome.omitted.warnings} more warnings\n`;
  const l = outcome.lines;
  out += row('Lines', `${l.lines} read: ${l.events} shown, ${l.ignored} ignored, ${l.malformed} malformed, ${l.unknown} unknown`);
  for (const [reason, count] of Object.entries(l.reasons)) out += `  ${count} x ${safe(reason)}\n`;
  if (outcome.omitted.reasons > 0) out += `  ${outcome.omitted.reasons} x other reasons\n`;
  if (outcome.finalMessage !== undefined) out += `\n${safe(outcome.finalMessage.trimEnd(), 'text')}\n`;
  if (outcome.omitted.finalMessageChars > 0) out += `... (${outcome.omitted.finalMessageChars} more characters)\n`;
  return out;
}
