import type { StoreDatabase, StoreFileSystem } from '@x/core';
import { describe, expect, it } from 'vitest';
import { openCodeSessionStore } from './session-store.js';

const DB = '/home/u/.local/share/opencode/opencode.db';

/** A file system with nothing but OpenCode's database, whose tables are the given rows. */
function databaseOnly(tables: Record<'session' | 'message' | 'part', Record<string, unknown>[]>): StoreFileSystem {
  const db: StoreDatabase = {
    all: (sql) => tables[(/FROM (\w+)/.exec(sql)?.[1] ?? '') as keyof typeof tables] ?? [],
    close: () => undefined,
  };
  return {
    join: (...segments) => segments.join('/'),
    list: async () => [],
    stat: async (path) => (path === DB ? { size: 1, mtimeMs: 0, kind: 'file' } : undefined),
    open: () => Promise.reject(new Error('no file')),
    stream: () => Promise.reject(new Error('no file')),
    openDatabase: async () => db,
  };
}

describe('openCodeSessionStore, a database', () => {
  // Each message was added to its session by copying the session's list so far: a session of 100,000 messages
  // (a 16 MB database) took 2 min 20 s to list, one of 300,000 a quarter of an hour, and `xview serve` lists again every
  // few seconds.
  it('lists a session of 100,000 messages and their parts at once, its totals exact', async () => {
    const count = 100_000;
    const started = performance.now();
    const message = Array.from({ length: count }, (_, i) => ({
      id: `msg_${i}`,
      session_id: 'ses_1',
      data: JSON.stringify({ role: i % 2 === 0 ? 'user' : 'assistant', cost: 0.5 }),
    }));
    const part = Array.from({ length: count }, (_, i) => ({ message_id: `msg_${i - (i % 2)}`, data: JSON.stringify({ type: 'text', text: 'go' }) }));
    const session = [{ id: 'ses_1', directory: '/w', title: 'Long', time_created: 1, time_updated: 2 }];
    const rows = await openCodeSessionStore.list({ home: '/home/u', env: {}, fs: databaseOnly({ session, message, part }), subagents: false });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 'ses_1', turns: count / 2, costUsd: (count / 2) * 0.5 });
    // About 0.3 s here, a minute before; the list is built synchronously, so only a measure can fail it.
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe('openCodeSessionStore, opening a session of the database', () => {
  // Its rows were read (a part sorted and copied out of SQLite) before the document's size was known: a part of 450 MB
  // ran sql.js out of memory, and `xview show` exited 70, an internal error, instead of refusing the session.
  it('refuses a session whose rows hold more JSON than a document may, before reading any of them', async () => {
    const session = [{ id: 'ses_1', directory: '/w', title: 'Huge', time_created: 1, time_updated: 2 }];
    const tables = { session, message: [], part: [] };
    const fs = databaseOnly(tables);
    const db = await (fs.openDatabase as NonNullable<StoreFileSystem['openDatabase']>)(DB);
    const read: string[] = [];
    db.all = (sql, params) => {
      read.push(sql);
      if (sql.includes('SUM(LENGTH(data))')) return [{ chars: 450_000_000 }];
      if (sql.includes('FROM session')) return session;
      throw new Error(`read ${sql} with ${JSON.stringify(params)}`);
    };
    await expect(openCodeSessionStore.open({ id: 'ses_1', path: DB, storage: 'opencode-sqlite' }, { home: '/home/u', env: {}, fs })).rejects.toThrow(
      new RangeError(`OpenCode session ses_1 holds 450000000 characters of JSON in ${DB}, more than the 67108864 a session document may hold; not rendered.`),
    );
    expect(read).toHaveLength(2);
  });
});
