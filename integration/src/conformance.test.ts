// Every first-party source through the same conformance suite a third-party
// plugin runs, over all of its fixtures, with every other provider's
// fixtures as the formats its detect must not claim.
import { readFileSync } from 'node:fs';
import { describeSourceConformance } from '@x/testkit';
import { listFixtureProviders, listFixtures } from '../../tooling/fixtures.js';
import { SOURCES } from './sources.js';

const fixturesOf = (provider: string) =>
  listFixtures(provider).map((fixture) => ({ name: fixture.scenario, text: readFileSync(fixture.streamPath, 'utf8') }));

for (const [provider, source] of Object.entries(SOURCES)) {
  const foreign = listFixtureProviders()
    .filter((other) => other !== provider)
    .flatMap((other) => fixturesOf(other).map((f) => ({ name: `${other}/${f.name}`, text: f.text })))
    .filter((f) => f.text.trim() !== '');
  describeSourceConformance({
    source,
    fixtures: fixturesOf(provider).filter((f) => f.text.trim() !== ''),
    foreignSamples: foreign,
    numRuns: process.env.X_FUZZ_RUNS ? Number(process.env.X_FUZZ_RUNS) : 25,
  });
}
