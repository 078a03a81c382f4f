import type { ToolResultDisplayEvent } from '@x/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editContentOf, outputContentOf } from './tool-content.js';

const result = (toolKind: ToolResultDisplayEvent['toolKind'], output: string | undefined): ToolResultDisplayEvent => ({
  kind: 'tool-result',
  id: 'c1',
  name: toolKind === 'execute' ? 'Bash' : 'Read',
  toolKind,
  status: 'success',
  outputState: output === undefined ? 'empty' : 'text',
  details: {},
  ...(output === undefined ? {} : { output }),
});

describe('editContentOf', () => {
  it('gives a written file as a diff from nothing', () => {
    expect(editContentOf({ file_path: '/p/a.md', content: 'hi\n' })).toEqual({
      diffs: [{ type: 'diff', path: '/p/a.md', oldText: null, newText: 'hi\n' }],
      locations: [{ path: '/p/a.md' }],
    });
  });

  it('gives a patch as the lines before and after, context included', () => {
    const patch = '*** Begin Patch\n*** Update File: src/greet.ts\n@@\n export function greet() {\n-  return a;\n+  return b;\n }\n*** End Patch\n';
    expect(editContentOf({ input: patch })).toEqual({
      diffs: [
        { type: 'diff', path: 'src/greet.ts', oldText: 'export function greet() {\n  return a;\n}', newText: 'export function greet() {\n  return b;\n}' },
      ],
      locations: [{ path: 'src/greet.ts' }],
    });
  });

  it('gives an edit longer than the lines core makes as its location alone: a cut diff would misstate the file', () => {
    const old = Array.from({ length: 3000 }, (_, i) => `line ${i}`).join('\n');
    expect(editContentOf({ file_path: '/p/big.txt', old_string: old, new_string: old.toUpperCase() })).toEqual({
      diffs: [],
      locations: [{ path: '/p/big.txt' }],
    });
  });

  it('gives a bare change (Codex file_change) as a location without a diff, and nothing for other inputs', () => {
    expect(editContentOf({ changes: [{ path: '/p/N.md', kind: 'add' }] })).toEqual({ diffs: [], locations: [{ path: '/p/N.md' }] });
    expect(editContentOf({ command: 'ls' })).toEqual({ diffs: [], locations: [] });
  });
});

describe('outputContentOf', () => {
  it('fences command output and passes other output as it is', () => {
    expect(outputContentOf(result('execute', 'a\n'))).toEqual([{ type: 'content', content: { type: 'text', text: '```console\na\n```' } }]);
    expect(outputContentOf(result('read', 'a'))).toEqual([{ type: 'content', content: { type: 'text', text: 'a' } }]);
    expect(outputContentOf(result('execute', undefined))).toEqual([]);
  });

  it('never lets command output close its fence, whatever it holds', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('`', 'a', '\n', ' ') }), (output) => {
        const [block] = outputContentOf(result('execute', output === '' ? '`' : output));
        const fenced = block?.type === 'content' && block.content.type === 'text' ? block.content.text : '';
        const fence = /^`+/.exec(fenced)?.[0] ?? '';
        expect(fence.length).toBeGreaterThanOrEqual(3);
        expect(fenced.endsWith(`\n${fence}`)).toBe(true);
        // No line inside is a fence as long as the opening one.
        const inner = fenced.slice(fence.length, -fence.length);
        expect(inner.includes(fence)).toBe(false);
      }),
    );
  });
});
