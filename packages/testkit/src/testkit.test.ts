import type { DisplayEvent } from '@x/core';
import { defineRenderer, defineSource } from '@x/core';
import { isJsonObject, parseJson, stringField } from '@x/core/provider-utils';
import { describe, expect, it } from 'vitest';
import { builtinSamples } from './builtin-samples.js';
import { findEventProblems } from './event-checks.js';
import { describeRendererConformance } from './renderer-conformance.js';
import { sampleEvents } from './sample-events.js';
import { describeSourceConformance } from './source-conformance.js';

// A minimal, correct source and renderer: the suites must pass on them.
const echoSource = defineSource({
  specificationVersion: 'v1',
  id: 'echo',
  displayName: 'Echo',
  cadence: 'streaming',
  detect: (lines) => ({ confidence: lines.some((l) => l.startsWith('{"echo"')) ? 1 : 0, evidence: 'echo lines' }),
  createParser: () => ({
    parse(line, context): DisplayEvent[] {
      const parsed = parseJson(line);
      const text = parsed && isJsonObject(parsed.value) ? stringField(parsed.value, 'echo') : undefined;
      if (text === undefined) {
        context.malformed('not an echo line');
        return [];
      }
      return [{ kind: 'text', id: 'e', text }];
    },
    flush: () => [],
  }),
});

describeSourceConformance({
  source: echoSource,
  fixtures: [{ name: 'two lines', text: '{"echo":"a"}\n{"echo":"b 😀"}\n' }],
  foreignSamples: [{ name: 'something else', text: '{"type":"other"}\n' }],
  numRuns: 20,
});

// A source whose id is a built-in one (`codex`) and whose detect claims that
// format too: the suite skips the samples of its own id, so it passes.
describeSourceConformance({
  source: defineSource({ ...echoSource, id: 'codex', detect: (lines) => ({ confidence: lines.some((l) => l.startsWith('{"echo"') || l.includes('"thread.started"')) ? 1 : 0, evidence: 'echo or codex lines' }) }),
  fixtures: [{ name: 'echo', text: '{"echo":"c"}\n' }],
  numRuns: 10,
});

describeRendererConformance({
  name: 'kinds list',
  create: (write) =>
    defineRenderer({
      specificationVersion: 'v1',
      write(event: DisplayEvent) {
        if (['text', 'reasoning', 'tool-use', 'tool-result', 'usage', 'session', 'error', 'notice'].includes(event.kind)) write(`${event.kind}\n`);
      },
      end() {},
    }),
  numRuns: 10,
});

// A third-party renderer written the way the contract allows: an exhaustive
// switch over the kinds of contract v1 whose `never` default ignores kinds
// added later. The suite feeds it such kinds, first and in between.
describeRendererConformance({
  name: 'exhaustive switch over contract v1',
  create: (write) =>
    defineRenderer({
      specificationVersion: 'v1',
      write(event) {
        switch (event.kind) {
          case 'text':
          case 'reasoning':
            write(event.text);
            return;
          case 'prompt':
          case 'tool-use':
          case 'tool-result':
          case 'usage':
          case 'session':
          case 'error':
          case 'notice':
            write(`[${event.kind}]`);
            return;
          default: {
            const unreachable: never = event;
            return unreachable;
          }
        }
      },
      end() {},
    }),
  numRuns: 10,
});

describe('findEventProblems', () => {
  it('finds nothing wrong with the sample run', () => {
    expect(findEventProblems(sampleEvents())).toEqual([]);
  });

  it('names each broken rule', () => {
    const use = { kind: 'tool-use', id: 't', name: 'Read', toolName: 'Read', toolKind: 'read', arg: 'a', input: {} } as const;
    const problems = findEventProblems([
      { kind: 'text', id: 'x', text: 'red \u001b[31m' },
      { ...use, name: '✓ Read' },
      { ...use, arg: 'x'.repeat(41) },
      { kind: 'tool-result', id: 'never', name: 'Read', toolKind: 'read', status: 'success', outputState: 'empty', output: '', details: {} },
      { kind: 'text', text: 'no id' } as unknown as DisplayEvent,
    ]);
    expect(problems).toEqual([
      'event 0 (text): event.text holds an escape or control character',
      'event 1 (tool-use): name holds a renderer glyph: "✓ Read"',
      'event 2 (tool-use): arg is longer than 40 characters',
      'event 2 (tool-use): a second tool-use for id "t"',
      'event 3 (tool-result): tool-result for id "never" without an earlier tool-use',
      'event 4 (text): does not match the DisplayEvent schema: id: Invalid input: expected string, received undefined',
    ]);
  });
});

describe('builtinSamples', () => {
  const samples = builtinSamples();

  it('has a stream of every built-in source, read from the package', () => {
    expect([...new Set(samples.map((sample) => sample.sourceId))]).toEqual([
      'acp',
      'claude',
      'claude-log',
      'codex',
      'codex-log',
      'copilot',
      'copilot-log',
      'gemini',
      'gemini-log',
      'openai-compatible',
      'opencode',
      'opencode-log',
    ]);
    expect(samples.map((sample) => sample.name)).toContain('openai-compatible/responses-failed.sse');
  });

  it('holds whole lines of text, each sample named after its folder', () => {
    for (const sample of samples) {
      expect(sample.name.startsWith(`${sample.sourceId}/`)).toBe(true);
      expect(sample.text.length).toBeGreaterThan(0);
      expect(sample.text.endsWith('\n')).toBe(true);
    }
  });
});
