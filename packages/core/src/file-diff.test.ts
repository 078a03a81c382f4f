import { diffLines } from 'diff';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_KEPT_DIFF_LINES, unifiedDiff } from './diff-lines.js';
import { diffTexts, fileEditsOf, parseApplyPatch } from './file-diff.js';

describe('fileEditsOf', () => {
  it('diffs a Claude Edit old/new pair with +/- counts', () => {
    const [edit] = fileEditsOf({ file_path: 'src/a.ts', old_string: 'const a = 1;\nHelo\n', new_string: 'const a = 1;\nHello\n' });
    expect(edit).toEqual({
      path: 'src/a.ts',
      change: 'modified',
      added: 1,
      removed: 1,
      lines: [
        { kind: 'context', text: 'const a = 1;' },
        { kind: 'remove', text: 'Helo' },
        { kind: 'add', text: 'Hello' },
      ],
    });
  });

  it('reads the field names of every provider', () => {
    expect(fileEditsOf({ filePath: 'a', oldString: 'x', newString: 'y' })[0]?.added).toBe(1);
    expect(fileEditsOf({ path: 'a', old_str: 'x', new_str: 'y\nz' })[0]?.added).toBe(2);
    expect(fileEditsOf({ file_path: 'a', instruction: 'i', old_string: 'a == b', new_string: 'a === b' })[0]?.removed).toBe(1);
  });

  it('joins a MultiEdit into one diff with a hunk between the edits', () => {
    const [edit] = fileEditsOf({ file_path: 'a', edits: [{ old_string: 'a', new_string: 'b' }, { old_string: 'c', new_string: 'd' }] });
    expect(edit?.lines.map((l) => l.kind)).toEqual(['remove', 'add', 'hunk', 'remove', 'add']);
    expect([edit?.added, edit?.removed]).toEqual([2, 2]);
  });

  it('joins a MultiEdit of 200,000 changed lines without overflowing the stack', () => {
    const old = Array.from({ length: 200_000 }, (_, i) => `l${i}`).join('\n');
    const [edit] = fileEditsOf({ file_path: 'a', edits: [{ old_string: 'a', new_string: 'b' }, { old_string: old, new_string: 'x' }] });
    // Every line counted; the first MAX_KEPT_DIFF_LINES made, the rest said to be left out.
    expect([edit?.added, edit?.removed, edit?.lines.length, edit?.omittedLines]).toEqual([2, 200_001, MAX_KEPT_DIFF_LINES, 200_004 - MAX_KEPT_DIFF_LINES]);
  });

  it('shows a written file as its content, not a diff', () => {
    expect(fileEditsOf({ file_path: 'CHANGELOG.md', content: '# Changelog\n\n- Fix.\n' })).toEqual([
      { path: 'CHANGELOG.md', change: 'written', lines: [], added: 3, removed: 0, content: '# Changelog\n\n- Fix.\n' },
    ]);
  });

  it('reads Codex patch_apply changes: add, delete, update with a move', () => {
    const edits = fileEditsOf({
      changes: {
        'a.ts': { add: { content: 'x\ny\n' } },
        'b.ts': { delete: {} },
        'c.ts': { update: { unified_diff: '@@ -1 +1 @@\n-old\n+new\n', move_path: 'd.ts' } },
      },
    });
    expect(edits.map((e) => [e.path, e.change, e.added, e.removed])).toEqual([
      ['a.ts', 'created', 2, 0],
      ['b.ts', 'deleted', 0, 0],
      ['c.ts', 'moved', 1, 1],
    ]);
    expect(edits[2]?.movedTo).toBe('d.ts');
  });

  it('names the files of a Codex file_change without inventing a diff', () => {
    expect(fileEditsOf({ changes: [{ path: 'a.ts', kind: 'update' }, { path: 'b.ts', kind: 'add' }] }).map((e) => [e.path, e.change, e.lines.length])).toEqual([
      ['a.ts', 'modified', 0],
      ['b.ts', 'created', 0],
    ]);
  });

  it('reads an apply_patch envelope', () => {
    const patch = '*** Begin Patch\n*** Add File: n.txt\n+hello\n*** Update File: m.ts\n@@\n-a\n+b\n c\n*** End Patch\n';
    expect(parseApplyPatch(patch).map((e) => [e.path, e.change, e.added, e.removed])).toEqual([
      ['n.txt', 'created', 1, 0],
      ['m.ts', 'modified', 1, 1],
    ]);
    expect(fileEditsOf(patch)).toHaveLength(2);
  });

  it('gives nothing for inputs that describe no edit', () => {
    expect(fileEditsOf({ command: 'ls' })).toEqual([]);
    expect(fileEditsOf({ file_path: 'a.ts' })).toEqual([]);
    expect(fileEditsOf(null)).toEqual([]);
    expect(fileEditsOf('rm -rf /')).toEqual([]);
  });
});

describe('diff helpers', () => {
  it('unifiedDiff skips file headers', () => {
    expect(unifiedDiff('--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n', MAX_KEPT_DIFF_LINES).lines.map((l) => l.kind)).toEqual(['hunk', 'remove', 'add']);
  });

  it('diffTexts keeps shared lines at either end as context and adds to an empty side cleanly', () => {
    expect(diffTexts('a\nb\nc\nd', 'a\nB\nc\nd')).toEqual([
      { kind: 'context', text: 'a' },
      { kind: 'remove', text: 'b' },
      { kind: 'add', text: 'B' },
      { kind: 'context', text: 'c' },
      { kind: 'context', text: 'd' },
    ]);
    expect(diffTexts('', 'x\ny')).toEqual([
      { kind: 'add', text: 'x' },
      { kind: 'add', text: 'y' },
    ]);
  });

  it('diffTexts shows the changed lines removed, then added, past the size bound, the lines both sides share at either end kept', () => {
    const big = 'x'.repeat(40_000);
    expect(diffTexts(big, `${big}y`).map((l) => l.kind)).toEqual(['remove', 'add']);
    // Unsearched, so not the shortest diff: the shared `b` in the middle is shown removed and added.
    expect(diffTexts(`h\n${big}\nb\nt`, `h\nb\n${big}y\nt`).map((l) => [l.kind, l.text.length])).toEqual([
      ['context', 1],
      ['remove', 40_000],
      ['remove', 1],
      ['add', 1],
      ['add', 40_001],
      ['context', 1],
    ]);
  });
});

describe('diffTexts gives a shortest diff that rebuilds both sides', () => {
  const split = (value: string) => {
    const rows = value.split(/\r?\n/);
    if (rows.length > 1 && rows[rows.length - 1] === '') rows.pop();
    return value === '' ? [] : rows;
  };
  /** How many lines another diff library (jsdiff, Myers' algorithm as well) changes: the shortest count. */
  function shortest(before: string, after: string): number {
    const whole = (text: string) => split(text).map((line) => `${line}\n`).join('');
    return diffLines(whole(before), whole(after))
      .filter((part) => part.added || part.removed)
      .reduce((sum, part) => sum + (part.count ?? 0), 0);
  }
  function checkDiff(before: string, after: string): void {
    const lines = diffTexts(before, after);
    expect(lines.filter((l) => l.kind !== 'add').map((l) => l.text)).toEqual(split(before));
    expect(lines.filter((l) => l.kind !== 'remove').map((l) => l.text)).toEqual(split(after));
    expect(lines.filter((l) => l.kind === 'add' || l.kind === 'remove')).toHaveLength(shortest(before, after));
    // Between two kept lines, removed lines come first, as unified diffs show them.
    lines.forEach((line, i) => {
      if (line.kind === 'remove') expect(lines[i - 1]?.kind).not.toBe('add');
    });
  }
  const text = (alphabet: string[], maxLength: number) => fc.array(fc.constantFrom(...alphabet), { maxLength }).map((rows) => rows.map((row) => `${row}\n`).join(''));

  it('with few distinct lines, so shared ones collide often', () => {
    const few = text(['a', 'b', 'c', '', '}'], 12);
    fc.assert(fc.property(few, few, checkDiff), { seed: 18, numRuns: 5000 });
  });

  it('with CRLF and lone CR line ends, split as LF is', () => {
    const ends = fc.array(fc.constantFrom('a', 'b', '}', '', 'c\r', '\r'), { maxLength: 10 }).chain((rows) =>
      fc.array(fc.constantFrom('\n', '\r\n'), { minLength: rows.length, maxLength: rows.length }).map((breaks) => rows.map((row, i) => row + breaks[i]).join('')),
    );
    fc.assert(fc.property(ends, ends, checkDiff), { seed: 18, numRuns: 3000 });
  });

  it('with a shared head and tail around middles that share a blank line or a brace', () => {
    fc.assert(
      fc.property(text(['h', ''], 3), text(['a', 'b', 'c', '}', ''], 30), text(['x', 'y', '', '}'], 30), text(['t', '}'], 3), (head, old, now, tail) =>
        checkDiff(head + old + tail, head + now + tail),
      ),
      { seed: 24, numRuns: 3000 },
    );
  });

  it('keeps the shortest diff for a changed middle of 1000 lines and shows a longer one as removed then added', () => {
    const side = (mark: string, n: number) => Array.from({ length: n }, (_, i) => (i === n >> 1 ? '}' : `${mark}${i}`));
    const join = (rows: string[]) => ['head', ...rows, 'tail'].join('\n');
    const searched = diffTexts(join(side('a', 500)), join(side('b', 500)));
    expect(searched.filter((l) => l.kind === 'context').map((l) => l.text)).toEqual(['head', '}', 'tail']);
    // One more changed line and the search is left out: its cost grows with the square of the lines (SECURITY.md).
    const whole = diffTexts(join(side('a', 500)), join(side('b', 501)));
    expect(whole.map((l) => l.kind)).toEqual(['context', ...Array<string>(500).fill('remove'), ...Array<string>(501).fill('add'), 'context']);
    expect(whole.filter((l) => l.kind === 'add').map((l) => l.text)).toEqual(side('b', 501));
  });
});

describe('a written file counts its lines as the diff splits them', () => {
  it('counts the lines split at LF and CRLF, a last line end adding none', () => {
    const content = fc.array(fc.constantFrom('a', 'b c', '\n', '\r\n', '\r', '\n\n', ''), { maxLength: 12 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(content, (text) => {
        const lines = text.split(/\r?\n/);
        if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
        expect(fileEditsOf({ file_path: 'a', content: text })[0]?.added).toBe(lines.length);
        expect(fileEditsOf({ changes: { a: { add: { content: text } } } })[0]?.added).toBe(lines.length);
      }),
      { seed: 18, numRuns: 3000 },
    );
    expect(fileEditsOf({ file_path: 'a', content: 'x\ny\n' })[0]?.added).toBe(2);
  });
});
