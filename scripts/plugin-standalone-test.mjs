#!/usr/bin/env node
// A third party's whole path, outside this repository. Packs @x/core,
// @x/testkit and the bundled @x/cli with `pnpm pack` (as a release would),
// then, in a fresh directory under the system temp directory:
//   1. copies examples/provider-plugin (x-provider-goose) and
//      examples/renderer-plugin (x-renderer-markdown) there, their
//      `workspace:^` ranges turned into what `pnpm pack` publishes (`^<version>`
//      for the @x/core peer) and their @x dev dependencies into the tarballs;
//   2. installs each with npm (no links: one copy of @x/core per plugin, the
//      testkit's peer included), and runs its tests, type-check and build;
//   3. installs the @x/cli tarball globally under a temp prefix, as
//      scripts/install-xview.sh does, and runs that `xview --plugin <dir>` on
//      a goose stream: auto-detected, the same as `--provider goose`, its
//      `--events` equal to the fixture's expected events, exit code 0; and with
//      `--renderer markdown` from the renderer plugin: the same Markdown as the
//      installed library writes for those events;
//   4. writes a second tiny plugin built for a future contract
//      (`specificationVersion: 'v9'`) and checks that xview refuses it in one
//      line naming it and goes on: exit 6 (its stream is then not recognised)
//      alone, exit 0 beside the goose plugin; a v9 renderer chosen with
//      `--renderer` exits 2.
// Assumes `pnpm build` has run. Set KEEP_PLUGIN_STANDALONE=1 to keep the temp dir.
import { execFile as execFileCb, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { packInto } from './packed.mjs';

const execFile = promisify(execFileCb);
const ROOT = realpathSync(join(dirname(fileURLToPath(import.meta.url)), '..'));
const PACKED = ['core', 'testkit', 'cli'];
const PLUGINS = [
  { example: 'provider-plugin', name: 'x-provider-goose' },
  { example: 'renderer-plugin', name: 'x-renderer-markdown' },
];
const NPM_ENV = { ...process.env, npm_config_workspaces: 'false', npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
const CLI_ENV = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '' };

const started = Date.now();
const failures = [];
const step = (message) => console.log(`\n--- ${message}`);
function check(condition, message, detail = '') {
  console.log(`  ${condition ? 'ok  ' : 'FAIL'} ${message}`);
  if (!condition) {
    failures.push(message);
    if (detail) console.log(detail.replace(/^/gm, '       '));
  }
}
function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.error) throw result.error;
  return result;
}
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const writeJson = (path, value) => writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);

/** `pnpm pack` of packages/<dir> (or its copy, scripts/packed.mjs) into its own folder under `dest`: the tarball, name and version. */
async function pack(dir, dest) {
  const pkgDir = join(ROOT, 'packages', dir);
  const { name, version } = readJson(join(pkgDir, 'package.json'));
  if (!existsSync(join(pkgDir, 'dist/index.js'))) throw new Error(`${name} has no dist/index.js: run \`pnpm build\` first.`);
  return { name, version, tarball: await packInto(pkgDir, { name, version }, join(dest, dir)) };
}

/**
 * The example's folder copied to `dest` without build output or installs, its
 * package.json as a plugin outside the repository declares it: the @x/core peer
 * at the packed release's range, the @x dev dependencies on the tarballs.
 */
function copyPlugin(example, dest, packed) {
  const from = join(ROOT, 'examples', example);
  cpSync(from, dest, { recursive: true, filter: (src) => !['node_modules', 'dist', '.turbo'].includes(basename(src)) });
  const manifest = readJson(join(dest, 'package.json'));
  for (const field of ['dependencies', 'peerDependencies', 'devDependencies']) {
    for (const [dep, range] of Object.entries(manifest[field] ?? {})) {
      if (!String(range).startsWith('workspace:')) continue;
      const release = packed.find((p) => p.name === dep);
      if (!release) throw new Error(`${example} names ${dep} (${range}), which this test does not pack`);
      manifest[field][dep] = field === 'devDependencies' ? `file:${release.tarball}` : `^${release.version}`;
    }
  }
  writeJson(join(dest, 'package.json'), manifest);
  return manifest;
}

/** Installs, then runs the example's test, typecheck and build scripts; prints vitest's summary. */
async function installAndTest(dir, name) {
  const install = await execFile('npm', ['install', '--prefer-offline', '--loglevel=error'], { cwd: dir, env: NPM_ENV, maxBuffer: 16 * 1024 * 1024 }).then(
    () => ({ ok: true, output: '' }),
    (error) => ({ ok: false, output: `${error.stdout}${error.stderr}` }),
  );
  check(install.ok, `${name}: npm install`, install.output);
  if (!install.ok) return;
  const core = join(dir, 'node_modules/@x/core');
  const nested = ['@x/testkit'].filter((dep) => existsSync(join(dir, 'node_modules', dep, 'node_modules/@x/core')));
  check(realpathSync(core) === core && !realpathSync(core).startsWith(ROOT + sep) && nested.length === 0, `${name}: one copy of @x/core, from the tarball`);
  for (const script of ['test', 'typecheck', 'build']) {
    // Not spawnSync: the two plugins' scripts run side by side on the runner's cores.
    const result = await execFile('npm', ['run', script], { cwd: dir, env: { ...NPM_ENV, CI: 'true', FORCE_COLOR: '0', NO_COLOR: '1' }, maxBuffer: 16 * 1024 * 1024 }).then(
      ({ stdout, stderr }) => ({ status: 0, stdout, stderr }),
      (error) => ({ status: typeof error.code === 'number' ? error.code : 1, stdout: error.stdout ?? '', stderr: error.stderr ?? String(error) }),
    );
    const output = `${result.stdout}${result.stderr}`;
    for (const line of output.split('\n').filter((l) => /^\s*(Test Files|Tests)\s/.test(l))) console.log(`  ${name}: ${line.trim()}`);
    check(result.status === 0, `${name}: npm run ${script}`, result.status === 0 ? '' : output);
  }
}

/** The installed `xview` with `args`, from `cwd`; `input` goes to its standard input. */
function xview(bin, args, cwd, input) {
  const result = run(bin, args, { cwd, env: CLI_ENV, ...(input === undefined ? {} : { input }) });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The goose plugin through the installed xview: detection, events, the default and the Markdown rendering. */
function checkGoose(bin, cwd, goose, markdown) {
  const stream = join(goose, 'test/fixtures/tool-run.jsonl');
  const expectedText = readFileSync(join(goose, 'test/fixtures/tool-run.output.txt'), 'utf8');
  const detected = xview(bin, ['--plugin', goose, stream], cwd);
  check(
    detected.code === 0 && detected.stderr === '' && detected.stdout.trimEnd() === expectedText.trimEnd(),
    `xview --plugin ${basename(goose)} tool-run.jsonl: auto-detected, shows the expected text, exit ${detected.code}`,
    `${detected.stdout}${detected.stderr}`,
  );
  const forced = xview(bin, ['--plugin', goose, '--provider', 'goose', '--verbose', stream], cwd);
  const verbose = xview(bin, ['--plugin', goose, '--verbose'], cwd, readFileSync(stream));
  check(
    verbose.code === 0 && verbose.stdout === forced.stdout && /Bash/.test(verbose.stdout),
    'read from standard input, detected as goose: the same verbose rendering as --provider goose',
  );
  const events = xview(bin, ['--plugin', goose, '--events', stream], cwd);
  const parsed = events.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  const expected = readJson(join(goose, 'test/fixtures/tool-run.events.json'));
  check(events.code === 0 && JSON.stringify(parsed) === JSON.stringify(expected), `--events equals tool-run.events.json (${parsed.length} events)`);
  const listed = xview(bin, ['--plugin', goose, '--plugin', markdown, '--list-providers'], cwd);
  check(
    new RegExp(`^goose +Goose \\(streaming\\) +${goose}$`, 'm').test(listed.stdout) &&
      new RegExp(`^markdown +Markdown \\(renderer, --renderer markdown\\) +${markdown}$`, 'm').test(listed.stdout),
    '--list-providers names goose and markdown with the folders they came from',
    listed.stdout,
  );
  const rendered = xview(bin, ['--plugin', goose, '--plugin', markdown, '--renderer', 'markdown', stream], cwd);
  const library = run('node', ['--input-type=module', '-e', MARKDOWN_OF_EVENTS, join(goose, 'test/fixtures/tool-run.events.json')], { cwd: markdown });
  check(
    rendered.code === 0 &&
      rendered.stderr === '' &&
      library.status === 0 &&
      rendered.stdout === library.stdout &&
      rendered.stdout.includes('- **Bash** `cat src/greet.ts`'),
    `--renderer markdown writes what the installed x-renderer-markdown writes for the expected events (${rendered.stdout.length} chars, exit ${rendered.code})`,
    `${rendered.stdout}${rendered.stderr}${library.stderr}`,
  );
}

/** Renders an events file with the installed renderer plugin's library API, to standard output. */
const MARKDOWN_OF_EVENTS = `
import { readFileSync } from 'node:fs';
import { createMarkdownRenderer } from './dist/index.js';
const renderer = createMarkdownRenderer({ sink: (chunk) => void process.stdout.write(chunk) });
for (const event of JSON.parse(readFileSync(process.argv[1], 'utf8'))) await renderer.write(event);
await renderer.end();
`;

/** A plugin package as a build against a future @x/core would leave it: a v9 source and a v9 renderer. */
function writeFuturePlugin(dir) {
  mkdirSync(join(dir, 'dist'), { recursive: true });
  writeJson(join(dir, 'package.json'), { name: 'x-provider-future', version: '1.0.0', type: 'module', exports: { '.': { default: './dist/index.js' } } });
  writeFileSync(
    join(dir, 'dist/index.js'),
    `export const futureSource = {
  specificationVersion: 'v9', id: 'future', displayName: 'Future Agent', cadence: 'streaming',
  detect: (lines) => ({ confidence: lines.some((l) => l.includes('"future"')) ? 1 : 0, evidence: 'a "future" field' }),
  createParser: () => ({ parse: (line) => [{ kind: 'text', id: 'f', text: JSON.parse(line).future }], flush: () => [] }),
};
`,
  );
  mkdirSync(join(dir, 'renderer'), { recursive: true });
  writeFileSync(
    join(dir, 'renderer/index.js'),
    `export const futureRenderer = { specificationVersion: 'v9', id: 'future-md', create: ({ write }) => ({ specificationVersion: 'v9', write: () => write('x'), end() {} }) };\n`,
  );
  writeFileSync(join(dir, 'run.jsonl'), '{"future":"hello from the future"}\n');
}

/** xview refuses the v9 plugin in one line naming it, and goes on with the rest. */
function checkFuture(bin, cwd, future, goose) {
  const refusal = `xview: plugin ${future} skipped: source "future" (Future Agent) declares specificationVersion "v9", but this @x/core implements contract "v1". Install versions of the plugin and @x/core built for the same contract version.`;
  const alone = xview(bin, ['--plugin', future, join(future, 'run.jsonl')], cwd);
  const lines = alone.stderr.split('\n').filter(Boolean);
  check(
    alone.code === 6 && lines[0] === refusal && lines.filter((line) => line.startsWith('xview: plugin ')).length === 1,
    `alone on its own stream: refused in one line naming it, the stream then unrecognised: exit ${alone.code} (6)`,
    alone.stderr,
  );
  const beside = xview(bin, ['--plugin', future, '--plugin', goose, join(goose, 'test/fixtures/plain-answer.jsonl')], cwd);
  check(
    beside.code === 0 && beside.stderr === `${refusal}\n` && beside.stdout.length > 0,
    `beside the goose plugin: the same one line, goose still renders, exit ${beside.code} (0)`,
    beside.stderr,
  );
  const renderer = xview(bin, ['--plugin', join(future, 'renderer/index.js'), '--renderer', 'future-md', join(goose, 'test/fixtures/plain-answer.jsonl')], cwd);
  const rendererLines = renderer.stderr.split('\n').filter(Boolean);
  check(
    renderer.code === 2 && rendererLines.length === 2 && /skipped: renderer "future-md" declares specificationVersion "v9"/.test(rendererLines[0] ?? ''),
    `a v9 renderer chosen with --renderer: refused by name, then unknown renderer: exit ${renderer.code} (2)`,
    renderer.stderr,
  );
}

const work = mkdtempSync(join(realpathSync(tmpdir()), 'x-plugin-standalone-'));
if (work === ROOT || work.startsWith(ROOT + sep)) throw new Error(`temp dir ${work} is inside the workspace`);
console.log(`plugin standalone test in ${work}`);
try {
  step(`pnpm pack ${PACKED.map((p) => `@x/${p}`).join(', ')}`);
  const packed = await Promise.all(PACKED.map((dir) => pack(dir, join(work, 'tarballs'))));
  check(packed.length === PACKED.length, packed.map((p) => `${p.name}@${p.version}`).join(', '));

  step('copy the example plugins out of the repository, install the tarballs with npm, test, type-check and build them');
  const dirs = {};
  for (const { example, name } of PLUGINS) {
    dirs[name] = join(work, name);
    const manifest = copyPlugin(example, dirs[name], packed);
    check(
      manifest.peerDependencies?.['@x/core'] === `^${packed[0].version}`,
      `${name}: peer @x/core ${manifest.peerDependencies?.['@x/core']}, dev @x/core and @x/testkit from the tarballs`,
    );
  }
  await Promise.all(PLUGINS.map(({ name }) => installAndTest(dirs[name], name)));

  step('install the @x/cli tarball globally under a temp prefix (as scripts/install-xview.sh does)');
  const prefix = join(work, 'global');
  const cli = packed.find((p) => p.name === '@x/cli');
  const global = run('npm', ['install', '--global', '--prefix', prefix, '--prefer-offline', '--loglevel=error', cli.tarball], { env: NPM_ENV });
  const bin = join(prefix, 'bin/xview');
  check(global.status === 0 && existsSync(bin), `xview installed in ${join(prefix, 'bin')}`, `${global.stdout}${global.stderr}`);

  // A folder with nothing in it: no node_modules, no xview.config.json, no package.json.
  const cwd = join(work, 'elsewhere');
  mkdirSync(cwd);
  step('the installed xview with --plugin <dir>: the goose plugin, and the markdown renderer');
  checkGoose(bin, cwd, dirs['x-provider-goose'], dirs['x-renderer-markdown']);

  step('a plugin built for a future contract (specificationVersion v9)');
  const future = join(work, 'x-provider-future');
  writeFuturePlugin(future);
  checkFuture(bin, cwd, future, dirs['x-provider-goose']);
} catch (error) {
  check(false, error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: a developer's switch to keep the temporary folder, named in the header
  if (process.env.KEEP_PLUGIN_STANDALONE) console.log(`\nkept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`\nplugin standalone test: ${failures.length === 0 ? 'all passed' : `${failures.length} failed`} (${seconds}s)`);
process.exit(failures.length === 0 ? 0 : 1);
