import { describe, expect, it } from 'vitest';
import type { DisplayEvent } from './display-event.js';
import { driftOf } from './drift.js';
import { runPipeline } from './pipeline.js';
import { aggregateRun, createRunAggregator } from './run-outcome.js';
import { defineSource, type Diagnostic } from './source.js';

const unknown = (line: number, reason: string): Diagnostic => ({ line, outcome: 'unknown', reason, excerpt: '{"type":"x"}' });
const start = (agentVersion: string | undefined): DisplayEvent =>
  agentVersion === undefined ? { kind: 'session', phase: 'start', sessionId: 's' } : { kind: 'session', phase: 'start', sessionId: 's', agentVersion };

describe('driftOf', () => {
  it('sounds only for a newer version with something unknown', () => {
    expect(driftOf('3.0.0', '2.0.14', 2)).toEqual({ newer: true, unknownLines: 2, alarm: true });
    expect(driftOf('3.0.0', '2.0.14', 0)).toEqual({ newer: true, unknownLines: 0, alarm: false });
    expect(driftOf('2.0.14', '2.0.14', 5)).toEqual({ newer: false, unknownLines: 5, alarm: false });
    expect(driftOf('1.0.0', '2.0.14', 5)).toEqual({ newer: false, unknownLines: 5, alarm: false });
  });

  it('says nothing without both versions, or with one it cannot order', () => {
    expect(driftOf(undefined, '2.0.14', 3)).toBeUndefined();
    expect(driftOf('3.0.0', undefined, 3)).toBeUndefined();
    expect(driftOf('dev-build', '2.0.14', 3)).toBeUndefined();
    expect(driftOf('2.0.14-beta', '2.0.14-alpha', 3)).toBeUndefined();
  });
});

describe('RunOutcome drift facts', () => {
  it('carries the last agent version named, the tested version and the unknown lines by reason', () => {
    const outcome = aggregateRun([start('2.0.1'), start(undefined), { kind: 'session', phase: 'start', agentVersion: '9.1.0' }], {
      testedUpTo: '2.0.14',
      diagnostics: [
        unknown(2, 'unknown message type "foo"'),
        { line: 3, outcome: 'malformed', reason: 'not JSON', excerpt: '{' },
        unknown(4, 'unknown message type "foo"'),
        unknown(5, 'unknown content block "bar"'),
      ],
    });
    expect(outcome).toMatchObject({
      agentVersion: '9.1.0',
      testedUpTo: '2.0.14',
      unknown: { 'unknown message type "foo"': 2, 'unknown content block "bar"': 1 },
      drift: { newer: true, unknownLines: 3, alarm: true },
    });
    expect(outcome.lines.reasons).toEqual({ 'unknown message type "foo"': 2, 'not JSON': 1, 'unknown content block "bar"': 1 });
  });

  it('takes no version from a session end, and has no verdict without a tested version', () => {
    const outcome = aggregateRun([{ kind: 'session', phase: 'end', status: 'success', agentVersion: '9.0.0' }], {
      diagnostics: [unknown(1, 'unknown item "z"')],
    });
    expect(outcome).toMatchObject({ agentVersion: undefined, testedUpTo: undefined, unknown: { 'unknown item "z"': 1 }, drift: undefined });
  });

  it('bounds the unknown reasons like the others, counting every unknown line in the verdict', () => {
    const aggregator = createRunAggregator({ testedUpTo: '1.0.0' });
    aggregator.push(start('1.0.1'));
    for (let i = 0; i < 130; i++) aggregator.diagnose(unknown(i, `unknown type "t${i}"`));
    aggregator.diagnose(unknown(131, 'unknown type "t0"'));
    const outcome = aggregator.outcome();
    expect(Object.keys(outcome.unknown)).toHaveLength(100);
    expect(outcome.unknown['unknown type "t0"']).toBe(2);
    expect(outcome.omitted.unknown).toBe(30);
    expect(outcome.drift).toEqual({ newer: true, unknownLines: 131, alarm: true });
  });

  it('caps a version of any length', () => {
    const outcome = aggregateRun([start(`1.${'0'.repeat(5000)}`)], { testedUpTo: '1.0' });
    expect(outcome.agentVersion).toHaveLength(256);
    expect(outcome.drift).toBeUndefined();
  });
});

describe('runPipeline', () => {
  it("judges the stream against its source's testedUpTo", async () => {
    const source = defineSource({
      specificationVersion: 'v1',
      id: 'toy',
      displayName: 'Toy',
      cadence: 'streaming',
      testedUpTo: '1.2.0',
      detect: () => ({ confidence: 0, evidence: '' }),
      createParser: () => ({
        parse: (line, context) => {
          const value = JSON.parse(line) as { type: string; version?: string };
          if (value.type === 'init') return [{ kind: 'session', phase: 'start', agentVersion: value.version as string }];
          context.unknown(`unknown message type "${value.type}"`);
          return [];
        },
        flush: () => [],
      }),
    });
    const report = await runPipeline(['{"type":"init","version":"1.10.0"}\n{"type":"foo"}\n'], { source });
    expect(report.outcome).toMatchObject({ agentVersion: '1.10.0', testedUpTo: '1.2.0', unknown: { 'unknown message type "foo"': 1 } });
    expect(report.outcome?.drift).toEqual({ newer: true, unknownLines: 1, alarm: true });
  });
});
