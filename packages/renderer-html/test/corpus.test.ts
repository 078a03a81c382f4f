// The renderer's golden files, rendered from the hand-written event corpus
// (tooling/event-corpus.ts), not from a provider's output: one document per
// scenario (`<scenario>.html`). Regenerate with `vitest -u` after reading the diff.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DISPLAY_EVENT_KINDS, createRunAggregator, displayEventSchema } from '@x/core';
import { describe, expect, it } from 'vitest';
import { EVENT_CORPUS, corpusProblems } from '../../../tooling/event-corpus.js';
import { createHtmlRenderer, renderHtmlDocument } from '../src/index.js';

const GOLDEN_DIR = join(import.meta.dirname, 'corpus');

describe.each(EVENT_CORPUS.map((scenario) => [scenario.name, scenario] as const))('%s', (_name, { name, events }) => {
  it('renders its golden document, the summary counting the turns the headings number', async () => {
    const html = renderHtmlDocument(events, { title: name, provider: 'corpus' });
    await expect(html).toMatchFileSnapshot(join(GOLDEN_DIR, `${name}.html`));
    const headings = [...html.matchAll(/<h2>Turn (\d+)<\/h2>/g)].map((m) => Number(m[1]));
    expect(headings).toEqual(headings.map((_, i) => i + 1));
    expect(html).toContain(`<dt>Turns</dt><dd>${headings.length}</dd>`);
  });

  it('reads the run aggregate it is handed (as runPipeline writes), writing the same document', async () => {
    let html = '';
    const renderer = createHtmlRenderer({ title: name, provider: 'corpus', sink: (chunk: string) => void (html += chunk) });
    const run = createRunAggregator();
    for (const event of events) {
      run.push(event);
      await renderer.write(event, run);
    }
    await renderer.end(run);
    expect(html).toBe(renderHtmlDocument(events, { title: name, provider: 'corpus' }));
  });
});

describe('the corpus', () => {
  it('covers every event kind with valid events, but those marked invalid', () => {
    expect(corpusProblems(DISPLAY_EVENT_KINDS, (event) => displayEventSchema.safeParse(event).success)).toEqual([]);
  });

  it('has a golden file for every scenario and none for a scenario that is gone', () => {
    expect(readdirSync(GOLDEN_DIR).sort()).toEqual(EVENT_CORPUS.map(({ name }) => `${name}.html`).sort());
  });
});
