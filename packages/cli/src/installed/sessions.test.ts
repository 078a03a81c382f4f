// The installed xview's session commands (`sessions`, `show`, `show --follow`,
// `site`, `--redact`) over a home directory that holds sessions of all five
// agents: they work as the sources do. `xview site` once failed here only
// (exit 70, "__xview_import is not defined") while every test of the sources passed.
import { execFileSync } from 'node:child_process';
import { appendFileSync, copyFileSync, cpSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { put, writeClaude, writeCodex, writeCopilot, writeGemini, writeOpenCodeStorage } from '../../../sessions/test/fake-home.js';
import { FIXTURES_DIR } from '../../../../tooling/fixtures.js';
import { ExitCode } from '../exit-codes.js';
import { type RunPlace, runInstalled, runSources, sameTime, startInstalled, warmPlace } from './installed-xview.js';

const SECRET = 'ghp_4Xf3kL9qPzT1vB7nM2sR8wY4cJ6hD0gA5eU1';

const IDS = {
  claude: '7c0a1f4e-1d52-4a8e-9a43-0f6d2b7e9c11',
  codex: '11111111-2222-3333-4444-555555555555',
  gemini: '3f2b9e1c-aaaa-4bbb-8ccc-dddddddddddd',
  opencode: 'ses_6a1b2c3d4e5f',
  copilot: '0d3f6a52-7b1e-4c1a-9a0e-5f2b8c9d1e20',
} as const;

/** A home with a session of each agent (and a recorded Claude log with tool calls beside them). */
function fiveAgentHome(): RunPlace & { cwd: string } {
  const place = warmPlace();
  const home = place.home;
  const at = (minute: number) => `2026-03-02T10:0${minute}:00.000Z`;
  writeClaude(join(home, '.claude'), { id: IDS.claude, cwd: '/work/app', prompt: `Deploy with GITHUB_TOKEN=${SECRET}`, at: at(1) });
  writeCodex(join(home, '.codex'), { id: IDS.codex, cwd: '/work/app', prompt: 'Add a test', at: at(2) });
  writeGemini(home, 'a1b2c3', { id: IDS.gemini, cwd: '/work/app', prompt: 'Explain src/', at: at(3) });
  writeOpenCodeStorage(join(home, '.local', 'share', 'opencode'), { id: IDS.opencode, cwd: '/work/app', prompt: 'Rename a file', at: at(4) });
  writeCopilot(join(home, '.copilot'), { id: IDS.copilot, cwd: '/work/app', prompt: 'Fix the build', at: at(5) });
  const recorded = join(home, '.claude', 'projects', '-work-demo');
  mkdirSync(recorded, { recursive: true });
  copyFileSync(join(FIXTURES_DIR, 'claude-log', 'crud.jsonl'), join(recorded, 'crud.jsonl'));
  return place;
}

describe('the installed xview sessions', () => {
  it('lists every agent’s sessions as the sources do, as a table and as JSON', async () => {
    const place = fiveAgentHome();
    for (const argv of [
      ['sessions', '--all-projects'],
      ['sessions', '--all-projects', '--json'],
      ['sessions', '--agent', 'gemini', '--all-projects'],
    ]) {
      const installed = await runInstalled(argv, place);
      const sources = await runSources(argv, place);
      expect([argv, installed.status]).toEqual([argv, ExitCode.ok]);
      expect(installed.stdout).toBe(sources.stdout);
      expect(installed.stderr).toBe(sources.stderr);
    }
    const rows = JSON.parse((await runInstalled(['sessions', '--all-projects', '--json'], place)).stdout) as { agent: string }[];
    expect(new Set(rows.map((row) => row.agent))).toEqual(new Set(['claude', 'codex', 'gemini', 'opencode', 'copilot']));
  });

  it('keeps a secret in a working directory out of the titles, projects and paths with --redact', async () => {
    const place = warmPlace();
    // Claude's folder for this project is `-work-GITHUB-TOKEN-ghp_…`: the secret after a hyphen.
    writeClaude(join(place.home, '.claude'), { id: IDS.claude, cwd: `/work/GITHUB_TOKEN=${SECRET}`, prompt: `use ${SECRET}`, at: '2026-03-02T10:01:00.000Z' });
    for (const argv of [
      ['sessions', '--all-projects', '--redact'],
      ['sessions', '--all-projects', '--redact', '--json'],
    ]) {
      const run = await runInstalled(argv, place);
      expect([argv, run.status, run.stdout.includes(SECRET)]).toEqual([argv, ExitCode.ok, false]);
      expect(run.stdout).toContain('[REDACTED:github-token]');
    }
  });
});

describe('the installed xview show', () => {
  const MODES: readonly (readonly string[])[] = [[], ['--verbose'], ['--events'], ['--summary'], ['--html', '-'], ['--redact', '--events']];

  it.each(Object.entries(IDS))('renders the %s session in every mode as the sources do', async (_agent, id) => {
    const place = fiveAgentHome();
    for (const mode of MODES) {
      const [installed, sources] = await Promise.all([runInstalled(['show', id, ...mode], place), runSources(['show', id, ...mode], place)]);
      expect([mode, installed.status]).toEqual([mode, sources.status]);
      expect(sameTime(installed.stdout)).toBe(sameTime(sources.stdout));
      expect(installed.stderr).toBe(sources.stderr);
      expect([mode, installed.stdout.length > 0]).toEqual([mode, true]);
    }
  });

  it('removes a secret with --redact, and fails in one line for a session that does not exist', async () => {
    const place = fiveAgentHome();
    expect((await runInstalled(['show', IDS.claude, '--events'], place)).stdout).toContain(SECRET);
    const redacted = await runInstalled(['show', IDS.claude, '--events', '--redact'], place);
    expect(redacted.status).toBe(ExitCode.ok);
    expect(redacted.stdout).toContain('[REDACTED:');
    expect(redacted.stdout).not.toContain(SECRET);
    const missing = await runInstalled(['show', 'no-such-session'], place);
    expect(missing.status).toBe(ExitCode.input);
    expect(missing.stderr.split('\n')).toHaveLength(2);
  });

  it('lists and shows a Codex rollout compressed by Codex (.jsonl.zst) as its plain form', async () => {
    const name = 'rollout-2026-11-28T06-57-07-01a220f1-807a-7973-9716-e5e82f00a703.jsonl';
    const plain = join(FIXTURES_DIR, 'codex-log', 'recorded', '0.171.0', 'read-edit-run', '.codex', 'sessions', '2026', '11', '28', name);
    const compressedPlace = warmPlace();
    mkdirSync(join(compressedPlace.home, '.codex', 'sessions', '2026', '11', '28'), { recursive: true });
    copyFileSync(join(FIXTURES_DIR, 'codex-log', 'compressed', `${name}.zst`), join(compressedPlace.home, '.codex', 'sessions', '2026', '11', '28', `${name}.zst`));
    const plainPlace = warmPlace();
    mkdirSync(join(plainPlace.home, '.codex', 'sessions', '2026', '11', '28'), { recursive: true });
    copyFileSync(plain, join(plainPlace.home, '.codex', 'sessions', '2026', '11', '28', name));
    const listing = (text: string) => text.replace(/^ {2}\S+ \S+ {2}/gm, '  <when>  ');
    const compressed = await runInstalled(['sessions', '--all-projects'], compressedPlace);
    expect([compressed.status, listing(compressed.stdout)]).toEqual([ExitCode.ok, listing((await runInstalled(['sessions', '--all-projects'], plainPlace)).stdout)]);
    expect(compressed.stdout).toContain('01a220f1');
    for (const mode of [['--verbose'], ['--summary', '--json']]) {
      const shown = await runInstalled(['show', '01a220f1', ...mode], compressedPlace);
      const fromPlain = await runInstalled(['show', '01a220f1', ...mode], plainPlace);
      const same = (text: string, home: string) => text.replaceAll(`${name}.zst`, name).replaceAll(home, '<home>');
      expect([shown.status, same(shown.stdout, compressedPlace.home)]).toEqual([fromPlain.status, same(fromPlain.stdout, plainPlace.home)]);
    }
  });

  it('refuses a word that names a file in the current folder as well as a session, and shows either when asked plainly', async () => {
    const place = fiveAgentHome();
    // A cloned repository's file named as a session's id prefix: shown in the session's place, it would pass for it.
    put(join(place.cwd, '0d3f6a52'), `${readFileSync(join(FIXTURES_DIR, 'claude-log', 'crud.jsonl'), 'utf8')}`);
    const both = await runInstalled(['show', '0d3f6a52', '--events'], place);
    expect([both.status, both.stdout, both.stderr]).toEqual([
      ExitCode.usage,
      '',
      `xview: "0d3f6a52" names both the file ./0d3f6a52 and the session ${IDS.copilot}: write ./0d3f6a52 for the file, or more of the id.\n`,
    ]);
    expect((await runInstalled(['show', './0d3f6a52', '--summary', '--json'], place)).stdout).toContain('"provider": "claude-log"');
    expect((await runInstalled(['show', IDS.copilot, '--summary', '--json'], place)).stdout).toContain('"provider": "copilot-log"');
  });

  it('--follow shows lines appended to a running log, and stops on SIGINT', async () => {
    const place = fiveAgentHome();
    const log = join(place.home, '.copilot', 'session-state', IDS.copilot, 'events.jsonl');
    const child = startInstalled(['show', log, '--events', '--follow'], place);
    let stdout = '';
    const seen = (needle: string) =>
      new Promise<void>((resolve) => {
        const look = () => {
          if (!stdout.includes(needle)) return;
          child.stdout.off('data', onData);
          resolve();
        };
        const onData = (chunk: Buffer) => {
          stdout += chunk.toString('utf8');
          look();
        };
        child.stdout.on('data', onData);
        look();
      });
    await seen('"Done."');
    const later = {
      type: 'assistant.message',
      id: 'e9',
      parentId: 'e4',
      timestamp: '2026-03-02T10:09:00.000Z',
      data: { messageId: 'm9', content: 'A later turn.', toolRequests: [] },
    };
    appendFileSync(log, `${JSON.stringify(later)}\n`);
    await seen('A later turn.');
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(ExitCode.ok);
  });
});

describe('the installed xview over a recorded OpenCode 0.5.29 home', () => {
  // 0.x's per-project JSON tree (docs/formats/opencode.md section 4), as the capture lab recorded it; its
  // project, /home/lab/project, is not the test's working folder, hence --all-projects.
  const ID = 'ses_dd3fa9427ffeYFRzZQHBfN1W6N';
  function recordedHome(): RunPlace {
    const place = warmPlace();
    cpSync(join(FIXTURES_DIR, 'opencode-log', 'recorded', '0.5.29', 'subagent', '.local'), join(place.home, '.local'), { recursive: true });
    return place;
  }

  it('lists its session and shows it as the sources do', async () => {
    const place = recordedHome();
    const listed = await runInstalled(['sessions', '--agent', 'opencode', '--all-projects', '--json'], place);
    expect(listed.status).toBe(ExitCode.ok);
    expect(listed.stdout).toBe((await runSources(['sessions', '--agent', 'opencode', '--all-projects', '--json'], place)).stdout);
    const rows = (JSON.parse(listed.stdout) as { id: string }[]).map((row) => row.id);
    expect(rows).toEqual([ID]);
    const [installed, sources] = await Promise.all([runInstalled(['show', ID], place), runSources(['show', ID], place)]);
    expect(installed.status).toBe(ExitCode.ok);
    expect(sameTime(installed.stdout)).toBe(sameTime(sources.stdout));
    expect(installed.stdout).toContain('The helper counted 2 files.');
  });
});

describe('the installed xview site', () => {
  it('writes an index and one page per session of every agent, as the sources do', async () => {
    const place = fiveAgentHome();
    const out = join(place.home, 'site-installed');
    const installed = await runInstalled(['site', out], place);
    expect(installed.stderr).toMatch(/6 sessions, 6 pages written, 0 unchanged\.\n$/);
    expect(installed.status).toBe(ExitCode.ok);
    const pages = readdirSync(join(out, 'sessions')).sort();
    expect(pages).toHaveLength(6);
    for (const agent of Object.keys(IDS)) expect(pages.some((page) => page.startsWith(`${agent}-`))).toBe(true);

    const fromSources = join(place.home, 'site-sources');
    expect((await runSources(['site', fromSources], place)).status).toBe(ExitCode.ok);
    expect(readdirSync(join(fromSources, 'sessions')).sort()).toEqual(pages);
    for (const page of pages) {
      expect(sameTime(readFileSync(join(out, 'sessions', page), 'utf8'))).toBe(sameTime(readFileSync(join(fromSources, 'sessions', page), 'utf8')));
    }
    // The app's list and session views: every row with what its page's render noted on a worker thread, every page with its changes.
    const index = readFileSync(join(out, 'index.html'), 'utf8');
    expect(index).toContain('<th>Duration</th><th>Status</th>');
    expect(index.match(/<tr data-key=/g)).toHaveLength(6);
    expect(index).not.toContain('title="not read yet"');
    for (const page of pages) expect(readFileSync(join(out, 'sessions', page), 'utf8')).toContain('<section id="changes" class="x-changes"><h2>Changes</h2>');
    // The search page's own index: a row per session, each with the prompts its page's render noted.
    const search = readFileSync(join(out, 'search.html'), 'utf8');
    const rows = JSON.parse(/<script type="application\/json" id="x-data">(.*?)<\/script>/s.exec(search)?.[1] ?? '[]') as unknown[][];
    expect(rows.map((row) => row[0]).sort()).toEqual(pages.map((page) => `sessions/${page}`).sort());
    expect(rows.every((row) => Array.isArray(row[5]) && row[5].length > 0)).toBe(true);
  });

  it('stands a hostile home and output folder: a 5,000-character id, a bidi title, a FIFO in place of the manifest', async () => {
    const place = warmPlace();
    const at = '2026-03-01T10:00:00.000Z';
    // Codex takes the id from the log's first line, so it is as long as the log says; the file's name stays short.
    const meta = {
      timestamp: at,
      type: 'session_meta',
      payload: { id: 'L'.repeat(5000), timestamp: at, cwd: '/work/app', originator: 'codex_cli_rs', cli_version: '0.66.0' },
    };
    const prompt = { timestamp: at, type: 'event_msg', payload: { type: 'user_message', message: 'Long id', images: [] } };
    put(
      join(place.home, '.codex', 'sessions', '2026', '03', '01', 'rollout-2026-03-01T10-00-00-long.jsonl'),
      `${JSON.stringify(meta)}\n${JSON.stringify(prompt)}\n`,
    );
    writeClaude(join(place.home, '.claude'), { id: IDS.claude, cwd: '/work/app', prompt: 'invoice.\u202efdp.exe', at });
    const out = join(place.home, 'site');
    mkdirSync(out);
    execFileSync('mkfifo', [join(out, 'manifest.json')]);
    const run = await runInstalled(['site', out], place);
    expect(run.stderr).toMatch(/2 sessions, 2 pages written, 0 unchanged\.\n$/);
    expect(run.status).toBe(ExitCode.ok);
    expect(readdirSync(join(out, 'sessions')).map((name) => name.length < 200)).toEqual([true, true]);
    const data = /<script type="application\/json" id="x-data">(.*?)<\/script>/s.exec(readFileSync(join(out, 'search.html'), 'utf8'))?.[1] ?? '';
    expect(data).toContain('invoice.\\\\u202efdp.exe');
    expect(data).not.toContain('\u202e');
  });

  it('keeps a secret out of every page with --redact', async () => {
    const place = fiveAgentHome();
    const out = join(place.home, 'site');
    expect((await runInstalled(['site', out, '--redact'], place)).status).toBe(ExitCode.ok);
    for (const page of readdirSync(join(out, 'sessions'))) expect(readFileSync(join(out, 'sessions', page), 'utf8')).not.toContain(SECRET);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).not.toContain(SECRET);
  });
});
