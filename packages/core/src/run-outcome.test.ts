import { describe, expect, it } from 'vitest';
import type { DisplayEvent } from './display-event.js';
import { collectDisplayOutput, createDisplayOutputBuilder } from './display-output.js';
import { aggregateRun, createRunAggregator } from './run-outcome.js';
import { createUsageCounter } from './usage-totals.js';

const run: DisplayEvent[] = [
  { kind: 'session', phase: 'start', sessionId: 's-1', model: 'model-a', cwd: '/repo' },
  { kind: 'reasoning', id: 'r1', text: 'thinking' },
  { kind: 'text', id: 'm1', text: "I'll read " },
  { kind: 'text', id: 'm1', text: 'the file.' },
  { kind: 'tool-use', id: 't1', name: 'Read', toolName: 'Read', toolKind: 'read', arg: 'README.md', input: { file_path: 'README.md' } },
  { kind: 'tool-result', id: 't1', name: 'Read', toolKind: 'read', status: 'success', outputState: 'text', output: 'x', details: { path: 'README.md', contentLength: 1, durationMs: 5 } },
  { kind: 'tool-use', id: 't2', name: 'Write', toolName: 'Write', toolKind: 'edit', arg: 'new.ts', input: {} },
  { kind: 'tool-result', id: 't2', name: 'Write', toolKind: 'edit', status: 'success', outputState: 'unavailable', details: { path: 'new.ts' } },
  { kind: 'tool-use', id: 't3', name: 'Edit', toolName: 'Edit', toolKind: 'edit', arg: 'new.ts', input: {} },
  { kind: 'tool-result', id: 't3', name: 'Edit', toolKind: 'edit', status: 'success', outputState: 'unavailable', details: { path: 'new.ts' } },
  { kind: 'tool-use', id: 't4', name: 'Edit', toolName: 'file_change', toolKind: 'edit', arg: '', input: {} },
  {
    kind: 'tool-result', id: 't4', name: 'Edit', toolKind: 'edit', status: 'success', outputState: 'unavailable',
    details: { changes: [{ path: 'old.ts', change: 'modified' }, { path: 'gone.ts', change: 'deleted' }] },
  },
  { kind: 'tool-use', id: 't5', name: 'Bash', toolName: 'Bash', toolKind: 'execute', arg: 'npm test', input: {} },
  { kind: 'usage', cumulative: false, inputTokens: 10, outputTokens: 5 },
  { kind: 'usage', cumulative: false, inputTokens: 10, outputTokens: 5, costUsd: 0.01 },
  { kind: 'notice', level: 'warning', message: 'rate limited' },
  { kind: 'error', message: 'tool crashed', fatal: false },
  { kind: 'text', id: 'm2', text: 'Done.' },
  { kind: 'text', id: 'sub', text: 'subagent chatter', parentToolUseId: 't5' },
];

describe('aggregateRun', () => {
  it('lists the first thousand calls and counts the rest, results included', () => {
    const aggregator = createRunAggregator();
    for (let i = 0; i < 1500; i++) aggregator.push({ kind: 'tool-use', id: `c${i}`, name: 'Bash', toolName: 'Bash', toolKind: 'execute', arg: '', input: null });
    for (let i = 0; i < 1400; i++) {
      aggregator.push({ kind: 'tool-result', id: `c${i}`, name: 'Bash', toolKind: 'execute', status: i % 2 === 0 ? 'success' : 'error', outputState: 'empty', output: '', details: {} });
    }
    const outcome = aggregator.outcome();
    expect(outcome.toolCalls).toHaveLength(1000);
    expect(outcome.toolCallCounts).toEqual({ total: 1500, failed: 700, unfinished: 100 });
    expect(outcome.omitted.toolCalls).toBe(500);
  });

  it('bounds the final message, errors and diagnostic reasons, counting what it leaves out', () => {
    const aggregator = createRunAggregator();
    const chunk = 'y'.repeat(1 << 20);
    for (let i = 0; i < 3; i++) aggregator.push({ kind: 'text', id: 'm', text: chunk });
    for (let i = 0; i < 150; i++) aggregator.push({ kind: 'error', message: 'e'.repeat(10_000), fatal: false });
    for (let i = 0; i < 120; i++) aggregator.diagnose({ line: i, outcome: 'unknown', reason: `unknown type "t${i}"`, excerpt: '' });
    const outcome = aggregator.outcome();
    expect(outcome.finalMessage).toHaveLength(1 << 20);
    expect(outcome.errors).toHaveLength(100);
    expect(outcome.errors[0]).toHaveLength(4096);
    expect(Object.keys(outcome.lines.reasons)).toHaveLength(100);
    expect(outcome.omitted).toEqual({ toolCalls: 0, files: 0, errors: 50, warnings: 0, reasons: 20, unknown: 20, finalMessageChars: 2 << 20 });
  });

  it('with listCalls: false, keeps everything but the list of tool calls and files, counting the calls', () => {
    const full = aggregateRun(run);
    const aggregator = createRunAggregator({ listCalls: false });
    for (const event of run) aggregator.push(event);
    expect(full.toolCallCounts).toEqual({ total: 5, failed: 0, unfinished: 1 });
    expect(aggregator.outcome()).toEqual({ ...full, toolCalls: [], files: { created: [], modified: [], deleted: [] } });
  });

  it('with listCalls: false, counts the calls without listing one', () => {
    const aggregator = createRunAggregator({ listCalls: false });
    for (let i = 0; i < 1500; i++) {
      aggregator.push({ kind: 'tool-use', id: `c${i}`, name: 'Bash', toolName: 'Bash', toolKind: 'execute', arg: '', input: null });
      if (i >= 1400) continue;
      aggregator.push({ kind: 'tool-result', id: `c${i}`, name: 'Bash', toolKind: 'execute', status: i % 2 === 0 ? 'success' : 'error', outputState: 'empty', output: '', details: {} });
    }
    const outcome = aggregator.outcome();
    expect(outcome.toolCalls).toEqual([]);
    expect(outcome.toolCallCounts).toEqual({ total: 1500, failed: 700, unfinished: 100 });
    expect(outcome.omitted.toolCalls).toBe(0);
  });

  it('lists a call by what its result says ran, where that is not what it announced', () => {
    const outcome = aggregateRun([
      { kind: 'tool-use', id: 'c', name: 'Bash', toolName: 'Bash', toolKind: 'execute', arg: 'npm test', input: { command: 'npm test' } },
      { kind: 'tool-result', id: 'c', name: 'Bash', toolKind: 'execute', status: 'success', outputState: 'unavailable', details: {}, arg: 'make', input: { command: 'make' } },
    ]);
    expect(outcome.toolCalls).toEqual([{ id: 'c', name: 'Bash', arg: 'make', status: 'success', summary: 'Completed Bash' }]);
  });

  it('summarises a run, marking calls without a result unfinished', () => {
    const outcome = aggregateRun(run);
    expect(outcome).toMatchObject({
      sessionId: 's-1',
      model: 'model-a',
      status: 'incomplete',
      statusReported: false,
      finalMessage: 'Done.',
      // No prompt: the whole run is one turn; the model's rounds after each tool result are steps.
      turns: 1,
      files: { created: ['new.ts'], modified: ['old.ts'], deleted: ['gone.ts'] },
      usage: { inputTokens: 20, outputTokens: 10, reasoningTokens: 0, costUsd: 0.01 },
      errors: ['tool crashed'],
      warnings: ['rate limited'],
    });
    expect(outcome.toolCalls).toEqual([
      { id: 't1', name: 'Read', arg: 'README.md', status: 'success', summary: 'Read README.md (1 char)', durationMs: 5 },
      { id: 't2', name: 'Write', arg: 'new.ts', status: 'success', summary: 'Wrote new.ts' },
      { id: 't3', name: 'Edit', arg: 'new.ts', status: 'success', summary: 'Updated new.ts' },
      { id: 't4', name: 'Edit', arg: '', status: 'success', summary: 'Completed Edit' },
      { id: 't5', name: 'Bash', arg: 'npm test', status: 'unfinished' },
    ]);
  });

  it('replaces totals on a cumulative usage event instead of adding', () => {
    const outcome = aggregateRun([
      ...run,
      { kind: 'usage', cumulative: true, inputTokens: 100, outputTokens: 40, cacheReadTokens: 7, costUsd: 0.5 },
      { kind: 'session', phase: 'end', status: 'success', result: 'Final answer', durationMs: 900, turns: 3 },
    ]);
    expect(outcome.usage).toEqual({
      inputTokens: 100,
      outputTokens: 40,
      reasoningTokens: 0,
      cacheReadTokens: 7,
      cacheWriteTokens: 0,
      costUsd: 0.5,
      reported: ['inputTokens', 'outputTokens', 'cacheReadTokens'],
    });
    // The session end's own turn count (3) is not the one counted from the events.
    expect(outcome).toMatchObject({ status: 'success', statusReported: true, finalMessage: 'Final answer', durationMs: 900, turns: 1 });
  });

  it('says which token counts no usage event reported', () => {
    const outcome = aggregateRun([{ kind: 'usage', cumulative: false, outputTokens: 303 }]);
    expect(outcome.usage).toMatchObject({ inputTokens: 0, outputTokens: 303, reported: ['outputTokens'] });
    expect(aggregateRun([]).usage.reported).toEqual([]);
  });

  it('skips fields of the wrong type and durations that are not a finite number of 0 or more, never throwing', () => {
    const odd = [
      { kind: 'session', phase: 'start', sessionId: 42, model: { name: 'x' } },
      { kind: 'text', id: 'm', text: null },
      { kind: 'tool-use', name: 'Bash' },
      { kind: 'tool-result', status: 'error' },
      { kind: 'error', message: undefined, fatal: true },
      { kind: 'session', phase: 'end', status: 'success', durationMs: -5, result: 7 },
    ] as unknown as DisplayEvent[];
    const aggregator = createRunAggregator({ listCalls: false });
    for (const event of odd) aggregator.push(event);
    expect(aggregator.outcome()).toMatchObject({
      sessionId: undefined,
      model: undefined,
      status: 'success',
      finalMessage: undefined,
      durationMs: undefined,
      turns: 1,
      toolCallCounts: { total: 1, failed: 1, unfinished: 0 },
      errors: [''],
    });
  });

  it('carries line accounting and diagnostic reasons', () => {
    const outcome = aggregateRun([], {
      accounting: { lines: 3, events: 1, ignored: 0, malformed: 2, unknown: 0, unexplained: 0, atEnd: 0, partial: 0 },
      diagnostics: [
        { line: 1, outcome: 'malformed', reason: 'not JSON', excerpt: 'x' },
        { line: 2, outcome: 'malformed', reason: 'not JSON', excerpt: 'y' },
      ],
    });
    expect(outcome.lines).toEqual({ lines: 3, events: 1, ignored: 0, malformed: 2, unknown: 0, unexplained: 0, atEnd: 0, partial: 0, reasons: { 'not JSON': 2 } });
  });
});

describe('DisplayOutput', () => {
  it('concatenates the main agent\'s text in order, a newline between blocks, and ends with a newline', () => {
    expect(collectDisplayOutput(run)).toBe("I'll read the file.\nDone.\n");
  });

  it('does not double a newline a block already ends with', () => {
    expect(collectDisplayOutput([
      { kind: 'text', id: 'a', text: 'one\n' },
      { kind: 'text', id: 'b', text: 'two\n' },
    ])).toBe('one\ntwo\n');
  });

  it('is empty for a run without text', () => {
    expect(collectDisplayOutput([{ kind: 'reasoning', id: 'r', text: 'x' }])).toBe('');
  });

  it('gives the same output incrementally', () => {
    const builder = createDisplayOutputBuilder();
    const pieces = run.map((event) => builder.push(event));
    expect(pieces.join('') + builder.end()).toBe(collectDisplayOutput(run));
  });
});

describe('createUsageCounter', () => {
  it('adds increments, replaces on cumulative events, and leaves unreported fields undefined', () => {
    const counter = createUsageCounter();
    counter.add({ kind: 'usage', cumulative: false, inputTokens: 10, costUsd: 0.01 });
    counter.add({ kind: 'usage', cumulative: false, inputTokens: 5, outputTokens: Number.NaN });
    expect(counter.tokens).toEqual({ inputTokens: 15 });
    counter.add({ kind: 'usage', cumulative: true, inputTokens: 100, outputTokens: 7, costUsd: 0.5 });
    expect(counter.tokens).toEqual({ inputTokens: 100, outputTokens: 7 });
    expect(counter.costUsd).toBe(0.5);
  });

  it('scopes cumulative events to their session, so concatenated runs add up', () => {
    const counter = createUsageCounter();
    counter.startSession('a');
    counter.add({ kind: 'usage', cumulative: true, inputTokens: 1000, outputTokens: 100, costUsd: 0.5 });
    counter.startSession('b');
    counter.add({ kind: 'usage', cumulative: true, inputTokens: 10, outputTokens: 1, costUsd: 0.25 });
    expect(counter.tokens).toEqual({ inputTokens: 1010, outputTokens: 101 });
    expect(counter.costUsd).toBe(0.75);
    // A later cumulative event of session b restates b's total, not the run's.
    counter.add({ kind: 'usage', cumulative: true, inputTokens: 20, outputTokens: 2 });
    expect(counter.tokens).toEqual({ inputTokens: 1020, outputTokens: 102 });
  });

  it('keeps the baseline when a start names the session in progress (a resumed run)', () => {
    const counter = createUsageCounter();
    counter.startSession('a');
    counter.add({ kind: 'usage', cumulative: true, inputTokens: 1000, outputTokens: 100 });
    counter.startSession('a');
    counter.add({ kind: 'usage', cumulative: true, inputTokens: 1500, outputTokens: 150 });
    expect(counter.tokens).toEqual({ inputTokens: 1500, outputTokens: 150 });
    // Sessions without an id cannot be told apart: each start is a new one.
    counter.startSession(undefined);
    counter.add({ kind: 'usage', cumulative: true, inputTokens: 1, outputTokens: 1 });
    counter.startSession(undefined);
    counter.add({ kind: 'usage', cumulative: false, inputTokens: 2 });
    expect(counter.tokens).toEqual({ inputTokens: 1503, outputTokens: 151 });
  });
});

describe('turns', () => {
  const use = (id: string, parentToolUseId?: string): DisplayEvent => ({ kind: 'tool-use', id, name: 'Read', toolName: 'Read', toolKind: 'read', arg: '', input: {}, parentToolUseId });
  const result = (id: string, parentToolUseId?: string): DisplayEvent => ({
    kind: 'tool-result', id, name: 'Read', toolKind: 'read', status: 'success', outputState: 'empty', details: {}, parentToolUseId,
  });

  it.each<[string, DisplayEvent[], number]>([
    ['none for a run with nothing visible', [{ kind: 'session', phase: 'start' }, { kind: 'usage', cumulative: false, inputTokens: 1 }, { kind: 'text', id: 'a', text: '' }], 0],
    ['one for a run with output and no prompt (a CLI that does not echo it)', [{ kind: 'text', id: 'a', text: 'x' }, use('1'), use('2'), result('1'), result('2')], 1],
    ['none more for the model\'s rounds after tool results: they are steps', [use('1'), result('1'), { kind: 'reasoning', id: 'r', text: 'x' }, use('2'), result('2'), { kind: 'text', id: 'b', text: 'y' }], 1],
    ['one per typed prompt; a command or an interrupt opens none', [{ kind: 'prompt', form: 'prompt', text: 'a' }, { kind: 'text', id: 'a', text: 'x' }, { kind: 'prompt', form: 'command', text: '/b' }, { kind: 'prompt', form: 'interrupt', text: 'stop' }, { kind: 'prompt', form: 'prompt', text: 'c' }], 2],
    ['what came before the first prompt in the first turn', [{ kind: 'notice', level: 'info', message: 'banner' }, { kind: 'prompt', form: 'command', text: '/model' }, { kind: 'prompt', form: 'prompt', text: 'a' }, { kind: 'text', id: 'a', text: 'x' }], 1],
    ['none for a subagent, whose events and prompt stay in the turn of its call', [{ kind: 'prompt', form: 'prompt', text: 'a' }, use('t'), { kind: 'prompt', form: 'prompt', text: 'do', parentToolUseId: 't' }, use('s', 't'), result('s', 't'), result('t')], 1],
    ['none for notices and errors after a result', [use('1'), result('1'), { kind: 'notice', level: 'info', message: 'x' }, { kind: 'error', message: 'y', fatal: false }], 1],
  ])('%s', (_name, events, turns) => {
    const aggregator = createRunAggregator({ listCalls: false });
    for (const event of events) aggregator.push(event);
    expect(aggregator.turns).toBe(turns);
    expect(aggregator.outcome().turns).toBe(turns);
  });
});

describe('aggregateRun over concatenated sessions', () => {
  it('adds the cumulative totals of each session (1000/100 then 10/1 is 1010/101)', () => {
    const outcome = aggregateRun([
      { kind: 'session', phase: 'start', sessionId: 'run-1' },
      { kind: 'usage', cumulative: true, inputTokens: 1000, outputTokens: 100 },
      { kind: 'session', phase: 'end', status: 'success' },
      { kind: 'session', phase: 'start', sessionId: 'run-2' },
      { kind: 'usage', cumulative: true, inputTokens: 10, outputTokens: 1 },
      { kind: 'session', phase: 'end', status: 'success' },
    ]);
    expect(outcome.usage).toMatchObject({ inputTokens: 1010, outputTokens: 101 });
  });
});
