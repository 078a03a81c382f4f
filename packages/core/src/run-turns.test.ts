import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DisplayEvent } from './display-event.js';
import { aggregateRun, createRunAggregator } from './run-outcome.js';

/*
 * The turn rule as the events state it, read from each event as a whole:
 * the aggregator reads each field once and counts from what it read, and
 * must count exactly this.
 */
function isVisible(event: DisplayEvent): boolean {
  switch (event.kind) {
    case 'text':
    case 'reasoning':
      return typeof event.text === 'string' && event.text !== '';
    case 'tool-use':
    case 'tool-result':
    case 'error':
    case 'notice':
    case 'prompt':
      return true;
    default:
      return false;
  }
}

function turnsOf(events: DisplayEvent[]): number[] {
  let count = 0;
  let sawResult = false;
  const after: number[] = [];
  for (const event of events) {
    if (!isVisible(event)) {
      // Not visible: opens nothing and changes nothing.
    } else if (count === 0) {
      count = 1;
      sawResult = event.kind === 'tool-result' && event.parentToolUseId === undefined;
    } else if (event.parentToolUseId !== undefined) {
      // A subagent's event stays in its call's turn.
    } else if (event.kind === 'prompt') {
      sawResult = false;
      count += 1;
    } else if (event.kind === 'tool-result') {
      sawResult = true;
    } else if (sawResult && (event.kind === 'text' || event.kind === 'reasoning' || event.kind === 'tool-use')) {
      sawResult = false;
      count += 1;
    }
    after.push(count);
  }
  return after;
}

/** The final message as the outcome defines it when no session end reports one: the last top-level text block, whole. */
function lastTextOf(events: DisplayEvent[]): string | undefined {
  let id: unknown;
  let text = '';
  for (const event of events) {
    if (event.kind !== 'text' || event.parentToolUseId !== undefined) continue;
    if (event.id !== id) text = '';
    id = event.id;
    text += typeof event.text === 'string' ? event.text : '';
  }
  return text === '' ? undefined : text;
}

const parent = fc.constantFrom(undefined, 'call-1');
const textField = fc.oneof(fc.constantFrom('', 'a', 'b c'), fc.constant(7 as unknown as string));
const withParent = <T extends object>(event: T, parentToolUseId: string | undefined): T =>
  parentToolUseId === undefined ? event : { ...event, parentToolUseId };

const event: fc.Arbitrary<DisplayEvent> = fc.oneof(
  fc.tuple(fc.constantFrom('m1', 'm2'), textField, parent).map(([id, text, p]) => withParent({ kind: 'text', id, text }, p) as DisplayEvent),
  fc.tuple(textField, parent).map(([text, p]) => withParent({ kind: 'reasoning', id: 'r', text }, p) as DisplayEvent),
  fc.tuple(fc.constantFrom('c1', 'c2'), parent).map(
    ([id, p]) => withParent({ kind: 'tool-use', id, name: 'Bash', toolName: 'Bash', toolKind: 'execute', arg: 'ls', input: {} }, p) as DisplayEvent,
  ),
  fc.tuple(fc.constantFrom('c1', 'c2'), parent).map(
    ([id, p]) =>
      withParent({ kind: 'tool-result', id, name: 'Bash', toolKind: 'execute', status: 'success', outputState: 'unavailable', details: {} }, p) as DisplayEvent,
  ),
  parent.map((p) => withParent({ kind: 'prompt', form: 'prompt', text: 'go' }, p) as DisplayEvent),
  parent.map((p) => withParent({ kind: 'error', message: 'e', fatal: false }, p) as DisplayEvent),
  parent.map((p) => withParent({ kind: 'notice', level: 'info', message: 'n' }, p) as DisplayEvent),
  fc.constant({ kind: 'usage', cumulative: false, outputTokens: 1 } as DisplayEvent),
  fc.constant({ kind: 'session', phase: 'start', sessionId: 's' } as DisplayEvent),
  fc.constant({ kind: 'future-kind' } as unknown as DisplayEvent),
);

describe('turns and the final message, counted from fields read once', () => {
  it('equal the rule read from each whole event, after every event', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        const aggregator = createRunAggregator();
        const after = events.map((each) => {
          aggregator.push(each);
          return aggregator.turns;
        });
        expect(after).toEqual(turnsOf(events));
        expect(aggregateRun(events).finalMessage).toBe(lastTextOf(events));
      }),
      { seed: 2011, numRuns: 3000 },
    );
  });

  it('opens a turn for assistant output after a tool result, not for a subagent or an empty text', () => {
    const events: DisplayEvent[] = [
      { kind: 'text', id: 'm1', text: '' },
      { kind: 'tool-result', id: 'c1', name: 'Bash', toolKind: 'execute', status: 'success', outputState: 'unavailable', details: {} },
      { kind: 'text', id: 'm1', text: 'sub', parentToolUseId: 'c1' },
      { kind: 'text', id: 'm1', text: '' },
      { kind: 'reasoning', id: 'r', text: 'hm' },
      { kind: 'prompt', form: 'prompt', text: 'next' },
    ];
    const aggregator = createRunAggregator();
    expect(events.map((each) => (aggregator.push(each), aggregator.turns))).toEqual([0, 1, 1, 1, 2, 3]);
  });
});
