#!/usr/bin/env node
// `pnpm typecheck`: every workspace package's TypeScript checked with its own
// settings, in as few compiler programs as those settings allow.
//
// Why not one `tsc` per package: packages resolve each other's `source`
// condition, so each package's program checks the source of everything it
// imports, and @x/core was checked about twenty times (182 s of a CI run).
// Packages whose tsconfig.json adds nothing to tsconfig.base.json but `types`
// are checked together in one program, and so are the `tsconfig.src.json`
// checks (published source without DOM or Node types) that share their
// settings; a package with settings of its own (allowJs, a standalone
// template's options) keeps a program of its own. Each file is still checked
// under exactly the options its package declares.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const base = join(root, 'tsconfig.base.json');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

/** tsconfig files are JSON with comments. */
function readJsonc(file) {
  const text = readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, '');
  return JSON.parse(text);
}

/** The workspace's folders, from pnpm-workspace.yaml's `packages` list (`dir` or `dir/*`). */
function workspaceDirs() {
  const yaml = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const block = yaml.split(/^packages:\s*$/m)[1]?.split(/^\S/m)[0] ?? '';
  const dirs = [];
  for (const [, pattern] of block.matchAll(/^\s*-\s*(\S+)\s*$/gm)) {
    if (pattern.endsWith('/*')) {
      const parent = join(root, pattern.slice(0, -2));
      for (const name of readdirSync(parent).sort()) dirs.push(join(parent, name));
    } else dirs.push(join(root, pattern));
  }
  return dirs.filter((dir) => existsSync(join(dir, 'package.json')));
}

/**
 * Whether a tsconfig extends tsconfig.base.json, whose `source` condition
 * resolves the @x packages to their source; the standalone examples' own
 * settings resolve @x/core and @x/testkit to their build, as a plugin outside
 * the repository does.
 */
function readsSource(file) {
  const config = readJsonc(file);
  if (!config.extends) return false;
  const parent = resolve(dirname(file), config.extends);
  return parent === base || readsSource(parent);
}

/** A tsconfig's own settings once `include`/`exclude` are set aside, as a key to group by. */
function settingsKey(config) {
  const { include: _include, exclude: _exclude, ...settings } = config;
  return JSON.stringify(settings);
}

/** Sorts each package's checks into shared programs and programs of their own. */
function plan() {
  const groups = new Map();
  const alone = [];
  const add = (key, dir, config, extendsPath) => {
    const group = groups.get(key) ?? { extendsPath, options: config.compilerOptions, include: [], exclude: [], dirs: [] };
    group.include.push(...(config.include ?? []).map((p) => resolve(dir, p)));
    group.exclude.push(...(config.exclude ?? []).map((p) => resolve(dir, p)));
    group.dirs.push(dir);
    groups.set(key, group);
  };
  for (const dir of workspaceDirs()) {
    const script = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts?.typecheck;
    if (!script || !existsSync(join(dir, 'tsconfig.json'))) continue;
    const config = readJsonc(join(dir, 'tsconfig.json'));
    const options = config.compilerOptions ?? {};
    const onlyTypes = Object.keys(options).every((k) => k === 'types');
    if (config.extends && resolve(dir, config.extends) === base && onlyTypes) {
      // `types` only narrows which @types load; the shared program loads them all.
      add('main', dir, { include: config.include }, base);
    } else alone.push(join(dir, 'tsconfig.json'));
    if (script.includes('tsconfig.src.json')) {
      const src = readJsonc(join(dir, 'tsconfig.src.json'));
      if (src.extends !== './tsconfig.json' || !(config.extends && resolve(dir, config.extends) === base && onlyTypes)) {
        alone.push(join(dir, 'tsconfig.src.json'));
      } else add(`src:${settingsKey(src)}`, dir, src, base);
    }
  }
  return { groups: [...groups.values()], alone };
}

function run(project, label) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => done({ label, code, output }));
  });
}

/** Runs the programs two at a time (the CI machine has two cores). */
async function runAll(jobs) {
  const results = [];
  const queue = [...jobs];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) results.push(await run(job.project, job.label));
  };
  await Promise.all([worker(), worker()]);
  return results;
}

// `--source`: only the programs that need no build (.ci/run checks them while
// the tests run); `--built`: only those that read @x/core and @x/testkit built.
const only = process.argv[2];
if (only !== undefined && only !== '--source' && only !== '--built') {
  console.error(`usage: node scripts/typecheck.mjs [--source | --built] (not ${only})`);
  process.exit(2);
}
const { groups, alone } = plan();
const temp = mkdtempSync(join(tmpdir(), 'x-typecheck-'));
try {
  const jobs = groups.map((group, i) => {
    const project = join(temp, `tsconfig.${i}.json`);
    const config = { extends: group.extendsPath, compilerOptions: group.options ?? {}, include: group.include, exclude: group.exclude };
    writeFileSync(project, JSON.stringify(config, null, 2));
    return { project, label: `${group.dirs.length} packages: ${group.dirs.map((d) => d.slice(root.length + 1)).join(', ')}` };
  });
  jobs.push(...alone.map((project) => ({ project, label: project.slice(root.length + 1), built: !readsSource(project) })));
  const results = await runAll(jobs.filter((job) => only === undefined || (only === '--built') === (job.built === true)));
  let failed = 0;
  for (const { label, code, output } of results) {
    console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${label}`);
    if (code !== 0) {
      failed++;
      process.stdout.write(output.replaceAll(`${temp}/`, ''));
    }
  }
  if (failed > 0) process.exitCode = 1;
} finally {
  rmSync(temp, { recursive: true, force: true });
}
