import { formatCost, formatCount, formatDuration, formatStatus, type RunOutcome } from '@x/core';
import { escapeHtml } from './escape-html.js';

/** Said after the status word when the stream stopped before the run ended; the word is the one every surface uses. */
const INCOMPLETE_NOTE = ': the stream stopped before the run ended';

function tokens(outcome: RunOutcome): string {
  const { usage } = outcome;
  // A count no usage event reported is unknown, not 0: a provider that reports only output tokens did not read nothing.
  const count = (field: 'inputTokens' | 'outputTokens'): string => (usage.reported.includes(field) ? formatCount(usage[field]) : 'unknown');
  const parts = [`${count('inputTokens')} input`, `${count('outputTokens')} output`];
  if (usage.reasoningTokens > 0) parts.push(`${formatCount(usage.reasoningTokens)} reasoning`);
  if (usage.cacheReadTokens > 0) parts.push(`${formatCount(usage.cacheReadTokens)} cache read`);
  if (usage.cacheWriteTokens > 0) parts.push(`${formatCount(usage.cacheWriteTokens)} cache write`);
  return parts.join(' · ');
}

function statusText(outcome: RunOutcome): string {
  if (!outcome.statusReported) return formatStatus(undefined);
  const word = formatStatus(outcome.status);
  return outcome.status === 'incomplete' ? word + INCOMPLETE_NOTE : word;
}

/**
 * The footer of a run from its outcome (core's run aggregator): status,
 * duration, turns, tool calls, errors, tokens and cost, in the words and
 * formats the terminal footer and `--summary` use. A figure the run did not
 * report is `unknown`, never 0.
 */
export function runSummaryHtml(outcome: RunOutcome): string {
  const rows: [string, string][] = [
    ['Status', statusText(outcome)],
    ['Duration', outcome.durationMs === undefined ? 'unknown' : formatDuration(outcome.durationMs)],
    ['Turns', formatCount(outcome.turns)],
    ['Tool calls', formatCount(outcome.toolCallCounts.total)],
    ['Errors', formatCount(outcome.errors.length + outcome.omitted.errors)],
    ['Tokens', tokens(outcome)],
    ['Cost', outcome.usage.costUsd === undefined ? 'unknown' : formatCost(outcome.usage.costUsd)],
  ];
  const list = rows.map(([term, value]) => `<div><dt>${term}</dt><dd>${escapeHtml(value)}</dd></div>`).join('');
  return `<footer class="run-footer"><h2>Summary</h2><dl class="run-details">${list}</dl></footer>`;
}
