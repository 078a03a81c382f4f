import type { StoreFileSystem } from '@x/core';
import { describe, expect, it } from 'vitest';
import { claudeSessionStore } from './session-store.js';

/** A home whose one project folder holds `count` transcripts: the folders list them; each log's content is told by `read`. */
function oneProject(count: number, read: (path: string) => string | undefined): StoreFileSystem {
  const bytes = (path: string) => new TextEncoder().encode(read(path) ?? '');
  return {
    join: (...segments) => segments.join('/'),
    list: async (path) =>
      path === '/h/.claude/projects'
        ? [{ name: '-w', kind: 'directory' }]
        : path === '/h/.claude/projects/-w'
          ? Array.from({ length: count }, (_, i) => ({ name: `s${i}.jsonl`, kind: 'file' as const }))
          : [],
    stat: async (path) => (read(path) === undefined ? undefined : { size: bytes(path).length, mtimeMs: 0, kind: 'file' }),
    open: async (path) => ({ read: async (position, length) => bytes(path).subarray(position, position + length), close: async () => undefined }),
    stream: () => Promise.reject(new Error('not read here')),
  };
}

describe('claudeSessionStore, a project folder of many transcripts', () => {
  // Each project's transcripts were added to the list by spreading them as arguments (`push(...files)`): past about
  // 125,000 in one folder (automated `claude -p` runs in one directory) the call overflowed the stack, and the whole
  // store failed: `xview sessions` listed no Claude session at all, saying "Maximum call stack size exceeded".
  it('lists a folder of 150,000 transcripts', async () => {
    const line = JSON.stringify({
      type: 'user',
      sessionId: 's7',
      cwd: '/w',
      timestamp: '2026-03-01T10:00:00.000Z',
      message: { role: 'user', content: 'Seventh' },
    });
    const fs = oneProject(150_000, (path) => (path === '/h/.claude/projects/-w/s7.jsonl' ? `${line}\n` : undefined));
    const rows = await claudeSessionStore.list({ home: '/h', env: {}, fs, subagents: false });
    expect(rows.map((row) => [row.id, row.title])).toEqual([['s7', 'Seventh']]);
  });
});
