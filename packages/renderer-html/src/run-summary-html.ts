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
  const parts = [`${formatCount(totals.inputTokens)} input`, `${formatCount(totals.outputTokens)} output`];
  if (totals.reasoningTokens > 0) parts.push(`${formatCount(totals.reasoningTokens)} reasoning`);
  if (totals.cacheReadTokens > 0) parts.push(`${formatCount(totals.cacheReadTokens)} cache read`);
  if (totals.cacheWriteTokens > 0) parts.push(`${formatCount(totals.cacheWriteTokens)} cache write`);
  return parts.join(' · ');
}

/**
 * The footer of a run from its running totals: status, duration, turns, tool
 * calls, errors, tokens and cost. Values a run did not report say so.
 */
export function runSummaryHtml(totals: RunTotals): string {
  const status = totals.status === undefined ? 'no session end reported' : (STATUS_TEXT.get(totals.status) ?? totals.status);
  const rows: [string, string][] = [
    ['Status', status],
    ['Duration', totals.durationMs === undefined ? 'not reported' : formatDuration(totals.durationMs)],
    ['Turns', formatCount(totals.turns)],
    ['Tool calls', formatCount(totals.toolCalls)],
    ['Errors', formatCount(totals.errors)],
    ['Tokens', tokens(totals)],
    ['Cost', totals.costUsd === undefined ? 'not reported' : formatCost(totals.costUsd)],
  ];
  const list = rows.map(([term, value]) => `<div><dt>${term}</dt><dd>${escapeHtml(value)}</dd></div>`).join('');
  return `<footer class="run-footer"><h2>Summary</h2><dl class="run-details">${list}</dl></footer>`;
}
