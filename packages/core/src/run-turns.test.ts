import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DisplayEvent } from './display-event.js';
import { aggregateRun, countTurns, createRunAggregator } from './run-outcome.js';

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
  let prompts = 0;
  let shown = false;
  const after: number[] = [];
  for (const event of events) {
    if (isVisible(event)) shown = true;
    // Only the person's own typed prompt, not a subagent's, opens a turn.
    if (event.kind === 'prompt' && event.form === 'prompt' && event.parentToolUseId === undefined) prompts += 1;
    after.push(prompts > 0 ? prompts : shown ? 1 : 0);
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
  fc.tuple(fc.constantFrom('prompt', 'command', 'interrupt'), parent).map(([form, p]) => withParent({ kind: 'prompt', form, text: 'go' }, p) as DisplayEvent),
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

  it('opens a turn at each typed prompt only: not for steps after a tool result, a subagent, a command or an empty text', () => {
    const events: DisplayEvent[] = [
      { kind: 'text', id: 'm1', text: '' },
      { kind: 'tool-result', id: 'c1', name: 'Bash', toolKind: 'execute', status: 'success', outputState: 'unavailable', details: {} },
      { kind: 'text', id: 'm1', text: 'sub', parentToolUseId: 'c1' },
      { kind: 'prompt', form: 'prompt', text: 'first' },
      { kind: 'reasoning', id: 'r', text: 'hm' },
      { kind: 'tool-result', id: 'c2', name: 'Bash', toolKind: 'execute', status: 'success', outputState: 'unavailable', details: {} },
      { kind: 'text', id: 'm2', text: 'step two' },
      { kind: 'prompt', form: 'prompt', text: 'task', parentToolUseId: 'c3' },
      { kind: 'prompt', form: 'command', text: '/compact' },
      { kind: 'prompt', form: 'interrupt', text: 'Request interrupted by user' },
      { kind: 'prompt', form: 'prompt', text: 'next' },
    ];
    const aggregator = createRunAggregator();
    const after = events.map((each) => {
      aggregator.push(each);
      return aggregator.turns;
    });
    expect(after).toEqual([0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2]);
  });
});

describe('countTurns', () => {
  it('is one per prompt, one for output with no prompt, none for nothing to show', () => {
    expect([countTurns(0, false), countTurns(0, true), countTurns(1, true), countTurns(3, true)]).toEqual([0, 1, 1, 3]);
  });
});
