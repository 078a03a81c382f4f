import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describeSourceConformance, type ConformanceFixture } from '@x/testkit';
import { gooseSource } from './index.js';

const FIXTURES = join(import.meta.dirname, '..', 'test', 'fixtures');

function ownFixtures(): ConformanceFixture[] {
  return readdirSync(FIXTURES)
    .filter((file) => file.endsWith('.jsonl'))
    .sort()
    .map((file) => ({ name: file, text: readFileSync(join(FIXTURES, file), 'utf8') }));
}

// The testkit brings its own samples of every built-in provider's stream and
// checks that detectGoose claims none of them; nothing outside this package is read.
describeSourceConformance({ source: gooseSource, fixtures: ownFixtures() });
