import type { LineContext } from '@x/core';
import { compactKey } from '@x/core/provider-utils';
import { describe, expect, it } from 'vitest';
import { createAcpState, terminalOf } from './state.js';
import { heldCallEvents, toolCallEvents } from './tool-events.js';
import type { WireToolCall } from './wire-schema.js';

/*
 * What a stream keeps of its calls and terminals across lines is bounded by
 * bytes, not only by count (docs/memory.md). Before, 1,000 calls or
 * placeholders with distinct 200 KB ids, terminal ids, paths or titles kept
 * 192 MiB of heap, and 64 terminals with 3 MB ids 186 MiB: the maps held the
 * raw ids, the paths and the whole placeholder calls.
 */

const context: LineContext = { lineNumber: 1, ignore() {}, malformed() {}, unknown() {}, hold() {}, release() {} };
const huge = (tag: string) => `${tag}${'q'.repeat(100_000)}`;

describe('acp: what is kept of calls and terminals', () => {
  it('keeps a terminal under the compact key of a 100 KB id, and a call finds it through its memory', () => {
    const state = createAcpState();
    const terminalId = huge('term-');
    terminalOf(state, terminalId).output.append('built');
    expect(state.terminals.has(terminalId)).toBe(false);
    expect(state.terminals.has(compactKey(terminalId))).toBe(true);
    const id = huge('call-');
    toolCallEvents(state, { toolCallId: id, title: 'make', kind: 'execute', status: 'in_progress', content: [{ type: 'terminal', terminalId }] }, context);
    const memory = state.calls.get(compactKey(id));
    expect(state.calls.has(id)).toBe(false);
    expect(memory?.terminal?.length).toBeLessThanOrEqual(64);
    const [result] = toolCallEvents(state, { toolCallId: id, status: 'completed' }, context);
    expect(result).toMatchObject({ kind: 'tool-result', id, output: 'built' });
  });

  it("keeps a call's first changes up to 16 Ki characters of paths, and no more than 256", () => {
    const state = createAcpState();
    const diff = (path: string) => ({ type: 'diff', path, oldText: 'a', newText: 'b' });
    const many = Array.from({ length: 300 }, (_, n) => diff(`src/f${n}.ts`));
    toolCallEvents(state, { toolCallId: 'c1', title: 'edit', kind: 'edit', status: 'in_progress', content: [diff('src/a.ts'), diff(huge('/p')), diff('src/b.ts')] }, context);
    toolCallEvents(state, { toolCallId: 'c2', title: 'edit', kind: 'edit', status: 'in_progress', content: many }, context);
    expect(state.calls.get('c1')?.changes).toEqual([{ path: 'src/a.ts', change: 'modified' }]);
    expect(state.calls.get('c2')?.changes.map((c) => c.path)).toEqual(many.slice(0, 256).map((d) => d.path));
  });

  it('holds a placeholder by the fields its announcement reads, and does not hold one with a long id', () => {
    const state = createAcpState();
    const placeholder: WireToolCall = {
      toolCallId: 'p1',
      title: 'bash',
      kind: 'execute',
      status: 'pending',
      rawInput: {},
      locations: [{ path: '/w/a' }, { path: huge('/w/') }],
      _meta: { toolName: 'bash', junk: huge('j') },
      padding: huge('x'),
    };
    expect(toolCallEvents(state, placeholder, context)).toEqual([]);
    const held = state.held.get('p1');
    expect(held).toEqual({ toolCallId: 'p1', title: 'bash', kind: 'execute', status: 'pending', name: undefined, rawInput: {}, locations: [{ path: '/w/a' }], _meta: { toolName: 'bash', parentToolCallId: undefined } });
    // A title, path or input past 4,096 characters is left out.
    toolCallEvents(state, { toolCallId: 'p2', title: huge('t'), status: 'pending', rawInput: {}, locations: [{ path: huge('/') }] }, context);
    expect(state.held.get('p2')).toMatchObject({ toolCallId: 'p2', rawInput: {} });
    expect(JSON.stringify(state.held.get('p2')).length).toBeLessThan(200);
    toolCallEvents(state, { toolCallId: 'p3', title: 'bash', status: 'pending', rawInput: { command: huge('ls ') } }, context);
    expect(state.held.get('p3')?.rawInput).toBeUndefined();
    const longId = huge('p4-');
    const [use] = toolCallEvents(state, { toolCallId: longId, title: 'bash', status: 'pending', rawInput: {} }, context);
    expect(use).toMatchObject({ kind: 'tool-use', id: longId });
    expect(state.held.has(longId)).toBe(false);
    expect(heldCallEvents(state).map((e) => (e.kind === 'tool-use' ? e.id : ''))).toEqual(['p1', 'p2', 'p3']);
  });
});
