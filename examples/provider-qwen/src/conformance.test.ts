import { describeSourceConformance } from '@x/testkit';
import { logs, streams } from '../test/recordings.js';
import { qwenLogSource, qwenSource } from './index.js';

const asFixtures = (recordings: ReturnType<typeof streams>) =>
  recordings.filter((recording) => recording.text.trim() !== '').map((recording) => ({ name: `${recording.version}/${recording.name}`, text: recording.text }));

// The testkit brings its own samples of every built-in provider's output and checks that neither
// detector claims them; each source must also leave the other's recordings alone. Nothing outside
// this package is read.
describeSourceConformance({ source: qwenSource, fixtures: asFixtures(streams()), foreignSamples: asFixtures(logs()) });
describeSourceConformance({ source: qwenLogSource, fixtures: asFixtures(logs()), foreignSamples: asFixtures(streams()) });
