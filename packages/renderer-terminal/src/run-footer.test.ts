import { aggregateRun, type DisplayEvent } from '@x/core';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { runFooter } from './run-footer.js';

const footerOf = (events: DisplayEvent[], columns?: number) => runFooter(aggregateRun(events), columns);

describe('run footer', () => {
  it('has no footer when the run reported nothing, however many turns it had', () => {
    expect(footerOf([])).toBeUndefined();
    expect(footerOf([{ kind: 'text', id: 'a', text: 'hi' }])).toBeUndefined();
  });

  it('adds increments and replaces with cumulative totals', () => {
    const increments: DisplayEvent[] = [
      { kind: 'usage', cumulative: false, inputTokens: 1000, outputTokens: 10, costUsd: 0.01 },
      { kind: 'usage', cumulative: false, inputTokens: 500, outputTokens: 5, reasoningTokens: 7, costUsd: 0.02 },
    ];
    expect(footerOf(increments)).toBe('1,500 in / 15 out tokens (7 reasoning) | $0.0300');
    const restated: DisplayEvent[] = [...increments, { kind: 'usage', cumulative: true, inputTokens: 2000, costUsd: 1.5, cacheWriteTokens: 3 }];
    expect(footerOf(restated)).toBe('2,000 in / 15 out tokens (7 reasoning, 3 cache write) | $1.50');
  });

  it('adds the cumulative totals of concatenated sessions', () => {
    const events: DisplayEvent[] = [
      { kind: 'session', phase: 'start', sessionId: 'run-1' },
      { kind: 'usage', cumulative: true, inputTokens: 1000, outputTokens: 100 },
      { kind: 'session', phase: 'start', sessionId: 'run-2' },
      { kind: 'usage', cumulative: true, inputTokens: 10, outputTokens: 1 },
    ];
    expect(footerOf(events)).toBe('1,010 in / 101 out tokens');
  });

  it('shows the status word, the duration and the turns counted from the events, not the session end’s count', () => {
    const events: DisplayEvent[] = [
      { kind: 'text', id: 'a', text: 'Partial' },
      { kind: 'session', phase: 'end', status: 'incomplete', durationMs: 900, turns: 4 },
    ];
    expect(footerOf(events)).toBe('incomplete | 900 ms | 1 turn');
    expect(footerOf([{ kind: 'session', phase: 'end', status: 'success', durationMs: 119_600 }])).toBe('completed | 2 min 00 s');
    expect(footerOf([{ kind: 'session', phase: 'end', status: 'error' }])).toBe('failed');
  });

  it('says unknown for a token count no usage event reported, never 0', () => {
    expect(footerOf([{ kind: 'usage', cumulative: true, outputTokens: 303 }])).toBe('unknown in / 303 out tokens');
  });

  it('shows a status it does not know with its control characters visible', () => {
    expect(footerOf([{ kind: 'session', phase: 'end', status: 'odd\x1b[2J' as 'success' }])).toBe('odd\\x1b[2J');
  });
});

describe('run footer width', () => {
  const events: DisplayEvent[] = [
    { kind: 'prompt', form: 'prompt', text: 'List the files.' },
    { kind: 'usage', cumulative: true, inputTokens: 1_234_567, outputTokens: 89_012, cacheReadTokens: 1_000_000, costUsd: 1.2345 },
    { kind: 'tool-use', id: 't', name: 'Bash', toolName: 'Bash', toolKind: 'execute', arg: 'ls', input: {} },
    { kind: 'tool-result', id: 't', name: 'Bash', toolKind: 'execute', status: 'success', outputState: 'empty', details: {} },
    { kind: 'text', id: 'a', text: 'Done.' },
    { kind: 'prompt', form: 'prompt', text: 'Thanks.' },
    { kind: 'session', phase: 'end', status: 'success', durationMs: 125_000 },
  ];

  it.each([
    [120, 'completed | 2 min 05 s | 2 turns | 1,234,567 in / 89,012 out tokens (1,000,000 cache read) | $1.23'],
    [90, 'completed | 2 min 05 s | 2 turns | 1,234,567 in / 89,012 out tokens | $1.23'],
    [70, 'completed | 2 min 05 s | 1,234,567 in / 89,012 out tokens | $1.23'],
    [40, 'completed | $1.23'],
  ])('fits %d columns, keeping status and cost', (columns, footer) => {
    const shown = footerOf(events, columns) ?? '';
    expect(shown).toBe(footer);
    expect(stringWidth(shown)).toBeLessThanOrEqual(columns);
  });
});
