// One meaning of a turn (docs/turns.md, issue #29), checked over every
// session log in fixtures/*-log: the listing's row, the RunOutcome
// (`--summary --json`), the `--summary` table, the terminal footer
// (`--verbose`) and the HTML page's turn headings give the same count.
import { cpSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { listSessions, type SessionInfo } from '@x/sessions';
import { describe, expect, it } from 'vitest';
import { put, tempHome } from '../../sessions/test/fake-home.js';
import { FIXTURES_DIR } from '../../../tooling/fixtures.js';
import { runCli } from './run-cli.js';
import { BUILT_IN_STORES } from './session-stores.js';
import { Capture } from '../test/capture.js';

async function* none(): AsyncGenerator<Uint8Array> {}

async function stdoutOf(argv: string[], home: string): Promise<string> {
  const stdout = new Capture();
  await runCli(argv, { stdin: none(), stdout, stderr: new Capture(), env: {}, home } as Parameters<typeof runCli>[1]);
  return stdout.text;
}

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile());
}

/** The recorded homes (fixtures/<agent>-log/recorded/<version>/<scenario>/), each laid out as the agent keeps its logs. */
function recordedHomes(): string[] {
  const homes: string[] = [];
  // A plugin's agent (Qwen Code, fixtures/qwen-log/) has no built-in store: `xview` lists its logs only with its plugin.
  const builtIn = (dir: string) => BUILT_IN_STORES.some((store) => `${store.id}-log` === dir);
  for (const agent of readdirSync(FIXTURES_DIR).filter((name) => name.endsWith('-log') && builtIn(name))) {
    const recorded = join(FIXTURES_DIR, agent, 'recorded');
    if (!readdirSync(join(FIXTURES_DIR, agent)).includes('recorded')) continue;
    // A version that printed plain text keeps its stdout, stderr and provenance.json beside its scenarios' homes (lab/README.md): those are no homes.
    for (const version of readdirSync(recorded)) {
      for (const scenario of readdirSync(join(recorded, version), { withFileTypes: true }).filter((entry) => entry.isDirectory())) homes.push(join(recorded, version, scenario.name));
    }
  }
  return homes;
}

/** Where each agent keeps a log file like the loose fixture `name` (fixture READMEs: what each one records). */
function placeOf(agent: string, name: string): string | undefined {
  const stem = name.replace(/\.jsonl?$/, '');
  switch (agent) {
    case 'claude':
      return join('.claude', 'projects', '-work', name);
    case 'codex':
      return join('.codex', 'sessions', '2026', '01', '01', `rollout-2026-01-01T00-00-00-${stem}.jsonl`);
    case 'copilot':
      return join('.copilot', 'session-state', name);
    case 'gemini':
      return join('.gemini', 'tmp', 'project', 'chats', `session-${name}`);
    default:
      return undefined;
  }
}

/** A Claude transcript of title lines only, which is no session and is not listed (claude-log.md quirk 15). */
function isTitlesOnly(path: string): boolean {
  const lines = readFileSync(path, 'utf8').split('\n').filter((line) => line !== '');
  const titleTypes = new Set(['summary', 'custom-title', 'ai-title']);
  const typeOf = (line: string) => {
    try {
      return (JSON.parse(line) as { type?: unknown }).type;
    } catch {
      return undefined;
    }
  };
  return lines.length > 0 && lines.every((line) => titleTypes.has(String(typeOf(line))));
}

/** The loose fixture logs (not the goldens beside them), copied into one home where the listing finds them. */
function looseLogsHome(): string {
  const home = tempHome();
  for (const dir of readdirSync(FIXTURES_DIR).filter((name) => name.endsWith('-log'))) {
    const agent = dir.replace(/-log$/, '');
    for (const name of readdirSync(join(FIXTURES_DIR, dir))) {
      if (!/\.jsonl?$/.test(name) || name.endsWith('.events.json')) continue;
      const place = placeOf(agent, name);
      if (place !== undefined) put(join(home, place), readFileSync(join(FIXTURES_DIR, dir, name), 'utf8'));
    }
  }
  cpSync(join(FIXTURES_DIR, 'opencode-log', 'synthetic-storage', 'storage'), join(home, '.local', 'share', 'opencode', 'storage'), { recursive: true });
  return home;
}

interface Counts {
  listing: number | undefined;
  outcome: number;
  summary: number;
  footer: number;
  html: number;
}

async function countsOf(row: SessionInfo, home: string): Promise<Counts> {
  // A log file is shown by its path; a session inside OpenCode's database, by its key.
  const which = row.storage === 'file' ? row.path : (row.key ?? row.id);
  const outcome = JSON.parse(await stdoutOf(['show', which, '--summary', '--json'], home)) as { turns: number };
  const table = /^Turns\s+(\d+)$/m.exec(await stdoutOf(['show', which, '--summary'], home));
  const footer = /^∎ .*?(?:\| (\d+) turns?\b|$)/m.exec(await stdoutOf(['show', which, '--verbose'], home));
  const html = await stdoutOf(['show', which, '--html', '-'], home);
  return {
    listing: row.turns,
    outcome: outcome.turns,
    summary: Number(table?.[1]),
    // The footer leaves out a count of 0; a run with no footer at all reported nothing to put in it.
    footer: footer === null ? 0 : Number(footer[1] ?? 0),
    html: [...html.matchAll(/<h2>Turn \d+<\/h2>/g)].length,
  };
}

async function rowsOf(home: string): Promise<SessionInfo[]> {
  return listSessions({ stores: BUILT_IN_STORES, home, env: {}, subagents: true });
}

/**
 * Whether the listing reads a log whole, and so counts its turns: a log file of
 * at most 256 KiB, a Gemini `.json` recording of at most 4 MiB, an OpenCode
 * session always (docs/turns.md, "In the session listing"). A longer log has no count
 * rather than a guessed one (Claude Code 2.1.332's compaction transcript, three
 * runs in one file, is 285 KiB).
 */
function countsWhole(row: SessionInfo): boolean {
  if (row.storage !== 'file') return true;
  return row.size <= (row.path.endsWith('.json') ? 4 * 1024 * 1024 : 256 * 1024);
}

/** Each listed log's counts, beside what they must be: all equal to the RunOutcome's, the listing's where it reads the log whole. */
async function checkHome(home: string, rows: readonly SessionInfo[]): Promise<void> {
  const seen: [string, Counts][] = [];
  for (const row of rows) seen.push([basename(row.path), await countsOf(row, home)]);
  const agreeing = seen.map(([name, { outcome }], index): [string, Counts] => [
    name,
    { listing: countsWhole(rows[index] as SessionInfo) ? outcome : undefined, outcome, summary: outcome, footer: outcome, html: outcome },
  ]);
  expect(seen).toEqual(agreeing);
}

describe('one count of turns on every surface, for every session log in fixtures/*-log', () => {
  it('lists every log file of the fixtures, so that none is left unchecked', async () => {
    // Copilot CLI 0.0.340's sessions are one `.json` document each (docs/formats/copilot.md section 5).
    const isLog = (path: string) => (path.endsWith('.jsonl') && !path.includes('rewind-file-snapshots') && !isTitlesOnly(path)) || /history-session-state\/session_[^/]+\.json$/.test(path);
    const logs = recordedHomes().flatMap((home) => filesUnder(home).filter(isLog));
    const listed = (await Promise.all(recordedHomes().map(rowsOf))).flat().map((row) => row.path);
    expect(logs.filter((path) => !listed.includes(path)).map((path) => relative(FIXTURES_DIR, path))).toEqual([]);
  });

  it.each(recordedHomes().map((home) => [relative(FIXTURES_DIR, home), home]))('%s', async (_name, home) => {
    await checkHome(home, await rowsOf(home));
  });

  it('the loose fixture logs', async () => {
    const home = looseLogsHome();
    const rows = await rowsOf(home);
    // Fourteen loose logs (5 Claude, 4 Codex, 3 Copilot, 2 Gemini) and one OpenCode storage session;
    // OpenCode's exports are what `opencode export` prints, not logs where a listing looks.
    expect(rows.length).toBe(15);
    await checkHome(home, rows);
  });
});
