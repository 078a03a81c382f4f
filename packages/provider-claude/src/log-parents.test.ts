import type { LineContext } from '@x/core';
import { compactKey } from '@x/core/provider-utils';
import { describe, expect, it } from 'vitest';
import { assistantLine } from './log-assistant.js';
import { createClaudeLogState } from './log-state.js';
import { threadOf } from './log-threads.js';

/*
 * The parents a transcript remembers across lines (an open Task call's id by
 * its prompt, a sidechain line's parent by its uuid) are bounded by bytes,
 * not only by count (docs/memory.md): 10,000 sidechain lines whose
 * `parentToolUseId` or `agentId` were 20 KB each kept 200 MB, and a peak RSS
 * of 275 MiB for 200 MB of such lines. A parent no real transcript writes is
 * not remembered; real ones still are.
 */

const context: LineContext = { lineNumber: 1, ignore() {}, malformed() {}, unknown() {}, hold() {}, release() {} };
const envelope = { userType: 'external', cwd: '/w', sessionId: 's1', version: '2.0.14', timestamp: '2026-01-01T00:00:00.000Z' };
/** Longer than the 256 characters core's `keptWhole` keeps whole. */
const long = (tag: string) => `${tag}${'q'.repeat(256)}`;
const sidechain = (uuid: string, fields: Record<string, string>) => ({ ...envelope, type: 'user', isSidechain: true, uuid, ...fields });
const taskCall = (id: string, prompt: string) => ({
  ...envelope,
  isSidechain: false,
  type: 'assistant',
  uuid: `a-${prompt}`,
  message: { model: 'claude-sonnet-4-5', id: `msg-${prompt}`, type: 'message', role: 'assistant', content: [{ type: 'tool_use', id, name: 'Task', input: { prompt } }] },
});

describe('claude-log: remembered parents are bounded by bytes', () => {
  it('remembers a short sidechain parent and marker, not a long one', () => {
    const state = createClaudeLogState();
    expect(threadOf(state, sidechain('u1', { parentToolUseId: 'toolu_01ABC' }), undefined).parent).toBe('toolu_01ABC');
    expect(threadOf(state, sidechain('u2', { agentId: 'a1b2c3d4' }), undefined).parent).toBe('sidechain:a1b2c3d4');
    expect(threadOf(state, sidechain('u3', { parentToolUseId: long('toolu_') }), undefined).parent).toBe(long('toolu_'));
    expect(threadOf(state, sidechain('u4', { agentId: long('') }), undefined).parent).toBe(`sidechain:${long('')}`);
    expect(state.sidechains.get(compactKey('u1'))).toBe('toolu_01ABC');
    expect(state.sidechains.get(compactKey('u2'))).toBe('sidechain:a1b2c3d4');
    expect(state.sidechains.has(compactKey('u3'))).toBe(false);
    expect(state.sidechains.has(compactKey('u4'))).toBe(false);
    // A line after the long one follows no remembered parent: it gets its own marker.
    expect(threadOf(state, sidechain('u5', { parentUuid: 'u3' }), undefined).parent).toBe('sidechain:u5');
    expect(threadOf(state, sidechain('u6', { parentUuid: 'u1' }), undefined).parent).toBe('toolu_01ABC');
  });

  it("remembers a Task call's short id for its prompt, not a long one", () => {
    const state = createClaudeLogState();
    assistantLine(state, taskCall('toolu_01TASK', 'short'), context);
    assistantLine(state, taskCall(long('toolu_'), 'long'), context);
    expect(state.taskPrompts.get(compactKey('short'))).toBe('toolu_01TASK');
    expect(state.taskPrompts.has(compactKey('long'))).toBe(false);
    expect(threadOf(state, sidechain('s1', {}), 'short')).toEqual({ parent: 'toolu_01TASK', linked: true });
    expect(threadOf(state, sidechain('s2', {}), 'long')).toEqual({ parent: 'sidechain:s2', linked: false });
  });
});
