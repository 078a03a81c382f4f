import type { DisplayEvent, Renderer } from '@x/core';
import { SUPPORTED_SPECIFICATION_VERSIONS, createRunAggregator, defineRenderer } from '@x/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOSTILE_STRINGS } from './hostile-input.js';
import { sampleEvents } from './sample-events.js';

/** Options of {@link describeRendererConformance}. */
export interface RendererConformanceOptions {
  /** A short name for the suite title. */
  name: string;
  /** Makes a fresh renderer writing to `write`. */
  create: (write: (chunk: string) => void) => Renderer;
  /** Events to render besides the built-in sample of every kind. */
  events?: readonly DisplayEvent[];
  seed?: number;
  numRuns?: number;
}

/** Fuzzing on a loaded two-core CI machine takes its time; no test here measures speed. */
const SUITE_TIMEOUT_MS = 120_000;

async function render(create: RendererConformanceOptions['create'], events: readonly unknown[]): Promise<string> {
  let out = '';
  const renderer = create((chunk) => {
    out += chunk;
  });
  for (const event of events) await renderer.write(event as DisplayEvent);
  await renderer.end();
  return out;
}

/** Renders as `runPipeline` writes: each event folded first into the run's one aggregate, handed with it and at the end. */
async function renderWithRun(create: RendererConformanceOptions['create'], events: readonly DisplayEvent[]): Promise<string> {
  let out = '';
  const renderer = create((chunk) => {
    out += chunk;
  });
  const run = createRunAggregator({ listCalls: false });
  for (const event of events) {
    run.push(event);
    await renderer.write(event, run);
  }
  await renderer.end(run);
  return out;
}

function withStringsReplaced(event: DisplayEvent, payload: string): DisplayEvent {
  const copy: Record<string, unknown> = { ...event };
  for (const key of Object.keys(copy)) {
    if (typeof copy[key] === 'string' && key !== 'kind' && key !== 'phase' && key !== 'status' && key !== 'outputState' && key !== 'level' && key !== 'toolKind') {
      copy[key] = `${copy[key] as string}${payload}`;
    }
  }
  return copy as DisplayEvent;
}

/**
 * Registers the conformance suite for a renderer inside the caller's vitest
 * file: it implements a supported contract version, handles every event
 * kind, ignores kinds it does not know (the output is the same as without
 * them), writes the same whether it is handed the run's aggregate (the
 * `RunView` runPipeline hands with each event) or not, and never throws on
 * hostile content in any field.
 */
export function describeRendererConformance(options: RendererConformanceOptions): void {
  const { create } = options;
  const seed = options.seed ?? 20261121;
  const numRuns = options.numRuns ?? 40;
  const events = [...sampleEvents(), ...(options.events ?? [])];

  describe(`renderer conformance: ${options.name}`, { timeout: SUITE_TIMEOUT_MS }, () => {
    it('implements a supported contract version', () => {
      const renderer = create(() => {});
      expect(SUPPORTED_SPECIFICATION_VERSIONS).toContain(renderer.specificationVersion);
      expect(() => defineRenderer(renderer)).not.toThrow();
    });

    it('handles every event kind and writes something', async () => {
      expect((await render(create, events)).length).toBeGreaterThan(0);
    });

    it('writes the same whether it is handed the run aggregate (RunView) or not', async () => {
      // runPipeline hands it; a caller writing events by hand may not. A renderer may ignore it.
      expect(await renderWithRun(create, events)).toBe(await render(create, events));
    });

    it('ignores kinds it does not know, first or anywhere', async () => {
      // What a newer @x/core hands a renderer built for an older one: kinds added since.
      const unknown = [{ kind: 'telepathy', text: 'ignored' }, { kind: 'future-kind', payload: { nested: true } }];
      const mixed = [...unknown, ...events.flatMap((event, i) => (i % 3 === 0 ? [event, ...unknown] : [event]))];
      expect(await render(create, mixed)).toBe(await render(create, events));
    });

    it('never throws on hostile content in any field', async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ unit: 'binary' }), async (payload, noise) => {
          const hostile = events.map((event) => withStringsReplaced(event, payload + noise));
          await render(create, hostile);
        }),
        { seed, numRuns },
      );
    });

    it('survives a run that ends early: a call without its result and no session end', async () => {
      const cut = events.filter((event) => event.kind !== 'session' || event.phase === 'start').slice(0, 6);
      await expect(render(create, cut)).resolves.toBeTypeOf('string');
    });
  });
}
