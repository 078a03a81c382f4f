#!/usr/bin/env node
// publint --strict and @arethetypeswrong/cli (esm-only profile) on the tarball
// `pnpm pack` makes, which is what gets published: `pnpm pack` applies
// `publishConfig` (the exports map without the repo-only `source` condition)
// and rewrites `workspace:^` ranges, while `attw --pack` would run `npm pack`
// and check the repo's package.json instead. Both read the one tarball: publint
// given a directory packs it again itself, a pnpm start-up more per package.
//
// Usage: from a package directory, `node ../../tooling/lint-packed.mjs` packs
// that package and lints its tarball; given tarball paths (scripts/ci-extra.sh,
// which packs every package once with `pnpm -r pack`), it lints those.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The workspace root's binaries: called from the root by scripts/ci-extra.sh, no package script puts them on PATH.
const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', '.bin');

/** Runs a linter's CLI on a tarball, its output shown as it comes: whether it passed. */
function passes(command, args) {
  const result = spawnSync(join(BIN, command), args, { stdio: 'inherit' });
  if (result.error) throw result.error;
  return result.status === 0;
}

/** Every package is published as ESM only: attw's esm-only profile leaves out the CommonJS resolutions. */
function lint(tarball) {
  const published = passes('publint', ['--strict', tarball]);
  const typed = passes('attw', [tarball, '--profile', 'esm-only']);
  return published && typed;
}

const given = process.argv.slice(2);
if (given.length > 0) {
  const failed = given.filter((tarball) => !lint(tarball));
  if (failed.length > 0) console.error(`lint-packed: ${failed.length} of ${given.length} tarballs failed: ${failed.join(', ')}`);
  process.exitCode = failed.length > 0 ? 1 : 0;
} else {
  const dir = mkdtempSync(join(tmpdir(), 'x-lint-packed-'));
  try {
    execFileSync('pnpm', ['pack', '--pack-destination', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
    const tarball = readdirSync(dir).find((name) => name.endsWith('.tgz'));
    if (!tarball) throw new Error(`pnpm pack wrote no tarball into ${dir}`);
    process.exitCode = lint(join(dir, tarball)) ? 0 : 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
