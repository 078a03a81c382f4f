import type { DisplayEvent, DisplayEventSource, LineContext } from '@x/core';
import { SUPPORTED_SPECIFICATION_VERSIONS, defineSource, streamEvents } from '@x/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builtinSamples } from './builtin-samples.js';
import { findEventProblems } from './event-checks.js';
import { HOSTILE_STRINGS, mutateLine } from './hostile-input.js';

/** A recorded wire stream: its name and its text exactly as the CLI printed it. */
export interface ConformanceFixture {
  name: string;
  text: string;
}

/** Options of {@link describeSourceConformance}. */
export interface SourceConformanceOptions {
  source: DisplayEventSource;
  /** The source's own recorded streams; at least one. */
  fixtures: readonly ConformanceFixture[];
  /** Streams of other formats that `detect` must not claim, besides the built-in samples. */
  foreignSamples?: readonly ConformanceFixture[];
  /**
   * Whether `detect` must also claim none of the testkit's own samples of the
   * built-in providers ({@link builtinSamples}); default `true`. The samples of
   * the source's own id are always skipped.
   */
  builtinSamples?: boolean;
  /** fast-check seed, fixed by default so CI runs are repeatable. */
  seed?: number;
  /** Runs per property; raise it for a long local fuzzing session. */
  numRuns?: number;
}

/** Fuzzing on a loaded two-core CI machine takes its time; no test here measures speed. */
const SUITE_TIMEOUT_MS = 120_000;
const encoder = new TextEncoder();

async function eventsOf(source: DisplayEventSource, chunks: Iterable<Uint8Array>): Promise<DisplayEvent[]> {
  const events: DisplayEvent[] = [];
  for await (const event of streamEvents(chunks, { source })) events.push(event);
  return events;
}

function chunkAt(data: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (data.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const point of points) {
    chunks.push(data.slice(start, point));
    start = point;
  }
  chunks.push(data.slice(start));
  return chunks;
}

const silentContext = (lineNumber: number): LineContext => ({ lineNumber, ignore() {}, malformed() {}, unknown() {} });

function protoSnapshot(): string[] {
  return Object.getOwnPropertyNames(Object.prototype).sort();
}

function nonBlankLines(text: string): string[] {
  return text.split(/\r?\n/).filter((line) => line.trim() !== '');
}

/**
 * Registers the conformance suite for a provider plugin inside the caller's
 * vitest file: one `describe` block whose tests check the contract version,
 * every fixture's events (schema, plain strings, previews, one tool-use per
 * id, correlated results), the same events for any chunking, consistent
 * `detect`, line accounting (every line without events explained), that `detect` claims no stream of the built-in
 * providers (the samples the testkit ships) nor any of `foreignSamples`, and
 * that `parse` never throws on hostile input nor touches `Object.prototype`.
 *
 * @example
 * ```ts
 * import { describeSourceConformance } from '@x/testkit';
 * describeSourceConformance({ source: mySource, fixtures: [{ name: 'run', text: readFileSync('run.jsonl', 'utf8') }] });
 * ```
 */
export function describeSourceConformance(options: SourceConformanceOptions): void {
  const { source, fixtures } = options;
  const seed = options.seed ?? 20261121;
  const numRuns = options.numRuns ?? 60;
  if (fixtures.length === 0) throw new TypeError('describeSourceConformance needs at least one fixture: a recorded stream of your format.');

  describe(`source conformance: ${source.id}`, { timeout: SUITE_TIMEOUT_MS }, () => {
    it('implements a supported contract version', () => {
      expect(SUPPORTED_SPECIFICATION_VERSIONS).toContain(source.specificationVersion);
      expect(() => defineSource(source)).not.toThrow();
    });

    for (const fixture of fixtures) {
      describe(fixture.name, () => {
        const data = encoder.encode(fixture.text);

        it('emits events that keep the contract', async () => {
          const events = await eventsOf(source, [data]);
          expect(events.length).toBeGreaterThan(0);
          expect(findEventProblems(events)).toEqual([]);
        });

        it('counts every line once and explains every line without events', async () => {
          const stream = streamEvents([data], { source });
          for await (const _event of stream) void _event;
          const a = stream.accounting;
          expect(a.lines).toBe(nonBlankLines(fixture.text).length);
          // Nothing silently dropped: a line that produced no event must say why (ignore, malformed, unknown).
          expect(a.unexplained, 'lines the source returned nothing for without a reason').toBe(0);
        });

        it('gives the same events in the same order on every run', async () => {
          expect(await eventsOf(source, [data])).toEqual(await eventsOf(source, [data]));
        });

        it('gives the same events for any chunking of the bytes', async () => {
          const expected = await eventsOf(source, [data]);
          await fc.assert(
            fc.asyncProperty(fc.array(fc.nat(), { maxLength: 16 }), async (cuts) => {
              expect(await eventsOf(source, chunkAt(data, cuts))).toEqual(expected);
            }),
            { seed, numRuns: Math.max(10, Math.floor(numRuns / 3)) },
          );
        });

        it('detects its own format from the first lines', () => {
          const lines = nonBlankLines(fixture.text).slice(0, 20);
          const first = source.detect(lines);
          expect(first.confidence).toBeGreaterThanOrEqual(0.5);
          expect(source.detect(lines)).toEqual(first);
        });

        it('never throws on mutated lines, nor pollutes Object.prototype', () => {
          const lines = nonBlankLines(fixture.text);
          const before = protoSnapshot();
          fc.assert(
            fc.property(fc.array(fc.oneof(...lines.slice(0, 40).map(mutateLine)), { maxLength: 12 }), (mutated) => {
              const parser = source.createParser();
              mutated.forEach((line, i) => {
                const events = parser.parse(line, silentContext(i + 1));
                expect(Array.isArray(events)).toBe(true);
              });
              expect(Array.isArray(parser.flush(silentContext(mutated.length + 1)))).toBe(true);
            }),
            { seed, numRuns },
          );
          expect(protoSnapshot()).toEqual(before);
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        });
      });
    }

    it('never throws on arbitrary text or hostile strings', () => {
      fc.assert(
        fc.property(fc.array(fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom(...HOSTILE_STRINGS)), { maxLength: 10 }), (lines) => {
          const parser = source.createParser();
          lines.forEach((line, i) => parser.parse(line, silentContext(i + 1)));
          parser.flush(silentContext(lines.length + 1));
        }),
        { seed, numRuns },
      );
    });

    it('keeps the contract on arbitrary bytes through the pipeline', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.uint8Array({ maxLength: 200 }), { maxLength: 6 }), async (chunks) => {
          expect(findEventProblems(await eventsOf(source, chunks))).toEqual([]);
        }),
        { seed, numRuns },
      );
    });

    const builtin = options.builtinSamples === false ? [] : builtinSamples().filter((sample) => sample.sourceId !== source.id);
    const foreign = [...builtin, ...(options.foreignSamples ?? [])];
    if (foreign.length > 0) {
      it.each(foreign.map((sample) => [sample.name, sample] as const))('does not claim %s', (_name, sample) => {
        expect(source.detect(nonBlankLines(sample.text).slice(0, 20)).confidence).toBeLessThan(0.5);
      });
    }
  });
}
