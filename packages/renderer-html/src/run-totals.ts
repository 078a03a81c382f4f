import type { DisplayEvent, SessionStatus } from '@x/core';
import { createUsageCounter } from '@x/core';

/** What the footer of a run shows, kept as running totals so no event is held. */
export interface RunTotals {
  /** From the session end event; `undefined` when the run did not report it. */
  status: SessionStatus | undefined;
  durationMs: number | undefined;
  /** The provider's count where it reports one, else the turns the renderer opened. */
  turns: number;
  toolCalls: number;
  errors: number;
  /** `undefined` when no usage event counted input tokens. */
  inputTokens: number | undefined;
  /** `undefined` when no usage event counted output tokens. */
  outputTokens: number | undefined;
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

function finite(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * Creates a {@link RunTotalsCounter}. Usage is added up by core's
 * `createUsageCounter`, the same way every consumer adds it.
 */
export function createRunTotals(): RunTotalsCounter {
  const usage = createUsageCounter();
  let status: SessionStatus | undefined;
  let durationMs: number | undefined;
  let reportedTurns: number | undefined;
  let toolCalls = 0;
  let errors = 0;
  return {
    push(event) {
      switch (event.kind) {
        case 'usage':
          usage.add(event);
          break;
        case 'session':
          if (event.phase === 'start') usage.startSession(event.sessionId);
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
      const t = usage.tokens;
      return {
        status,
        durationMs,
        turns: reportedTurns ?? countedTurns,
        toolCalls,
        errors,
        inputTokens: t.inputTokens,
        outputTokens: t.outputTokens,
        reasoningTokens: t.reasoningTokens ?? 0,
        cacheReadTokens: t.cacheReadTokens ?? 0,
        cacheWriteTokens: t.cacheWriteTokens ?? 0,
        costUsd: usage.costUsd,
      };
    },
  };
}
