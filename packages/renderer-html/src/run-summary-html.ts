import { escapeHtml } from './escape-html.js';
import { formatCost, formatCount, formatDuration } from './display-format.js';
import type { RunTotals } from './run-totals.js';

// A Map, so that a hostile status such as `__proto__` finds nothing.
const STATUS_TEXT: ReadonlyMap<string, string> = new Map([
  ['success', 'completed'],
  ['error', 'failed'],
  ['cancelled', 'cancelled'],
  ['incomplete', 'incomplete: the stream stopped before the run ended'],
]);

function tokens(totals: RunTotals): string {
  // A count no usage event reported is unknown, not 0: a provider that reports only output tokens did not read nothing.
  const count = (n: number | undefined): string => (n === undefined ? 'unknown' : formatCount(n));
  const parts = [`${count(totals.inputTokens)} input`, `${count(totals.outputTokens)} output`];
  if (totals.reasoningTokens > 0) parts.push(`${formatCount(totals.reasoningTokens)} reasoning`);
  if (totals.cacheReadTokens > 0) parts.push(`${formatCount(totals.cacheReadTokens)} cache read`);
  if (totals.cacheWriteTokens > 0) parts.push(`${formatCount(totals.cacheWriteTokens)} cache write`);
  return parts.join(' · ');
}

/**
 * The footer of a run from its running totals: status, duration, turns, tool
 * calls, errors, tokens and cost. A figure the run did not report is `unknown`, never 0.
 */
export function runSummaryHtml(totals: RunTotals): string {
  const status = totals.status === undefined ? 'no session end reported' : (STATUS_TEXT.get(totals.status) ?? totals.status);
  const rows: [string, string][] = [
    ['Status', status],
    ['Duration', totals.durationMs === undefined ? 'unknown' : formatDuration(totals.durationMs)],
    ['Turns', formatCount(totals.turns)],
    ['Tool calls', formatCount(totals.toolCalls)],
    ['Errors', formatCount(totals.errors)],
    ['Tokens', tokens(totals)],
    ['Cost', totals.costUsd === undefined ? 'unknown' : formatCost(totals.costUsd)],
  ];
  const list = rows.map(([term, value]) => `<div><dt>${term}</dt><dd>${escapeHtml(value)}</dd></div>`).join('');
  return `<footer class="run-footer"><h2>Summary</h2><dl class="run-details">${list}</dl></footer>`;
}
