import { replayLines, type DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { claudeSource } from './index.js';

/** Calls without a path, command or pattern still get a preview (issue #17). */

function toolUse(name: string, input: object): string {
  const message = { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'tool_use', id: 'toolu_1', name, input }] };
  return JSON.stringify({ type: 'assistant', message, session_id: 's', parent_tool_use_id: null });
}

function previewOf(name: string, input: object): Extract<DisplayEvent, { kind: 'tool-use' }> | undefined {
  const { events } = replayLines(claudeSource, [toolUse(name, input)]);
  return events.find((event): event is Extract<DisplayEvent, { kind: 'tool-use' }> => event.kind === 'tool-use');
}

describe('previews', () => {
  it('shows the question of AskUserQuestion', () => {
    const input = { questions: [{ question: 'Which package manager should I use?', header: 'Tooling', options: [{ label: 'pnpm', description: 'Fast' }], multiSelect: false }] };
    expect(previewOf('AskUserQuestion', input)).toMatchObject({ name: 'AskUserQuestion', arg: 'Which package manager should I use?' });
  });

  it('shows the compact JSON of an MCP call, whose fields say nothing on their own', () => {
    expect(previewOf('mcp__github__get_issue', { repo: 'octo/x', number: 7 })).toMatchObject({ name: 'github.get_issue', arg: '{"repo":"octo/x","number":7}' });
  });

  it("never shows the tool's own name as its preview", () => {
    expect(previewOf('mcp__docs__search', { query: 'search' })?.arg).toBe('{"query":"search"}');
  });
});
