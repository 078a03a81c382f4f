import type { DisplayEvent, SessionStatus } from '@x/core';

/**
 * What the index notes of a session as it reads it, so a list can show each
 * session's status and length without reading its log again.
 */
export interface SessionFacts {
  /** The status the last session end reported; absent when no session end was seen (the session page says "no session end reported"). */
  status?: SessionStatus;
  /**
   * How long the log covers, in milliseconds: from its first to its last
   * event that carries a timestamp; else the duration the last session end
   * reported; absent when the log records neither.
   */
  durationMs?: number;
  /** Events read. */
  events: number;
}

/**
 * The facts being gathered while a session is read: an explicit state, one
 * per session. `xview site` gathers them as it writes each page, so its list
 * shows what `xview serve`'s does.
 */
export interface FactsState {
  status: SessionStatus | undefined;
  reportedMs: number | undefined;
  firstAt: number | undefined;
  lastAt: number | undefined;
  events: number;
}

export function createFactsState(): FactsState {
  return { status: undefined, reportedMs: undefined, firstAt: undefined, lastAt: undefined, events: 0 };
}

/** Notes one event, in stream order. A session end's status is taken as core's run aggregate takes it: the last one reported wins. */
export function noteEvent(state: FactsState, event: DisplayEvent): void {
  state.events++;
  if (event.timestamp !== undefined) {
    const at = Date.parse(event.timestamp);
    if (Number.isFinite(at)) {
      state.firstAt ??= at;
      state.lastAt = at;
    }
  }
  if (event.kind !== 'session' || event.phase !== 'end') return;
  if (event.status !== undefined) state.status = event.status;
  const reported = event.durationMs;
  if (typeof reported === 'number' && Number.isFinite(reported) && reported >= 0) state.reportedMs = reported;
}

/** The events as they come, each noted in `state` on its way. */
export async function* tapFacts(events: AsyncIterable<DisplayEvent>, state: FactsState): AsyncGenerator<DisplayEvent> {
  for await (const event of events) {
    noteEvent(state, event);
    yield event;
  }
}

export function finishFacts(state: FactsState): SessionFacts {
  const facts: SessionFacts = { events: state.events };
  if (state.status !== undefined) facts.status = state.status;
  // Events out of order (a log that merges runs) give a negative span: that is no duration.
  const span = state.firstAt !== undefined && state.lastAt !== undefined && state.lastAt > state.firstAt ? state.lastAt - state.firstAt : undefined;
  const duration = span ?? state.reportedMs;
  if (duration !== undefined) facts.durationMs = duration;
  return facts;
}
