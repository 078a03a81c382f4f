// The tarball of a published package for a packaging check: `pnpm pack` of it,
// or, in CI, a copy of the one scripts/ci-extra.sh made. ci-extra packs every
// package under packages/ once, with one `pnpm -r pack`, into the folder named
// by $X_PACKED_DIR; before, each check packed what it read (the pack-and-install
// test all 16 packages, the plugin standalone test three), each pack a pnpm
// start-up of its own. A check run alone packs for itself.
import { execFile as execFileCb } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const execFile = promisify(execFileCb);

/** The environment variable naming the folder of tarballs packed once for a CI run. */
export const PACKED_DIR_ENV = 'X_PACKED_DIR';

/** The name `pnpm pack` gives a package's tarball: `@x/core` 0.0.0 is x-core-0.0.0.tgz. */
function tarballName(name, version) {
  return `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;
}

/** The tarball of the package in `pkgDir` (its package.json's name and version), written into `dest`: its path. */
export async function packInto(pkgDir, { name, version }, dest) {
  mkdirSync(dest, { recursive: true });
  const shared = process.env[PACKED_DIR_ENV];
  if (shared) {
    const file = tarballName(name, version);
    // A folder that lacks the tarball is a broken CI step, not a reason to pack again unseen.
    if (!existsSync(join(shared, file))) throw new Error(`${PACKED_DIR_ENV}=${shared} holds no ${file}`);
    copyFileSync(join(shared, file), join(dest, file));
    return join(dest, file);
  }
  await execFile('pnpm', ['pack', '--pack-destination', dest], { cwd: pkgDir, maxBuffer: 16 * 1024 * 1024 });
  const made = readdirSync(dest).find((file) => file.endsWith('.tgz'));
  if (!made) throw new Error(`pnpm pack wrote no tarball for ${name}`);
  return join(dest, made);
}
