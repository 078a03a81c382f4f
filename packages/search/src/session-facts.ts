import type { DisplayEvent, SessionStatus } from '@x/core';

/**
 * What the index notes of a session as it reads it, so a list can show each
 * session's status and length without reading its log again.
 */
export interface SessionFacts {
  /** The status the last session end reported; absent when no session end was seen (the session page says "no session end reported"). */
  status?: SessionStatus;
  /**
   * How long the log covers, in milliseconds: from its first event whose
   * timestamp parses to its last event that carries one; else the duration
   * the last session end reported; absent when the log records neither.
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
  /** The first timestamp that parses. */
  firstAt: number | undefined;
  /** The last timestamp after it, as written: parsed once, when the facts are finished, not per event. */
  lastStamp: string | undefined;
  events: number;
}

export function createFactsState(): FactsState {
  return { status: undefined, reportedMs: undefined, firstAt: undefined, lastStamp: undefined, events: 0 };
}

/** Notes one event, in stream order. A session end's status is taken as core's run aggregate takes it: the last one reported wins. */
export function noteEvent(state: FactsState, event: DisplayEvent): void {
  state.events++;
  // Every event of an indexed session passes here: a timestamp is parsed only until the first one that parses.
  if (event.timestamp !== undefined) {
    if (state.firstAt !== undefined) state.lastStamp = event.timestamp;
    else {
      const at = Date.parse(event.timestamp);
      if (Number.isFinite(at)) state.firstAt = at;
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
  // Events out of order (a log that merges runs) give a negative span, and a last timestamp that does not parse none: that is no duration.
  const lastAt = state.lastStamp === undefined ? Number.NaN : Date.parse(state.lastStamp);
  const span = state.firstAt !== undefined && Number.isFinite(lastAt) && lastAt > state.firstAt ? lastAt - state.firstAt : undefined;
  const duration = span ?? state.reportedMs;
  if (duration !== undefined) facts.durationMs = duration;
  return facts;
}
