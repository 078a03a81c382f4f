import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import initSqlJs from 'sql.js';
import type { FakeSession } from './fake-home.js';

/**
 * Writes an OpenCode 1.2+ database with sql.js: the `session`, `message` and
 * `part` tables with the columns of OpenCode's `session.sql.ts` that this
 * package reads (ids, times, and a `data` JSON column without the ids).
 */
export async function writeOpenCodeDb(path: string, sessions: readonly FakeSession[]): Promise<void> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run(`CREATE TABLE session (id TEXT PRIMARY KEY, project_id TEXT NOT NULL, parent_id TEXT, slug TEXT NOT NULL, directory TEXT NOT NULL, title TEXT NOT NULL, version TEXT NOT NULL, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL);
    CREATE TABLE message (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL, data TEXT NOT NULL);
    CREATE TABLE part (id TEXT PRIMARY KEY, message_id TEXT NOT NULL, session_id TEXT NOT NULL, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL, data TEXT NOT NULL);`);
  for (const s of sessions) {
    const t = Date.parse(s.at);
    db.run('INSERT INTO session VALUES (?, ?, NULL, ?, ?, ?, ?, ?, ?)', [s.id, 'global', 'brave-otter', s.cwd, s.prompt, '1.2.4', t, t + 9000]);
    db.run('INSERT INTO message VALUES (?, ?, ?, ?, ?)', [`${s.id}_m1`, s.id, t, t, JSON.stringify({ role: 'user', time: { created: t }, agent: 'build', model: { providerID: 'openai', modelID: 'gpt-5' } })]);
    db.run('INSERT INTO message VALUES (?, ?, ?, ?, ?)', [`${s.id}_m2`, s.id, t + 1, t + 2, JSON.stringify({ role: 'assistant', parentID: `${s.id}_m1`, time: { created: t + 1, completed: t + 2 }, cost: 0.5, tokens: { input: 70, output: 30, reasoning: 0, cache: { read: 0, write: 0 } }, finish: 'stop' })]);
    db.run('INSERT INTO part VALUES (?, ?, ?, ?, ?, ?)', [`${s.id}_p1`, `${s.id}_m1`, s.id, t, t, JSON.stringify({ type: 'text', text: s.prompt })]);
    db.run('INSERT INTO part VALUES (?, ?, ?, ?, ?, ?)', [`${s.id}_p2`, `${s.id}_m2`, s.id, t + 1, t + 1, JSON.stringify({ type: 'text', text: 'Done.' })]);
  }
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, db.export());
  db.close();
}
