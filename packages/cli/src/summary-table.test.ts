import { aggregateRun, type DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { formatSummary } from './summary-table.js';

const read: DisplayEvent[] = [
  { kind: 'tool-use', id: 't1', name: 'Read', toolName: 'Read', toolKind: 'read', arg: 'a.ts', input: {} },
  { kind: 'tool-result', id: 't1', name: 'Read', toolKind: 'read', status: 'success', outputState: 'text', output: 'x', details: { path: 'a.ts', contentLength: 1 } },
];

describe('formatSummary', () => {
  it('writes the status word, turns, duration, counts and cost as the footers do', () => {
    const outcome = aggregateRun(
      [
        { kind: 'session', phase: 'start', sessionId: 's-1', model: 'model-x' },
        { kind: 'text', id: 'a', text: 'Reading.' },
        ...read,
        { kind: 'text', id: 'b', text: 'Done.' },
        { kind: 'usage', cumulative: true, inputTokens: 31520, outputTokens: 1200, cacheReadTokens: 20000, costUsd: 1.5 },
        { kind: 'session', phase: 'end', status: 'success', durationMs: 119_600, turns: 9 },
      ],
      { accounting: { lines: 12_345, events: 12_000, ignored: 345, malformed: 0, unknown: 0, unexplained: 0, atEnd: 0, partial: 0 } },
    );
    expect(formatSummary(outcome, 'Demo')).toBe(
      [
        'Provider      Demo',
        'Status        completed',
        'Session       s-1',
        'Model         model-x',
        'Duration      2 min 00 s',
        // No prompt: one turn, however many rounds the model made (the session end's own count says 9).
        'Turns         1',
        'Tokens        31,520 in, 1,200 out, 20,000 cache read',
        'Cost          $1.50',
        'Tool calls    1',
        '  ok   Read a.ts: Read a.ts (1 char)',
        'Lines         12,345 read: 12,000 shown, 345 ignored, 0 malformed, 0 unknown',
        '',
        'Done.',
        '',
      ].join('\n'),
    );
  });

  it('says unknown for token counts no usage event reported, and that no session end reported a status', () => {
    const table = formatSummary(aggregateRun([...read, { kind: 'usage', cumulative: false, outputTokens: 7 }]), 'Demo');
    expect(table).toContain('Status        no session end reported\n');
    expect(table).toContain('Tokens        unknown in, 7 out\n');
    expect(table).toContain('Tool calls    1\n');
  });

  it.each([
    ['error', 'failed'],
    ['cancelled', 'cancelled'],
    ['incomplete', 'incomplete'],
  ] as const)('calls a run that ended %s "%s"', (status, word) => {
    expect(formatSummary(aggregateRun([{ kind: 'session', phase: 'end', status }]), 'Demo')).toContain(`Status        ${word}\n`);
  });
});
