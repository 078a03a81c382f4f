#!/usr/bin/env node
// What would a release publish? Copies the repository (without node_modules,
// build output or .git) to a throwaway directory, runs `changeset version`
// there, and prints each published package's version and the head of its
// changelog. Fails when the pending changesets would not publish one version
// for the whole fixed group, when a published package would have no
// CHANGELOG.md, or when an internal dependency lost its `workspace:` range.
// The repository itself is never touched.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = realpathSync(join(dirname(fileURLToPath(import.meta.url)), '..'));
const CHANGESET_BIN = join(ROOT, 'node_modules/@changesets/cli/bin.js');
// fixtures/ (123 MB, no package in it) is not copied: `changeset version` reads only the
// workspace's package.json files and .changeset/, and the copy was most of this check's time.
const SKIP = new Set(['node_modules', 'dist', '.git', '.turbo', 'coverage', '.tmp', 'test-artifacts', 'fixtures']);

const config = JSON.parse(readFileSync(join(ROOT, '.changeset/config.json'), 'utf8'));
const pending = readdirSync(join(ROOT, '.changeset')).filter((f) => f.endsWith('.md') && f !== 'README.md');

function readPackages(root) {
  return readdirSync(join(root, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, 'packages', entry.name, 'package.json')))
    .map((entry) => {
      const dir = join(root, 'packages', entry.name);
      return { dir, pkg: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) };
    })
    .filter(({ pkg }) => pkg.private !== true);
}

/** Whether a package name matches a changesets group pattern (`@x/*`). */
function matches(pattern, name) {
  const re = new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\/]/g, '\\$&')).join('.*')}$`);
  return re.test(name);
}

const before = new Map(readPackages(ROOT).map(({ pkg }) => [pkg.name, pkg.version]));

const BUMPS = ['patch', 'minor', 'major'];
/** The bump each package gets from the pending changesets' front matter (the highest one wins). */
function requestedBumps(files) {
  const bumps = new Map();
  for (const file of files) {
    const front = readFileSync(join(ROOT, '.changeset', file), 'utf8').match(/^---\r?\n([\s\S]*?)\r?\n---/);
    for (const line of front?.[1].split(/\r?\n/) ?? []) {
      const m = line.match(/^\s*["']?([^"':]+)["']?\s*:\s*(patch|minor|major)\s*$/);
      if (m && BUMPS.indexOf(m[2]) > BUMPS.indexOf(bumps.get(m[1]) ?? '')) bumps.set(m[1], m[2]);
    }
  }
  return bumps;
}
function increment(version, bump) {
  const [major, minor, patch] = version.split(/[.-]/).map(Number);
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}
function compareVersions(a, b) {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i] - pb[i];
  return 0;
}
console.log(`${pending.length} pending changeset(s): ${pending.join(', ') || '(none)'}`);
if (pending.length === 0) {
  console.log('Nothing to release: `changeset version` would change nothing.');
  process.exit(0);
}

const work = mkdtempSync(join(realpathSync(tmpdir()), 'x-changeset-dry-run-'));
const failures = [];
try {
  cpSync(ROOT, work, {
    recursive: true,
    filter: (src) => !SKIP.has(basename(src)) && !src.endsWith('.tgz'),
  });
  const result = spawnSync(process.execPath, [CHANGESET_BIN, 'version'], {
    cwd: work,
    encoding: 'utf8',
    // The copy has no node_modules: changesets resolves its changelog generator from the repository's.
    env: { ...process.env, NODE_PATH: join(ROOT, 'node_modules'), CI: 'true' },
  });
  if (result.status !== 0) {
    console.log(result.stdout + result.stderr);
    throw new Error(`changeset version exited ${result.status}`);
  }
  const warnings = (result.stdout + result.stderr).split('\n').filter((line) => /warn|error/i.test(line));
  for (const line of warnings) console.log(`changesets: ${line.trim()}`);

  const after = readPackages(work);
  console.log('\nWould publish:');
  for (const { dir, pkg } of after) {
    const changelogPath = join(dir, 'CHANGELOG.md');
    const from = before.get(pkg.name) ?? '(new)';
    console.log(`\n${pkg.name}  ${from} -> ${pkg.version}${from === pkg.version ? '  (unchanged)' : ''}`);
    if (!existsSync(changelogPath)) {
      failures.push(`${pkg.name} has no CHANGELOG.md after versioning`);
      console.log('  (no CHANGELOG.md)');
      continue;
    }
    const head = readFileSync(changelogPath, 'utf8').split('\n').filter((line) => line.trim() !== '').slice(0, 7);
    for (const line of head) console.log(`  | ${line.length > 150 ? `${line.slice(0, 147)}...` : line}`);
    for (const field of ['dependencies', 'peerDependencies', 'devDependencies']) {
      for (const [dep, range] of Object.entries(pkg[field] ?? {})) {
        if (dep.startsWith('@x/') && !String(range).startsWith('workspace:')) {
          failures.push(`${pkg.name} ${field}.${dep} became ${range}`);
        }
      }
    }
  }

  for (const group of config.fixed ?? []) {
    const members = after.filter(({ pkg }) => group.some((pattern) => matches(pattern, pkg.name)));
    const versions = new Map();
    for (const { pkg } of members) versions.set(pkg.version, [...(versions.get(pkg.version) ?? []), pkg.name]);
    // A fixed group moves together: the highest version in it, raised by the highest bump any changeset asks for.
    const bumps = requestedBumps(pending);
    const groupBumps = [...bumps].filter(([name]) => group.some((pattern) => matches(pattern, name))).map(([, bump]) => bump);
    const highest = groupBumps.sort((a, b) => BUMPS.indexOf(b) - BUMPS.indexOf(a))[0];
    const current = members.map(({ pkg }) => before.get(pkg.name)).filter(Boolean).sort(compareVersions).pop();
    const expected = highest && current ? increment(current, highest) : current;
    if (versions.size === 1 && expected && !versions.has(expected)) {
      failures.push(
        `fixed group ${JSON.stringify(group)} would go to ${[...versions.keys()][0]}, but its changesets ask for a ${highest} bump from ${current} (${expected}): ` +
          'a dependent was bumped further, typically a peerDependency on a package of the group whose new version leaves the range',
      );
    }
    if (versions.size > 1) {
      failures.push(
        `fixed group ${JSON.stringify(group)} would publish ${versions.size} versions: ${[...versions]
          .map(([version, names]) => `${version} (${names.join(', ')})`)
          .join('; ')}`,
      );
    } else {
      console.log(`\nfixed group ${JSON.stringify(group)}: ${members.length} packages, all at ${[...versions.keys()][0]}`);
    }
  }
  const leftover = readdirSync(join(work, '.changeset')).filter((f) => f.endsWith('.md') && f !== 'README.md');
  if (leftover.length > 0) failures.push(`changesets not consumed: ${leftover.join(', ')}`);
  if (relative(ROOT, work).startsWith('..') === false) failures.push(`the copy ${work} was inside the repository`);
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
} finally {
  rmSync(work, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.log(`\nchangeset dry run: FAILED\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('\nchangeset dry run: ok (nothing was changed in the repository)');
