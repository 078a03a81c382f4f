// End to end, provider → renderer: default mode prints each fixture's golden
// DisplayOutput, and the terminal footer, the HTML page and core's run
// aggregator (which `xview --summary` prints) tell the same turn count and
// status word for every fixture and every scenario of the renderers' corpus.
import { readFileSync } from 'node:fs';
import { aggregateRun, formatStatus, type DisplayEvent } from '@x/core';
import { renderHtmlDocument } from '@x/renderer-html';
import { createTerminalRenderer, sanitizeText } from '@x/renderer-terminal';
import { describe, expect, it } from 'vitest';
import { EVENT_CORPUS } from '../../tooling/event-corpus.js';
import { listFixtureProviders, listFixtures } from '../../tooling/fixtures.js';

async function terminal(events: readonly DisplayEvent[], mode: 'default' | 'verbose'): Promise<string> {
  let out = '';
  const renderer = createTerminalRenderer({ sink: (chunk) => void (out += chunk), mode, showContent: mode === 'verbose', env: {} });
  for (const event of events) await renderer.write(event);
  await renderer.end();
  return out;
}

const fixtures = listFixtureProviders().flatMap((provider) =>
  listFixtures(provider).map((fixture) => ({
    name: `${provider}/${fixture.scenario}`,
    events: JSON.parse(readFileSync(fixture.eventsPath, 'utf8')) as DisplayEvent[],
    outputPath: fixture.outputPath,
  })),
);
const runs = [...fixtures, ...EVENT_CORPUS.map((scenario) => ({ name: `corpus/${scenario.name}`, events: scenario.events }))];

describe.each(fixtures)('$name', ({ events, outputPath }) => {
  it('prints its golden DisplayOutput in default mode', async () => {
    expect(await terminal(events, 'default')).toBe(sanitizeText(readFileSync(outputPath, 'utf8')));
  });
});

describe.each(runs)('$name', ({ events }) => {
  it('shows one turn count and one status word in the footer, the page and the outcome', async () => {
    const outcome = aggregateRun(events);
    const html = renderHtmlDocument(events);
    expect(html.match(/<h2>Turn \d+<\/h2>/g)?.length ?? 0).toBe(outcome.turns);
    expect(html).toContain(`<dt>Turns</dt><dd>${outcome.turns}</dd>`);
    const status = formatStatus(outcome.statusReported ? outcome.status : undefined);
    expect(html).toContain(`<dt>Status</dt><dd>${status}`);
    const footer = (await terminal(events, 'verbose')).split('\n').find((line) => line.startsWith('∎ '));
    if (footer === undefined) return;
    expect(footer.startsWith(outcome.statusReported ? `∎ ${status}` : '∎ ')).toBe(true);
    const turns = / (\d+) turns?( |$)/.exec(footer)?.[1];
    expect(turns === undefined ? 0 : Number(turns)).toBe(outcome.turns);
  });
});
