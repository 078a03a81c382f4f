// `xview sessions` shortens each id to the start that tells it apart from the
// others listed: ids made in the same minute as UUIDv7 (Codex 0.113's threads,
// fixtures/codex-log/recorded/0.113.0) share their first 8 characters, and a
// column of the same 8 characters would name no session for `xview show`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { put, writeCodex } from '../../../sessions/test/fake-home.js';
import { ExitCode } from '../exit-codes.js';
import { runCli } from '../run-cli.js';
import { Capture } from './hostile-home.js';

async function* none(): AsyncGenerator<Uint8Array> {}

const home = mkdtempSync(join(tmpdir(), 'x-short-ids-'));
// Two threads of one minute (their first 48 bits are the time they were made), and one of another day.
const FIRST = '019a2285-f1c2-7a10-9b2e-3c4d5e6f7a81';
const SECOND = '019a2285-f3d9-7b44-8c11-0a1b2c3d4e5f';
const OTHER = '0199e0aa-1111-7222-8333-444455556666';
writeCodex(join(home, '.codex'), { id: FIRST, cwd: '/work/app', prompt: 'First prompt', at: '2026-11-20T10:00:00.000Z' });
writeCodex(join(home, '.codex'), { id: SECOND, cwd: '/work/app', prompt: 'Second prompt', at: '2026-11-20T10:00:30.000Z' });
writeCodex(join(home, '.codex'), { id: OTHER, cwd: '/work/app', prompt: 'Other prompt', at: '2026-11-19T09:00:00.000Z' });
afterAll(() => rmSync(home, { recursive: true, force: true }));

async function run(argv: string[]) {
  const stdout = new Capture();
  const stderr = new Capture();
  const io = { stdin: none(), stdout, stderr, env: {}, home, cwd: '/work/app' };
  const code = await runCli(argv, io as Parameters<typeof runCli>[1]);
  return { code, stdout: stdout.text, stderr: stderr.text };
}

describe('xview sessions, ids that share their start', () => {
  it('shows each as far as it differs from the others listed, and at least 8 characters', async () => {
    const listed = await run(['sessions']);
    expect([listed.code, listed.stderr]).toEqual([ExitCode.ok, '']);
    const idColumn = listed.stdout
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(/\s{2,}/)[2]);
    expect(idColumn).toEqual(['019a2285-f3', '019a2285-f1', '0199e0aa']);
  });

  it('each shown start picks its session in xview show', async () => {
    for (const [start, prompt] of [
      ['019a2285-f1', 'First prompt'],
      ['019a2285-f3', 'Second prompt'],
    ]) {
      const shown = await run(['show', start as string, '--events']);
      expect([shown.code, shown.stderr]).toEqual([ExitCode.ok, '']);
      expect(shown.stdout).toContain(prompt);
    }
    const shared = await run(['show', '019a2285']);
    expect(shared.code).not.toBe(ExitCode.ok);
    expect(shared.stderr).toContain('"019a2285" matches 2 sessions');
  });
});

describe('xview sessions, planted ids that share a long start', () => {
  // Each id is shown as far as it differs, and every row is padded to the widest: two logs whose ids (a Codex id is
  // the log's to write) share 5,000 characters made every row of the listing 5,000 characters wide, and ids of a
  // megabyte each made ten thousand sessions ten gigabytes of output, built in memory first.
  it('shows no id past 40 characters, and pads no row past that', async () => {
    const planted = mkdtempSync(join(tmpdir(), 'x-long-ids-'));
    try {
      writeCodex(join(planted, '.codex'), { id: OTHER, cwd: '/work/app', prompt: 'Other prompt', at: '2026-11-19T09:00:00.000Z' });
      for (const [n, end] of [
        [1, 'a'],
        [2, 'b'],
      ] as const) {
        const meta = { timestamp: '2026-11-20T10:00:00.000Z', type: 'session_meta', payload: { id: `${'x'.repeat(5000)}${end}`, cwd: '/work/app' } };
        const prompt = { timestamp: '2026-11-20T10:00:00.000Z', type: 'event_msg', payload: { type: 'user_message', message: `Planted ${end}` } };
        put(
          join(planted, '.codex', 'sessions', '2026', '11', '20', `rollout-2026-11-20T10-00-0${n}-planted.jsonl`),
          `${JSON.stringify(meta)}\n${JSON.stringify(prompt)}\n`,
        );
      }
      const stdout = new Capture();
      const stderr = new Capture();
      const io = { stdin: none(), stdout, stderr, env: {}, home: planted, cwd: '/work/app' };
      expect(await runCli(['sessions'], io as Parameters<typeof runCli>[1])).toBe(ExitCode.ok);
      const lines = stdout.text.trim().split('\n');
      expect(lines.map((line) => line.split(/\s{2,}/)[2])).toEqual(['id', 'x'.repeat(40), 'x'.repeat(40), '0199e0aa']);
      expect(Math.max(...lines.map((line) => line.length))).toBeLessThan(200);
    } finally {
      rmSync(planted, { recursive: true, force: true });
    }
  });
});
