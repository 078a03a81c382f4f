import type { SessionRow, StoreDatabase, StoreFileSystem } from '@x/core';
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

/**
 * OpenCode ≤1.1's tree with one session of `count` messages, the first a prompt: a file system that, as the system's
 * limit on open files does, refuses an open while `maxOpen` files are open (EMFILE).
 */
function treeWithOpenLimit(count: number, maxOpen: number): StoreFileSystem & { peak: number } {
  const storage = '/home/u/.local/share/opencode/storage';
  const files = new Map<string, string>([
    [`${storage}/session/global/ses_1.json`, JSON.stringify({ id: 'ses_1', directory: '/w', title: 'Long', time: { created: 1, updated: 2 } })],
  ]);
  for (let i = 0; i < count; i++)
    files.set(
      `${storage}/message/ses_1/msg_${String(i).padStart(6, '0')}.json`,
      JSON.stringify({ id: `msg_${i}`, sessionID: 'ses_1', role: i === 0 ? 'user' : 'assistant', cost: 1 }),
    );
  files.set(`${storage}/part/msg_0/prt_1.json`, JSON.stringify({ id: 'prt_1', sessionID: 'ses_1', messageID: 'msg_0', type: 'text', text: 'Go' }));
  const folders = new Map<string, { name: string; kind: 'file' | 'directory' }[]>([[`${storage}/session`, [{ name: 'global', kind: 'directory' }]]]);
  for (const path of files.keys()) {
    const cut = path.lastIndexOf('/');
    const entries = folders.get(path.slice(0, cut)) ?? [];
    entries.push({ name: path.slice(cut + 1), kind: 'file' });
    folders.set(path.slice(0, cut), entries);
  }
  const state = { open: 0, peak: 0 };
  const fs: StoreFileSystem = {
    join: (...segments) => segments.join('/'),
    list: async (dir) => folders.get(dir) ?? [],
    stat: async (path) => (files.has(path) ? { size: (files.get(path) ?? '').length, mtimeMs: 0, kind: 'file' } : undefined),
    open: async (path) => {
      if (state.open >= maxOpen) throw Object.assign(new Error(`EMFILE: too many open files, open '${path}'`), { code: 'EMFILE' });
      state.open += 1;
      state.peak = Math.max(state.peak, state.open);
      await new Promise((resolve) => setImmediate(resolve));
      const bytes = new TextEncoder().encode(files.get(path) ?? '');
      return { read: async (position, length) => bytes.subarray(position, position + length), close: async () => void (state.open -= 1) };
    },
    stream: () => Promise.reject(new Error('not read here')),
  };
  return Object.assign(fs, {
    get peak() {
      return state.peak;
    },
  });
}

describe('openCodeSessionStore, a session of the JSON tree with many messages', () => {
  // Every message file of a session was opened at once: past the system's limit on open files (20,000 here, 1,024 on
  // many systems) the opens failed, and a session of 30,000 messages was left out of the listing, unsaid, and could not be shown.
  it('lists and opens a session of 5,000 message files with at most 64 files open', async () => {
    const fs = treeWithOpenLimit(5_000, 64);
    const rows = await openCodeSessionStore.list({ home: '/home/u', env: {}, fs, subagents: false });
    expect(rows.map((row) => [row.id, row.turns, row.costUsd])).toEqual([['ses_1', 1, 4_999]]);
    const content = await openCodeSessionStore.open(rows[0] as SessionRow, { home: '/home/u', env: {}, fs });
    expect(content.kind === 'document' && (JSON.parse(content.text) as { messages: unknown[] }).messages.length).toBe(5_000);
    expect(fs.peak).toBeLessThanOrEqual(64);
  });
});
