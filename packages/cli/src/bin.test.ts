// The built binary as a process: live streaming, a reader that goes away,
// exit codes. Needs `pnpm build` (turbo runs it before this package's tests).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../tooling/fixtures.js';
import { get } from '../../serve/test/http.js';

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'bin.cjs');
const built = existsSync(bin);

describe.skipIf(!built)('xview binary', () => {
  it('renders text live, before its input has ended', async () => {
    const child = spawn(process.execPath, [bin], { stdio: ['pipe', 'pipe', 'pipe'] });
    const lines = readFileSync(join(FIXTURES_DIR, 'claude/parity-read-readme.jsonl'), 'utf8').split('\n');
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
    });
    // Everything up to the first assistant text, then wait: the text must show while stdin is still open.
    const firstText = lines.findIndex((line) => line.includes('"type":"text"'));
    child.stdin.write(`${lines.slice(0, firstText + 1).join('\n')}\n`);
    const deadline = Date.now() + 10_000;
    while (!out.includes("I'll read README.md.") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(out).toContain("I'll read README.md.");
    child.stdin.end(`${lines.slice(firstText + 1).join('\n')}`);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(out).toContain('README.md has 42 lines.');
  });

  it('exits quietly with status 0 when the reader goes away (| head -1)', () => {
    const result = spawnSync('bash', ['-c', `set -o pipefail; node ${JSON.stringify(bin)} ${JSON.stringify(join(FIXTURES_DIR, 'claude/long-run.jsonl'))} | head -1`], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    const firstLine = readFileSync(join(FIXTURES_DIR, 'claude/long-run.output.txt'), 'utf8').split('\n')[0];
    expect(result.stdout).toBe(`${firstLine}\n`);
    expect(result.stderr).toBe('');
  });

  it('prints no stack trace for a user mistake', () => {
    const result = spawnSync(process.execPath, [bin, 'missing.jsonl'], { encoding: 'utf8' });
    expect(result.status).toBe(3);
    expect(result.stderr).toBe('xview: cannot read missing.jsonl: no such file. Check the path, or pipe the agent\'s output in instead.\n');
  });

  it('reports a full disk on standard output in one line with exit 7', () => {
    const result = spawnSync('bash', ['-c', `node ${JSON.stringify(bin)} ${JSON.stringify(join(FIXTURES_DIR, 'claude/long-run.jsonl'))} > /dev/full`], { encoding: 'utf8' });
    expect(result.status).toBe(7);
    expect(result.stderr).toBe('xview: cannot write to standard output: no space left on the device.\n');
  });

  // Node's recursive mkdir loops for ever when asked for a folder under /proc: site makes its folders itself.
  it.skipIf(!existsSync('/proc/self'))(
    'fails in one line with exit 7 for a site folder under /proc, instead of spinning',
    () => {
      const home = mkdtempSync(join(tmpdir(), 'xview-bin-'));
      const out = `/proc/xview-no-such-${process.pid}/y`;
      // The bound only stops a hung run: it fails the test (no status) rather than holding the suite.
      const result = spawnSync(process.execPath, [bin, 'site', out], { encoding: 'utf8', env: { PATH: process.env.PATH, HOME: home }, timeout: 60_000 });
      expect(result.status).toBe(7);
      expect(result.stderr).toBe(`xview: cannot write the site in ${out}: no such file or directory.\n`);
    },
    70_000,
  );

  it('serve tells on standard error in one line why a store left sessions out, and shows it on the list page', async () => {
    const home = mkdtempSync(join(tmpdir(), 'xview-bin-'));
    const db = join(home, '.local', 'share', 'opencode', 'opencode.db');
    mkdirSync(dirname(db), { recursive: true });
    writeFileSync(db, 'not a database\n');
    const child = spawn(process.execPath, [bin, 'serve', '--no-search'], { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH, HOME: home } });
    const out = { stdout: '', stderr: '' };
    child.stdout.on('data', (chunk: Buffer) => {
      out.stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      out.stderr += chunk.toString('utf8');
    });
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    // Waits for the address line; the bound only keeps a broken start from holding the suite.
    const deadline = Date.now() + 90_000;
    while (!out.stdout.includes('\n') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const url = new URL(out.stdout.split('\n')[0] ?? '');
    const entry = await get(url.origin, `${url.pathname}${url.search}`);
    const cookie = String(entry.headers['set-cookie']).split(';')[0] ?? '';
    const list = await get(url.origin, String(entry.headers.location), { cookie });
    child.kill('SIGTERM');
    expect(await closed).toBe(0);
    // The error after the colon is SQLite's (sql.js or node:sqlite, by Node's version).
    const said = `OpenCode's sessions in ${db} are not listed: `;
    expect(list.body).toContain(`<p class="notice warning x-store-warning">${said.replace("'", '&#39;')}`);
    expect(out.stderr.startsWith(`xview: warning: ${said}`)).toBe(true);
    expect(out.stderr.split('\n')).toHaveLength(2);
  }, 120_000);

  it('on SIGINT renders what was read, closes the page with a note, and exits 130', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xview-bin-'));
    const page = join(dir, 'run.html');
    const child = spawn(process.execPath, [bin, '--html', page], { stdio: ['pipe', 'pipe', 'pipe'] });
    const lines = readFileSync(join(FIXTURES_DIR, 'claude/read-edit-run.jsonl'), 'utf8').split('\n');
    child.stdin.write(`${lines.slice(0, 3).join('\n')}\n`);
    // Wait until the lines were read and the temporary page is being written, then interrupt. The wait ends as soon as
    // the page is there; its bound is long because a loaded machine took over 10 s to start xview, and an interrupt
    // that comes before xview has its handler kills it (no exit code).
    const deadline = Date.now() + 90_000;
    while (readdirSync(dir).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 200));
    child.kill('SIGINT');
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(130);
    expect(stderr).toBe('xview: interrupted (SIGINT): the page shows what was read until then.\n');
    const html = readFileSync(page, 'utf8');
    expect(html).toContain('xview was interrupted before its input ended');
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    expect(readdirSync(dir)).toEqual(['run.html']);
  });

  it('acp refuses to record into standard input it read the prompt from, leaving the prompt file as it was', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xview-acp-record-'));
    const prompt = join(dir, 'prompt.txt');
    writeFileSync(prompt, 'fix greet.txt\n');
    const agent = join(dirname(fileURLToPath(import.meta.url)), '..', 'test', 'acp', 'scripted-agent.mjs');
    const script = `node ${JSON.stringify(bin)} acp --record /dev/stdin -- ${JSON.stringify(process.execPath)} ${JSON.stringify(agent)} < ${JSON.stringify(prompt)}`;
    const result = spawnSync('bash', ['-c', script], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--record /dev/stdin is also an input');
    expect(readFileSync(prompt, 'utf8')).toBe('fix greet.txt\n');
  });
});
