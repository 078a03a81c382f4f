import { chmodSync, chownSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { userConfigDir } from './user-plugins.js';
import { Capture } from '../test/capture.js';

async function* none(): AsyncGenerator<Uint8Array> {}

/** `xview --list-providers` with `home` as XDG_CONFIG_HOME: the ids it lists, and its standard error. */
async function listed(home: string): Promise<{ ids: string[]; stderr: string }> {
  const stdout = new Capture();
  const stderr = new Capture();
  await runCli(['--list-providers'], { stdin: none(), stdout, stderr, env: { XDG_CONFIG_HOME: home }, cwd: home });
  return { ids: stdout.text.split('\n').map((line) => line.split(' ')[0] ?? ''), stderr: stderr.text };
}

/** A plugin source of id `id`, as a package's dist/index.js holds it. */
function source(id: string): string {
  return `export const ${id}Source = { specificationVersion: 'v1', id: '${id}', displayName: '${id}', cadence: 'streaming',
  detect: () => ({ confidence: 0, evidence: 'never' }), createParser: () => ({ parse: () => [], flush: () => [] }) };\n`;
}

/**
 * A config home whose xview folder has config.json naming ./listed.mjs and
 * node_modules/x-provider-installed, every folder made 0755 and every file
 * 0644 whatever the umask, as a user's own.
 */
function userFolder(): { home: string; own: string; pkg: string } {
  const home = mkdtempSync(join(tmpdir(), 'xview-own-'));
  const own = join(home, 'xview');
  const pkg = join(own, 'node_modules', 'x-provider-installed');
  for (const dir of [own, join(own, 'node_modules'), pkg]) {
    mkdirSync(dir);
    chmodSync(dir, 0o755);
  }
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'x-provider-installed', type: 'module', exports: './index.js' }), { mode: 0o644 });
  writeFileSync(join(pkg, 'index.js'), source('installed'), { mode: 0o644 });
  writeFileSync(join(own, 'listed.mjs'), source('listed'), { mode: 0o644 });
  writeFileSync(join(own, 'config.json'), JSON.stringify({ plugins: ['./listed.mjs'] }), { mode: 0o644 });
  return { home, own, pkg };
}

const posix = process.getuid !== undefined;

describe("the user's xview folder", () => {
  it('is always an absolute path: an empty or relative HOME is not a home', () => {
    // With `HOME=` the folder was `.config/xview`, so a cloned repository's `.config/xview/node_modules/x-provider-*` ran.
    for (const HOME of ['', '.', 'repo']) {
      const dir = userConfigDir({ HOME });
      expect(dir === undefined || isAbsolute(dir), `${HOME}: ${dir}`).toBe(true);
    }
    expect(userConfigDir({ HOME: '', XDG_CONFIG_HOME: '/c' })).toBe(join('/c', 'xview'));
  });

  it("loads the plugins of a folder that is the user's alone", async () => {
    const { home } = userFolder();
    const run = await listed(home);
    expect(run.stderr).toBe('');
    expect(run.ids).toEqual(expect.arrayContaining(['installed', 'listed']));
  });

  it.skipIf(!posix)('loads none of a folder anyone can write, and says so in one line', async () => {
    const { home, own } = userFolder();
    chmodSync(own, 0o777);
    const run = await listed(home);
    expect(run.stderr).toBe(`xview: the plugins in ${own} were not loaded: anyone can write to it; only a folder that is yours alone is trusted.\n`);
    expect(run.ids).not.toContain('installed');
    expect(run.ids).not.toContain('listed');
  });

  it.skipIf(!posix)('does not read a config.json anyone can write, and still loads the installed packages', async () => {
    const { home, own } = userFolder();
    chmodSync(join(own, 'config.json'), 0o666);
    const run = await listed(home);
    expect(run.stderr).toBe(`xview: ${join(own, 'config.json')} was not read: anyone can write to it; only a file that is yours alone is trusted.\n`);
    expect(run.ids).toContain('installed');
    expect(run.ids).not.toContain('listed');
  });

  it.skipIf(!posix)('skips an installed package, or all of node_modules, that anyone can write', async () => {
    const { home, own, pkg } = userFolder();
    chmodSync(pkg, 0o777);
    const one = await listed(home);
    expect(one.stderr).toBe(`xview: the plugins in ${pkg} were not loaded: anyone can write to it; only a folder that is yours alone is trusted.\n`);
    expect(one.ids).not.toContain('installed');
    expect(one.ids).toContain('listed');
    chmodSync(pkg, 0o755);
    chmodSync(join(own, 'node_modules'), 0o777);
    const all = await listed(home);
    expect(all.stderr).toBe(
      `xview: the plugins in ${join(own, 'node_modules')} were not loaded: anyone can write to it; only a folder that is yours alone is trusted.\n`,
    );
    expect(all.ids).not.toContain('installed');
  });

  it.skipIf(process.getuid?.() !== 0)('loads none of a folder another account owns (run as root, which can give it away)', async () => {
    const { home, own } = userFolder();
    chownSync(own, 4242, 4242);
    const run = await listed(home);
    expect(run.stderr).toBe(`xview: the plugins in ${own} were not loaded: it belongs to user 4242; only a folder that is yours alone is trusted.\n`);
    expect(run.ids).not.toContain('listed');
  });
});
