import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempHome, writeOpenCodeStorage } from '../test/fake-home.js';
import { writeOpenCodeDb } from '../test/opencode-db.js';
import { listSessions } from './list-sessions.js';
import { openSession } from './open-session.js';
import { STORES } from '../test/stores.js';

const session = { id: 'ses_abc', cwd: '/work/lib', prompt: 'Rename it', at: '2026-03-01T10:00:00.000Z' };

async function readAll(stream: AsyncIterable<Uint8Array>): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += Buffer.from(chunk).toString('utf8');
  return out;
}

interface ExportDoc {
  info: Record<string, unknown>;
  messages: { info: Record<string, unknown>; parts: Record<string, unknown>[] }[];
}

/** The document OpenCode's store opens a session as, through the Node file system. */
async function exported(home: string, ref: Parameters<typeof openSession>[0]): Promise<ExportDoc> {
  return JSON.parse(await readAll(await openSession(ref, { stores: STORES, home, env: {} }))) as ExportDoc;
}

describe('OpenCode sessions as export documents', () => {
  it('builds {info, messages: [{info, parts}]} from the ≤1.1 JSON tree, in id order', async () => {
    const home = tempHome();
    const path = writeOpenCodeStorage(join(home, '.local', 'share', 'opencode'), session);
    const doc = await exported(home, { agent: 'opencode', storage: 'opencode-storage', path, id: 'ses_abc' });
    expect(doc.info).toMatchObject({ id: 'ses_abc', directory: '/work/lib', title: 'Rename it' });
    expect(doc.messages.map((m) => [m.info.role, m.parts.map((p) => p.text)])).toEqual([
      ['user', ['Rename it']],
      ['assistant', ['Done.']],
    ]);
  });

  it('builds the same shape from the 1.2+ SQLite database, ids put back into each object', async () => {
    const home = tempHome();
    const db = join(home, '.local', 'share', 'opencode', 'opencode.db');
    await writeOpenCodeDb(db, [session, { ...session, id: 'ses_other', prompt: 'Other' }]);
    const doc = await exported(home, { agent: 'opencode', storage: 'opencode-sqlite', path: db, id: 'ses_abc' });
    expect(doc.info).toMatchObject({ id: 'ses_abc', directory: '/work/lib', title: 'Rename it', version: '1.2.4', time: { created: Date.parse(session.at) } });
    expect(doc.messages.map((m) => [m.info.id, m.info.sessionID, m.info.role, m.parts.map((p) => [p.messageID, p.text])])).toEqual([
      ['ses_abc_m1', 'ses_abc', 'user', [['ses_abc_m1', 'Rename it']]],
      ['ses_abc_m2', 'ses_abc', 'assistant', [['ses_abc_m2', 'Done.']]],
    ]);
    await expect(exported(home, { agent: 'opencode', storage: 'opencode-sqlite', path: db, id: 'ses_missing' })).rejects.toThrow(/no session ses_missing/);
  });

  it('openSession streams a listed session as the document opencode export prints, pretty-printed', async () => {
    const home = tempHome();
    await writeOpenCodeDb(join(home, '.local', 'share', 'opencode', 'opencode.db'), [session]);
    const [listed] = await listSessions({ stores: STORES, home, agent: 'opencode' });
    if (listed === undefined) throw new Error('the session was not listed');
    const text = await readAll(await openSession(listed, { stores: STORES, home, env: {} }));
    // As `opencode export` prints it (see provider-opencode's log-detect.ts): `{`, `  "info": {`, `    "id": "ses_…"`.
    expect(text.split('\n').slice(0, 3)).toEqual(['{', '  "info": {', '    "id": "ses_abc",']);
    expect(text.endsWith('}\n')).toBe(true);
    expect(JSON.parse(text).info.id).toBe('ses_abc');
  });
});
