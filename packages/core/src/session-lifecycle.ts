import type { DisplayEvent, ErrorDisplayEvent, SessionDisplayEvent, SessionStatus } from './display-event.js';
import { compactKey, createRecentMap, type RecentMap } from './recent-keys.js';

/** What a session start or end may say besides its phase (the fields of {@link SessionDisplayEvent}). */
export type SessionFields = Omit<SessionDisplayEvent, 'kind' | 'phase' | 'status'>;

/** How many distinct fatal error messages a session remembers to report each once. */
const REMEMBERED_ERRORS = 64;

/**
 * The one session lifecycle every provider follows, so that all of them behave
 * the same at the edges:
 *
 * - an empty stream emits nothing (no start, no end);
 * - a session starts once: a second start while one is open emits nothing;
 * - an end with no start first emits the start (with the same id), so a
 *   renderer never sees an end it cannot pair;
 * - on a status other than `success`, a zero duration or turn count is the
 *   agent's placeholder for "unknown" and is left out;
 * - a fatal error with the same message as one already reported in the
 *   session is reported once;
 * - `flush` ends a session still open as `incomplete`.
 */
export interface SessionLifecycle {
  /** Whether a session was started and has not ended. */
  readonly open: boolean;
  /** The start event, or nothing when a session is already open. */
  start(fields?: SessionFields): DisplayEvent[];
  /** The end event (preceded by a start when none was emitted), or nothing when no session is open and `fields` name none. */
  end(status: SessionStatus, fields?: SessionFields): DisplayEvent[];
  /** An error event, or nothing when the same fatal message was already reported in this session. */
  error(event: ErrorDisplayEvent): DisplayEvent[];
  /** At the end of the stream: an `incomplete` end for a session still open. */
  flush(fields?: SessionFields): DisplayEvent[];
}

function withFields<T extends SessionDisplayEvent>(event: T, fields: SessionFields | undefined): T {
  if (fields === undefined) return event;
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) (event as Record<string, unknown>)[key] = value;
  }
  return event;
}

/** A fresh {@link SessionLifecycle}. */
export function createSessionLifecycle(): SessionLifecycle {
  const state: { open: boolean; errors: RecentMap<string, true> } = { open: false, errors: createRecentMap(REMEMBERED_ERRORS) };
  const lifecycle: SessionLifecycle = {
    get open() {
      return state.open;
    },
    start(fields) {
      if (state.open) return [];
      state.open = true;
      state.errors = createRecentMap(REMEMBERED_ERRORS);
      return [withFields({ kind: 'session', phase: 'start' }, fields)];
    },
    end(status, fields) {
      const events: DisplayEvent[] = state.open ? [] : lifecycle.start(fields?.sessionId === undefined ? undefined : { sessionId: fields.sessionId });
      state.open = false;
      const end = withFields<SessionDisplayEvent>({ kind: 'session', phase: 'end', status }, fields);
      if (status !== 'success') {
        if (end.durationMs === 0) delete end.durationMs;
        if (end.turns === 0) delete end.turns;
      }
      events.push(end);
      return events;
    },
    error(event) {
      if (!event.fatal) return [event];
      const key = compactKey(event.message);
      if (state.errors.has(key)) return [];
      state.errors.set(key, true);
      return [event];
    },
    flush(fields) {
      return state.open ? lifecycle.end('incomplete', fields) : [];
    },
  };
  return lifecycle;
}
