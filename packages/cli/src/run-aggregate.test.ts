import { join } from 'node:path';
import type { DisplayEvent } from '@x/core';
import { passthroughSource } from '@x/core';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../tooling/fixtures.js';
import { createRunAggregate, endView, inputAggregator, viewOf, viewOfOwnEvent } from './run-aggregate.js';
import { runCli } from './run-cli.js';
import { Capture } from '../test/capture.js';

const prompt = (text: string): DisplayEvent => ({ kind: 'prompt', id: text, form: 'prompt', text });

describe('the run aggregate a renderer reads', () => {
  it('is the one input’s own aggregate: the run is folded once', () => {
    const run = createRunAggregate(1, false);
    const input = inputAggregator(run, passthroughSource, false);
    input.push(prompt('one'));
    expect(viewOf(run, prompt('one'))).toBe(input);
    expect(input.turns).toBe(1);
    const notice: DisplayEvent = { kind: 'notice', level: 'warning', message: 'interrupted' };
    expect(viewOfOwnEvent(run, notice)).toBe(input);
    expect(endView(run)).toBe(input);
  });

  it('spans several inputs, numbering turns across them', () => {
    const run = createRunAggregate(2, false);
    for (const text of ['one', 'two']) {
      const input = inputAggregator(run, passthroughSource, false);
      input.push(prompt(text));
      expect(viewOf(run, prompt(text))?.turns).toBe(text === 'one' ? 1 : 2);
      expect(input.turns).toBe(1);
    }
    expect(endView(run)?.turns).toBe(2);
  });

  it('keeps no spanning aggregate behind --redact, whose wrapper hands no view on', () => {
    expect(createRunAggregate(3, true).spanning).toBeUndefined();
  });
});

async function* nothing(): AsyncGenerator<Uint8Array> {}

describe('xview over several inputs', () => {
  it('numbers the page’s turns across the inputs and sums them in its one summary', async () => {
    const stdout = new Capture();
    const file = join(FIXTURES_DIR, 'claude/multi-turn-replay.jsonl');
    const code = await runCli(['--html', '-', file, file], { stdin: nothing(), stdout, stderr: new Capture(), env: {} });
    expect(code).toBe(0);
    const headings = [...stdout.text.matchAll(/<h2>Turn (\d+)<\/h2>/g)].map((m) => Number(m[1]));
    // Two turns a file, numbered on across the second.
    expect(headings).toEqual([1, 2, 3, 4]);
    expect(stdout.text).toContain('<dt>Turns</dt><dd>4</dd>');
  });
});
