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

const NAME = 'rollout-2026-11-28T06-57-07-01a220f1-807a-7973-9716-e5e82f00a703.jsonl';

/** `plain` as one zstd frame of raw blocks (a 1 MiB window), its last `cut` bytes cut off. */
function zstdRaw(plain: Buffer, cut: number): Buffer {
  const blocks: Buffer[] = [Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, 10 << 3])];
  for (let at = 0; at < plain.length; at += 100_000) {
    const part = plain.subarray(at, at + 100_000);
    const header = (at + 100_000 >= plain.length ? 1 : 0) | (part.length << 3);
    blocks.push(Buffer.from([header & 255, (header >> 8) & 255, (header >> 16) & 255]), part);
  }
  const whole = Buffer.concat(blocks);
  return whole.subarray(0, whole.length - cut);
}

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
