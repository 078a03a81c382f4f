import type { DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { createMarkdownRenderer } from './index.js';

async function markdownOf(events: readonly unknown[]): Promise<string> {
  let out = '';
  const renderer = createMarkdownRenderer({ sink: (chunk) => void (out += chunk) });
  // Events may come from a newer source than this renderer: unknown kinds included.
  for (const event of events) await renderer.write(event as DisplayEvent);
  await renderer.end();
  return out;
}

/** A run of every kind, written by hand. */
const RUN: DisplayEvent[] = [
  { kind: 'session', phase: 'start', sessionId: 's-1', model: 'gpt-5', cwd: '/work/demo' },
  { kind: 'prompt', form: 'prompt', text: 'Fix the test' },
  { kind: 'reasoning', id: 'r1', text: 'Look at the\n' },
  { kind: 'reasoning', id: 'r1', text: 'failing test.' },
  { kind: 'text', id: 'm1', text: 'I will run ' },
  { kind: 'text', id: 'm1', text: 'the tests.' },
  { kind: 'tool-use', id: 't1', name: 'Bash', toolName: 'shell', toolKind: 'execute', arg: 'npm test', input: { command: 'npm test' } },
  {
    kind: 'tool-result',
    id: 't1',
    name: 'Bash',
    toolKind: 'execute',
    status: 'error',
    outputState: 'text',
    output: 'FAIL src/a.test.ts',
    details: { exitCode: 1 },
  },
  { kind: 'tool-use', id: 't2', name: 'Edit', toolName: 'edit', toolKind: 'edit', arg: 'src/a.ts', input: {} },
  { kind: 'tool-result', id: 't2', name: 'Edit', toolKind: 'edit', status: 'success', outputState: 'empty', details: { path: 'src/a.ts' } },
  { kind: 'text', id: 'm2', text: 'Fixed: `a` now returns **2**.' },
  { kind: 'usage', cumulative: true, inputTokens: 1200, outputTokens: 300, costUsd: 0.0123 },
  { kind: 'notice', level: 'warning', message: 'Rate limit\nnear' },
  { kind: 'error', message: 'the tool crashed', fatal: false },
  { kind: 'session', phase: 'end', status: 'success', turns: 2, durationMs: 12_300 },
];

describe('createMarkdownRenderer', () => {
  it('writes a run as Markdown', async () => {
    expect(await markdownOf(RUN)).toBe(
      [
        '## Session `s-1`',
        '',
        '- Model: `gpt-5`',
        '- Directory: `/work/demo`',
        '',
        '**You:** Fix the test',
        '',
        '> Look at the',
        '> failing test.',
        '',
        'I will run the tests.',
        '',
        '- **Bash** `npm test`',
        '- ✗ Error (exit 1): FAIL src/a.test.ts',
        '- **Edit** `src/a.ts`',
        '- ✓ Updated src/a.ts',
        '',
        'Fixed: `a` now returns **2**.',
        '',
        '> **Warning:** Rate limit',
        '> near',
        '',
        '> **Error:** the tool crashed',
        '',
        '**Run success** · 2 turns · 12.3 s',
        '',
        '**Tokens:** 1200 in · 300 out · $0.0123',
        '',
      ].join('\n'),
    );
  });

  it('ignores event kinds it does not know, even between two increments of one paragraph', async () => {
    const future = { kind: 'citation', id: 'm1', url: 'https://example.com' };
    const text: DisplayEvent[] = [
      { kind: 'text', id: 'm1', text: 'one ' },
      { kind: 'text', id: 'm1', text: 'paragraph' },
    ];
    expect(await markdownOf([text[0], future, text[1], future])).toBe('one paragraph\n');
  });

  it('starts a new paragraph for text of another id, and after anything else', async () => {
    const events: DisplayEvent[] = [
      { kind: 'text', id: 'a', text: 'first' },
      { kind: 'text', id: 'b', text: 'second\n' },
      { kind: 'tool-use', id: 't', name: 'Read', toolName: 'read', toolKind: 'read', arg: '', input: {} },
      { kind: 'text', id: 'b', text: 'third' },
    ];
    expect(await markdownOf(events)).toBe('first\n\nsecond\n\n- **Read**\n\nthird\n');
  });

  it('shows commands and interrupts, a session without details, and a fatal error', async () => {
    const events: DisplayEvent[] = [
      { kind: 'session', phase: 'start' },
      { kind: 'prompt', form: 'command', text: '/review src' },
      { kind: 'prompt', form: 'interrupt', text: '' },
      { kind: 'error', message: 'out of credits', fatal: true },
      { kind: 'session', phase: 'end', status: 'error' },
    ];
    expect(await markdownOf(events)).toBe(
      '## Session\n\n**You:** `/review src`\n\n**You interrupted the agent.**\n\n> **Fatal error:** out of credits\n\n**Run error**\n',
    );
  });

  it('adds the usage of concatenated sessions', async () => {
    const events: DisplayEvent[] = [
      { kind: 'session', phase: 'start', sessionId: 'a' },
      { kind: 'usage', cumulative: true, inputTokens: 1000, outputTokens: 100 },
      { kind: 'session', phase: 'start', sessionId: 'b' },
      { kind: 'usage', cumulative: true, inputTokens: 10, outputTokens: 1 },
    ];
    expect(await markdownOf(events)).toBe('## Session `a`\n\n## Session `b`\n\n**Tokens:** 1010 in · 101 out\n');
  });

  it('writes nothing for an empty run', async () => {
    expect(await markdownOf([])).toBe('');
  });

  it('passes the sink promise back, one chunk per event', async () => {
    const chunks: string[] = [];
    let release: () => void = () => {};
    const renderer = createMarkdownRenderer({
      sink: (chunk) => {
        chunks.push(chunk);
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    });
    const pending = renderer.write({ kind: 'text', id: 'm', text: 'hi' });
    expect(pending).toBeInstanceOf(Promise);
    release();
    await pending;
    expect(chunks).toEqual(['hi']);
  });
});
