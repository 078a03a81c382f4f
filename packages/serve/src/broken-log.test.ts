// A log its store refuses while it is read, after the page's headers went
// out: a Codex rollout compressed as zstd, listed from its first 256 KiB,
// which decompress, and cut short after them. The page says where the log
// could not be read on, and ends as a page ends, rather than breaking off.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../tooling/fixtures.js';
import { tempHome } from '../../sessions/test/fake-home.js';
import { get } from '../test/http.js';
import { SOURCES, STORES } from '../test/serve-home.js';
import { startServer, type ServeHandle } from './server.js';
import { zstdRaw } from '../../sessions/test/zstd-raw.js';

const NAME = 'rollout-2026-11-28T06-57-07-01a220f1-807a-7973-9716-e5e82f00a703.jsonl';

describe('xview serve, on a log that breaks off while its page is written', () => {
  let server: ServeHandle;
  let home: string;
  let cookie: string;

  beforeAll(async () => {
    // The recorded rollout's turns, twelve times over (about 600 KB), compressed and cut short near its end.
    const recorded = readFileSync(
      join(FIXTURES_DIR, 'codex-log', 'recorded', '0.171.0', 'read-edit-run', '.codex', 'sessions', '2026', '11', '28', NAME),
      'utf8',
    );
    const [first, ...rest] = recorded.trimEnd().split('\n');
    const plain = Buffer.from(`${[first, ...Array.from({ length: 12 }, () => rest).flat()].join('\n')}\n`);
    home = tempHome();
    const folder = join(home, '.codex', 'sessions', '2026', '11', '28');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `${NAME}.zst`), zstdRaw(plain, 1000));
    server = await startServer({ home, env: {}, stores: STORES, sources: SOURCES, token: 'test-token-broken' });
    cookie = String((await get(server.origin, '/?token=test-token-broken')).headers['set-cookie']).split(';')[0] ?? '';
  });
  afterAll(async () => {
    await server.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('says where the log could not be read on, and ends the page', async () => {
    const page = await get(server.origin, `${server.base}/s/01a220f1-807a-7973-9716-e5e82f00a703`, { cookie });
    expect(page.status).toBe(200);
    expect(page.body).toMatch(
      /<p class="notice error" role="alert">The log could not be read past this point: \S+\.jsonl\.zst is not a zstd-compressed rollout that can be read \([^<]*\)\.<\/p>/,
    );
    expect(page.body.trimEnd()).toMatch(/<\/html>$/);
  });
});
