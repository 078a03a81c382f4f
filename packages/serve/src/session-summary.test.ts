import type { DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { MAX_EDIT_BYTES, createSummarizer } from './session-summary.js';

const shortLines = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i}`).join('\n');

/** An Edit that replaces `lines` short lines with as many others: a diff of every line removed and added. */
const edit = (n: number, lines: number): DisplayEvent => ({
  kind: 'tool-use',
  id: `e${n}`,
  name: 'Edit',
  toolName: 'Edit',
  toolKind: 'edit',
  arg: `/work/f${n}.txt`,
  input: { file_path: `/work/f${n}.txt`, old_string: shortLines('a', lines), new_string: shortLines('b', lines) },
});

describe('the summary’s edits', () => {
  it('are bounded by their estimated bytes, a short line counted with its object, and say when later ones were cut', () => {
    const summarizer = createSummarizer();
    summarizer.push({ kind: 'prompt', form: 'prompt', text: 'write many small files' });
    // 1,000 lines of 2-4 characters out and in per edit: counted by characters alone, all 200 edits (about 1.4 Mi characters) would be kept.
    for (let n = 0; n < 200; n++) summarizer.push(edit(n, 1000));
    const summary = summarizer.finish();
    expect(summary.editsCut).toBe(true);
    const lines = summary.edits.reduce((n, record) => n + record.edits.reduce((m, e) => m + e.lines.length, 0), 0);
    expect(lines).toBeGreaterThan(0);
    // Each kept line is estimated at 80 bytes at least: the kept ones fit the budget.
    expect(lines * 80).toBeLessThanOrEqual(MAX_EDIT_BYTES);
    expect(summary.edits.length).toBeLessThan(200);
  });

  it('estimate their bytes in the summary, so a cache of summaries is bounded by bytes', () => {
    const small = createSummarizer();
    small.push({ kind: 'prompt', form: 'prompt', text: 'one edit' });
    small.push(edit(0, 10));
    const large = createSummarizer();
    large.push({ kind: 'prompt', form: 'prompt', text: 'many edits' });
    for (let n = 0; n < 200; n++) large.push(edit(n, 1000));
    const [a, b] = [small.finish(), large.finish()];
    expect(a.estimatedBytes).toBeGreaterThan(0);
    expect(b.estimatedBytes).toBeGreaterThan(MAX_EDIT_BYTES / 2);
    expect(b.estimatedBytes).toBeLessThanOrEqual(MAX_EDIT_BYTES + 4096);
  });
});
