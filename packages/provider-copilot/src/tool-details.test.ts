import { describe, expect, it } from 'vitest';
import { eventLine, ofKind, replay } from './test-helpers.js';
import { outputDetails, outputShape } from './tool-details.js';

/** The details of the result of one call of `name` with `input` that printed `content`. */
function detailsOf(name: string, input: Record<string, unknown>, content: string, success = true) {
  const { events } = replay([
    eventLine('tool.execution_start', { toolCallId: 'c1', toolName: name, arguments: input }),
    eventLine('tool.execution_complete', { toolCallId: 'c1', success, result: { content } }),
  ]);
  return ofKind(events, 'tool-result')[0]?.details;
}

describe('what a result says it read or found', () => {
  it('a view is the content read: its length, in characters', () => {
    expect(detailsOf('view', { path: 'a.ts' }, 'const a = 1;\nconst b = 2;\n')).toEqual({ path: 'a.ts', contentLength: 26 });
    expect(detailsOf('str_replace_editor', { command: 'view', path: 'a.ts' }, 'x')).toEqual({ path: 'a.ts', contentLength: 1 });
  });

  it('a view whose every line carries a line number gives no length, nor does a failed one', () => {
    expect(detailsOf('view', { path: 'a.ts' }, '1. const a = 1;\n2. const b = 2;\n')).toEqual({ path: 'a.ts' });
    expect(detailsOf('view', { path: 'a.ts' }, 'Path does not exist', false)).toEqual({ path: 'a.ts' });
  });

  it('glob prints one path per line; grep one match per line (content) or one path per line (files_with_matches)', () => {
    expect(detailsOf('glob', { pattern: '**/*.ts' }, 'src/a.ts\nsrc/b.ts\ntest/a.test.ts')).toEqual({ matchCount: 3, fileCount: 3 });
    expect(detailsOf('grep', { pattern: 'x', path: 'src' }, 'src/a.ts:1:x\nsrc/a.ts:4:x\nsrc/b.ts:2:x')).toEqual({ path: 'src', matchCount: 3, fileCount: 2 });
    expect(detailsOf('rg', { pattern: 'x', output_mode: 'files_with_matches' }, 'src/a.ts\nsrc/b.ts')).toEqual({ matchCount: 2, fileCount: 2 });
    expect(detailsOf('grep', { pattern: 'nothing' }, 'No matches found')).toEqual({ matchCount: 0, fileCount: 0 });
  });

  it('grep output that is not one match per line gives no counts', () => {
    expect(detailsOf('grep', { pattern: 'x', output_mode: 'count' }, 'src/a.ts:2\nsrc/b.ts:1')).toEqual({});
    expect(detailsOf('grep', { pattern: 'x', '-C': 2 }, 'src/a.ts-1-a\nsrc/a.ts:2:x\nsrc/a.ts-3-b')).toEqual({});
    expect(detailsOf('grep', { pattern: 'x', head_limit: 10 }, 'src/a.ts:2:x')).toEqual({});
    expect(detailsOf('grep', { pattern: 'x', '-A': 0, output_mode: 'content' }, 'src/a.ts:2:x')).toEqual({ matchCount: 1, fileCount: 1 });
  });

  it('other tools give nothing read from their output', () => {
    expect(detailsOf('bash', { command: 'cat a.ts' }, 'const a = 1;\n')).toEqual({});
    // A shell's output is read for nothing but the exit code 1.0.20 ends it with.
    expect(outputShape('Bash', { command: 'ls' })).toBe('shell');
    expect(outputDetails('shell', 'a.txt\n<exited with exit code 0>')).toEqual({});
    expect(outputDetails('content', '')).toEqual({ contentLength: 0 });
  });

  it('tells line-numbered output by every non-empty line, blank lines aside', () => {
    expect(outputDetails('content', '1. a\n\n3. c\n')).toEqual({});
    expect(outputDetails('content', '   9→x\n  10→y')).toEqual({});
    expect(outputDetails('content', '1. First step\nThen the rest.\n')).toEqual({ contentLength: 29 });
    expect(outputDetails('content', '\n\n')).toEqual({ contentLength: 2 });
  });
});
