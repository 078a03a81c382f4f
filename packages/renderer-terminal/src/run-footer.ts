import { formatCost, formatCount, formatDuration, formatStatus, type RunOutcome } from '@x/core';
import { textWidth as stringWidth } from './text-width.js';
import { sanitizeLine } from './sanitize.js';

/** Which fields a footer shows. */
interface Footer {
  tokens: string | undefined;
  turns: boolean;
  duration: boolean;
}

function tokenText(outcome: RunOutcome, details: boolean): string | undefined {
  const { usage } = outcome;
  // A count no usage event reported is unknown, not 0.
  const count = (field: 'inputTokens' | 'outputTokens'): string => (usage.reported.includes(field) ? formatCount(usage[field]) : 'unknown');
  if (!usage.reported.includes('inputTokens') && !usage.reported.includes('outputTokens')) return undefined;
  const text = `${count('inputTokens')} in / ${count('outputTokens')} out tokens`;
  if (!details) return text;
  const extra: string[] = [];
  if (usage.reasoningTokens) extra.push(`${formatCount(usage.reasoningTokens)} reasoning`);
  if (usage.cacheReadTokens) extra.push(`${formatCount(usage.cacheReadTokens)} cache read`);
  if (usage.cacheWriteTokens) extra.push(`${formatCount(usage.cacheWriteTokens)} cache write`);
  return extra.length > 0 ? `${text} (${extra.join(', ')})` : text;
}

function footerText(outcome: RunOutcome, step: Footer): string {
  const parts: string[] = [];
  if (outcome.statusReported) parts.push(sanitizeLine(formatStatus(outcome.status)));
  if (step.duration && outcome.durationMs !== undefined) parts.push(formatDuration(outcome.durationMs));
  if (step.turns && outcome.turns > 0) parts.push(`${formatCount(outcome.turns)} ${outcome.turns === 1 ? 'turn' : 'turns'}`);
  if (step.tokens !== undefined) parts.push(step.tokens);
  if (outcome.usage.costUsd !== undefined) parts.push(formatCost(outcome.usage.costUsd));
  return parts.join(' | ');
}

/**
 * The verbose footer from the run's outcome (core's run aggregator): status,
 * duration, turns, tokens and cost, in the words and formats `--summary` and
 * the HTML summary use. `undefined` when the run reported none of status,
 * duration, tokens or cost; the turn count, counted from the events, joins a
 * footer but never makes one. With `columns`, fields are dropped until it
 * fits, the least important first: token details, turns, duration, tokens.
 * Status and cost stay.
 */
export function runFooter(outcome: RunOutcome, columns?: number): string | undefined {
  const reported = outcome.statusReported || outcome.durationMs !== undefined || outcome.usage.costUsd !== undefined || tokenText(outcome, false) !== undefined;
  if (!reported) return undefined;
  // From the fullest footer to the barest: each step drops the least important field left.
  const steps: Footer[] = [
    { tokens: tokenText(outcome, true), turns: true, duration: true },
    { tokens: tokenText(outcome, false), turns: true, duration: true },
    { tokens: tokenText(outcome, false), turns: false, duration: true },
    { tokens: tokenText(outcome, false), turns: false, duration: false },
    { tokens: undefined, turns: false, duration: false },
  ];
  let text = '';
  for (const step of steps) {
    text = footerText(outcome, step);
    if (text === '') return undefined;
    if (columns === undefined || stringWidth(text) <= columns) return text;
  }
  return text;
}
