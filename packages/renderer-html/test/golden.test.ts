import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, listFixtureProviders } from '../../../tooling/fixtures.js';
import { renderHtmlDocument } from '../src/index.js';

/** Every `fixtures/<provider>/<scenario>.events.json` that exists now, so new fixtures are picked up. */
function eventFixtures(): { provider: string; scenario: string; eventsPath: string }[] {
  if (!existsSync(FIXTURES_DIR)) return [];
  return listFixtureProviders().flatMap((provider) =>
    readdirSync(join(FIXTURES_DIR, provider))
      .filter((file) => file.endsWith('.events.json'))
      .sort()
      .map((file) => ({ provider, scenario: file.slice(0, -'.events.json'.length), eventsPath: join(FIXTURES_DIR, provider, file) })),
  );
}

const fixtures = eventFixtures();

describe('golden HTML of every provider fixture', () => {
  if (fixtures.length === 0) it.skip('no fixtures/*/*.events.json exists yet', () => {});

  it.each(fixtures.map((f) => [`${f.provider}/${f.scenario}`, f] as const))('%s', async (_, fixture) => {
    const events = JSON.parse(readFileSync(fixture.eventsPath, 'utf8')) as DisplayEvent[];
    const html = renderHtmlDocument(events, { title: `${fixture.provider} · ${fixture.scenario}`, provider: fixture.provider });
    await expect(html).toMatchFileSnapshot(join(FIXTURES_DIR, fixture.provider, `${fixture.scenario}.html`));
  });
});
