import type { LineContext } from '@x/core';
import { describe, expect, it } from 'vitest';
import { assistantLine } from './log-assistant.js';
import { createClaudeLogState } from './log-state.js';
import { MAX_THREADS } from './stream-blocks.js';

const context: LineContext = { lineNumber: 1, ignore: () => {}, malformed: () => {}, unknown: () => {} };

describe('transcript block counters', () => {
  it('keeps one per thread for at most 64 subagent threads', () => {
    const state = createClaudeLogState();
    // Sidechain lines as transcripts write them (isSidechain, parentToolUseId), each of another subagent.
    for (let i = 0; i < 200; i++) {
      const line = { type: 'assistant', isSidechain: true, parentToolUseId: `toolu_${i}`, uuid: `u${i}`, message: { id: `msg_${i}`, model: 'm', content: [{ type: 'text', text: 'x' }] } };
      assistantLine(state, line, context);
    }
    expect(state.blocks.size).toBe(MAX_THREADS);
    expect([...state.blocks.keys()].at(-1)).toBe('toolu_199');
  });
});
