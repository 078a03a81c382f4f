import { describe, expect, it } from 'vitest';
import { DIAGNOSTIC_REASON_CHARS, replayLines } from './line-accounting.js';
import { RUN_OUTCOME_MAX_REASONS, aggregateRun } from './run-outcome.js';
import { defineSource } from './source.js';

/** Every line is of an unknown type named by the line itself. */
const unknownTypes = defineSource({
  specificationVersion: 'v1',
  id: 'unknown-types',
  displayName: 'Unknown types',
  cadence: 'streaming',
  detect: () => ({ confidence: 0, evidence: '' }),
  createParser: () => ({
    parse(line, context) {
      context.unknown(`unknown type "${line}"`);
      return [];
    },
    flush: () => [],
  }),
});

describe('bookkeeping of many distinct reasons', () => {
  it('bounds the reasons a run keeps, and counts every line', () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `type-${i}-${'x'.repeat(500)}`);
    const { diagnostics, accounting } = replayLines(unknownTypes, lines);
    expect(accounting.unknown).toBe(5000);
    expect(diagnostics.every((d) => d.reason.length <= DIAGNOSTIC_REASON_CHARS)).toBe(true);
    const outcome = aggregateRun([], { accounting, diagnostics });
    const reasons = Object.entries(outcome.lines.reasons);
    expect(reasons).toHaveLength(RUN_OUTCOME_MAX_REASONS);
    expect(reasons.reduce((sum, [, count]) => sum + count, 0) + outcome.omitted.reasons).toBe(5000);
    expect(outcome.omitted.reasons).toBe(5000 - RUN_OUTCOME_MAX_REASONS);
  });

  it('keeps a "__proto__" reason as its own entry', () => {
    const { diagnostics, accounting } = replayLines(
      // biome-ignore lint/complexity/noCommaOperator: the parser reports the line and returns no event in one arrow
      defineSource({ ...unknownTypes, createParser: () => ({ parse: (_line, context) => (context.unknown('__proto__'), []), flush: () => [] }) }),
      ['x'],
    );
    const outcome = aggregateRun([], { accounting, diagnostics });
    expect(Object.hasOwn(outcome.lines.reasons, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(outcome.lines.reasons)).toBe(Object.prototype);
  });
});

/** Ignores "skip" with a reason, says nothing about "silent", and reports an open document at the end when asked. */
function sourceWith(flushReport: 'none' | 'malformed' | 'throws') {
  return defineSource({
    specificationVersion: 'v1',
    id: 'quiet',
    displayName: 'Quiet',
    cadence: 'streaming',
    detect: () => ({ confidence: 0, evidence: '' }),
    createParser: () => ({
      parse(line, context) {
        if (line === 'skip') context.ignore('keep-alive');
        if (line === 'text') return [{ kind: 'text', id: 't', text: 'hi' }];
        return [];
      },
      flush(context) {
        if (flushReport === 'malformed') context.malformed('the JSON document never closed');
        if (flushReport === 'throws') throw new Error('boom');
        return [];
      },
    }),
  });
}

describe('lines no source may lose', () => {
  it('counts a line that produced nothing and said nothing as unexplained', () => {
    const { accounting } = replayLines(sourceWith('none'), ['text', 'skip', 'silent', 'silent']);
    expect(accounting).toEqual({ lines: 4, events: 1, ignored: 3, malformed: 0, unknown: 0, unexplained: 2, atEnd: 0, partial: 0 });
  });

  it('counts and tells what a source reports in flush', () => {
    const { accounting, diagnostics } = replayLines(sourceWith('malformed'), ['text', 'skip']);
    expect(accounting).toEqual({ lines: 2, events: 1, ignored: 1, malformed: 0, unknown: 0, unexplained: 0, atEnd: 1, partial: 0 });
    expect(diagnostics).toEqual([{ line: 2, outcome: 'malformed', reason: 'at the end of the stream: the JSON document never closed', excerpt: '' }]);
  });

  it('counts a flush that throws', () => {
    const { accounting, diagnostics } = replayLines(sourceWith('throws'), ['text']);
    expect(accounting.atEnd).toBe(1);
    expect(diagnostics).toEqual([{ line: 1, outcome: 'malformed', reason: 'source "quiet" threw in flush: boom', excerpt: '' }]);
  });
});

describe('a line that shows what it knows and reports an unknown part', () => {
  it('counts as events and as partial, and tells the unknown part', () => {
    const source = defineSource({
      specificationVersion: 'v1',
      id: 'blocks',
      displayName: 'Blocks',
      cadence: 'streaming',
      detect: () => ({ confidence: 0, evidence: '' }),
      createParser: () => ({
        parse(line, context) {
          context.unknown('content block "future_block"');
          return [{ kind: 'text', id: 't', text: line }];
        },
        flush: () => [],
      }),
    });
    const { accounting, diagnostics } = replayLines(source, ['known text']);
    expect(accounting).toEqual({ lines: 1, events: 1, ignored: 0, malformed: 0, unknown: 0, unexplained: 0, atEnd: 0, partial: 1 });
    expect(diagnostics).toEqual([{ line: 1, outcome: 'unknown', reason: 'content block "future_block"', excerpt: 'known text' }]);
  });
});
