import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DIST, installedXview } from './installed-bin.js';

/**
 * Installs the built xview once, in vitest's own process, before any test
 * worker starts: installed in a worker, the npm install blocked that worker
 * (a synchronous child process) for as long as it took, and a worker that
 * answers none of vitest's calls for a minute fails the run; two workers
 * also each installed the same build. Without a build there is nothing to
 * install: the tests that need one say so.
 */
export default function setup(): void {
  if (existsSync(join(DIST, 'bin.cjs'))) installedXview();
}
