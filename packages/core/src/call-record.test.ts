import { describe, expect, it } from 'vitest';
import { CALL_RECORD_MAX_BYTES, CALL_RECORD_MAX_CALLS, createCallRecord } from './call-record.js';
import type { ToolUseDisplayEvent } from './display-event.js';

const use = (id: string, patch: Partial<ToolUseDisplayEvent> = {}): ToolUseDisplayEvent => ({
  kind: 'tool-use',
  id,
  name: 'Bash',
  toolName: 'bash',
  toolKind: 'execute',
  arg: 'ls',
  input: { command: 'ls' },
  ...patch,
});

describe('createCallRecord', () => {
  it('opens, finds and closes calls, with the view the renderer attached', () => {
    const record = createCallRecord<string>();
    const opened = record.open(use('a'), 'marker a');
    expect(opened).toMatchObject({ depth: 0, view: 'marker a' });
    expect(record.get('a')).toBe(opened);
    expect(record.size).toBe(1);
    expect(record.close('a')).toBe(opened);
    expect(record.close('a')).toBeUndefined();
    expect(record.get('a')).toBeUndefined();
    expect(record.size).toBe(0);
  });

  it('nests a call under the subagent call it runs under, and one level under a parent it does not know', () => {
    const record = createCallRecord<null>();
    record.open(use('task', { name: 'Task' }), null);
    expect(record.open(use('child', { parentToolUseId: 'task' }), null).depth).toBe(1);
    expect(record.open(use('grandchild', { parentToolUseId: 'child' }), null).depth).toBe(2);
    expect(record.depthOf('child')).toBe(2);
    expect(record.depthOf('gone')).toBe(1);
    expect(record.depthOf(undefined)).toBe(0);
    expect(record.depthOf(42)).toBe(0);
  });

  it('keeps no input unless asked, and forgets one on dropInput', () => {
    expect(createCallRecord<null>().open(use('a'), null).use.input).toBeNull();
    const keeping = createCallRecord<null>({ keepInput: true });
    expect(keeping.open(use('a'), null).use.input).toEqual({ command: 'ls' });
    const before = keeping.get('a')?.bytes ?? 0;
    keeping.dropInput('a');
    expect(keeping.get('a')?.use).toMatchObject({ id: 'a', name: 'Bash', arg: 'ls', input: null });
    expect(keeping.get('a')?.bytes).toBeLessThan(before);
  });

  it('replaces a call opened again under its id in place, and lists calls oldest first', () => {
    const record = createCallRecord<number>();
    record.open(use('a'), 1);
    record.open(use('b'), 2);
    record.open(use('a'), 3);
    expect([...record.values()].map((call) => [call.use.id, call.view])).toEqual([
      ['a', 3],
      ['b', 2],
    ]);
    expect(record.newest()?.view).toBe(2);
    record.clear();
    expect(record.size).toBe(0);
    expect(record.newest()).toBeUndefined();
  });

  it(`keeps at most ${CALL_RECORD_MAX_CALLS} calls, forgetting the oldest`, () => {
    const record = createCallRecord<number>();
    for (let i = 0; i < CALL_RECORD_MAX_CALLS + 5; i += 1) record.open(use(`c${i}`), i);
    expect(record.size).toBe(CALL_RECORD_MAX_CALLS);
    expect(record.get('c4')).toBeUndefined();
    expect(record.get('c5')?.view).toBe(5);
  });

  it('keeps the calls within its byte bound, however large their inputs', () => {
    const record = createCallRecord<number>({ keepInput: true });
    const big = 'x'.repeat(1024 * 1024);
    for (let i = 0; i < 8; i += 1) record.open(use(`c${i}`, { input: { content: big } }), i);
    const held = [...record.values()].reduce((sum, call) => sum + call.bytes, 0);
    expect(held).toBeLessThanOrEqual(CALL_RECORD_MAX_BYTES);
    expect(record.size).toBe(1);
    expect(record.newest()?.view).toBe(7);
  });
});
