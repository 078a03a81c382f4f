// Copilot CLI before 0.0.422 in a user's home (docs/formats/copilot.md §5):
// 0.0.340's history-session-state/session_<id>_<ms>.json and 0.0.376's flat
// session-state/<id>.jsonl, copied from the lab's recordings
// (fixtures/copilot-log/recorded/), are listed and opened like any session.
import { cpSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../tooling/fixtures.js';
import { put, tempHome } from '../test/fake-home.js';
import { STORES } from '../test/stores.js';
import { listSessions } from './list-sessions.js';
import { openSession } from './open-session.js';

/** A home holding one recorded scenario's `.copilot` folder. */
function recordedHome(version: string, scenario: string): string {
  const home = tempHome();
  cpSync(join(FIXTURES_DIR, 'copilot-log', 'recorded', version, scenario, '.copilot'), join(home, '.copilot'), { recursive: true });
  return home;
}

const list = (home: string) => listSessions({ stores: STORES, home, env: {}, agent: 'copilot' });

/** The one history document of a recorded 0.0.340 scenario. */
function historyFile(scenario: string): string {
  const dir = join(FIXTURES_DIR, 'copilot-log', 'recorded', '0.0.340', scenario, '.copilot', 'history-session-state');
  return join(dir, readdirSync(dir)[0] ?? '');
}

describe('Copilot CLI 0.0.340 history documents', () => {
  it('are listed with their id, start time, first prompt as typed and prompt count, and no project (the document records none)', async () => {
    const rows = await list(recordedHome('0.0.340', 'resumed'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ agent: 'copilot', id: 'f0b38f4c-2b33-4d96-8f03-d860095bb4df', startedAt: '2026-11-30T07:56:28.048Z', title: 'Remember the number 7.', turns: 2 });
    expect(rows[0]?.project).toBeUndefined();
  });

  it('open as the bytes of the document', async () => {
    const home = recordedHome('0.0.340', 'plain-answer');
    const [row] = await list(home);
    const chunks: Uint8Array[] = [];
    for await (const chunk of await openSession(row as NonNullable<typeof row>, { stores: STORES, home, env: {} })) chunks.push(chunk);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(readFileSync(historyFile('plain-answer'), 'utf8'));
  });

  it('over 4 MiB are listed from their first lines: id, start time and first prompt, no prompt count', async () => {
    const home = tempHome();
    // The recorded document with an assistant answer 4 MiB long, indented as the CLI writes it.
    const recorded = JSON.parse(readFileSync(historyFile('resumed'), 'utf8')) as { chatMessages: { role: string; content: string }[] };
    (recorded.chatMessages[1] as { content: string }).content = 'x'.repeat(4 * 1024 * 1024);
    put(join(home, '.copilot', 'history-session-state', 'session_big_1796020000000.json'), JSON.stringify(recorded, null, 2));
    const [row] = await list(home);
    expect(row).toMatchObject({ id: 'big', startedAt: '2026-11-30T07:56:28.048Z', title: 'Remember the number 7.' });
    expect(row?.turns).toBeUndefined();
  });

  it('are not listed when the name is a symlink out of the store, nor read through a symlinked folder', async () => {
    const home = tempHome();
    const outside = tempHome();
    const secret = put(join(outside, 'session_s1_1796020000000.json'), readFileSync(historyFile('plain-answer'), 'utf8'));
    mkdirSync(join(home, '.copilot', 'history-session-state'), { recursive: true });
    symlinkSync(secret, join(home, '.copilot', 'history-session-state', 'session_s1_1796020000000.json'));
    expect(await list(home)).toEqual([]);
    const linkedHome = tempHome();
    mkdirSync(join(linkedHome, '.copilot'), { recursive: true });
    symlinkSync(outside, join(linkedHome, '.copilot', 'history-session-state'));
    // The folder's entry names a regular file, but opened, its real path lies outside the store: left out, as a log would be.
    expect(await list(linkedHome)).toEqual([]);
    const planted = { agent: 'copilot', storage: 'file', id: 's1', path: join(linkedHome, '.copilot', 'history-session-state', 'session_s1_1796020000000.json') } as const;
    await expect(openSession(planted, { stores: STORES, home: linkedHome, env: {} })).rejects.toThrow();
  });

  it('leave a file whose name is no history document alone', async () => {
    const home = tempHome();
    writeFileSync(put(join(home, '.copilot', 'history-session-state', 'notes.json'), '{}'), '{}');
    expect(await list(home)).toEqual([]);
  });
});

describe('sessions that record no project', () => {
  it('are left out of a project listing, and counted for the caller to say so', async () => {
    const home = recordedHome('0.0.340', 'plain-answer');
    const counts: number[] = [];
    const rows = await listSessions({ stores: STORES, home, env: {}, project: '/home/lab/project', onUnprojected: (count) => counts.push(count) });
    expect([rows, counts]).toEqual([[], [1]]);
  });

  it('are not counted when the time window leaves them out anyway', async () => {
    const counts: number[] = [];
    await listSessions({ stores: STORES, home: recordedHome('0.0.340', 'plain-answer'), env: {}, project: '/p', since: new Date('2027-01-01'), onUnprojected: (count) => counts.push(count) });
    expect(counts).toEqual([]);
  });
});

describe('Copilot CLI 0.0.376 session-state/<id>.jsonl', () => {
  it('is listed with its id, start time, first prompt and turns; its session.start names no working folder', async () => {
    const rows = await list(recordedHome('0.0.376', 'resumed'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ agent: 'copilot', id: '00a042ad-e258-4c60-91ff-fab88e645b09', startedAt: '2026-11-30T07:55:41.300Z', title: 'Remember the number 7.', turns: 2 });
    expect(rows[0]?.project).toBeUndefined();
  });
});

describe('Copilot CLI state under $XDG_STATE_HOME/.copilot (up to 0.0.423 with XDG_STATE_HOME set; copilot.md §5)', () => {
  /** A home whose recorded `.copilot` folder lies at `$XDG_STATE_HOME/.copilot`, as those versions put it. */
  function xdgHome(version: string, scenario: string): { home: string; state: string } {
    const home = tempHome();
    const state = join(home, '.local', 'state');
    cpSync(join(FIXTURES_DIR, 'copilot-log', 'recorded', version, scenario, '.copilot'), join(state, '.copilot'), { recursive: true });
    return { home, state };
  }

  it('lists and opens its sessions, of each layout, beside those of ~/.copilot', async () => {
    const { home, state } = xdgHome('0.0.400', 'plain-answer');
    cpSync(join(FIXTURES_DIR, 'copilot-log', 'recorded', '0.0.340', 'resumed', '.copilot'), join(state, '.copilot'), { recursive: true });
    cpSync(join(FIXTURES_DIR, 'copilot-log', 'recorded', '0.0.376', 'resumed', '.copilot'), join(home, '.copilot'), { recursive: true });
    const env = { XDG_STATE_HOME: state };
    const rows = await listSessions({ stores: STORES, home, env, agent: 'copilot' });
    expect(rows.map((row) => [row.title, row.path.startsWith(state)]).sort()).toEqual([
      ['Remember the number 7.', false],
      ['Remember the number 7.', true],
      ['What is 6 times 7?', true],
    ]);
    const fromXdg = rows.find((row) => row.title === 'What is 6 times 7?');
    const chunks: Uint8Array[] = [];
    for await (const chunk of await openSession(fromXdg as NonNullable<typeof fromXdg>, { stores: STORES, home, env })) chunks.push(chunk);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(readFileSync(fromXdg?.path ?? '', 'utf8'));
    // Without the variable the folder is not looked at; a relative value is no folder (the XDG rule).
    expect(await listSessions({ stores: STORES, home, env: {}, agent: 'copilot' })).toHaveLength(1);
    expect(await listSessions({ stores: STORES, home, env: { XDG_STATE_HOME: 'state' }, agent: 'copilot' })).toHaveLength(1);
  });

  it('lists once a session that 1.0.7 moved to ~/.copilot and left a symlink to in the XDG folder', async () => {
    const home = recordedHome('0.0.400', 'plain-answer');
    const state = join(home, '.local', 'state');
    mkdirSync(join(state, '.copilot'), { recursive: true });
    symlinkSync(join(home, '.copilot', 'session-state'), join(state, '.copilot', 'session-state'));
    const rows = await listSessions({ stores: STORES, home, env: { XDG_STATE_HOME: state }, agent: 'copilot' });
    expect(rows.map((row) => row.path)).toEqual([expect.stringMatching(new RegExp(`^${home}/\\.copilot/session-state/`))]);
  });
});
