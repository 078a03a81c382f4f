import { describe, expect, it } from 'vitest';
import { MAX_PLAN_ENTRIES, planEntriesOf } from './plan-entries.js';

// The todo inputs the capture lab's agents send (lab/src/agents/): each becomes the same ACP plan.
describe('planEntriesOf', () => {
  const plan = [
    { content: 'Write the changelog', priority: 'medium', status: 'in_progress' },
    { content: 'Tag the release', priority: 'medium', status: 'pending' },
  ];

  it('reads every agent’s todo list', () => {
    expect(
      planEntriesOf({
        todos: [
          { content: 'Write the changelog', status: 'in_progress', activeForm: 'Writing' },
          { content: 'Tag the release', status: 'pending' },
        ],
      }),
    ).toEqual(plan);
    expect(
      planEntriesOf({
        todos: [
          { description: 'Write the changelog', status: 'in_progress' },
          { description: 'Tag the release', status: 'pending' },
        ],
      }),
    ).toEqual(plan);
    expect(
      planEntriesOf({
        plan: [
          { step: 'Write the changelog', status: 'in_progress' },
          { step: 'Tag the release', status: 'pending' },
        ],
      }),
    ).toEqual(plan);
    expect(planEntriesOf({ todos: '- [~] Write the changelog\n- [ ] Tag the release\n' })).toEqual(plan);
  });

  it('keeps priorities and completion', () => {
    expect(planEntriesOf({ todos: [{ id: '1', content: 'a', status: 'completed', priority: 'high' }] })).toEqual([
      { content: 'a', priority: 'high', status: 'completed' },
    ]);
    expect(planEntriesOf({ items: [{ text: 'a', completed: true }] })).toEqual([{ content: 'a', priority: 'medium', status: 'completed' }]);
    expect(planEntriesOf({ todos: '- [x] a' })).toEqual([{ content: 'a', priority: 'medium', status: 'completed' }]);
  });

  it('gives nothing for an input without a list, skips items without text, and bounds a long list', () => {
    expect(planEntriesOf({ query: 'x' })).toBeUndefined();
    expect(planEntriesOf('todos')).toBeUndefined();
    expect(planEntriesOf({ todos: [null, 3, { status: 'pending' }, { content: '  ' }] })).toEqual([]);
    expect(planEntriesOf(Object.create({ todos: [{ content: 'inherited' }] }))).toBeUndefined();
    expect(planEntriesOf({ todos: Array.from({ length: MAX_PLAN_ENTRIES + 5 }, (_, i) => `t${i}`) })).toHaveLength(MAX_PLAN_ENTRIES);
  });
});
