import type { DisplayEvent, LineContext } from '@x/core';
import { stringField } from '@x/core/provider-utils';
import { rejectedNotice } from './notice-events.js';
import { partEvents } from './part-events.js';
import { endSession, reportError, scopeOf, seeTime, turnStatus, type OpenCodeState } from './state.js';
import type { RunJsonLine } from './wire-schema.js';

/** `done` (the newest `run.ts` ends every run with it, after the session went idle): auto-rejected permissions, then the end. */
function done(state: OpenCodeState, line: Extract<RunJsonLine, { type: 'done' }>, context: LineContext): DisplayEvent[] {
  if (state.started && !state.lifecycle.open) {
    context.ignore('session already ended');
    return [];
  }
  const notice = rejectedNotice(line.rejected);
  const end = endSession(state, turnStatus(state));
  return notice === undefined ? end : [notice, ...end];
}

function lineEvents(state: OpenCodeState, line: RunJsonLine, context: LineContext): DisplayEvent[] {
  switch (line.type) {
    case 'error': {
      const events = reportError(state, line.error);
      if (events.length === 0) context.ignore('error already reported');
      return events;
    }
    case 'done':
      return done(state, line, context);
    default:
      return partEvents(state, line.part, undefined, { kind: 'main' }, context);
  }
}

/**
 * One `run --format json` line. `run.ts` writes only the events of its own
 * session, so every line belongs to it; the first one starts it (there is no
 * init line), and each line's `timestamp` widens the run's time span.
 */
export function runLineEvents(state: OpenCodeState, line: RunJsonLine, context: LineContext): DisplayEvent[] {
  const started: DisplayEvent[] = [];
  seeTime(state, line.timestamp);
  const part = line.type === 'error' || line.type === 'done' ? undefined : line.part;
  scopeOf(state, line.sessionID ?? stringField(part, 'sessionID'), started);
  const events = lineEvents(state, line, context);
  return started.length === 0 ? events : [...started, ...events];
}
