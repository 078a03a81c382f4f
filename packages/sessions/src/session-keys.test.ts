import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { put, tempHome, writeClaude } from '../test/fake-home.js';
import { findSession, listSessions } from './list-sessions.js';
import { STORES } from '../test/stores.js';

const at = (day: number) => `2026-03-0${day}T10:00:00.000Z`;
const hash = (path: string) => createHash('sha256').update(path).digest('hex').slice(0, 8);

/**
 * A home where three logs carry the session id `shared`: the main transcript,
 * its subagent's sidechain (Claude Code 2.x writes `<id>/subagents/agent-*.jsonl`
 * whose lines carry the parent's `sessionId` and `isSidechain: true`), and a
 * copy of the main transcript under another project folder.
 */
function collidingHome(): { home: string; main: string; copy: string; sidechain: string } {
  const home = tempHome();
  const main = writeClaude(join(home, '.claude'), { id: 'shared', cwd: '/work/app', prompt: 'main task', at: at(1) });
  const sidechain = put(
    join(home, '.claude', 'projects', '-work-app', 'shared', 'subagents', 'agent-a1.jsonl'),
    `${JSON.stringify({ type: 'user', sessionId: 'shared', isSidechain: true, timestamp: at(2), message: { role: 'user', content: 'sub task' } })}\n`,
  );
  mkdirSync(join(home, '.claude', 'projects', '-backup'), { recursive: true });
  const copy = join(home, '.claude', 'projects', '-backup', 'shared.jsonl');
  return { home, main, sidechain, copy };
}

describe('session keys', () => {
  it('gives a main session and its sidechain one key each; the main one keeps the plain id', async () => {
    const { home, main, sidechain } = collidingHome();
    const all = await listSessions({ stores: STORES, home, subagents: true });
    expect(all.map((s) => [s.path, s.key])).toEqual([
      [sidechain, `shared@${hash(sidechain)}`],
      [main, 'shared'],
    ]);
    expect((await listSessions({ stores: STORES, home })).map((s) => s.key)).toEqual(['shared']);
    expect((await findSession('shared', { stores: STORES, home }))?.path).toBe(main);
    expect((await findSession('sha', { stores: STORES, home }))?.path).toBe(main);
    expect((await findSession(`shared@${hash(sidechain)}`, { stores: STORES, home }))?.path).toBe(sidechain);
    expect((await findSession(`sh@${hash(sidechain).slice(0, 4)}`, { stores: STORES, home }))?.path).toBe(sidechain);
  });

  it('refuses an id two main logs share, naming each key and path on one line', async () => {
    const { home, main, sidechain, copy } = collidingHome();
    copyFileSync(main, copy);
    const keys = (await listSessions({ stores: STORES, home })).map((s) => s.key).sort();
    expect(keys).toEqual([`shared@${hash(copy)}`, `shared@${hash(main)}`].sort());
    const refused = findSession('shared', { stores: STORES, home });
    await expect(refused).rejects.toThrow(RangeError);
    const message = await refused.then(
      () => '',
      (error: Error) => error.message,
    );
    expect(message.split('\n')).toHaveLength(1);
    for (const path of [main, copy, sidechain]) expect(message).toContain(`claude shared@${hash(path)} (${path})`);
    expect(message).toMatch(/"shared" names 3 logs with one session id: .*; give one of these keys or a log's path\.$/);
    expect((await findSession(`shared@${hash(copy)}`, { stores: STORES, home }))?.path).toBe(copy);
  });
});
