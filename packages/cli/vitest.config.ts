import { availableParallelism } from 'node:os';
import { packageTest } from '../../tooling/vitest.js';

// Two test files at a time at least: most of this package's time is spent waiting on the
// installed xview and the browser it spawns, so on a two-core runner vitest's default of one
// worker left a core idle for most of its run. The installed xview is made once, before the
// workers start (src/installed/global-setup.ts).
export default packageTest(import.meta.dirname, { maxWorkers: Math.max(2, availableParallelism() - 1), globalSetup: ['src/installed/global-setup.ts'] });
