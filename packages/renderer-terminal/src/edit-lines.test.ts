import { fileEditsOf } from '@x/core';
import { describe, expect, it } from 'vitest';
import { createPalette } from './color-support.js';
import { editPreviewLines, MAX_DIFF_LINES } from './edit-lines.js';

describe('editPreviewLines', () => {
  it('counts the lines core did not make for a long edit among those not shown', () => {
    const old = Array.from({ length: 3000 }, (_, i) => `line ${i}`).join('\n');
    const edits = fileEditsOf({ file_path: 'big.txt', old_string: old, new_string: old.toUpperCase() });
    // 6,000 changed lines: core makes the first 2,000 and counts the rest.
    expect(edits[0]?.omittedLines).toBe(4000);
    const shown = editPreviewLines(edits, createPalette(false), 10).map((line) => line.map(([text]) => text).join(''));
    expect(shown).toHaveLength(MAX_DIFF_LINES + 1);
    expect(shown.at(-1)).toBe(`⋮ ${6000 - MAX_DIFF_LINES} more lines`);
  });
});
