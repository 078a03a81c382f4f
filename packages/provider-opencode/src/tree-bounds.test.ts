// A session of OpenCode's JSON trees is read from many files, each bounded
// alone (16 MiB) but not together: 40 planted message files of 15 MiB took
// 1.1 GB in `xview sessions` and 1.3 GB in `xview show`, which then failed
// with "Invalid string length" instead of refusing the session by name.
import type { StoreFileSystem } from '@x/core';
import { DEFAULT_MAX_DOCUMENT_CHARS } from '@x/core';
import { describe, expect, it } from 'vitest';
import { openCodeSessionStore } from './session-store.js';

const DATA = '/h/.local/share/opencode/storage';
const INFO = `${DATA}/session/p/ses_1.json`;
const MESSAGES = `${DATA}/message/ses_1`;
const info = Buffer.from(JSON.stringify({ id: 'ses_1', directory: '/w', title: 'Big', time: { created: 1, updated: 2 } }));
/** One message file of 15 MiB (a user message with a long field). */
const big = Buffer.from(JSON.stringify({ id: 'msg_1', sessionID: 'ses_1', role: 'user', time: { created: 1 }, pad: 'x'.repeat(15 * 1024 * 1024) }));

/** A tree whose one session has `count` message files of 15 MiB; `read.bytes` counts what is read. */
function tree(count: number, read: { bytes: number }): StoreFileSystem {
  const files = new Map<string, Buffer>([[INFO, info]]);
  for (let i = 0; i < count; i++) files.set(`${MESSAGES}/msg_${i}.json`, big);
  const folder = (path: string) =>
    [...files.keys()]
      .filter((file) => file.slice(0, file.lastIndexOf('/')) === path)
      .map((file) => ({ name: file.slice(path.length + 1), kind: 'file' as const }));
  return {
    join: (...segments) => segments.join('/'),
    list: async (path) => (path === `${DATA}/session` ? [{ name: 'p', kind: 'directory' }] : folder(path)),
    stat: async (path) => (files.has(path) ? { size: (files.get(path) as Buffer).length, mtimeMs: 0, kind: 'file' } : undefined),
    open: async (path) => ({
      read: async (position, length) => {
        const bytes = (files.get(path) as Buffer).subarray(position, position + length);
        read.bytes += bytes.length;
        return bytes;
      },
      close: async () => undefined,
    }),
    stream: () => Promise.reject(new Error('not read here')),
  };
}

describe('a session of a JSON tree larger than a document', () => {
  it('is refused by name when opened, having read no more than a document may hold', async () => {
    const read = { bytes: 0 };
    const fs = tree(40, read);
    const [row] = await openCodeSessionStore.list({ home: '/h', env: {}, fs, subagents: false });
    read.bytes = 0;
    const refused = await openCodeSessionStore.open(row as NonNullable<typeof row>, { home: '/h', env: {}, fs }).catch((error: unknown) => error);
    // A RangeError, which xview show tells in one line with exit 3.
    expect(refused).toBeInstanceOf(RangeError);
    expect((refused as Error).message).toBe(
      `OpenCode session ses_1's files in ${DATA} hold more than the ${DEFAULT_MAX_DOCUMENT_CHARS} bytes a session document may hold; not rendered.`,
    );
    expect(read.bytes).toBeLessThanOrEqual(DEFAULT_MAX_DOCUMENT_CHARS);
  });

  it('is listed from its info file alone, without counts, having read at most 16 MiB of it', async () => {
    const read = { bytes: 0 };
    const rows = await openCodeSessionStore.list({ home: '/h', env: {}, fs: tree(40, read), subagents: false });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 'ses_1', title: 'Big' });
    expect(rows[0]?.turns).toBeUndefined();
    expect(read.bytes).toBeLessThanOrEqual(16 * 1024 * 1024 + info.length);
  });

  it('is listed with its counts when its files fit', async () => {
    const rows = await openCodeSessionStore.list({ home: '/h', env: {}, fs: tree(1, { bytes: 0 }), subagents: false });
    expect(rows[0]).toMatchObject({ id: 'ses_1', turns: 1 });
  });
});
