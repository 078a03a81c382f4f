import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DiffLine, type DiffLines, lineStarts, MAX_KEPT_DIFF_LINES, unifiedDiff, unsearchedDiff } from './diff-lines.js';
import { fileEditsOf } from './file-diff.js';

/*
 * The in-place readers are held to the split-based forms they replace: the
 * lines `text.split(/\r?\n/)` (or `\n` where there is no CR) gives, a final
 * empty one dropped, and the diff of two texts with no search (the shared
 * head and tail as context, the middle removed then added).
 */

function splitLines(text: string): string[] {
  const lines = text.includes('\r') ? text.split(/\r?\n/) : text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function referenceDiff(before: string, after: string): DiffLine[] {
  const old = before === '' ? [] : splitLines(before);
  const now = after === '' ? [] : splitLines(after);
  let head = 0;
  while (head < old.length && head < now.length && old[head] === now[head]) head += 1;
  let tail = 0;
  while (tail < old.length - head && tail < now.length - head && old[old.length - 1 - tail] === now[now.length - 1 - tail]) tail += 1;
  const line = (kind: DiffLine['kind']) => (text: string) => ({ kind, text });
  return [
    ...old.slice(0, head).map(line('context')),
    ...old.slice(head, old.length - tail).map(line('remove')),
    ...now.slice(head, now.length - tail).map(line('add')),
    ...old.slice(old.length - tail).map(line('context')),
  ];
}

function referenceUnified(patch: string): DiffLine[] {
  const lines: DiffLine[] = [];
  for (const line of splitLines(patch)) {
    if (line.startsWith('+++') || line.startsWith('---')) continue;
    if (line.startsWith('@@')) lines.push({ kind: 'hunk', text: line });
    else if (line.startsWith('+')) lines.push({ kind: 'add', text: line.slice(1) });
    else if (line.startsWith('-')) lines.push({ kind: 'remove', text: line.slice(1) });
    else if (line.startsWith(' ')) lines.push({ kind: 'context', text: line.slice(1) });
  }
  return lines;
}

/** What a capped diff must be: the first `keep` lines of the whole, and every line counted. */
function capped(whole: readonly DiffLine[], keep: number): Omit<DiffLines, 'keep'> {
  return {
    lines: whole.slice(0, keep),
    added: whole.filter((line) => line.kind === 'add').length,
    removed: whole.filter((line) => line.kind === 'remove').length,
    omitted: Math.max(0, whole.length - keep),
  };
}

const without = ({ keep: _keep, ...rest }: DiffLines) => rest;

// Texts made of few distinct pieces, so that lines repeat and meet across sides, with every line end and marker.
const piece = fc.constantFrom('a', 'b', '', ' ', '\n', '\r', '\r\n', '\n\n', '+', '-', '@@', '+++', '---', '\u2028', '\ud800', 'é\u0301');
const text = fc.array(piece, { maxLength: 24 }).map((parts) => parts.join(''));

describe('lineStarts and unsearchedDiff read texts in place as splitting them would', () => {
  it('finds the lines splitLines makes', () => {
    fc.assert(
      fc.property(text, (t) => {
        const starts = lineStarts(t);
        expect(starts.length - 1).toBe(t === '' ? 0 : splitLines(t).length);
      }),
    );
  });

  it('gives the unsearched diff the split lines give, whole or cut at any number of kept lines', () => {
    fc.assert(
      fc.property(text, text, fc.integer({ min: 0, max: 30 }), (before, after, keep) => {
        const whole = referenceDiff(before, after);
        expect(without(unsearchedDiff(before, after, Number.POSITIVE_INFINITY))).toEqual(capped(whole, Number.POSITIVE_INFINITY));
        expect(without(unsearchedDiff(before, after, keep))).toEqual(capped(whole, keep));
      }),
    );
  });

  it('reads a unified diff as splitting it would, whole or cut', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 30 }), (patch, keep) => {
        const whole = referenceUnified(patch);
        expect(without(unifiedDiff(patch, Number.POSITIVE_INFINITY))).toEqual(capped(whole, Number.POSITIVE_INFINITY));
        expect(without(unifiedDiff(patch, keep))).toEqual(capped(whole, keep));
      }),
    );
  });
});

describe('an edit of a million lines', () => {
  it('makes its first lines and counts the rest, with the same counts as the whole diff', () => {
    const old = Array.from({ length: 1_000_000 }, (_, i) => `line ${i}`).join('\n');
    const now = old.replace('line 0\n', 'LINE 0\n').replace(/line 999999$/, 'LINE 999999');
    const [edit] = fileEditsOf({ file_path: 'big.txt', old_string: old, new_string: now });
    // Only the first and last lines differ: no shared head or tail, so every line is removed, then added.
    expect(edit?.lines.slice(0, 2)).toEqual([
      { kind: 'remove', text: 'line 0' },
      { kind: 'remove', text: 'line 1' },
    ]);
    expect([edit?.added, edit?.removed, edit?.lines.length, edit?.omittedLines]).toEqual([
      1_000_000,
      1_000_000,
      MAX_KEPT_DIFF_LINES,
      2_000_000 - MAX_KEPT_DIFF_LINES,
    ]);
  });

  it('keeps the shared lines at either end as context, counted, not made past the kept lines', () => {
    const shared = Array.from({ length: 300_000 }, (_, i) => `s${i}`).join('\n');
    const [edit] = fileEditsOf({ file_path: 'big.txt', old_string: `${shared}\nold\n${shared}`, new_string: `${shared}\nnew\n${shared}` });
    expect([edit?.added, edit?.removed, edit?.omittedLines]).toEqual([1, 1, 600_002 - MAX_KEPT_DIFF_LINES]);
    expect(edit?.lines.every((line) => line.kind === 'context')).toBe(true);
  });
});
