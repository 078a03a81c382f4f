import { describe, expect, it } from 'vitest';
import { createToolCallTracker } from './tool-calls.js';

// A reused id is shown as `<id>#<n>`; an agent's own id may spell the same
// (`a#1`), and is then another call, never a restatement of the renamed one.
describe('createToolCallTracker: made ids', () => {
  it("a provider id that spells a made id (`a#1`) is its own call, not a restatement of the renamed one", () => {
    const tracker = createToolCallTracker();
    tracker.start({ id: 'a', toolName: 'Bash', input: { command: 'echo one' }, idReuse: 'new-call' });
    tracker.finish('a', { status: 'success' });
    expect(tracker.start({ id: 'a', toolName: 'Bash', input: { command: 'echo two' }, idReuse: 'new-call' })[0]?.id).toBe('a#1');
    // The agent's own id `a#1`, while the call shown as a#1 still runs.
    const [own] = tracker.start({ id: 'a#1', toolName: 'Bash', input: { command: 'rm -rf build' }, idReuse: 'new-call' });
    expect([own?.id, own?.arg]).toEqual(['a#1#1', 'rm -rf build']);
    expect(tracker.has('a#1')).toBe(true);
    expect(tracker.finish('a', { status: 'success', output: 'two' })[0]).toMatchObject({ id: 'a#1', output: 'two' });
    expect(tracker.finish('a#1', { status: 'success', output: 'removed' })[0]).toMatchObject({ id: 'a#1#1', output: 'removed' });
  });

  it('a result under a made id for a call never announced is not given to the renamed call', () => {
    const tracker = createToolCallTracker();
    tracker.start({ id: 'a', toolName: 'Bash', input: {}, idReuse: 'new-call' });
    tracker.finish('a', { status: 'success' });
    tracker.start({ id: 'a', toolName: 'Bash', input: { command: 'echo two' }, idReuse: 'new-call' });
    expect(tracker.has('a#1')).toBe(false);
    expect(tracker.finish('a#1', { status: 'error', output: 'stray' })[0]?.id).toBe('a#1#1');
    expect(tracker.finish('a', { status: 'success', output: 'two' })[0]).toMatchObject({ id: 'a#1', status: 'success', output: 'two' });
  });
});
