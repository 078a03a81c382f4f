import type { SessionEvent, UsageEvent } from '@x/core';
import { createUsageCounter } from '@x/core';
import { textWidth as stringWidth } from './text-width.js';
import { sanitizeLine } from './sanitize.js';

/** What a run reported about itself, for the verbose footer. */
export interface RunTotals {
  /** Adds a session start (scopes cumulative usage) or end (status, duration, turns). */
  session(event: SessionEvent): void;
  /** Adds a usage event, replacing totals when it is cumulative. */
  usage(event: UsageEvent): void;
  /** Whether a session end said the stream stopped without its final line. */
  readonly incomplete: boolean;
  /** Whether a session end with a final status (not `incomplete`) was seen. */
  readonly ended: boolean;
  /**
   * The footer text, or `undefined` when the run reported nothing for it.
   * With `columns`, fields are dropped until it fits, the least important
   * first: token details, turns, duration, tokens. Status and cost stay.
   */
  footer(columns?: number): string | undefined;
}

/** Which fields a footer shows. */
interface Footer {
  tokens: string | undefined;
  turns: boolean;
  duration: boolean;
}

function finite(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function grouped(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `850ms`, `12.3s`, `2m 05s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
}

/** `$0.0123` below a dollar, `$1.23` from a dollar on. */
export function formatCost(usd: number): string {
  return `$${usd.toFixed(Math.abs(usd) < 1 ? 4 : 2)}`;
}

/** Creates the {@link RunTotals} of one run. */
export function createRunTotals(): RunTotals {
  let status: string | undefined;
  let durationMs: number | undefined;
  let turns: number | undefined;
  const usage = createUsageCounter();
  const tokens = usage.tokens;

  // A count no usage event reported is unknown, not 0.
  const count = (n: number | undefined): string => (n === undefined ? 'unknown' : grouped(n));

  const tokenText = (details: boolean): string | undefined => {
    const { inputTokens, outputTokens } = tokens;
    if (inputTokens === undefined && outputTokens === undefined) return undefined;
    let text = `${count(inputTokens)} in / ${count(outputTokens)} out tokens`;
    if (!details) return text;
    const extra: string[] = [];
    if (tokens.reasoningTokens) extra.push(`${grouped(tokens.reasoningTokens)} reasoning`);
    if (tokens.cacheReadTokens) extra.push(`${grouped(tokens.cacheReadTokens)} cache read`);
    if (tokens.cacheWriteTokens) extra.push(`${grouped(tokens.cacheWriteTokens)} cache write`);
    if (extra.length > 0) text += ` (${extra.join(', ')})`;
    return text;
  };

  const footerText = (step: Footer): string | undefined => {
    const parts: string[] = [];
    if (status !== undefined) parts.push(status);
    if (step.duration && durationMs !== undefined) parts.push(formatDuration(durationMs));
    if (step.turns && turns !== undefined) parts.push(`${grouped(turns)} ${turns === 1 ? 'turn' : 'turns'}`);
    if (step.tokens !== undefined) parts.push(step.tokens);
    if (usage.costUsd !== undefined) parts.push(formatCost(usage.costUsd));
    return parts.length === 0 ? undefined : parts.join(' | ');
  };

  return {
    session(event) {
      if (event.phase === 'start') {
        usage.startSession(event.sessionId);
        return;
      }
      if (typeof event.status === 'string') status = sanitizeLine(event.status);
      if (finite(event.durationMs)) durationMs = event.durationMs;
      if (finite(event.turns)) turns = event.turns;
    },
    usage(event) {
      usage.add(event);
    },
    get incomplete() {
      return status === 'incomplete';
    },
    get ended() {
      return status !== undefined && status !== 'incomplete';
    },
    footer(columns) {
      // From the fullest footer to the barest: each step drops the least important field left.
      const steps: Footer[] = [
        { tokens: tokenText(true), turns: true, duration: true },
        { tokens: tokenText(false), turns: true, duration: true },
        { tokens: tokenText(false), turns: false, duration: true },
        { tokens: tokenText(false), turns: false, duration: false },
        { tokens: undefined, turns: false, duration: false },
      ];
      let text: string | undefined;
      for (const step of steps) {
        text = footerText(step);
        if (text === undefined || columns === undefined || stringWidth(text) <= columns) return text;
      }
      return text;
    },
  };
}
