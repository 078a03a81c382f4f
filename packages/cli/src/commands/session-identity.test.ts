// Logs that share a session id (a Claude sidechain carries its parent's id, a
// copied log keeps it) are told apart by path: listed with a key each, refused
// by `show` with the candidates when the id alone is ambiguous, and given a
// page each by `site`. The id is hostile, so every line is checked through the gate.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { neutralizeForTerminal } from '@x/renderer-terminal/sanitize';
import { ExitCode } from '../exit-codes.js';
import { runCli } from '../run-cli.js';
import { CLAUDE_ID, Capture, firstRaw, hostileHome } from './hostile-home.js';

async function* none(): AsyncGenerator<Uint8Array> {}

const { home, claudeLog } = hostileHome();
// A copy under its own name in another project folder: a transcript's id is its file name's.
const copy = join(home, '.claude', 'projects', '-backup', basename(claudeLog));
mkdirSync(join(home, '.claude', 'projects', '-backup'), { recursive: true });
copyFileSync(claudeLog, copy);
const hash = (path: string) => createHash('sha256').update(path).digest('hex').slice(0, 8);

async function run(argv: string[]) {
  const stdout = new Capture();
  const stderr = new Capture();
  const io = { stdin: none(), stdout, stderr, env: {}, home, cwd: '/nowhere' };
  const code = await runCli(argv, io as Parameters<typeof runCli>[1]);
  return { code, stdout: stdout.text, stderr: stderr.text };
}

describe('logs that share a hostile session id', () => {
  it('are listed with a key each, through the gate', async () => {
    const result = await run(['sessions', '--all-projects']);
    expect(result.code).toBe(ExitCode.ok);
    expect(firstRaw(result.stdout)).toBeUndefined();
    for (const path of [claudeLog, copy]) expect(result.stdout).toContain(neutralizeForTerminal(`${CLAUDE_ID.slice(0, 8)}@${hash(path)}`));
    const json = JSON.parse((await run(['sessions', '--all-projects', '--json'])).stdout) as { key: string; path: string }[];
    expect(
      json
        .filter((s) => s.key.startsWith(CLAUDE_ID))
        .map((s) => [s.key, s.path])
        .sort(),
    ).toEqual(
      [
        [`${CLAUDE_ID}@${hash(claudeLog)}`, claudeLog],
        [`${CLAUDE_ID}@${hash(copy)}`, copy],
      ].sort(),
    );
  });

  it('make show refuse the id in one line naming each key and path, and take a key', async () => {
    const refused = await run(['show', CLAUDE_ID]);
    expect(refused.code).toBe(ExitCode.usage);
    expect(refused.stdout).toBe('');
    expect(refused.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(firstRaw(refused.stderr)).toBeUndefined();
    for (const path of [claudeLog, copy]) expect(refused.stderr).toContain(neutralizeForTerminal(`claude ${CLAUDE_ID}@${hash(path)} (${path})`));
    const picked = await run(['show', `${CLAUDE_ID.slice(0, 4)}@${hash(copy)}`, '--events']);
    expect(picked.code).toBe(ExitCode.ok);
    expect(picked.stdout).toContain('"kind":"prompt"');
  });

  it('get a page each from site', async () => {
    const out = mkdtempSync(join(tmpdir(), 'xview-site-'));
    const result = await run(['site', out, '--agent', 'claude']);
    expect(result.code).toBe(ExitCode.ok);
    expect(result.stderr).toContain('2 sessions, 2 pages written, 0 unchanged.');
    expect(readdirSync(join(out, 'sessions'))).toHaveLength(2);
  });
});
