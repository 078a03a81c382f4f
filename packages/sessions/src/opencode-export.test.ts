import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempHome, writeOpenCodeStorage } from '../test/fake-home.js';
import { writeOpenCodeDb } from '../test/opencode-db.js';
import { listSessions } from './list-sessions.js';
import { openSession } from './open-session.js';
import { exportOpenCodeDatabase, exportOpenCodeStorage, exportText } from './opencode-export.js';

const session = { id: 'ses_abc', cwd: '/work/lib', prompt: 'Rename it', at: '2026-03-01T10:00:00.000Z' };

async function readAll(stream: AsyncIterable<Uint8Array>): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += Buffer.from(chunk).toString('utf8');
  return out;
}

describe('OpenCode sessions as export documents', () => {
  it('builds {info, messages: [{info, parts}]} from the ≤1.1 JSON tree, in id order', async () => {
    const path = writeOpenCodeStorage(join(tempHome(), 'opencode'), session);
    const doc = await exportOpenCodeStorage(path);
    expect(doc.info).toMatchObject({ id: 'ses_abc', directory: '/work/lib', title: 'Rename it' });
    expect(doc.messages.map((m) => [m.info.role, m.parts.map((p) => p.text)])).toEqual([
      ['user', ['Rename it']],
      ['assistant', ['Done.']],
    ]);
  });

  it('builds the same shape from the 1.2+ SQLite database, ids put back into each object', async () => {
    const db = join(tempHome(), 'opencode.db');
    await writeOpenCodeDb(db, [session, { ...session, id: 'ses_other', prompt: 'Other' }]);
    const doc = await exportOpenCodeDatabase(db, 'ses_abc');
    expect(doc.info).toMatchObject({ id: 'ses_abc', directory: '/work/lib', title: 'Rename it', version: '1.2.4', time: { created: Date.parse(session.at) } });
    expect(doc.messages.map((m) => [m.info.id, m.info.sessionID, m.info.role, m.parts.map((p) => [p.messageID, p.text])])).toEqual([
      ['ses_abc_m1', 'ses_abc', 'user', [['ses_abc_m1', 'Rename it']]],
      ['ses_abc_m2', 'ses_abc', 'assistant', [['ses_abc_m2', 'Done.']]],
    ]);
    await expect(exportOpenCodeDatabase(db, 'ses_missing')).rejects.toThrow(/no session ses_missing/);
  });

  it('openSession streams a listed session as the document opencode export prints, pretty-printed', async () => {
    const home = tempHome();
    await writeOpenCodeDb(join(home, '.local', 'share', 'opencode', 'opencode.db'), [session]);
    const [listed] = await listSessions({ home, agent: 'opencode' });
    if (listed === undefined) throw new Error('the session was not listed');
    const text = await readAll(await openSession(listed));
    // As `opencode export` prints it (see provider-opencode's log-detect.ts): `{`, `  "info": {`, `    "id": "ses_…"`.
    expect(text.split('\n').slice(0, 3)).toEqual(['{', '  "info": {', '    "id": "ses_abc",']);
    expect(text.endsWith('}\n')).toBe(true);
    expect(JSON.parse(text).info.id).toBe('ses_abc');
  });
});

describe('exportText', () => {
  const doc = { info: { id: 'ses_big' }, messages: [{ info: { id: 'msg_1' }, parts: [{ type: 'text', text: 'ü'.repeat(40) }] }] };

  it('keeps a document within both bounds, however long it would be on one line', () => {
    const text = exportText(doc, { maxLineBytes: 100, maxDocumentChars: 1000 });
    expect(JSON.stringify(doc).length).toBeGreaterThan(100);
    expect(JSON.parse(text)).toEqual(doc);
  });

  it('refuses, saying why, a value whose line passes the line limit (in bytes)', () => {
    // 40 two-byte characters: 80 bytes of text; its line, indented and quoted, 100 bytes.
    expect(() => exportText(doc, { maxLineBytes: 80, maxDocumentChars: 1000 })).toThrow(
      new RangeError('OpenCode session ses_big holds a value of 100 bytes on one line, more than the line limit of 80 bytes; not rendered.'),
    );
  });

  it('refuses, saying why, a document past the document limit', () => {
    const size = exportText(doc).length;
    expect(() => exportText(doc, { maxLineBytes: 1000, maxDocumentChars: size - 1 })).toThrow(
      new RangeError(`OpenCode session ses_big exports to ${size} characters of JSON, more than the ${size - 1} a session document may hold; not rendered.`),
    );
  });
});
