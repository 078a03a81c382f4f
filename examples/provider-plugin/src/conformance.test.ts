import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describeSourceConformance, type ConformanceFixture } from '@x/testkit';
import { gooseSource } from './index.js';

const OWN = join(import.meta.dirname, '..', 'test', 'fixtures');
// A published plugin would copy a few streams of other agents into its own
// fixtures; inside the @x repository every first-party fixture is at hand.
const FIRST_PARTY = join(import.meta.dirname, '..', '..', '..', 'fixtures');
const STREAM = /\.(jsonl|json|sse)$/;

function fixturesIn(dir: string, label: (file: string) => string): ConformanceFixture[] {
  return readdirSync(dir)
    .filter((file) => STREAM.test(file) && !file.endsWith('.events.json'))
    .sort()
    .map((file) => ({ name: label(file), text: readFileSync(join(dir, file), 'utf8') }));
}

describeSourceConformance({
  source: gooseSource,
  fixtures: fixturesIn(OWN, (file) => file),
  foreignSamples: readdirSync(FIRST_PARTY, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => fixturesIn(join(FIRST_PARTY, entry.name), (file) => `${entry.name}/${file}`)),
});
