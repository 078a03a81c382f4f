// Plugins as a user installs them: examples/provider-qwen (x-provider-qwen,
// which brings a session store) and examples/renderer-plugin
// (x-renderer-markdown) packed with `pnpm pack` beside @x/core, installed with
// npm from those tarballs into a folder outside the repository, and loaded by
// the installed xview: named with --plugin, and found by their names in the
// user's xview folder.
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QWEN_EDIT_VERBOSE, QWEN_SESSIONS, qwenHome, qwenRow } from '../../test/qwen-home.js';
import { ExitCode } from '../exit-codes.js';
import { npmInstall, outsideRepository, packTarball, type RunPlace, runInstalled } from './installed-xview.js';

const PACKED = ['packages/core', 'examples/provider-qwen', 'examples/renderer-plugin'];

/**
 * A home with Qwen Code's recorded logs, and as its user's xview folder
 * (`$XDG_CONFIG_HOME/xview`) a project where npm installed the tarballs: the
 * runs' working folder, so `--plugin x-provider-qwen` names the package.
 */
function install(): RunPlace & { cwd: string; folder: string; work: string } {
  const work = outsideRepository('x-installed-plugins-');
  const tarballs = PACKED.map((dir) => packTarball(dir, join(work, 'tarballs')));
  const folder = join(work, 'config', 'xview');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'package.json'), `${JSON.stringify({ name: 'xview-plugins', private: true }, null, 2)}\n`);
  npmInstall(folder, tarballs);
  return { home: qwenHome('plain-answer', 'read-edit-run'), cwd: folder, folder, work, env: { XDG_CONFIG_HOME: join(work, 'config'), NO_COLOR: '1' } };
}

let place: ReturnType<typeof install>;

beforeAll(() => {
  place = install();
}, 600_000);

afterAll(() => {
  for (const dir of [place?.work, place?.home]) if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

const MARKDOWN = [
  `## Session \`${QWEN_SESSIONS.plain}\``,
  '',
  '- Directory: `/home/lab/project`',
  '',
  '**You:** What is 6 times 7?',
  '',
  'It is **42**.',
  '',
  '**Run success** · 6.0 s',
  '',
  '**Tokens:** 1801 in · 31 out · 1200 cached',
  '',
].join('\n');

describe('plugins installed from packed tarballs, in the installed xview', () => {
  it('xview sessions lists the sessions of the store x-provider-qwen brings: named with --plugin (a package, a path) or found in the xview folder', async () => {
    const rows = `${JSON.stringify([qwenRow(place.home, 'edit'), qwenRow(place.home, 'plain')], null, 2)}\n`;
    for (const plugin of [['--plugin', 'x-provider-qwen'], ['--plugin', join(place.folder, 'node_modules', 'x-provider-qwen')], []]) {
      const listed = await runInstalled(['sessions', ...plugin, '--agent', 'qwen', '--all-projects', '--json'], place);
      expect({ plugin, status: listed.status, stdout: listed.stdout, stderr: listed.stderr }).toEqual({ plugin, status: ExitCode.ok, stdout: rows, stderr: '' });
    }
  });

  it('xview --list-providers names the plugins’ source, store and renderer with the package each came from', async () => {
    const listed = await runInstalled(['--list-providers'], place);
    expect([listed.status, listed.stderr]).toEqual([ExitCode.ok, '']);
    expect(listed.stdout).toMatch(/^qwen-log +Qwen Code session log \(streaming\) +x-provider-qwen$/m);
    expect(listed.stdout).toMatch(/^qwen +Qwen Code \(session store, xview sessions --agent qwen\) +x-provider-qwen$/m);
    expect(listed.stdout).toMatch(/^markdown +Markdown \(renderer, --renderer markdown\) +x-renderer-markdown$/m);
  });

  it('xview show renders a session of the plugin’s store with its log source, and with the markdown renderer plugin', async () => {
    const show = async (...argv: string[]) => {
      const { status, stdout, stderr } = await runInstalled(['show', '--plugin', 'x-provider-qwen', ...argv], place);
      return { status, stdout, stderr };
    };
    expect(await show(QWEN_SESSIONS.plain)).toEqual({ status: ExitCode.ok, stdout: 'It is **42**.\n', stderr: '' });
    expect(await show('--verbose', '3050525d')).toEqual({ status: ExitCode.ok, stdout: QWEN_EDIT_VERBOSE, stderr: '' });
    expect(await show('--plugin', 'x-renderer-markdown', '--renderer', 'markdown', 'cebb297e')).toEqual({ status: ExitCode.ok, stdout: MARKDOWN, stderr: '' });
  });

  it('xview site renders the plugin’s sessions on its worker threads, which load the same plugins', async () => {
    const out = join(place.home, 'site');
    const site = await runInstalled(['site', out, '--plugin', 'x-provider-qwen', '--agent', 'qwen'], place);
    expect({ status: site.status, stdout: site.stdout, stderr: site.stderr }).toEqual({
      status: ExitCode.ok,
      stdout: '',
      stderr: `xview: ${join(out, 'index.html')}: 2 sessions, 2 pages written, 0 unchanged.\n`,
    });
    const pages = readdirSync(join(out, 'sessions')).map((name) => readFileSync(join(out, 'sessions', name), 'utf8'));
    expect(pages.filter((page) => page.includes('It is <strong>42</strong>.'))).toHaveLength(1);
    expect(pages.filter((page) => page.includes('Fixed: <code>Helo</code> is now <code>Hello</code>.'))).toHaveLength(1);
  });
});
