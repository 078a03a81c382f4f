import type { SessionEvent, UsageEvent } from '@x/core';
import { createUsageCounter } from '@x/core';
import { sanitizeLine } from './sanitize.js';

/** What a run reported about itself, for the verbose footer. */
export interface RunTotals {
  /** Adds a session end (status, duration, turns). */
  session(event: SessionEvent): void;
  /** Adds a usage event, replacing totals when it is cumulative. */
  usage(event: UsageEvent): void;
  /** Whether a session end said the stream stopped without its final line. */
  readonly incomplete: boolean;
  /** Whether a session end with a final status (not `incomplete`) was seen. */
  readonly ended: boolean;
  /** The footer text, or `undefined` when the run reported nothing for it. */
  footer(): string | undefined;
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

  const tokenText = (): string | undefined => {
    const { inputTokens, outputTokens } = tokens;
    if (inputTokens === undefined && outputTokens === undefined) return undefined;
    let text = `${grouped(inputTokens ?? 0)} in / ${grouped(outputTokens ?? 0)} out tokens`;
    const extra: string[] = [];
    if (tokens.reasoningTokens) extra.push(`${grouped(tokens.reasoningTokens)} reasoning`);
    if (tokens.cacheReadTokens) extra.push(`${grouped(tokens.cacheReadTokens)} cache read`);
    if (tokens.cacheWriteTokens) extra.push(`${grouped(tokens.cacheWriteTokens)} cache write`);
    if (extra.length > 0) text += ` (${extra.join(', ')})`;
    return text;
  };

  return {
    session(event) {
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
    footer() {
      const parts: string[] = [];
      if (status !== undefined) parts.push(status);
      if (durationMs !== undefined) parts.push(formatDuration(durationMs));
      if (turns !== undefined) parts.push(`${grouped(turns)} ${turns === 1 ? 'turn' : 'turns'}`);
      const tokenPart = tokenText();
      if (tokenPart !== undefined) parts.push(tokenPart);
      if (usage.costUsd !== undefined) parts.push(formatCost(usage.costUsd));
      return parts.length === 0 ? undefined : parts.join(' | ');
    },
  };
}
