// A listing reads 32 logs at once; a compressed rollout's read holds a window
// of up to 8 MiB and a line of up to 16 MiB, so compressed ones are
// decompressed one at a time in the process (memory.md), as scanHead reads a
// long line on. 40 were decompressed 32 at once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StoreFileSystem } from '@x/core';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../tooling/fixtures.js';
import { codexSessionStore } from './session-store.js';

const NAME = 'rollout-2026-11-28T06-57-07-01a220f1-807a-7973-9716-e5e82f00a703.jsonl.zst';
const COMPRESSED = readFileSync(join(FIXTURES_DIR, 'codex-log', 'compressed', NAME));
const DAY = '/h/.codex/sessions/2026/11/28';

/** A day folder of `count` copies of the compressed fixture; `open` counts the streams open at once. */
function compressedDay(count: number, open: { now: number; most: number }): StoreFileSystem {
  const names = Array.from({ length: count }, (_, i) => NAME.replace('01a220f1', i.toString(16).padStart(8, '0')));
  return {
    join: (...segments) => segments.join('/'),
    list: async (path) =>
      path === '/h/.codex/sessions'
        ? [{ name: '2026', kind: 'directory' }]
        : path === '/h/.codex/sessions/2026'
          ? [{ name: '11', kind: 'directory' }]
          : path === '/h/.codex/sessions/2026/11'
            ? [{ name: '28', kind: 'directory' }]
            : path === DAY
              ? names.map((name) => ({ name, kind: 'file' as const }))
              : [],
    stat: async (path) => (path.startsWith(DAY) ? { size: COMPRESSED.length, mtimeMs: 0, kind: 'file' } : undefined),
    open: () => Promise.reject(new Error('not read here')),
    stream: async () =>
      (async function* () {
        open.now += 1;
        open.most = Math.max(open.most, open.now);
        try {
          for (let at = 0; at < COMPRESSED.length; at += 4096) {
            await new Promise((resolve) => setImmediate(resolve));
            yield COMPRESSED.subarray(at, at + 4096);
          }
        } finally {
          open.now -= 1;
        }
      })(),
  };
}

describe('codexSessionStore, many compressed rollouts', () => {
  it('decompresses them one at a time, and lists every one', async () => {
    const open = { now: 0, most: 0 };
    const rows = await codexSessionStore.list({ home: '/h', env: {}, fs: compressedDay(40, open), subagents: false });
    expect(rows).toHaveLength(40);
    expect(open.most).toBe(1);
  });
});
