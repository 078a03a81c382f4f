import { fileEditsOf } from '@x/core';
import { describe, expect, it } from 'vitest';
import { fileEditsHtml } from './file-edit-html.js';

describe('fileEditsHtml', () => {
  it('counts the lines core did not make for a long edit among those not shown', () => {
    const old = Array.from({ length: 3000 }, (_, i) => `line ${i}`).join('\n');
    const edits = fileEditsOf({ file_path: 'big.txt', old_string: old, new_string: old.toUpperCase() });
    expect(edits[0]?.omittedLines).toBe(4000);
    // The page shows 400 diff lines of the 6,000 changed.
    expect(fileEditsHtml(edits)).toContain('<span class="diff-hunk">… 5600 more lines</span>');
  });
});
