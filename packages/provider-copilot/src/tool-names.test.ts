import { describe, expect, it } from 'vitest';
import { COPILOT_TOOL_ALIASES, resolveCopilotTool } from './tool-names.js';

describe('Copilot tool names', () => {
  it.each([
    ['view', 'Read', 'read'],
    ['create', 'Write', 'edit'],
    ['edit', 'Edit', 'edit'],
    ['str_replace', 'Edit', 'edit'],
    ['insert', 'Edit', 'edit'],
    ['apply_patch', 'Edit', 'edit'],
    ['bash', 'Bash', 'execute'],
    ['shell', 'Bash', 'execute'],
    ['powershell', 'Bash', 'execute'],
    ['grep', 'Grep', 'search'],
    ['rg', 'Grep', 'search'],
    ['glob', 'Glob', 'search'],
    ['web_fetch', 'WebFetch', 'fetch'],
    ['web_search', 'WebSearch', 'fetch'],
    ['task', 'Task', 'think'],
    ['update_todo', 'TodoWrite', 'think'],
  ])('maps %s to %s', (toolName, name, kind) => {
    expect(resolveCopilotTool({ toolName })).toEqual({ name, kind });
  });

  it('covers every alias in the table', () => {
    expect(COPILOT_TOOL_ALIASES.size).toBe(17);
  });

  it.each([
    [{ command: 'view', path: 'a' }, 'Read'],
    [{ command: 'create', path: 'a' }, 'Write'],
    [{ command: 'str_replace', path: 'a' }, 'Edit'],
    [{ command: 'insert', path: 'a' }, 'Edit'],
    [{ command: 'undo_edit', path: 'a' }, 'Edit'],
    [{ command: 'constructor' }, 'Edit'],
    [{}, 'Edit'],
  ])('names str_replace_editor %j by its command', (input, name) => {
    expect(resolveCopilotTool({ toolName: 'str_replace_editor', input }).name).toBe(name);
  });

  it('names MCP calls server.tool from mcpServerName and mcpToolName', () => {
    expect(resolveCopilotTool({ toolName: 'github-mcp-server-list_issues', mcpServerName: 'github-mcp-server', mcpToolName: 'list_issues' })).toEqual({
      name: 'github-mcp-server.list_issues',
      kind: 'other',
    });
    expect(resolveCopilotTool({ toolName: 'github-mcp-server-list_issues', mcpServerName: 'github-mcp-server' }).name).toBe('github-mcp-server-list_issues');
  });

  it.each(['report_intent', 'read_bash', 'write_bash', 'think', 'constructor', '__proto__', 'toString'])('passes %s through with kind other', (toolName) => {
    expect(resolveCopilotTool({ toolName })).toEqual({ name: toolName, kind: 'other' });
  });
});
