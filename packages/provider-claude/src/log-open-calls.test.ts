import type { LineContext } from '@x/core';
import { describe, expect, it } from 'vitest';
import { assistantLine } from './log-assistant.js';
import { createClaudeLogState } from './log-state.js';
import { userLine } from './log-user.js';
import { openCallOf } from './tool-results.js';

/*
 * What a transcript keeps between lines for its open calls and threads is
 * bounded by bytes, not only by count (docs/memory.md): ids, message ids
 * and sidechain uuids are kept as compact keys, and a tool name or Grep mode
 * no reader here knows is not kept. A thousand calls with 200 KB ids held
 * 200 MB before.
 */

const context: LineContext = { lineNumber: 1, ignore() {}, malformed() {}, unknown() {}, hold() {}, release() {} };
const envelope = { isSidechain: false, userType: 'external', cwd: '/w', sessionId: 's1', version: '2.0.14', timestamp: '2026-01-01T00:00:00.000Z' };
const huge = (tag: string) => `${tag}${'q'.repeat(100_000)}`;
const assistant = (messageId: string, block: unknown) => ({
  ...envelope,
  type: 'assistant',
  uuid: huge('uuid'),
  message: { model: 'claude-sonnet-4-5', id: messageId, type: 'message', role: 'assistant', content: [block], usage: { input_tokens: 1, output_tokens: 1 } },
});
const result = (id: string, text: string) => ({ ...envelope, type: 'user', uuid: 'u2', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: text }] } });

const longest = (keys: Iterable<string>) => Math.max(0, ...[...keys].map((key) => key.length));

describe('claude-log: open calls and threads are kept by compact keys', () => {
  it('keeps a 100 KB call id and message id as keys of a few dozen characters, and still finds the call for its result', () => {
    const state = createClaudeLogState();
    const id = huge('toolu_');
    const [use] = assistantLine(state, assistant(huge('msg_'), { type: 'tool_use', id, name: 'Glob', input: { pattern: '*.ts' } }), context).filter((e) => e.kind === 'tool-use');
    expect(use).toMatchObject({ kind: 'tool-use', id });
    expect(longest(state.openCalls.keys())).toBeLessThanOrEqual(64);
    expect(longest(state.blocks.keys())).toBeLessThanOrEqual(64);
    expect(longest([...state.blocks.values()].map((b) => b.messageId))).toBeLessThanOrEqual(64);
    // The Glob result is counted from its text, which needs the open call.
    const [done] = userLine(state, result(id, 'a.ts\nb.ts'), context);
    expect(done).toMatchObject({ kind: 'tool-result', id, details: { matchCount: 2, fileCount: 2 } });
    expect(state.openCalls.size).toBe(0);
  });

  it('keeps no tool name or Grep mode longer than any it reads', () => {
    const event = { kind: 'tool-use', id: 'a', name: 'Grep', toolName: 'Grep', toolKind: 'search', arg: '', input: null } as const;
    expect(openCallOf(event, { output_mode: huge('content') }).grepMode).toBe('');
    expect(openCallOf(event, { output_mode: 'content' }).grepMode).toBe('content');
    expect(openCallOf({ ...event, name: huge('mcp__') }, {}).name).toBe('');
  });
});
