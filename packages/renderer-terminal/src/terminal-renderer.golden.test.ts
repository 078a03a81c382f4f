import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectDisplayOutput, type DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, listFixtureProviders } from '../../../tooling/fixtures.js';
import { render } from '../test/events.js';
import { sanitizeLine, sanitizeText } from './sanitize.js';

const EVENTS_SUFFIX = '.events.json';

/** Every `fixtures/<provider>/<scenario>.events.json` there is now, so fixtures added later are picked up. */
const fixtures = listFixtureProviders().flatMap((provider) =>
  readdirSync(join(FIXTURES_DIR, provider))
    .filter((file) => file.endsWith(EVENTS_SUFFIX))
    .sort()
    .map((file) => {
      const base = join(FIXTURES_DIR, provider, file.slice(0, -EVENTS_SUFFIX.length));
      return { name: `${provider}/${file.slice(0, -EVENTS_SUFFIX.length)}`, base, events: `${base}${EVENTS_SUFFIX}` };
    }),
);

function readEvents(path: string): DisplayEvent[] {
  return JSON.parse(readFileSync(path, 'utf8')) as DisplayEvent[];
}

describe.each(fixtures)('$name', ({ base, events: eventsPath }) => {
  const events = readEvents(eventsPath);

  it('default mode writes the DisplayOutput', async () => {
    const output = await render(events);
    await expect(output).toMatchFileSnapshot(`${base}.terminal.txt`);
    // sanitizeText is the identity on ordinary text; a fixture whose text holds
    // control characters is compared with them made visible, as the renderer shows them.
    expect(output).toBe(sanitizeText(collectDisplayOutput(events)));
    const outputPath = `${base}.output.txt`;
    if (existsSync(outputPath)) expect(output).toBe(sanitizeText(readFileSync(outputPath, 'utf8')));
  });

  it('verbose mode shows a marker line for every call', async () => {
    const output = await render(events, { mode: 'verbose', showContent: true });
    await expect(output).toMatchFileSnapshot(`${base}.terminal-verbose.txt`);
    expect(output).not.toContain('\x1b');
    // An edit's marker carries its line counts between name and argument: `✎ Edit (+1 -1) src/a.ts`.
    const markers = output.replace(/ \(\+\d+ -\d+\)/g, '');
    for (const event of events) {
      if (event.kind !== 'tool-use') continue;
      const arg = sanitizeLine(event.arg);
      expect(markers).toContain(`${sanitizeLine(event.name)}${arg === '' ? '' : ` ${arg}`}\n`);
    }
  });
});

describe('golden files', () => {
  it('each belongs to a fixture that still exists', () => {
    const orphans = listFixtureProviders().flatMap((provider) =>
      readdirSync(join(FIXTURES_DIR, provider))
        .filter((file) => file.endsWith('.terminal.txt') || file.endsWith('.terminal-verbose.txt'))
        .filter((file) => !existsSync(join(FIXTURES_DIR, provider, file.replace(/\.terminal(-verbose)?\.txt$/, EVENTS_SUFFIX)))),
    );
    expect(orphans).toEqual([]);
  });
});
