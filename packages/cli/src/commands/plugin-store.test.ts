// The session commands with a store a plugin brings: examples/provider-qwen
// (x-provider-qwen, built) named with --plugin, over a home that holds
// Qwen Code's recorded session logs, as it keeps them (~/.qwen/projects).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeCodex } from '../../../sessions/test/fake-home.js';
import { get } from '../../../serve/test/http.js';
import { QWEN_EDIT_VERBOSE, QWEN_PLUGIN as QWEN, QWEN_SESSIONS, qwenHome, qwenRow } from '../../test/qwen-home.js';
import { ExitCode } from '../exit-codes.js';
import { runCli } from '../run-cli.js';
import { Capture } from '../../test/capture.js';

async function* none(): AsyncGenerator<Uint8Array> {}

async function run(argv: string[], home: string) {
  const stdout = new Capture();
  const stderr = new Capture();
  const env = { XDG_CONFIG_HOME: join(home, '.config'), NO_COLOR: '1' };
  const code = await runCli(argv, { stdin: none(), stdout, stderr, env, home, cwd: home } as Parameters<typeof runCli>[1]);
  return { code, stdout: stdout.text, stderr: stderr.text };
}

const PLAIN = QWEN_SESSIONS.plain;

describe('the session commands with a plugin’s store (x-provider-qwen)', () => {
  it('xview sessions lists the plugin’s sessions beside the built-in agents’, and --agent qwen is accepted', async () => {
    const home = qwenHome('plain-answer', 'read-edit-run');
    writeCodex(join(home, '.codex'), { id: '11111111-2222-3333-4444-555555555555', cwd: '/work/lib', prompt: 'Add a test', at: '2026-03-01T10:00:00.000Z' });
    expect(await run(['sessions', '--plugin', QWEN, '--all-projects'], home)).toEqual({
      code: ExitCode.ok,
      stdout: [
        '  when              agent     id        turns       tokens      cost  title',
        '/home/lab/project',
        '  2026-11-29 02:42  qwen      3050525d      1        7,340            Fix the typo in src/greet.ts and show me the file.',
        '  2026-11-29 02:42  qwen      cebb297e      1        1,832            What is 6 times 7?',
        '/work/lib',
        '  2026-03-01 10:00  codex     11111111      1        1,000            Add a test',
        '',
      ].join('\n'),
      stderr: '',
    });
    const json = await run(['sessions', '--plugin', QWEN, '--agent', 'qwen', '--all-projects', '--json'], home);
    expect(json.code).toBe(ExitCode.ok);
    expect(JSON.parse(json.stdout)).toEqual([qwenRow(home, 'edit'), qwenRow(home, 'plain')]);
    // Without the plugin, qwen is no agent of xview's: one line, exit 2.
    expect(await run(['sessions', '--agent', 'qwen'], home)).toEqual({
      code: ExitCode.usage,
      stdout: '',
      stderr: 'xview: unknown agent "qwen". Choose one of: claude, codex, gemini, opencode, copilot.\n',
    });
  });

  it('xview show renders a plugin’s session by id prefix with its log source', async () => {
    const home = qwenHome('plain-answer', 'read-edit-run');
    expect(await run(['show', '--plugin', QWEN, 'cebb297e'], home)).toEqual({ code: ExitCode.ok, stdout: 'It is **42**.\n', stderr: '' });
    expect(await run(['show', '--plugin', QWEN, '--verbose', '3050525d'], home)).toEqual({ code: ExitCode.ok, stdout: QWEN_EDIT_VERBOSE, stderr: '' });
    const html = await run(['show', '--plugin', QWEN, '--html', '-', PLAIN], home);
    expect(html.code).toBe(ExitCode.ok);
    expect(html.stdout).toContain(`<title>qwen session ${PLAIN}</title>`);
  });

  it('xview site writes a page for each of the plugin’s sessions', async () => {
    const home = qwenHome('plain-answer');
    const out = join(home, 'site');
    expect(await run(['site', out, '--plugin', QWEN, '--agent', 'qwen'], home)).toEqual({
      code: ExitCode.ok,
      stdout: '',
      stderr: `xview: ${join(out, 'index.html')}: 1 session, 1 page written, 0 unchanged.\n`,
    });
    const pages = readdirSync(join(out, 'sessions'));
    expect(pages).toHaveLength(1);
    const page = readFileSync(join(out, 'sessions', pages[0] as string), 'utf8');
    expect(page).toContain('What is 6 times 7?');
    expect(page).toContain('It is <strong>42</strong>.');
  });

  it('xview serve lists and serves the plugin’s sessions', async () => {
    const home = qwenHome('plain-answer');
    const stdout = new Capture();
    const stderr = new Capture();
    const controller = new AbortController();
    const env = { XDG_CONFIG_HOME: join(home, '.config') };
    const done = runCli(['serve', '--no-search', '--plugin', QWEN], { stdin: none(), stdout, stderr, env, home, cwd: home, signal: controller.signal } as Parameters<typeof runCli>[1]);
    while (!stdout.text.includes('\n')) await new Promise((resolve) => setTimeout(resolve, 20));
    const url = new URL(stdout.text.trim());
    const first = await get(url.origin, `/?token=${url.searchParams.get('token')}`);
    const cookie = String(first.headers['set-cookie']).split(';')[0] ?? '';
    const base = String(first.headers.location).replace(/\/$/, '');
    expect((await get(url.origin, `${base}/`, { cookie })).body).toContain(`${base}/s/${PLAIN}`);
    const page = await get(url.origin, `${base}/s/${PLAIN}`, { cookie });
    expect([page.status, page.body.includes('It is <strong>42</strong>.')]).toEqual([200, true]);
    controller.abort();
    expect(await done).toBe(ExitCode.ok);
    expect(stderr.text).toBe('');
  });

  it('each session command’s --help lists --plugin', async () => {
    const home = qwenHome();
    for (const command of ['sessions', 'show', 'site', 'serve']) {
      const help = await run([command, '--help'], home);
      expect([command, help.code]).toEqual([command, ExitCode.ok]);
      expect(help.stdout).toMatch(/^ {2}(?: {4})?--plugin <module> /m);
    }
  });
});
