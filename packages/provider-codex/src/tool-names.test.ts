import { resolveToolName } from '@x/core/provider-utils';
import { describe, expect, it } from 'vitest';
import { CODEX_TOOL_ALIASES, commandOfArgv, fileChangeToolName, fileReadTarget, unwrapShellCommand } from './tool-names.js';

describe('CODEX_TOOL_ALIASES', () => {
  it.each([
    ['command_execution', 'Bash', 'execute'],
    ['exec_command', 'Bash', 'execute'],
    ['file_change', 'Edit', 'edit'],
    ['patch_apply', 'Edit', 'edit'],
    ['web_search', 'WebSearch', 'fetch'],
    ['todo_list', 'TodoWrite', 'think'],
    ['plan_update', 'TodoWrite', 'think'],
    ['spawn_agent', 'Task', 'think'],
    ['docs.lookup', 'docs.lookup', 'other'],
    ['constructor', 'constructor', 'other'],
  ])('%s is %s (%s)', (raw, name, kind) => {
    expect(resolveToolName(raw, CODEX_TOOL_ALIASES)).toEqual({ name, kind });
  });
});

describe('unwrapShellCommand', () => {
  it.each([
    ['bash -lc ls', 'ls'],
    ["bash -lc 'npm test -- slugify'", 'npm test -- slugify'],
    ["/bin/zsh -lc 'ls -la'", 'ls -la'],
    ["/usr/bin/bash -c 'make'", 'make'],
    ["sh -c 'a && b'", 'a && b'],
    ['bash -lc "sed -n \'1,40p\' src/a.ts"', "sed -n '1,40p' src/a.ts"],
    ['bash -lc "echo $HOME"', 'bash -lc "echo $HOME"'],
    // A script with a single quote, as Codex 0.113.0 quotes it (fixtures/codex/recorded/0.113.0/read-edit-run.jsonl, item_2): its escapes read as bash reads them.
    ['/bin/bash -lc "sed -i \\"s/\'Helo, \'/\'Hello, \'/\\" src/greet.ts"', "sed -i \"s/'Helo, '/'Hello, '/\" src/greet.ts"],
    ['bash -lc "echo \\$HOME \\\\n"', 'echo $HOME \\n'],
    ['bash -lc "echo \\"', 'bash -lc "echo \\"'],
    ["bash -lc 'echo '\\''x'\\'''", "bash -lc 'echo '\\''x'\\'''"],
    ['bash -lc npm test', 'bash -lc npm test'],
    ["bash -lc 'cat <<EOF\nx\nEOF'", 'cat <<EOF\nx\nEOF'],
    ['pwsh -Command Get-ChildItem', 'pwsh -Command Get-ChildItem'],
    ['npm test', 'npm test'],
    ['', ''],
  ])('%j -> %j', (command, script) => {
    expect(unwrapShellCommand(command)).toBe(script);
  });
});

describe('commandOfArgv', () => {
  it.each([
    [['bash', '-lc', 'npm test'], 'npm test'],
    [['/bin/zsh', '-c', 'ls -la'], 'ls -la'],
    [['git', 'status'], 'git status'],
    [['bash', '-x', 'run.sh'], 'bash -x run.sh'],
  ])('%j -> %j', (argv, script) => {
    expect(commandOfArgv(argv)).toBe(script);
  });
});

describe('fileReadTarget', () => {
  it.each([
    ['cat README.md', 'README.md'],
    ["cat 'docs/my notes.md'", 'docs/my notes.md'],
    ['cat src/a.ts ', 'src/a.ts'],
    ['cat -n README.md', undefined],
    ['cat a.md b.md', undefined],
    ['cat README.md | wc -l', undefined],
    ['cat *.md', undefined],
    ['cat $FILE', undefined],
    ['catalog README.md', undefined],
    ['head README.md', undefined],
  ])('%j -> %j', (script, path) => {
    expect(fileReadTarget(script)).toBe(path);
  });
});

describe('fileChangeToolName', () => {
  it.each([
    [['created', 'created'], 'Write'],
    [['deleted'], 'Delete'],
    [['created', 'modified'], 'Edit'],
    [['moved'], 'Edit'],
    [[], 'Edit'],
  ] as const)('%j -> %s', (changes, name) => {
    expect(fileChangeToolName(changes.map((change) => ({ path: 'p', change })))).toBe(name);
  });
});
