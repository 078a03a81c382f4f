#!/usr/bin/env node
// Runs @arethetypeswrong/cli on the tarball `pnpm pack` makes, which is what
// gets published: `pnpm pack` applies `publishConfig` (the exports map without
// the repo-only `source` condition) and rewrites `workspace:^` ranges, while
// `attw --pack` would run `npm pack` and check the repo's package.json instead.
// Usage (from a package directory): node ../../tooling/attw-packed.mjs [attw options]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'x-attw-'));
try {
  execFileSync('pnpm', ['pack', '--pack-destination', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = readdirSync(dir).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`pnpm pack wrote no tarball into ${dir}`);
  const args = process.argv.slice(2);
  const result = spawnSync('attw', [join(dir, tarball), ...(args.length > 0 ? args : ['--profile', 'esm-only'])], {
    stdio: 'inherit',
  });
  if (result.error) throw result.error;
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
