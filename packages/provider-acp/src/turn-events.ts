import type { DisplayEvent, LineContext, SessionStatus } from '@x/core';
import { type AcpState, closeBlock, ensureSession } from './state.js';
import { heldCallEvents, refusedCallEvents } from './tool-events.js';
import { geminiQuotaSchema, promptResponseSchema, type StopReason, type WireUsage } from './wire-schema.js';

/** The run status a turn's stop reason calls for: a turn cut by a limit or refused did not do what was asked. */
export function statusOf(stopReason: StopReason | undefined): SessionStatus {
  switch (stopReason) {
    case 'end_turn':
      return 'success';
    case 'cancelled':
      return 'cancelled';
    case undefined:
      return 'incomplete';
    default:
      return 'error';
  }
}

/** A turn's or a request's tokens as a `usage` event. */
export function usageEvent(usage: WireUsage): DisplayEvent {
  const event: DisplayEvent = { kind: 'usage', cumulative: false, inputTokens: usage.inputTokens, outputTokens: usage.outputTokens };
  if (typeof usage.thoughtTokens === 'number') event.reasoningTokens = usage.thoughtTokens;
  if (typeof usage.cachedReadTokens === 'number') event.cacheReadTokens = usage.cachedReadTokens;
  if (typeof usage.cachedWriteTokens === 'number') event.cacheWriteTokens = usage.cachedWriteTokens;
  return event;
}

/** Gemini CLI's tokens for the turn, from the prompt response's `_meta.quota.token_count`, where ACP's `usage` is absent. */
function geminiTokens(meta: unknown): WireUsage | undefined {
  const parsed = geminiQuotaSchema.safeParse(meta);
  if (!parsed.success) return undefined;
  const count = parsed.data.quota.token_count;
  return { inputTokens: count.input_tokens, outputTokens: count.output_tokens };
}

/**
 * The `session/prompt` response: the turn's stop reason (the run's status
 * when the stream ends; see {@link finalEvents}) and its tokens, where the
 * agent reports them.
 */
export function turnEndEvents(state: AcpState, result: unknown, context: LineContext): DisplayEvent[] {
  const parsed = promptResponseSchema.safeParse(result);
  state.promptsOpen = Math.max(0, state.promptsOpen - 1);
  if (!parsed.success) {
    context.malformed('session/prompt response without a stopReason ACP knows');
    return [];
  }
  state.stopReason = parsed.data.stopReason;
  state.promptSeen = false;
  const events = [...closeBlock(state), ...heldCallEvents(state), ...refusedCallEvents(state)];
  const note: DisplayEvent[] =
    parsed.data.stopReason === 'end_turn' || parsed.data.stopReason === 'cancelled'
      ? []
      : [{ kind: 'notice', level: 'warning', code: 'stop_reason', message: `The turn stopped: ${parsed.data.stopReason}` }];
  // The tokens of the turn, unless its chunks told them request by request (Qwen Code's `_meta.usage`).
  const told = state.chunkUsage;
  state.chunkUsage = false;
  const tokens = told ? undefined : (parsed.data.usage ?? geminiTokens(parsed.data._meta));
  const usage = tokens ? [usageEvent(tokens)] : [];
  if (events.length + note.length + usage.length === 0) {
    context.ignore(`session/prompt response (${parsed.data.stopReason})`);
    return [];
  }
  return [...ensureSession(state), ...events, ...note, ...usage];
}

/**
 * At the end of the stream: the session ends with the last turn's status, or
 * `incomplete` when a prompt is still unanswered or no turn ended.
 */
export function finalEvents(state: AcpState): DisplayEvent[] {
  const events = [...closeBlock(state), ...heldCallEvents(state)];
  if (!state.session.open) return events;
  const status = state.promptsOpen > 0 ? 'incomplete' : statusOf(state.stopReason);
  return [...events, ...state.session.end(status)];
}
