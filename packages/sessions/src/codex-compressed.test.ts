// Codex's compressed rollouts (`rollout-*.jsonl.zst`, written by its opt-in
// compression worker; fixtures/codex-log/README.md) in a user's home: listed
// as the session the plain rollout is, once when both forms are there (Codex
// reads the plain one), opened as the decompressed log, and refused by
// --follow, since Codex never appends to a compressed file.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../tooling/fixtures.js';
import { tempHome } from '../test/fake-home.js';
import { STORES } from '../test/stores.js';
import { followSession } from './store-check.js';
import { listSessions } from './list-sessions.js';
import { openSession } from './open-session.js';

const NAME = 'rollout-2026-11-28T06-57-07-01a220f1-807a-7973-9716-e5e82f00a703.jsonl';
const PLAIN = join(FIXTURES_DIR, 'codex-log', 'recorded', '0.171.0', 'read-edit-run', '.codex', 'sessions', '2026', '11', '28', NAME);

/** A home whose one Codex rollout is the compressed one, and with `plain` its plain copy beside it. */
function home(plain: boolean): { home: string; folder: string } {
  const dir = tempHome();
  const folder = join(dir, '.codex', 'sessions', '2026', '11', '01');
  mkdirSync(folder, { recursive: true });
  copyFileSync(join(FIXTURES_DIR, 'codex-log', 'compressed', `${NAME}.zst`), join(folder, `${NAME}.zst`));
  if (plain) copyFileSync(PLAIN, join(folder, NAME));
  return { home: dir, folder };
}

const list = (dir: string) => listSessions({ stores: STORES, home: dir, env: {}, agent: 'codex' });

describe('a compressed Codex rollout', () => {
  it('is listed as the plain rollout is: id, project, title, turns and tokens', async () => {
    const compressed = await list(home(false).home);
    const plainHome = tempHome();
    mkdirSync(join(plainHome, '.codex', 'sessions', '2026', '11', '28'), { recursive: true });
    copyFileSync(PLAIN, join(plainHome, '.codex', 'sessions', '2026', '11', '28', NAME));
    const plain = await list(plainHome);
    const told = (rows: typeof plain) => rows.map(({ id, project, title, turns, tokens, startedAt }) => ({ id, project, title, turns, tokens, startedAt }));
    expect(told(compressed)).toEqual(told(plain));
    expect(compressed[0]).toMatchObject({ id: '01a220f1-807a-7973-9716-e5e82f00a703', turns: 1 });
  });

  it('is listed once, as its plain copy, when both are there', async () => {
    const { home: dir, folder } = home(true);
    expect((await list(dir)).map((row) => row.path)).toEqual([join(folder, NAME)]);
  });

  it('opens as the decompressed log, and is not followed', async () => {
    const { home: dir } = home(false);
    const [row] = await list(dir);
    const session = row as NonNullable<typeof row>;
    const parts: Uint8Array[] = [];
    for await (const part of await openSession(session, { stores: STORES, home: dir, env: {} })) parts.push(part);
    expect(Buffer.concat(parts).equals(readFileSync(PLAIN))).toBe(true);
    const follow = followSession(session, { stores: STORES, home: dir, env: {} })[Symbol.asyncIterator]();
    await expect(follow.next()).rejects.toThrow(
      `${session.path} is compressed (zstd): it is not written to any more, so there is nothing to follow; show it without --follow.`,
    );
  });

  it('is left out of the listing with a warning naming it when it cannot be read', async () => {
    const { home: dir, folder } = home(false);
    // A planted one: plain text, and a frame asking for a 1.9 GiB window (fzstd allocated it and moved it for every block).
    writeFileSync(join(folder, 'rollout-2026-11-01T00-00-00-aaaaaaaa-0000-0000-0000-000000000000.jsonl.zst'), '{"type":"session_meta"}\n');
    writeFileSync(join(folder, 'rollout-2026-11-01T00-00-00-bbbbbbbb-0000-0000-0000-000000000000.jsonl.zst'), Uint8Array.from([0x28, 0xb5, 0x2f, 0xfd, 0, 0xa7, 0x19, 0, 0, 0x7b]));
    const warnings: string[] = [];
    const rows = await listSessions({ stores: STORES, home: dir, env: {}, agent: 'codex', onWarning: (message) => warnings.push(message) });
    expect(rows.map((row) => row.id)).toEqual(['01a220f1-807a-7973-9716-e5e82f00a703']);
    expect(warnings.sort()).toEqual([
      expect.stringMatching(/^Codex's session in \S+aaaaaaaa-\S+\.jsonl\.zst is not listed: it is not a zstd-compressed rollout that can be read \(no zstd frame\)\.$/),
      expect.stringMatching(/^Codex's session in \S+bbbbbbbb-\S+\.jsonl\.zst is not listed: it is not a zstd-compressed rollout that can be read \(a frame asks for a window of 2013265920 bytes, more than 8388608\)\.$/),
    ]);
  });

  it('is not followed when it begins with a skippable frame, which a zstd stream may', async () => {
    const { home: dir, folder } = home(false);
    const compressed = readFileSync(join(folder, `${NAME}.zst`));
    writeFileSync(join(folder, `${NAME}.zst`), Buffer.concat([Buffer.from([0x5e, 0x2a, 0x4d, 0x18, 2, 0, 0, 0, 0, 0]), compressed]));
    const [row] = await list(dir);
    const session = row as NonNullable<typeof row>;
    const follow = followSession(session, { stores: STORES, home: dir, env: {} })[Symbol.asyncIterator]();
    await expect(follow.next()).rejects.toThrow(`${session.path} is compressed (zstd)`);
  });
});
