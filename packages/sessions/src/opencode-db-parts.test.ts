// The OpenCode database's listing reads only the parts of messages whose JSON
// could say `"role": "user"` (they hold `user` or a `\u` escape): the parts
// that tell a typed prompt are all among them, however the role is spelt, and
// a tool's output is never loaded for the listing.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { tempHome } from '../test/fake-home.js';
import { writeOpenCodeDb } from '../test/opencode-db.js';
import { STORES } from '../test/stores.js';
import { listSessions } from './list-sessions.js';

const at = '2026-03-01T10:00:00.000Z';

describe('an OpenCode database listing', () => {
  it('counts a prompt whose message spells its role with a JSON escape, as the full parse does', async () => {
    const home = tempHome();
    const db = join(home, '.local', 'share', 'opencode', 'opencode.db');
    await writeOpenCodeDb(db, [
      { id: 'ses_plain', cwd: '/w', prompt: 'Plain role', at },
      { id: 'ses_escaped', cwd: '/w', prompt: 'Escaped role', at },
    ]);
    const SQL = await initSqlJs();
    const database = new SQL.Database(readFileSync(db));
    const stored = String(database.exec("SELECT data FROM message WHERE id = 'ses_escaped_m1'")[0]?.values[0]?.[0]);
    // A second prompt in each session, the escaped session's spelling its role `"\u0075ser"`.
    const seconds: [session: string, role: string][] = [
      ['ses_plain', '"role":"user"'],
      ['ses_escaped', '"role":"\\u0075ser"'],
    ];
    for (const [session, role] of seconds) {
      database.run('INSERT INTO message VALUES (?, ?, ?, ?, ?)', [`${session}_m3`, session, 3, 3, stored.replace('"role":"user"', role)]);
      database.run('INSERT INTO part VALUES (?, ?, ?, ?, ?, ?)', [
        `${session}_p3`,
        `${session}_m3`,
        session,
        3,
        3,
        JSON.stringify({ type: 'text', text: 'And again' }),
      ]);
    }
    writeFileSync(db, database.export());
    database.close();
    const rows = await listSessions({ stores: STORES, home, env: {}, agent: 'opencode' });
    expect(rows.map((row) => [row.id, row.title, row.turns]).sort()).toEqual([
      ['ses_escaped', 'Escaped role', 2],
      ['ses_plain', 'Plain role', 2],
    ]);
  });
});
