import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The xview a user installs, for the tests that run it: the built package
 * packed and installed with npm by scripts/install-packed-xview.sh, the same
 * script scripts/install-xview.sh ends with, into a prefix of its own under
 * the system's temporary folder. One install serves every test file of a
 * build: its folder is named by a hash of dist/, and made by a rename, so
 * two test workers that race each get a whole install.
 */

const here = dirname(fileURLToPath(import.meta.url));
const PACKAGE_DIR = join(here, '..', '..');
export const REPO = join(PACKAGE_DIR, '..', '..');
/** The built package: the tests that run the installed xview need it. */
export const DIST = join(PACKAGE_DIR, 'dist');

/** A hash of every file the package ships from dist/: a new build, a new install. */
function buildHash(): string {
  if (!existsSync(join(DIST, 'bin.cjs'))) {
    throw new Error('packages/cli/dist is not built: run `pnpm build` (pnpm test builds it first)');
  }
  const hash = createHash('sha256');
  for (const name of readdirSync(DIST).sort()) {
    hash.update(name).update(readFileSync(join(DIST, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

let installed: string | undefined;

/** The path of the installed `xview` command, installing it on first use. */
export function installedXview(): string {
  if (installed !== undefined) return installed;
  const root = join(tmpdir(), 'x-installed-xview');
  const prefix = join(root, buildHash());
  const bin = join(prefix, 'bin', 'xview');
  if (!existsSync(bin)) {
    mkdirSync(root, { recursive: true });
    const staging = mkdtempSync(join(root, 'staging-'));
    const result = spawnSync('bash', [join(REPO, 'scripts', 'install-packed-xview.sh')], {
      cwd: REPO,
      encoding: 'utf8',
      env: {
        ...process.env,
        npm_config_prefix: staging,
        npm_config_update_notifier: 'false',
        npm_config_prefer_offline: 'true',
        npm_config_fund: 'false',
        npm_config_audit: 'false',
      },
    });
    if (result.status !== 0) throw new Error(`install-packed-xview.sh failed (${result.status}): ${result.stderr}${result.stdout}`);
    try {
      renameSync(staging, prefix);
    } catch (error) {
      // Another worker installed the same build first: use its install.
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(bin)) throw error;
    }
  }
  installed = bin;
  return bin;
}
