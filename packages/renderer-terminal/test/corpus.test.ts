// The renderer's golden files, rendered from the hand-written event corpus
// (tooling/event-corpus.ts), not from a provider's output: default mode
// (`<scenario>.txt`) and verbose mode with content (`<scenario>.verbose.txt`).
// Regenerate with `vitest -u` after reading the diff.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { collectDisplayOutput, DISPLAY_EVENT_KINDS, displayEventSchema } from '@x/core';
import { describe, expect, it } from 'vitest';
import { EVENT_CORPUS, corpusProblems } from '../../../tooling/event-corpus.js';
import { sanitizeText } from '../src/sanitize.js';
import { render, renderWithRun } from './events.js';

const GOLDEN_DIR = join(import.meta.dirname, 'corpus');

describe.each(EVENT_CORPUS.map((scenario) => [scenario.name, scenario] as const))('%s', (_name, { name, events }) => {
  it('default mode writes the DisplayOutput', async () => {
    const output = await render(events);
    await expect(output).toMatchFileSnapshot(join(GOLDEN_DIR, `${name}.txt`));
    // Control characters in the text are shown as escapes: the one difference.
    expect(output).toBe(sanitizeText(collectDisplayOutput(events)));
  });

  it('verbose mode, with content', async () => {
    const output = await render(events, { mode: 'verbose', showContent: true });
    await expect(output).toMatchFileSnapshot(join(GOLDEN_DIR, `${name}.verbose.txt`));
    expect(output).not.toContain('\x1b');
  });

  it('reads the run aggregate it is handed, writing the same as when it folds its own', async () => {
    const options = { mode: 'verbose', showContent: true } as const;
    expect(await renderWithRun(events, options)).toBe(await render(events, options));
    expect(await renderWithRun(events)).toBe(await render(events));
  });
});

describe('the corpus', () => {
  it('covers every event kind with valid events, but those marked invalid', () => {
    expect(corpusProblems(DISPLAY_EVENT_KINDS, (event) => displayEventSchema.safeParse(event).success)).toEqual([]);
  });

  it('has a golden file for every scenario and none for a scenario that is gone', () => {
    const expected = EVENT_CORPUS.flatMap(({ name }) => [`${name}.txt`, `${name}.verbose.txt`]).sort();
    expect(readdirSync(GOLDEN_DIR).sort()).toEqual(expected);
  });
});
