import { describe, expect, it } from 'vitest';
import { CANONICAL_TOOLS, isCanonicalToolName, resolveToolName, toolAliases, toolKindOf } from './tool-vocabulary.js';

describe('tool vocabulary', () => {
  it.each([
    ['Read', 'read'],
    ['Write', 'edit'],
    ['Edit', 'edit'],
    ['MultiEdit', 'edit'],
    ['NotebookEdit', 'edit'],
    ['Delete', 'delete'],
    ['Move', 'move'],
    ['LS', 'search'],
    ['Grep', 'search'],
    ['Glob', 'search'],
    ['Bash', 'execute'],
    ['Task', 'think'],
    ['TodoWrite', 'think'],
    ['WebFetch', 'fetch'],
    ['WebSearch', 'fetch'],
  ] as const)('%s is canonical with kind %s', (name, kind) => {
    expect(isCanonicalToolName(name)).toBe(true);
    expect(toolKindOf(name)).toBe(kind);
    expect(resolveToolName(name)).toEqual({ name, kind });
  });

  it('the table above covers the whole vocabulary', () => {
    expect(Object.keys(CANONICAL_TOOLS)).toHaveLength(15);
  });

  it('maps a provider name through its alias table', () => {
    const aliases = toolAliases({ read_file: 'Read', run_shell_command: 'Bash' });
    expect(resolveToolName('read_file', aliases)).toEqual({ name: 'Read', kind: 'read' });
    expect(resolveToolName('run_shell_command', aliases)).toEqual({ name: 'Bash', kind: 'execute' });
  });

  it('turns the MCP double-underscore form into server.tool', () => {
    expect(resolveToolName('mcp__github__create_issue')).toEqual({ name: 'github.create_issue', kind: 'other' });
    expect(resolveToolName('mcp__my_server__do__thing')).toEqual({ name: 'my_server.do__thing', kind: 'other' });
  });

  it('passes an unknown name through unchanged with kind other', () => {
    expect(resolveToolName('frobnicate')).toEqual({ name: 'frobnicate', kind: 'other' });
    expect(resolveToolName('')).toEqual({ name: '', kind: 'other' });
  });

  it('finds nothing for prototype keys from hostile input', () => {
    const aliases = toolAliases({ read_file: 'Read' });
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(resolveToolName(name, aliases)).toEqual({ name, kind: 'other' });
    }
  });

  it('refuses an alias to a name outside the vocabulary', () => {
    expect(() => toolAliases({ x: 'Reed' as 'Read' })).toThrow(/"Reed" is not a canonical tool name/);
  });
});
