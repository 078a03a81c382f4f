import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { ExitCodeValue } from '../exit-codes.js';
import { runCli } from '../run-cli.js';

import { REPO, installedXview } from './installed-bin.js';
import { runTmp } from './run-tmp.js';
import { Capture } from '../../test/capture.js';

export { installedXview };

/**
 * A new folder under the system's temporary folder, refused if it lies in the
 * repository: what is installed there resolves nothing from the workspace.
 */
export function outsideRepository(prefix: string): string {
  const dir = mkdtempSync(join(realpathSync(runTmp()), prefix));
  if (dir.startsWith(`${realpathSync(REPO)}${sep}`)) throw new Error(`${dir} is inside the repository`);
  return dir;
}

/** `pnpm pack` of a workspace package (built) into `dest`, as a release packs it (`workspace:` ranges made versions): the tarball's path. */
export function packTarball(packageDir: string, dest: string): string {
  if (!existsSync(join(REPO, packageDir, 'dist'))) throw new Error(`${packageDir} is not built: run \`pnpm build\``);
  mkdirSync(dest, { recursive: true });
  const before = new Set(readdirSync(dest));
  const result = spawnSync('pnpm', ['pack', '--pack-destination', dest], { cwd: join(REPO, packageDir), encoding: 'utf8' });
  const file = readdirSync(dest).find((name) => name.endsWith('.tgz') && !before.has(name));
  if (result.status !== 0 || file === undefined) throw new Error(`pnpm pack of ${packageDir} failed (${result.status}): ${result.stderr}`);
  return join(dest, file);
}

/** Installs tarballs with npm into `dir` as a project of its own (copies, no links). */
export function npmInstall(dir: string, tarballs: readonly string[]): void {
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...tarballs], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, npm_config_workspaces: 'false', npm_config_update_notifier: 'false' },
  });
  if (result.status !== 0) throw new Error(`npm install in ${dir} failed (${result.status}): ${result.stderr}${result.stdout}`);
}

/** Where a run of the installed xview lives: its home, its code cache and its working folder. */
export interface RunPlace {
  home: string;
  cwd?: string;
  env?: Record<string, string>;
}

/** A fresh place: an empty home, cwd and cache of its own. */
export function freshPlace(): RunPlace & { cwd: string } {
  const home = mkdtempSync(join(runTmp(), 'x-installed-home-'));
  const cwd = join(home, 'work');
  mkdirSync(cwd);
  return { home, cwd };
}

/** The code cache {@link warmPlace} shares, one per test worker. */
let sharedCodeCache: string | undefined;

/**
 * A fresh place whose xview code cache (`$XDG_CACHE_HOME/xview`) is shared
 * with the other warm places of this worker, as a user's is between runs: for
 * tests about what xview prints, not about its cache. Every run in a fresh
 * place compiles the whole bundle again (a third of a small run's time here),
 * and the cache cannot change output (bundle.test.ts runs cold and warm).
 */
export function warmPlace(): RunPlace & { cwd: string } {
  sharedCodeCache ??= mkdtempSync(join(runTmp(), 'x-installed-cache-'));
  const place = freshPlace();
  return { ...place, env: { XDG_CACHE_HOME: sharedCodeCache } };
}

function processEnv(place: RunPlace): NodeJS.ProcessEnv {
  // Only what a user's shell would hand it: no test runner's variables, no NODE_OPTIONS.
  return {
    PATH: process.env.PATH,
    HOME: place.home,
    XDG_CACHE_HOME: join(place.home, '.cache'),
    LANG: 'C.UTF-8',
    ...place.env,
  };
}

/** What a finished run of the installed xview printed, and how it ended. */
export interface InstalledRun {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the installed xview to its end, with `input` on its standard input
 * (none: an empty one). Asynchronous, not `spawnSync`: a test worker blocked
 * on a child for seconds cannot answer the test runner, which under load gave
 * up on it ("Timeout calling onTaskUpdate").
 */
export function runInstalled(argv: readonly string[], place: RunPlace, input?: string | Buffer): Promise<InstalledRun> {
  const child = spawn(installedXview(), argv, { cwd: place.cwd ?? place.home, env: processEnv(place), stdio: ['pipe', 'pipe', 'pipe'], timeout: 120_000 });
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
  // A run that exits before reading its input closes the pipe: that is its answer, not the test's error.
  child.stdin.on('error', () => undefined);
  child.stdin.end(input ?? '');
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (status, signal) =>
      resolve({ status, signal, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') }),
    );
  });
}

/** Starts the installed xview and lets the test talk to it. */
export function startInstalled(argv: readonly string[], place: RunPlace) {
  return spawn(installedXview(), argv, { cwd: place.cwd ?? place.home, env: processEnv(place), stdio: ['pipe', 'pipe', 'pipe'] });
}

/** A running installed `xview serve`: the process, the address it printed, its exit, and what it wrote to standard error so far. */
export interface InstalledServe {
  child: ReturnType<typeof startInstalled>;
  url: URL;
  exited: Promise<number | null>;
  stderr: () => string;
}

/** Starts the installed `xview serve` with `argv` after `serve`, and resolves once it has printed its address (its first line). */
export async function startInstalledServe(argv: readonly string[], place: RunPlace): Promise<InstalledServe> {
  const child = startInstalled(['serve', ...argv], place);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const address = await new Promise<string>((resolve) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (out.includes('\n')) resolve(out.split('\n')[0] ?? '');
    });
  });
  return { child, url: new URL(address), exited, stderr: () => stderr };
}

/** What the sources (not the bundle) print for the same command, in the same place. */
export async function runSources(argv: readonly string[], place: RunPlace, input = ''): Promise<{ status: ExitCodeValue; stdout: string; stderr: string }> {
  const stdout = new Capture();
  const stderr = new Capture();
  const stdin = (async function* () {
    if (input !== '') yield new TextEncoder().encode(input);
  })();
  const env = processEnv(place) as Record<string, string | undefined>;
  const status = await runCli(argv, { stdin, stdout, stderr, env, cwd: place.cwd ?? place.home, home: place.home } as Parameters<typeof runCli>[1]);
  return { status, stdout: stdout.text, stderr: stderr.text };
}

/** A page with the moment it was rendered (its one part that differs between two runs) made one fixed moment. */
export function sameTime(text: string): string {
  return text.replace(/(<dt>Rendered<\/dt><dd><time datetime=")[^"]*(">)[^<]*(<\/time>)/g, '$1T$2T$3');
}
