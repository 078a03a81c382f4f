import { replayLines, type DisplayEvent } from '@x/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { claudeSource } from './source.js';

/** One step of a generated run: a tool_use block (in its own assistant line) or a tool_result. */
type Step = { use: string; name: unknown } | { result: string };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ use: fc.constantFrom('toolu_a', 'toolu_b', 'toolu_c'), name: fc.oneof(fc.constantFrom('Bash', 'Read', 'mcp__x__y'), fc.constantFrom(null, 7, undefined, { n: 1 })) }),
  fc.record({ result: fc.constantFrom('toolu_a', 'toolu_b', 'toolu_c') }),
);

function lineOf(step: Step, n: number): string {
  if ('result' in step) {
    return JSON.stringify({ type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: step.result, content: 'ok' }] } });
  }
  const block: Record<string, unknown> = { type: 'tool_use', id: step.use, input: { command: 'ls' } };
  if (step.name !== undefined) block.name = step.name;
  return JSON.stringify({ type: 'assistant', message: { id: `msg_${n}`, role: 'assistant', content: [block] } });
}

describe('every tool block accounted for (property)', () => {
  it('each tool_use block is a call, the restatement of an open call, or a diagnostic; never nothing', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 30 }), (steps) => {
        const lines = steps.map(lineOf);
        const { events, diagnostics } = replayLines(claudeSource, lines);
        // The model: which ids are open, so which blocks restate a call.
        const open = new Set<string>();
        let calls = 0;
        let unnamed = 0;
        steps.forEach((step, i) => {
          if ('result' in step) {
            open.delete(step.result);
            return;
          }
          const reported = diagnostics.some((d) => d.line === i + 1);
          if (open.has(step.use) || reported) return;
          open.add(step.use);
          calls += 1;
          if (typeof step.name !== 'string') unnamed += 1;
        });
        const uses = events.filter((e): e is Extract<DisplayEvent, { kind: 'tool-use' }> => e.kind === 'tool-use');
        expect(uses).toHaveLength(calls);
        expect(new Set(uses.map((u) => u.id)).size).toBe(uses.length);
        expect(events.filter((e) => e.kind === 'notice' && e.code === 'tool_without_name')).toHaveLength(unnamed);
      }),
      { seed: 2117, numRuns: 300 },
    );
  });

  it('a call that reuses the id of a finished one is shown, and its result reaches it', () => {
    const steps: Step[] = [{ use: 'toolu_a', name: 'Bash' }, { result: 'toolu_a' }, { use: 'toolu_a', name: 'Read' }, { result: 'toolu_a' }];
    const { events } = replayLines(claudeSource, steps.map(lineOf));
    expect(events.filter((e) => e.kind === 'tool-use' || e.kind === 'tool-result').map((e) => `${e.kind} ${e.id} ${e.name}`)).toEqual([
      'tool-use toolu_a Bash',
      'tool-result toolu_a Bash',
      'tool-use toolu_a#1 Read',
      'tool-result toolu_a#1 Read',
    ]);
  });

  it('a tool block whose name is not a string is a call named Tool, with a warning', () => {
    const { events } = replayLines(claudeSource, [lineOf({ use: 'toolu_a', name: 42 }, 1)]);
    expect(events.slice(1, 3)).toEqual([
      { kind: 'notice', level: 'warning', message: 'A tool_use block (id toolu_a) has no tool name (a number); shown as "Tool"', code: 'tool_without_name' },
      expect.objectContaining({ kind: 'tool-use', id: 'toolu_a', name: 'Tool', toolName: 'Tool' }),
    ]);
  });
});
