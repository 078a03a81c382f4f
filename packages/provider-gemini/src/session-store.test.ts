import type { StoreFileSystem } from '@x/core';
import { describe, expect, it } from 'vitest';
import { geminiSessionStore } from './session-store.js';

const CHATS = '/h/.gemini/tmp/slug/chats';

/** A home whose one project's chats folder holds `count` recordings; each one's content is told by `read`. */
function oneProject(count: number, read: (path: string) => string | undefined): StoreFileSystem {
  const bytes = (path: string) => new TextEncoder().encode(read(path) ?? '');
  return {
    join: (...segments) => segments.join('/'),
    list: async (path) =>
      path === '/h/.gemini/tmp'
        ? [{ name: 'slug', kind: 'directory' }]
        : path === CHATS
          ? Array.from({ length: count }, (_, i) => ({ name: `session-${i}.jsonl`, kind: 'file' as const }))
          : [],
    stat: async (path) => (read(path) === undefined ? undefined : { size: bytes(path).length, mtimeMs: 0, kind: 'file' }),
    open: async (path) => ({ read: async (position, length) => bytes(path).subarray(position, position + length), close: async () => undefined }),
    stream: () => Promise.reject(new Error('not read here')),
  };
}

describe('geminiSessionStore, a chats folder of many recordings', () => {
  // A project's recordings were added to the list by spreading them as arguments (`push(...paths)`): past about
  // 125,000 in one folder the call overflowed the stack, and the whole store failed, listing no Gemini session.
  it('lists a folder of 150,000 recordings', async () => {
    const lines = [
      { sessionId: 'g7', projectHash: 'slug', startTime: '2026-03-01T10:00:00.000Z', kind: 'main' },
      { id: 'm1', timestamp: '2026-03-01T10:00:00.000Z', type: 'user', content: [{ text: 'Seventh' }] },
    ];
    const fs = oneProject(150_000, (path) => (path === `${CHATS}/session-7.jsonl` ? `${lines.map((l) => JSON.stringify(l)).join('\n')}\n` : undefined));
    const rows = await geminiSessionStore.list({ home: '/h', env: {}, fs, subagents: false });
    expect(rows.map((row) => [row.id, row.title])).toEqual([['g7', 'Seventh']]);
  });
});
