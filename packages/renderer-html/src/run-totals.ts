import type { DisplayEvent, SessionStatus } from '@x/core';

/** What the footer of a run shows, kept as running totals so no event is held. */
export interface RunTotals {
  /** From the session end event; `undefined` when the run did not report it. */
  status: SessionStatus | undefined;
  durationMs: number | undefined;
  /** The provider's count where it reports one, else the turns the renderer opened. */
  turns: number;
  toolCalls: number;
  errors: number;
  inputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  /** `undefined` when no usage event carried a cost. */
  costUsd: number | undefined;
}

/** Accumulates {@link RunTotals} event by event. */
export interface RunTotalsCounter {
  push(event: DisplayEvent): void;
  /** The totals so far; `countedTurns` is used when the provider reported no turn count. */
  totals(countedTurns: number): RunTotals;
}

const TOKEN_FIELDS = ['inputTokens', 'outputTokens', 'reasoningTokens', 'cacheReadTokens', 'cacheWriteTokens'] as const;

function finite(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * Creates a {@link RunTotalsCounter}. Usage follows the event's `cumulative`
 * flag, as core's aggregation does: a cumulative event restates the total
 * (replace), any other adds to it, so a provider that repeats usage is not
 * counted twice.
 */
export function createRunTotals(): RunTotalsCounter {
  const tokens = { inputTokens: 0, outputTokens: 0, reasoningTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
  let costUsd: number | undefined;
  let status: SessionStatus | undefined;
  let durationMs: number | undefined;
  let reportedTurns: number | undefined;
  let toolCalls = 0;
  let errors = 0;
  return {
    push(event) {
      switch (event.kind) {
        case 'usage':
          for (const field of TOKEN_FIELDS) {
            const value = event[field];
            if (!finite(value)) continue;
            tokens[field] = event.cumulative ? value : tokens[field] + value;
          }
          if (finite(event.costUsd)) costUsd = event.cumulative ? event.costUsd : (costUsd ?? 0) + event.costUsd;
          break;
        case 'session':
          if (event.phase !== 'end') break;
          if (event.status !== undefined) status = event.status;
          if (finite(event.durationMs)) durationMs = event.durationMs;
          if (finite(event.turns)) reportedTurns = event.turns;
          break;
        case 'tool-use':
          toolCalls += 1;
          break;
        case 'error':
          errors += 1;
          break;
      }
    },
    totals(countedTurns) {
      return { status, durationMs, turns: reportedTurns ?? countedTurns, toolCalls, errors, ...tokens, costUsd };
    },
  };
}
