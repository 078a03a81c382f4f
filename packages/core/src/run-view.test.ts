import { describe, expect, it } from 'vitest';
import type { DisplayEvent } from './display-event.js';
import { runPipeline } from './pipeline.js';
import { defineRenderer } from './renderer.js';
import { createRunAggregator } from './run-outcome.js';
import type { RunView } from './run-view.js';
import { createRunFollower } from './run-view.js';

const prompt = (text: string): DisplayEvent => ({ kind: 'prompt', id: text, form: 'prompt', text });
const say = (text: string): DisplayEvent => ({ kind: 'text', id: 't', text });
const EVENTS: DisplayEvent[] = [say('before'), prompt('one'), say('a'), prompt('two'), say('b'), { kind: 'session', phase: 'end', status: 'success', durationMs: 5 }];

describe('createRunFollower', () => {
  it('reads the view it is handed, folding nothing itself', () => {
    const run = createRunAggregator();
    const follower = createRunFollower();
    const opened: boolean[] = [];
    for (const event of EVENTS) {
      run.push(event);
      opened.push(follower.see(event, run));
    }
    expect(opened).toEqual([true, false, false, true, false, false]);
    expect(follower.view()).toBe(run);
    const other: RunView = { turns: 9, outcome: () => run.outcome() };
    expect(follower.view(other)).toBe(other);
  });

  it('folds its own view, the same way, when written to without one', () => {
    const follower = createRunFollower();
    const opened = EVENTS.map((event) => follower.see(event, undefined));
    expect(opened).toEqual([true, false, false, true, false, false]);
    const run = createRunAggregator({ listCalls: false });
    for (const event of EVENTS) run.push(event);
    expect(follower.view().outcome()).toEqual(run.outcome());
    expect(follower.view().turns).toBe(2);
  });
});

describe('runPipeline hands the renderer its one aggregate', () => {
  it('folds each event before writing it, and hands the same view to end', async () => {
    const seen: { kind: string; turns: number | undefined }[] = [];
    let ended: RunView | undefined;
    let written: RunView | undefined;
    const renderer = defineRenderer({
      specificationVersion: 'v1',
      write(event: DisplayEvent, run?: RunView) {
        written ??= run;
        expect(run).toBe(written);
        seen.push({ kind: event.kind, turns: run?.turns });
      },
      end(run?: RunView) {
        ended = run;
      },
    });
    const aggregator = createRunAggregator({ listCalls: false });
    const report = await runPipeline(['a\nb\n'], { renderer, aggregator });
    expect(written).toBe(aggregator);
    expect(ended).toBe(aggregator);
    expect(seen).toEqual([
      { kind: 'text', turns: 1 },
      { kind: 'text', turns: 1 },
    ]);
    expect(report.outcome).toEqual(aggregator.outcome(report.accounting));
  });

  it('still drives a renderer that ignores the view', async () => {
    let out = '';
    const renderer = defineRenderer({
      specificationVersion: 'v1',
      write: (event: DisplayEvent) => {
        if (event.kind === 'text') out += event.text;
      },
      end: () => {
        out += '.';
      },
    });
    await runPipeline(['x\n'], { renderer });
    expect(out).toBe('x\n.');
  });
});
