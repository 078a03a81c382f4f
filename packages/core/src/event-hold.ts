import type { DisplayEvent } from './display-event.js';

/** How much an {@link EventHold} keeps before it asks to be released. */
export interface EventHoldLimits {
  /** The most events held. */
  maxEvents: number;
  /** The most characters of the held events' JSON. */
  maxChars: number;
}

/**
 * Events a source holds back until something it waits for arrives (a
 * session start that waits for the line naming the model, say). What never
 * arrives would otherwise keep the whole input in memory, so the hold counts
 * its events and their size as JSON, and says when it is past its limits:
 * the source then lets them go without waiting any longer.
 */
export interface EventHold {
  /** How many events are held. */
  readonly size: number;
  /** Holds `events` after those held; `true` once the hold is past its limits. */
  add(events: readonly DisplayEvent[]): boolean;
  /** The held events in order; the hold is empty afterwards. */
  take(): DisplayEvent[];
}

/** An empty {@link EventHold} with the given limits. */
export function createEventHold(limits: EventHoldLimits): EventHold {
  const state = { events: [] as DisplayEvent[], chars: 0 };
  return {
    get size() {
      return state.events.length;
    },
    add(events) {
      for (const event of events) {
        state.events.push(event);
        state.chars += JSON.stringify(event).length;
      }
      return state.events.length > limits.maxEvents || state.chars > limits.maxChars;
    },
    take() {
      const events = state.events;
      state.events = [];
      state.chars = 0;
      return events;
    },
  };
}
