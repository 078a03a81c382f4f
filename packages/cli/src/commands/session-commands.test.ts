import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempHome, writeCodex, writeCopilot, writeOpenCodeStorage } from '../../../sessions/test/fake-home.js';
import { FIXTURES_DIR } from '../../../../tooling/fixtures.js';
import { ExitCode } from '../exit-codes.js';
import type { CliStream } from '../run-cli.js';
import { runCli } from '../run-cli.js';
import { zstdRaw } from '../../../sessions/test/zstd-raw.js';

/** Captures a stream's text and lets a test await the moment it contains something. */
class Capture implements CliStream {
  text = '';
  isTTY = false;
  private waiters: { needle: string; resolve: () => void }[] = [];
  write(chunk: string | Uint8Array): boolean {
    this.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    // biome-ignore lint/complexity/noCommaOperator: a waiter is resolved and dropped in one filter step
    this.waiters = this.waiters.filter((w) => !(this.text.includes(w.needle) && (w.resolve(), true)));
    return true;
  }
  once(): this {
    return this;
  }
  contains(needle: string): Promise<void> {
    return new Promise((resolve) => {
      if (this.text.includes(needle)) resolve();
      else this.waiters.push({ needle, resolve });
    });
  }
}

async function* none(): AsyncGenerator<Uint8Array> {}

function run(argv: string[], home: string, extra: { cwd?: string; signal?: AbortSignal } = {}) {
  const stdout = new Capture();
  const stderr = new Capture();
  const done = runCli(argv, { stdin: none(), stdout, stderr, env: {}, home, ...extra } as Parameters<typeof runCli>[1]);
  return { stdout, stderr, done };
}

const secret = 'sk-proj-Xf3kL9qPzT1vB7nM2sR8wY4cJ6hD0gA5eU_aQ-kzw1Lx';

function home(): string {
  const dir = tempHome();
  const log = writeCopilot(join(dir, '.copilot'), { id: '0d3f6a52-7b1e-4c1a-9a0e-5f2b8c9d1e20', cwd: '/work/app', prompt: `Use OPENAI_API_KEY=${secret}`, at: '2026-03-02T10:00:00.000Z' });
  const reply = { type: 'assistant.message', id: 'e5', parentId: 'e4', timestamp: '2026-03-02T10:00:30.000Z', data: { messageId: 'm5', content: `Set OPENAI_API_KEY=${secret} in .env`, toolRequests: [] } };
  appendFileSync(log, `${JSON.stringify(reply)}\n`);
  writeCodex(join(dir, '.codex'), { id: '11111111-2222-3333-4444-555555555555', cwd: '/work/lib', prompt: 'Add a test', at: '2026-03-01T10:00:00.000Z' });
  return dir;
}

describe('xview sessions', () => {
  it('lists the current directory’s project by default, every project with --all-projects', async () => {
    const dir = home();
    const here = run(['sessions'], dir, { cwd: '/work/app' });
    expect(await here.done).toBe(ExitCode.ok);
    expect(here.stdout.text).toContain('2026-03-02 10:00  copilot   0d3f6a52      1');
    expect(here.stdout.text).not.toContain('codex');
    const all = run(['sessions', '--all-projects'], dir);
    expect(await all.done).toBe(ExitCode.ok);
    expect(all.stdout.text.split('\n').filter((l) => !l.startsWith(' ') && l !== '')).toEqual(['/work/app', '/work/lib']);
  });

  it('prints JSON for scripts and filters by agent and date', async () => {
    const dir = home();
    const json = run(['sessions', '--all-projects', '--json', '--agent', 'codex', '--since', '2026-03-01'], dir);
    expect(await json.done).toBe(ExitCode.ok);
    expect(JSON.parse(json.stdout.text)).toMatchObject([{ agent: 'codex', id: '11111111-2222-3333-4444-555555555555', project: '/work/lib', tokens: 1000 }]);
  });

  it('says in one line on standard error why an OpenCode database is left out, and lists the rest', async () => {
    const dir = home();
    const db = join(dir, '.local', 'share', 'opencode', 'opencode.db');
    writeOpenCodeStorage(join(dir, '.local', 'share', 'opencode'), { id: 'ses_tree', cwd: '/work/app', prompt: 'p', at: '2026-03-03T10:00:00.000Z' });
    writeFileSync(db, 'not a database\n');
    const listed = run(['sessions', '--all-projects', '--agent', 'opencode'], dir);
    expect(await listed.done).toBe(ExitCode.ok);
    expect(listed.stdout.text).toContain('ses_tree');
    expect(listed.stderr.text).toMatch(new RegExp(`^xview: warning: OpenCode's sessions in ${db.replaceAll('/', '\\/').replaceAll('.', '\\.')} are not listed: [^\n]+\n$`));
  });

  it('says what is wrong in one line with exit code 2', async () => {
    for (const argv of [['sessions', '--agent', 'cursor'], ['sessions', '--since', 'yesterdayish'], ['sessions', '--bogus']]) {
      const bad = run(argv, home());
      expect(await bad.done).toBe(ExitCode.usage);
      expect(bad.stderr.text.split('\n').filter(Boolean)).toHaveLength(1);
      expect(bad.stderr.text).toMatch(/^xview: /);
    }
  });
});

describe('xview show', () => {
  it('renders a session by id prefix, and --redact removes the secret from every mode', async () => {
    const dir = home();
    const plain = run(['show', '0d3f6a52', '--events'], dir);
    await plain.done;
    expect(plain.stdout.text).toContain(secret);
    for (const mode of [['--events'], ['--verbose'], ['--summary']]) {
      const redacted = run(['show', '0d3f6a52', '--redact', ...mode], dir);
      expect(await redacted.done).toBe(ExitCode.ok);
      // Shown, in its place, as a marker: an empty output would contain no secret either.
      expect(redacted.stdout.text).toContain('[REDACTED:');
      expect(redacted.stdout.text).not.toContain(secret);
    }
  });

  it('fails in one line for a session that does not exist', async () => {
    const missing = run(['show', 'no-such-session'], home());
    expect(await missing.done).toBe(ExitCode.input);
    expect(missing.stderr.text).toBe('xview: no session or file "no-such-session" (xview sessions --all-projects lists the sessions on this machine).\n');
  });

  it('exits, and says why in one line, as rendering the same log file directly does: failed, cancelled, cut off', async () => {
    const cases: [string, number][] = [
      ['claude/failed-run.jsonl', ExitCode.runFailed],
      ['copilot/aborted.jsonl', ExitCode.cancelled],
      ['claude/truncated.jsonl', ExitCode.incomplete],
      ['claude/plain-answer.jsonl', ExitCode.ok],
    ];
    for (const [name, code] of cases) {
      const path = join(FIXTURES_DIR, name);
      const direct = run([path], home());
      const shown = run(['show', path], home());
      expect([name, await direct.done]).toEqual([name, code]);
      expect([name, await shown.done]).toEqual([name, code]);
      expect(shown.stderr.text).toBe(direct.stderr.text);
      expect(shown.stderr.text.split('\n').length).toBe(code === ExitCode.ok ? 1 : 2);
    }
  });

  it('--follow renders lines appended while it runs and stops on abort', async () => {
    const dir = home();
    const path = join(dir, '.copilot', 'session-state', '0d3f6a52-7b1e-4c1a-9a0e-5f2b8c9d1e20', 'events.jsonl');
    const controller = new AbortController();
    const follow = run(['show', path, '--events', '--follow'], dir, { signal: controller.signal });
    await follow.stdout.contains('"Done."');
    const line = { type: 'assistant.message', id: 'e9', parentId: 'e4', timestamp: '2026-03-02T10:01:00.000Z', data: { messageId: 'm9', content: 'A later turn.', toolRequests: [] } };
    appendFileSync(path, `${JSON.stringify(line)}\n`);
    await follow.stdout.contains('A later turn.');
    controller.abort();
    expect(await follow.done).toBe(ExitCode.ok);
  });
});

describe('xview show --follow, ended by Ctrl-C', () => {
  // Ctrl-C is how a follow ends, so the lines it could not show must be said then, as they are for a log read whole:
  // a hostile line, cut for its length or not JSON, would otherwise vanish, and --strict pass.
  it('says the lines it could not show, and fails --strict for them', async () => {
    for (const strict of [false, true]) {
      const dir = home();
      const path = join(dir, '.copilot', 'session-state', '0d3f6a52-7b1e-4c1a-9a0e-5f2b8c9d1e20', 'events.jsonl');
      const controller = new AbortController();
      const follow = run(['show', path, '--events', '--follow', '--max-line-mib', '0.001', ...(strict ? ['--strict'] : [])], dir, { signal: controller.signal });
      await follow.stdout.contains('"Done."');
      const id = strict ? 'strict' : 'plain';
      const later = { type: 'assistant.message', id: `e-${id}`, parentId: 'e4', timestamp: '2026-03-02T10:01:00.000Z', data: { messageId: `m-${id}`, content: `Later, ${id}.`, toolRequests: [] } };
      appendFileSync(path, `not json\n${'x'.repeat(4096)}\n${JSON.stringify(later)}\n`);
      await follow.stdout.contains(`Later, ${id}.`);
      controller.abort();
      expect(await follow.done).toBe(strict ? ExitCode.strict : ExitCode.ok);
      expect(follow.stderr.text).toContain(strict ? 'xview: 2 lines were malformed or of an unknown type:' : 'xview: 2 lines could not be shown');
    }
  });
});

describe('xview show, on a log that leads out of its store', () => {
  it('neither reads nor follows a session log that is a symlink to a file outside the agent’s folders', async () => {
    const dir = home();
    const sessionDir = join(dir, '.copilot', 'session-state', '0d3f6a52-7b1e-4c1a-9a0e-5f2b8c9d1e20');
    const outside = join(mkdtempSync(join(tmpdir(), 'x-outside-')), 'events.jsonl');
    renameSync(join(sessionDir, 'events.jsonl'), outside);
    symlinkSync(outside, join(sessionDir, 'events.jsonl'));
    const link = join(sessionDir, 'events.jsonl');
    for (const argv of [['show', '0d3f6a52', '--events'], ['show', '0d3f6a52', '--events', '--follow'], ['show', link, '--events'], ['show', link, '--events', '--follow']]) {
      const shown = run(argv, dir);
      const code = await shown.done;
      expect([argv.join(' '), code]).toEqual([argv.join(' '), ExitCode.input]);
      expect(shown.stdout.text).not.toContain('OPENAI_API_KEY');
      expect(shown.stderr.text.trimEnd().split('\n')).toHaveLength(1);
    }
  });
});

describe('xview show, on a compressed Codex rollout that breaks past its head', () => {
  it('says so in one line naming the file, with exit 3, not as a bug', async () => {
    // Listed from its first 256 KiB, which decompress; the rest is cut short (it exited 70, "internal error … This is a bug").
    const name = 'rollout-2026-11-28T06-57-07-01a220f1-807a-7973-9716-e5e82f00a703.jsonl';
    const recorded = readFileSync(join(FIXTURES_DIR, 'codex-log', 'recorded', '0.171.0', 'read-edit-run', '.codex', 'sessions', '2026', '11', '28', name), 'utf8');
    const [first, ...rest] = recorded.trimEnd().split('\n');
    const plain = Buffer.from(`${[first, ...Array.from({ length: 12 }, () => rest).flat()].join('\n')}\n`);
    const dir = tempHome();
    const folder = join(dir, '.codex', 'sessions', '2026', '11', '28');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `${name}.zst`), zstdRaw(plain, 1000));
    const shown = run(['show', '01a220f1', '--events'], dir);
    expect(await shown.done).toBe(ExitCode.input);
    expect(shown.stderr.text).toMatch(/^xview: \S+\.jsonl\.zst is not a zstd-compressed rollout that can be read \([^\n]*\)\.\n$/);
  });
});

describe('xview show --follow, when the log starts over', () => {
  it('says so on standard error and renders the new log from its start', async () => {
    const dir = home();
    const path = join(dir, '.copilot', 'session-state', '0d3f6a52-7b1e-4c1a-9a0e-5f2b8c9d1e20', 'events.jsonl');
    const controller = new AbortController();
    const follow = run(['show', path, '--events', '--follow'], dir, { signal: controller.signal });
    await follow.stdout.contains('"Done."');
    // Rewritten in place, longer than before: what was read is gone, and the new log is read whole.
    const first = readFileSync(path, 'utf8').split('\n')[0];
    const line = { type: 'assistant.message', id: 'e9', parentId: 'e1', timestamp: '2026-03-02T10:01:00.000Z', data: { messageId: 'm9', content: 'Rewritten turn.', toolRequests: [] } };
    writeFileSync(path, `${first}\n${JSON.stringify(line)}\n${' '.repeat(4096)}\n`);
    await follow.stdout.contains('Rewritten turn.');
    await follow.stderr.contains('reading it again from the start');
    expect(follow.stderr.text).toMatch(/^xview: .*events\.jsonl was (rewritten|truncated); reading it again from the start\.\n/);
    controller.abort();
    expect(await follow.done).toBe(ExitCode.ok);
  });
});

describe('xview site', () => {
  it('writes an index and a page per session, redacted when asked', async () => {
    const dir = home();
    const out = join(tempHome(), 'site');
    const site = run(['site', out, '--redact', '--agent', 'copilot'], dir);
    expect(await site.done).toBe(ExitCode.ok);
    expect(site.stderr.text).toContain('1 session, 1 page written, 0 unchanged.');
    const page = join(out, 'sessions', 'copilot-0d3f6a52-7b1e-4c1a-9a0e-5f2b8c9d1e20.html');
    expect(existsSync(page)).toBe(true);
    expect(readFileSync(page, 'utf8')).not.toContain(secret);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).not.toContain(secret);
  });

  it('renders an OpenCode session whose export is longer than a line may be, as the document opencode export prints', async () => {
    const dir = tempHome();
    const data = join(dir, '.local', 'share', 'opencode');
    writeOpenCodeStorage(data, { id: 'ses_long', cwd: '/work/long', prompt: 'Read the big files', at: '2026-03-04T10:00:00.000Z' });
    // Three tool-sized text parts of 6 MiB: 18 MiB on one line, past the 16 MiB line limit; each part file is under the store's 16 MiB.
    for (const n of [3, 4, 5]) {
      const part = { id: `prt_000${n}`, sessionID: 'ses_long', messageID: 'msg_0002', type: 'text', text: `part ${n} ${'x'.repeat(6 * 1024 * 1024)}` };
      writeFileSync(join(data, 'storage', 'part', 'msg_0002', `prt_000${n}.json`), JSON.stringify(part));
    }
    const out = join(tempHome(), 'site');
    const site = run(['site', out, '--agent', 'opencode'], dir);
    expect(await site.done).toBe(ExitCode.ok);
    const page = readFileSync(join(out, 'sessions', 'opencode-ses_long.html'), 'utf8');
    for (const n of [3, 4, 5]) expect(page).toContain(`part ${n} xxx`);
  });
});
