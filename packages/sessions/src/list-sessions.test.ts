import { cpSync, mkdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineSessionStore } from '@x/core';
import { describe, expect, it } from 'vitest';
import { claudeLines, put, tempHome, writeClaude, writeCodex, writeCopilot, writeGemini, writeOpenCodeStorage } from '../test/fake-home.js';
import initSqlJs from 'sql.js';
import { writeOpenCodeDb } from '../test/opencode-db.js';
import { FIXTURES_DIR } from '../../../tooling/fixtures.js';
import { findSession, listSessions } from './list-sessions.js';
import { STORES } from '../test/stores.js';

const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}T10:00:00.000Z`;

async function homeWithAll(): Promise<string> {
  const home = tempHome();
  writeClaude(join(home, '.claude'), { id: 'c1a2', cwd: '/work/app', prompt: 'Fix the login bug', at: at(1) });
  writeCodex(join(home, '.codex'), { id: '019b04ae-b1c6-7c72-a134-a4c2de66058c', cwd: '/work/app/server', prompt: 'Add a test', at: at(2) });
  writeGemini(home, 'app', { id: '5b0c9e8e-3f6a-4c1e-9d1e-0a1b2c3d4e5f', cwd: '/work/app', prompt: 'List files', at: at(3) });
  writeOpenCodeStorage(join(home, '.local', 'share', 'opencode'), { id: 'ses_old', cwd: '/work/lib', prompt: 'Rename a module', at: at(4) });
  await writeOpenCodeDb(join(home, '.local', 'share', 'opencode', 'opencode.db'), [{ id: 'ses_new', cwd: '/work/lib', prompt: 'Write docs', at: at(5) }]);
  writeCopilot(join(home, '.copilot'), { id: '0d3f6a52-7b1e-4c1a-9a0e-5f2b8c9d1e20', cwd: '/work/app', prompt: 'Count lines', at: at(6) });
  return home;
}

describe('listSessions', () => {
  it('lists every agent newest first with the fields each log records', async () => {
    const sessions = await listSessions({ stores: STORES, home: await homeWithAll(), env: {} });
    expect(sessions.map((s) => [s.agent, s.id, s.project, s.title, s.turns, s.tokens])).toEqual([
      ['copilot', '0d3f6a52-7b1e-4c1a-9a0e-5f2b8c9d1e20', '/work/app', 'Count lines', 1, 320],
      ['opencode', 'ses_new', '/work/lib', 'Write docs', 1, 100],
      ['opencode', 'ses_old', '/work/lib', 'Rename a module', 1, 42],
      ['gemini', '5b0c9e8e-3f6a-4c1e-9d1e-0a1b2c3d4e5f', '/work/app', 'List files', 1, 57],
      ['codex', '019b04ae-b1c6-7c72-a134-a4c2de66058c', '/work/app/server', 'Add a test', 1, 1000],
      ['claude', 'c1a2', '/work/app', 'Fix the login bug', 1, 115],
    ]);
    const byAgent = Object.fromEntries(sessions.map((s) => [s.agent, s]));
    expect(byAgent.claude?.gitBranch).toBe('main');
    expect(byAgent.codex?.gitBranch).toBe('dev');
    expect(byAgent.copilot).toMatchObject({ gitBranch: 'feature', costUsd: 0.25, startedAt: at(6) });
    expect(sessions.find((s) => s.id === 'ses_new')).toMatchObject({ storage: 'opencode-sqlite', costUsd: 0.5 });
    expect(sessions.find((s) => s.id === 'ses_old')?.storage).toBe('opencode-storage');
  });

  it('filters by agent, project and date', async () => {
    const home = await homeWithAll();
    expect((await listSessions({ stores: STORES, home, agent: 'codex' })).map((s) => s.agent)).toEqual(['codex']);
    expect((await listSessions({ stores: STORES, home, agent: ['claude', 'gemini'] })).map((s) => s.agent)).toEqual(['gemini', 'claude']);
    expect((await listSessions({ stores: STORES, home, project: '/work/app' })).map((s) => s.agent)).toEqual(['copilot', 'gemini', 'codex', 'claude']);
    expect((await listSessions({ stores: STORES, home, project: '/work/ap' })).length).toBe(0);
    const mid = await listSessions({ stores: STORES, home, since: new Date(at(3)), until: new Date(at(5)) });
    expect(mid.map((s) => s.id)).toEqual(['ses_old', '5b0c9e8e-3f6a-4c1e-9d1e-0a1b2c3d4e5f']);
  });

  it('follows the agents’ override variables', async () => {
    const home = tempHome();
    const elsewhere = tempHome();
    writeClaude(join(elsewhere, 'claude-config'), { id: 'moved', cwd: '/w', prompt: 'p', at: at(1) });
    writeCodex(join(elsewhere, 'codex-home'), { id: '11111111-2222-3333-4444-555555555555', cwd: '/w', prompt: 'p', at: at(1) });
    writeGemini(join(elsewhere, 'gemini-home'), 'w', { id: 'g-moved', cwd: '/w', prompt: 'p', at: at(1) });
    writeOpenCodeStorage(join(elsewhere, 'xdg', 'opencode'), { id: 'ses_moved', cwd: '/w', prompt: 'p', at: at(1) });
    writeCopilot(join(elsewhere, 'copilot-home'), { id: 'cp-moved', cwd: '/w', prompt: 'p', at: at(1) });
    const env = {
      CLAUDE_CONFIG_DIR: join(elsewhere, 'claude-config'),
      CODEX_HOME: join(elsewhere, 'codex-home'),
      GEMINI_CLI_HOME: join(elsewhere, 'gemini-home'),
      XDG_DATA_HOME: join(elsewhere, 'xdg'),
      COPILOT_HOME: join(elsewhere, 'copilot-home'),
    };
    expect((await listSessions({ stores: STORES, home, env })).map((s) => s.id).sort()).toEqual(['11111111-2222-3333-4444-555555555555', 'cp-moved', 'g-moved', 'moved', 'ses_moved']);
    expect(await listSessions({ stores: STORES, home, env: {} })).toEqual([]);
    const db = join(elsewhere, 'custom.db');
    await writeOpenCodeDb(db, [{ id: 'ses_db', cwd: '/w', prompt: 'p', at: at(1) }]);
    expect((await listSessions({ stores: STORES, home, env: { OPENCODE_DB: db }, agent: 'opencode' })).map((s) => s.id)).toEqual(['ses_db']);
  });

  it('leaves out an OpenCode database SQLite cannot read, lists the rest, and says why in one line naming the file', async () => {
    const home = tempHome();
    writeClaude(join(home, '.claude'), { id: 'kept', cwd: '/w', prompt: 'p', at: at(1) });
    const db = join(tempHome(), 'opencode.db');
    put(db, 'not a database\n');
    const warnings: string[] = [];
    const listed = await listSessions({ stores: STORES, home, env: { OPENCODE_DB: db }, onWarning: (message) => warnings.push(message) });
    expect(listed.map((s) => s.id)).toEqual(['kept']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.startsWith(`OpenCode's sessions in ${db} are not listed: `)).toBe(true);
    expect(warnings[0]).not.toContain('\n');
  });

  // The database's place is a root of the store: resolved whole, a symlink there made its target the root itself,
  // so a database (or a file under /proc) anywhere was read as inside the store.
  it('does not read an OpenCode database whose place holds a symlink out of the store, and says so', async () => {
    const home = tempHome();
    const outside = join(tempHome(), 'elsewhere.db');
    await writeOpenCodeDb(outside, [{ id: 'ses_outside', cwd: '/w', prompt: 'p', at: at(1) }]);
    mkdirSync(join(home, '.local', 'share', 'opencode'), { recursive: true });
    symlinkSync(outside, join(home, '.local', 'share', 'opencode', 'opencode.db'));
    const warnings: string[] = [];
    expect(await listSessions({ stores: STORES, home, env: {}, agent: 'opencode', onWarning: (message) => warnings.push(message) })).toEqual([]);
    expect(warnings).toEqual([expect.stringContaining("opencode.db is outside the session store's folders; not read.")]);
  });

  // A view or a generated column is computed when read: a recursive view that never ends held `xview sessions`
  // (and serve) for minutes, 4.5 GB of memory and a crash. Here they are bounded, so that the read ends either way.
  it.each([
    ['a view', "CREATE VIEW message AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000) SELECT 'm' || x AS id, 'ses_v' AS session_id, 1 AS time_created, 1 AS time_updated, '{}' AS data FROM c"],
    ['a generated column', "CREATE TABLE message (id TEXT, session_id TEXT, time_created INTEGER, time_updated INTEGER, data TEXT GENERATED ALWAYS AS (printf('%.*c', 10, 'x')) VIRTUAL)"],
  ])('does not read an OpenCode database whose tables compute their rows when read: %s', async (_name, message) => {
    const home = tempHome();
    const SQL = await initSqlJs();
    const db = new SQL.Database();
    db.run('CREATE TABLE session (id TEXT, project_id TEXT, parent_id TEXT, slug TEXT, directory TEXT, title TEXT, version TEXT, time_created INTEGER, time_updated INTEGER)');
    db.run('CREATE TABLE part (id TEXT, message_id TEXT, session_id TEXT, time_created INTEGER, time_updated INTEGER, data TEXT)');
    db.run(message);
    db.run("INSERT INTO session VALUES ('ses_v', 'g', NULL, 's', '/v', 't', '1', 1, 2)");
    mkdirSync(join(home, '.local', 'share', 'opencode'), { recursive: true });
    writeFileSync(join(home, '.local', 'share', 'opencode', 'opencode.db'), db.export());
    db.close();
    const warnings: string[] = [];
    expect(await listSessions({ stores: STORES, home, env: {}, agent: 'opencode', onWarning: (text) => warnings.push(text) })).toEqual([]);
    expect(warnings).toEqual([expect.stringContaining('which SQLite computes when it is read; not read.')]);
  });

  it('says which store failed as a whole, and lists the other agents', async () => {
    const home = tempHome();
    writeClaude(join(home, '.claude'), { id: 'kept', cwd: '/w', prompt: 'p', at: at(1) });
    const broken = defineSessionStore({
      specificationVersion: 'v1',
      id: 'broken',
      displayName: 'Broken Agent',
      logSource: 'claude-log',
      envVariables: [],
      roots: () => [],
      list: () => Promise.reject(new Error('index unreadable')),
      open: () => Promise.reject(new Error('no')),
    });
    const warnings: string[] = [];
    const listed = await listSessions({ stores: [...STORES, broken], home, env: {}, onWarning: (message) => warnings.push(message) });
    expect(listed.map((s) => s.id)).toEqual(['kept']);
    expect(warnings).toEqual(["Broken Agent's sessions are not listed: index unreadable"]);
  });

  it('takes a Claude title from summary and custom-title lines, and skips injected user lines', async () => {
    const home = tempHome();
    const s = { id: 't1', cwd: '/p', prompt: 'the real prompt', at: at(1) };
    const meta = { type: 'user', isMeta: true, sessionId: 't1', timestamp: at(1), message: { role: 'user', content: 'Caveat: injected' } };
    const command = { type: 'user', sessionId: 't1', timestamp: at(1), message: { role: 'user', content: '<command-name>/clear</command-name>' } };
    const lines = claudeLines(s);
    put(join(home, '.claude', 'projects', '-p', 't1.jsonl'), `${[meta, command, ...lines].map((l) => JSON.stringify(l)).join('\n')}\n`);
    expect((await listSessions({ stores: STORES, home }))[0]).toMatchObject({ title: 'the real prompt', turns: 1 });
    writeClaude(join(home, '.claude'), { ...s, id: 't2' }, [{ type: 'custom-title', customTitle: 'Named by me', sessionId: 't2' }]);
    expect((await listSessions({ stores: STORES, home })).find((x) => x.id === 't2')?.title).toBe('Named by me');
  });

  it('lists no session for a Claude file of title lines only (recorded 2.0.12 and 1.0.128, resumed: claude-log.md quirk 15)', async () => {
    // Resumed, both write the first run's `summary` to a file of its own and go on in the first file, which holds both prompts.
    for (const [version, kept] of [
      ['2.0.12', '6a058e39-8827-4194-95fa-0340bb92745d'],
      ['1.0.128', '62ab8b3c-ef5f-42ef-93ed-110dc767df9c'],
    ]) {
      const home = tempHome();
      cpSync(join(FIXTURES_DIR, 'claude-log', 'recorded', version as string, 'resumed', '.claude'), join(home, '.claude'), { recursive: true });
      const rows = await listSessions({ stores: STORES, home, env: {} });
      expect(rows.map((row) => [row.id, row.title, row.turns])).toEqual([[kept, 'Remember the number 7.', 2]]);
    }
  });

  it("titles a Copilot session by workspace.yaml's summary, but a 0.0.x one by its first prompt: 0.0.423 rewrites the summary with each prompt (copilot.md log quirk 12)", async () => {
    const home = tempHome();
    const session = (id: string, copilotVersion: string, prompts: string[], summary: string) => {
      const start = { type: 'session.start', id: 'e0', parentId: null, timestamp: at(1), data: { sessionId: id, version: 1, producer: 'copilot-agent', copilotVersion, startTime: at(1), context: { cwd: '/p' } } };
      const asked = prompts.map((content, index) => ({ type: 'user.message', id: `e${index + 1}`, parentId: 'e0', timestamp: at(1), data: { content, attachments: [] } }));
      put(join(home, '.copilot', 'session-state', id, 'events.jsonl'), `${[start, ...asked].map((l) => JSON.stringify(l)).join('\n')}\n`);
      put(join(home, '.copilot', 'session-state', id, 'workspace.yaml'), `id: ${id}\ncwd: /p\nsummary: ${summary}\n`);
    };
    session('cp-old', '0.0.423', ['Remember the number 7.', 'What number did I give you?'], 'What number did I give you?');
    session('cp-new', '1.0.40', ['Remember the number 7.'], 'Named by Copilot');
    const titles = Object.fromEntries((await listSessions({ stores: STORES, home, env: {} })).map((row) => [row.id, row.title]));
    expect(titles).toEqual({ 'cp-old': 'Remember the number 7.', 'cp-new': 'Named by Copilot' });
  });

  it('lists a Claude 2.0.50 subagent file under its parent with no title, its task prompt being absent from it (recorded 2.0.50, subagent: claude-log.md quirk 16)', async () => {
    const home = tempHome();
    cpSync(join(FIXTURES_DIR, 'claude-log', 'recorded', '2.0.50', 'subagent', '.claude'), join(home, '.claude'), { recursive: true });
    const rows = await listSessions({ stores: STORES, home, env: {}, subagents: true });
    const parent = 'de11f3d2-b9f9-4a10-869e-8b5111b67def';
    // The task's file starts at the subagent's Bash call; its prompt is only in the parent's Task call.
    expect(rows.find((row) => row.path.endsWith('agent-cd8f855c.jsonl'))).toMatchObject({ parentId: parent, turns: 1 });
    expect(rows.filter((row) => row.parentId === parent).map((row) => row.title)).toEqual([undefined, undefined, undefined]);
    expect(rows.find((row) => row.id === parent && row.parentId === undefined)?.title).toBe('Ask a helper to count the files.');
  });

  it('titles a Claude 0.2.114 transcript, which holds its subagent\'s chain before its own, by its own prompt, no subagent of itself (recorded 0.2.114, subagent)', async () => {
    const home = tempHome();
    cpSync(join(FIXTURES_DIR, 'claude-log', 'recorded', '0.2.114', 'subagent', '.claude'), join(home, '.claude'), { recursive: true });
    const rows = await listSessions({ stores: STORES, home, env: {}, subagents: true });
    expect(rows.map((row) => [row.id, row.title, row.parentId, row.turns])).toEqual([['8d97c0c5-a759-41b9-bc7f-23deb74be2c2', 'Ask a helper to count the files.', undefined, 1]]);
  });

  it('counts turns by the provider’s prompt rule: commands, their output, interrupts and a subagent’s prompt open none (docs/turns.md)', async () => {
    const home = tempHome();
    const s = { id: 't3', cwd: '/p', prompt: 'first', at: at(1) };
    const user = (content: unknown, extra: object = {}) => ({ type: 'user', sessionId: 't3', timestamp: at(1), message: { role: 'user', content }, ...extra });
    const others = [
      // Forms the Claude provider reads as a command, its stderr output and an interruption (provider-claude user-prompt.ts).
      user('<command-message>review</command-message>\n<command-name>/review</command-name>'),
      user('<local-command-stderr>Error: no such command</local-command-stderr>'),
      user([{ type: 'text', text: '[Request interrupted by user for tool use]' }]),
      user('Look into the flaky test', { isSidechain: true }),
      user([{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: '' } }]),
    ];
    writeClaude(join(home, '.claude'), s, others);
    // The typed prompt and the screenshot: two turns.
    expect((await listSessions({ stores: STORES, home }))[0]).toMatchObject({ title: 'first', turns: 2 });
  });

  it('counts a Codex 0.171 prompt, written only as an item_completed copy, once per turn id', async () => {
    const home = tempHome();
    const copy = (text: string) => ({ timestamp: at(1), type: 'event_msg', payload: { type: 'item_completed', turn_id: 'turn-1', item: { type: 'UserMessage', content: [{ type: 'text', text }] } } });
    const path = writeCodex(join(home, '.codex'), { id: '019b04ae-b1c6-7c72-a134-a4c2de66058c', cwd: '/w', prompt: 'Add a test', at: at(1) });
    put(path, `${readFileSync(path, 'utf8')}${[copy('Add a test'), copy('Now the docs')].map((l) => JSON.stringify(l)).join('\n')}\n`);
    // writeCodex's own user_message has no turn id; the two copies share one: two turns.
    expect((await listSessions({ stores: STORES, home }))[0]).toMatchObject({ title: 'Add a test', turns: 2 });
  });

  it('skips Gemini’s injected session context, and counts a prompt a checkpoint later drops', async () => {
    const home = tempHome();
    const context = { id: 'ctx', timestamp: at(1), type: 'user', content: [{ text: '<session_context>\nThis is the Gemini CLI.' }] };
    const lines = [
      { sessionId: 'g1', startTime: at(1), kind: 'main' },
      { $set: { messages: [context] } },
      { id: 'u1', timestamp: at(1), type: 'user', content: [{ text: 'Hello' }] },
      // 0.61 drops a prompt whose request failed (recorded: fixtures/gemini-log/recorded/0.61.0/api-error-400).
      { $set: { messages: [context] } },
    ];
    put(join(home, '.gemini', 'tmp', 'p', 'chats', 'session-2026-03-01T10-00-g1.jsonl'), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
    expect((await listSessions({ stores: STORES, home, env: {} }))[0]).toMatchObject({ id: 'g1', title: 'Hello', turns: 1 });
  });

  it('takes no start time that is no date: the file\'s time stands in for it, in the row and the order', async () => {
    const home = tempHome();
    const lines = [
      { sessionId: 'g1', startTime: 'garbage', kind: 'main' },
      { id: 'u1', timestamp: at(1), type: 'user', content: [{ text: 'Hello' }] },
    ];
    const path = put(join(home, '.gemini', 'tmp', 'p', 'chats', 'session-2026-03-01T10-00-g1.jsonl'), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
    utimesSync(path, new Date(at(3)), new Date(at(3)));
    writeClaude(join(home, '.claude'), { id: 'older', cwd: '/p', prompt: 'older', at: at(2) });
    const sessions = await listSessions({ stores: STORES, home, env: {} });
    // It was shown as "garbage" and, its time unreadable, sorted after every other session.
    expect(sessions.map((s) => [s.id, s.startedAt])).toEqual([
      ['g1', undefined],
      ['older', at(2)],
    ]);
    expect(sessions[0]?.updatedAt).toBe(new Date(at(3)).toISOString());
  });

  it('reads only the head of a large log and leaves uncounted fields out', async () => {
    const home = tempHome();
    const big = { type: 'assistant', sessionId: 'big', timestamp: at(1), message: { id: 'msg_x', role: 'assistant', content: [{ type: 'text', text: 'x'.repeat(300_000) }] } };
    writeClaude(join(home, '.claude'), { id: 'big', cwd: '/p', prompt: 'first', at: at(1) }, [big]);
    const [session] = await listSessions({ stores: STORES, home });
    expect(session).toMatchObject({ id: 'big', title: 'first' });
    expect(session?.turns).toBeUndefined();
    expect(session?.tokens).toBeUndefined();
  });

  it('lists subagent files only when asked, with their parent', async () => {
    const home = tempHome();
    writeClaude(join(home, '.claude'), { id: 'parent', cwd: '/p', prompt: 'main', at: at(1) });
    put(join(home, '.claude', 'projects', '-p', 'parent', 'subagents', 'agent-a1.jsonl'), `${JSON.stringify({ type: 'user', sessionId: 'parent', isSidechain: true, timestamp: at(1), message: { role: 'user', content: 'sub task' } })}\n`);
    expect((await listSessions({ stores: STORES, home })).length).toBe(1);
    const all = await listSessions({ stores: STORES, home, subagents: true });
    expect(all.find((s) => s.path.endsWith('agent-a1.jsonl'))).toMatchObject({ parentId: 'parent', title: 'sub task' });
  });

  it('lists a session resumed into a new file under the file name, not the copied first lines\' sessionId (issue #30)', async () => {
    const home = tempHome();
    const dir = join(home, '.claude', 'projects', '-home-lab-project');
    // The recorded session, and the same conversation resumed into a file of its own (fixtures/claude-log/README.md).
    const earlier = join(FIXTURES_DIR, 'claude-log', 'recorded', '2.0.77', 'resumed', '.claude', 'projects', '-home-lab-project', 'd9f13780-7086-4846-b30d-966389bbb1d8.jsonl');
    put(join(dir, 'd9f13780-7086-4846-b30d-966389bbb1d8.jsonl'), readFileSync(earlier, 'utf8'), new Date(at(1)));
    put(join(dir, '57f6f27a-f714-44de-a160-29f6de7bfd73.jsonl'), readFileSync(join(FIXTURES_DIR, 'claude-log', 'synthetic-resumed.jsonl'), 'utf8'), new Date(at(2)));
    expect((await listSessions({ stores: STORES, home })).map((s) => [s.id, s.title])).toEqual([
      ['57f6f27a-f714-44de-a160-29f6de7bfd73', 'Remember the number 7.'],
      ['d9f13780-7086-4846-b30d-966389bbb1d8', 'Remember the number 7.'],
    ]);
    expect((await findSession('57f6f27a', { stores: STORES, home }))?.path).toBe(join(dir, '57f6f27a-f714-44de-a160-29f6de7bfd73.jsonl'));
  });

  it('finds a session by id or unique prefix, and names the candidates of an ambiguous one', async () => {
    const home = await homeWithAll();
    expect((await findSession('ses_new', { stores: STORES, home }))?.agent).toBe('opencode');
    expect((await findSession('019b04ae', { stores: STORES, home }))?.agent).toBe('codex');
    expect(await findSession('nope', { stores: STORES, home })).toBeUndefined();
    await expect(findSession('ses_', { stores: STORES, home })).rejects.toThrow(/matches 2 sessions/);
  });
});
