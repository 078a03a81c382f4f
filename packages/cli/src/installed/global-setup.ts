import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIST, installedXview } from './installed-bin.js';
import { RUN_TMP_ENV } from './run-tmp.js';

/**
 * Installs the built xview once, in vitest's own process, before any test
 * worker starts: installed in a worker, the npm install blocked that worker
 * (a synchronous child process) for as long as it took, and a worker that
 * answers none of vitest's calls for a minute fails the run; two workers
 * also each installed the same build. Without a build there is nothing to
 * install: the tests that need one say so.
 */
export default function setup(): () => void {
  if (existsSync(join(DIST, 'bin.cjs'))) installedXview();
  // The homes, caches and working folders the tests make go into one folder, removed when the run ends.
  const runTmp = mkdtempSync(join(tmpdir(), 'x-installed-run-'));
  process.env[RUN_TMP_ENV] = runTmp;
  return () => rmSync(runTmp, { recursive: true, force: true });
}
