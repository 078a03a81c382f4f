import { replayLines, type ToolUseDisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { geminiSource, GEMINI_TOOL_ALIASES } from './index.js';

function toolUse(toolName: string, parameters: unknown): ToolUseDisplayEvent {
  const line = JSON.stringify({ type: 'tool_use', timestamp: 't', tool_name: toolName, tool_id: `${toolName}__1`, parameters });
  const event = replayLines(geminiSource, [line]).events.find((found) => found.kind === 'tool-use');
  if (event?.kind !== 'tool-use') throw new Error(`no tool-use for ${toolName}`);
  return event;
}

describe('tool names', () => {
  it.each([
    ['read_file', 'Read', 'read'],
    ['read_many_files', 'Read', 'read'],
    ['write_file', 'Write', 'edit'],
    ['replace', 'Edit', 'edit'],
    ['edit', 'Edit', 'edit'],
    ['run_shell_command', 'Bash', 'execute'],
    ['grep_search', 'Grep', 'search'],
    ['search_file_content', 'Grep', 'search'],
    ['grep', 'Grep', 'search'],
    ['glob', 'Glob', 'search'],
    ['list_directory', 'LS', 'search'],
    ['ls', 'LS', 'search'],
    ['web_fetch', 'WebFetch', 'fetch'],
    ['google_web_search', 'WebSearch', 'fetch'],
    ['write_todos', 'TodoWrite', 'think'],
    ['invoke_agent', 'Task', 'think'],
    // 0.26.0 (fixtures/gemini/recorded/0.26.0/subagent.jsonl).
    ['delegate_to_agent', 'Task', 'think'],
    ['save_memory', 'save_memory', 'other'],
    ['ask_user', 'ask_user', 'other'],
    ['tracker_create_task', 'tracker_create_task', 'other'],
    ['mcp_github_create_issue', 'github.create_issue', 'other'],
    ['mcp_docs_search_pages', 'docs.search_pages', 'other'],
    ['mcp__claude__style', 'claude.style', 'other'],
    ['constructor', 'constructor', 'other'],
    ['some_new_tool', 'some_new_tool', 'other'],
  ])('%s is %s (%s)', (toolName, name, kind) => {
    const event = toolUse(toolName, {});
    expect([event.name, event.toolKind, event.toolName]).toEqual([name, kind, toolName]);
  });

  it('answers MCP names through the alias map', () => {
    expect(GEMINI_TOOL_ALIASES.get('mcp_github_list_issues')).toBe('github.list_issues');
    expect(GEMINI_TOOL_ALIASES.get('mcp_')).toBeUndefined();
    expect(GEMINI_TOOL_ALIASES.get('__proto__')).toBeUndefined();
  });
});

describe('argument previews', () => {
  it.each([
    ['read_file', { file_path: '/w/src/a.ts', start_line: 3 }, '/w/src/a.ts'],
    ['read_file', { absolute_path: '/w/src/old.ts' }, '/w/src/old.ts'],
    ['list_directory', { dir_path: '/w/src' }, '/w/src'],
    ['list_directory', { path: '/w/old' }, '/w/old'],
    ['run_shell_command', { command: 'npm test', description: 'Run tests', dir_path: '/w/pkg' }, 'npm test'],
    ['grep_search', { pattern: 'TODO', dir_path: '/w/src', include_pattern: '*.ts' }, 'TODO'],
    ['search_file_content', { pattern: 'FIXME', path: '/w' }, 'FIXME'],
    ['glob', { pattern: '**/*.md', dir_path: '/w' }, '**/*.md'],
    ['read_many_files', { include: ['docs/*.md', 'README.md'] }, 'docs/*.md README.md'],
    ['read_many_files', { paths: ['a.ts'] }, 'a.ts'],
    ['web_fetch', { prompt: 'Summarise https://example.com/page' }, 'Summarise https://example.com/page'],
    ['google_web_search', { query: 'vitest snapshot' }, 'vitest snapshot'],
    ['invoke_agent', { agent_name: 'codebase_investigator', prompt: 'Map the repo' }, 'codebase_investigator'],
    ['delegate_to_agent', { agent_name: 'codebase_investigator', objective: 'Count the files in the working folder.' }, 'codebase_investigator'],
    ['save_memory', { fact: 'The user prefers pnpm' }, 'The user prefers pnpm'],
    ['activate_skill', { name: 'pdf' }, 'pdf'],
    ['read_background_output', { pid: 4242 }, '4242'],
    ['write_todos', { todos: [{ description: 'x', status: 'pending' }] }, 'x'],
    ['run_shell_command', { command: 'echo "a very long command line that goes on and on"\nsecond line' }, 'echo "a very long command line that g...'],
  ])('%s %j shows %j', (toolName, parameters, arg) => {
    expect(toolUse(toolName, parameters).arg).toBe(arg);
  });
});
