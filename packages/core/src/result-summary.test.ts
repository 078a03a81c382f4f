import { describe, expect, it } from 'vitest';
import type { ToolResultDisplayEvent } from './display-event.js';
import { summarizeToolResult } from './result-summary.js';
import { toolKindOf } from './tool-vocabulary.js';

function result(name: string, details: ToolResultDisplayEvent['details'], status: ToolResultDisplayEvent['status'] = 'success', output?: string) {
  return { name, toolKind: toolKindOf(name), status, details, ...(output === undefined ? {} : { output }) };
}

describe('summarizeToolResult', () => {
  it.each([
    [result('Read', { path: 'README.md', contentLength: 1200 }), 'Read README.md (1200 chars)'],
    [result('Read', { path: 'a.txt', contentLength: 1 }), 'Read a.txt (1 char)'],
    [result('Read', { path: 'a.txt' }), 'Read a.txt'],
    [result('Write', { path: 'src/new.ts' }), 'Wrote src/new.ts'],
    [result('Edit', { path: 'src/old.ts' }), 'Updated src/old.ts'],
    [result('MultiEdit', { path: 'src/old.ts' }), 'Updated src/old.ts'],
    [result('Grep', { matchCount: 7, fileCount: 3 }), 'Found 7 matches in 3 files'],
    [result('Glob', { matchCount: 1, fileCount: 1 }), 'Found 1 match in 1 file'],
    [result('Bash', { exitCode: 0 }), 'Completed Bash (exit 0)'],
    [result('Bash', {}), 'Completed Bash'],
    [result('Bash', { exitCode: 0, stderr: 'warning: deprecated\nmore' }), 'Completed Bash (exit 0): warning: deprecated'],
    [result('Bash', { stderr: 'npm warn config production' }, 'success', '\n> demo@1.0.0 test\n> vitest run\n\n ✓ test/a.test.ts (2 tests)\n Tests  2 passed (2)\n'), 'Completed Bash: ✓ test/a.test.ts (2 tests)'],
    [result('Bash', { exitCode: 2, stderr: 'ls: cannot access x\n' }, 'error', 'partial'), 'Error (exit 2): ls: cannot access x'],
    [result('Bash', { exitCode: 1 }, 'error', '---\nFAIL a.test.ts\n'), 'Error (exit 1): FAIL a.test.ts'],
    [result('Bash', { exitCode: 1, errorMessage: 'Exit code 1' }, 'error', 'FAIL a.test.ts\n'), 'Error (exit 1): FAIL a.test.ts'],
    [result('Bash', { errorMessage: 'Exit code 1' }, 'error'), 'Error: Exit code 1'],
    [result('WebFetch', {}), 'Completed WebFetch'],
    [result('github.create_issue', {}), 'Completed github.create_issue'],
    [result('Write', {}), 'Completed Write'],
    [result('Bash', { errorMessage: 'command not found: foo' }, 'error'), 'Error: command not found: foo'],
    [result('Bash', {}, 'error', 'exit 1\nboom'), 'Error: exit 1'],
    [result('Grep', { errorMessage: 'bad\nregex' }, 'error'), 'Error: bad regex'],
    [result('Bash', {}, 'error'), 'Error: Bash failed'],
    [result('Bash', { errorMessage: 'Error: issue 7 not found' }, 'error'), 'Error: issue 7 not found'],
    [result('Bash', { errorMessage: 'error: ' }, 'error'), 'Error: Bash failed'],
  ])('%j gives %s', (input, expected) => {
    expect(summarizeToolResult(input)).toBe(expected);
  });

  it('collapses whitespace and cuts at 160 characters, counting multi-byte characters as one', () => {
    const summary = summarizeToolResult(result('Grep', { errorMessage: `${'日本'.repeat(100)}\n\nend` }, 'error'));
    expect([...summary]).toHaveLength(160);
    expect(summary.startsWith('Error: 日本')).toBe(true);
    expect(summary.endsWith('...')).toBe(true);
    expect(summary).not.toMatch(/\n/);
  });

  it('keeps a summary of exactly 160 characters whole', () => {
    const message = 'x'.repeat(160 - 'Error: '.length);
    expect(summarizeToolResult(result('Bash', { errorMessage: message }, 'error'))).toBe(`Error: ${message}`);
  });
});
