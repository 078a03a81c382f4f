import { collectDisplayOutput, type DisplayEvent } from '@x/core';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { render, text, toolResult, toolUse } from '../test/events.js';

const TABLE = '| File | Change |\n|:--|--:|\n| src/greet.ts | 2 |\n';

const EDIT_RUN: DisplayEvent[] = [
  toolUse('e1', 'Edit', 'src/greet.ts', { input: { file_path: 'src/greet.ts', old_string: 'const a = 1;\nHelo\n', new_string: 'const a = 1;\nHello\nWorld\n' } }),
  toolResult('e1', 'Edit', { output: 'ok', details: { path: 'src/greet.ts' } }),
];

const LONG_FOOTER: DisplayEvent[] = [
  { kind: 'usage', cumulative: true, inputTokens: 1_234_567, outputTokens: 89_012, cacheReadTokens: 1_000_000, costUsd: 1.2345 },
  { kind: 'session', phase: 'end', status: 'success', durationMs: 125_000 },
];

describe('edits', () => {
  it('marks an edit with its line counts, and shows the diff under showContent', async () => {
    expect(await render(EDIT_RUN, { mode: 'verbose' })).toBe('✎ Edit (+2 -1) src/greet.ts\n  ✓ Updated src/greet.ts\n');
    expect(await render(EDIT_RUN, { mode: 'verbose', showContent: true })).toBe(
      ['✎ Edit (+2 -1) src/greet.ts', '  ✓ Updated src/greet.ts', '      const a = 1;', '    - Helo', '    + Hello', '    + World', ''].join('\n'),
    );
  });

  it('shows a written file as its first lines', async () => {
    const events = [toolUse('w', 'Write', 'notes.md', { input: { file_path: 'notes.md', content: 'one\ntwo\nthree\n' } }), toolResult('w', 'Write', { details: { path: 'notes.md' } })];
    expect(await render(events, { mode: 'verbose', showContent: true, contentLines: 2 })).toBe(
      ['✚ Write (+3 -0) notes.md', '  ✓ Wrote notes.md', '    + one', '    + two', '    ⋮ 1 more line', ''].join('\n'),
    );
  });
});

describe('Markdown', () => {
  it('aligns a GFM table in verbose mode', async () => {
    expect(await render([text('m', TABLE)], { mode: 'verbose' })).toBe('File         │ Change\n─────────────┼───────\nsrc/greet.ts │      2\n');
  });

  it('keeps default mode without colour the DisplayOutput, byte for byte', async () => {
    const events = [text('m', `**Done.**\n\n${TABLE}`)];
    expect(await render(events)).toBe(collectDisplayOutput(events));
  });

  it('lays Markdown out in default mode on a colour terminal, styles around neutralised text', async () => {
    const out = await render([text('m', `**Done \x1b[2J.**\n\n${TABLE}`)], { color: true });
    expect(out).toContain('\x1b[1mDone \\x1b[2J.\x1b[22m');
    expect(out).toContain('│');
    expect(out).not.toContain('**');
  });
});

describe('footer width', () => {
  it.each([
    [120, '∎ completed | 2 min 05 s | 1,234,567 in / 89,012 out tokens (1,000,000 cache read) | $1.23'],
    [80, '∎ completed | 2 min 05 s | 1,234,567 in / 89,012 out tokens | $1.23'],
    [40, '∎ completed | $1.23'],
  ])('at %d columns keeps status and cost', async (columns, footer) => {
    const out = await render(LONG_FOOTER, { mode: 'verbose', columns });
    expect(out).toBe(`${footer}\n`);
    expect(stringWidth(out.trimEnd())).toBeLessThanOrEqual(columns);
  });

  it.each([40, 80, 120])('cuts markers to %d columns', async (columns) => {
    const out = await render([toolUse('b', 'Bash', `npm test -- ${'x'.repeat(200)}`)], { mode: 'verbose', columns });
    for (const line of out.split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(columns);
  });
});
