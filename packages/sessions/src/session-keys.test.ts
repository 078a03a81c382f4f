import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { put, tempHome, writeClaude } from '../test/fake-home.js';
import { findSession, listSessions } from './list-sessions.js';
import { pickSession, withKeys } from './session-keys.js';
import type { SessionInfo } from './types.js';
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

  // A log's file name is its id: a planted `shared@<hash>.jsonl` spells the key another log is listed under.
  it('keys apart a log whose id spells another log’s key, and opens the log the key was given to', async () => {
    const { home, sidechain } = collidingHome();
    const made = `shared@${hash(sidechain)}`;
    const planted = put(
      join(home, '.claude', 'projects', '-planted', `${made}.jsonl`),
      `${JSON.stringify({ type: 'user', sessionId: 'x', timestamp: at(3), message: { role: 'user', content: 'planted' } })}\n`,
    );
    const all = await listSessions({ stores: STORES, home, subagents: true });
    expect(new Set(all.map((s) => s.key)).size).toBe(all.length);
    expect(all.find((s) => s.path === planted)?.key).toBe(`${made}@${hash(planted)}`);
    expect((await findSession(made, { stores: STORES, home }))?.path).toBe(sidechain);
  });

  it('keys a log whose id holds half a surrogate pair by well-formed text, which finds it', () => {
    const log: SessionInfo = { agent: 'codex', id: 'a\udb40b\udc41', storage: 'file', path: '/lone.jsonl', updatedAt: at(1), size: 1 };
    const pair: SessionInfo = { ...log, id: 'a\udb40\udc41', path: '/pair.jsonl' };
    const [lone, whole] = withKeys([log, pair]);
    expect(lone?.key).toBe(`a\ufffdb\ufffd@${hash('/lone.jsonl')}`);
    expect(whole?.key).toBe('a\udb40\udc41');
    expect(() => encodeURIComponent(lone?.key ?? '')).not.toThrow();
    expect(pickSession([lone as SessionInfo, whole as SessionInfo], lone?.key ?? '')?.path).toBe('/lone.jsonl');
  });

  it('refuses a key that more than one listed log holds instead of picking one', () => {
    const log = (path: string): SessionInfo => ({ agent: 'claude', id: 'a', key: 'a@12345678', storage: 'file', path, updatedAt: at(1), size: 1 });
    expect(() => pickSession([log('/one.jsonl'), log('/two.jsonl')], 'a@12345678')).toThrow(/"a@12345678" names 2 logs .*\(\/one\.jsonl\).*\(\/two\.jsonl\)/);
  });

  // Each log was added to its id's group by copying the group so far, and each log looked through its whole group for
  // main sessions: 30,000 copied rollouts with one id held `xview sessions` for 20 s (3.6 s with distinct ids), 100,000
  // for minutes, and `show` and `serve` list every log. The keys are made in a time that grows with the logs, not their square.
  it('keys 100,000 logs that share one id at once, each by its path', () => {
    const count = 100_000;
    const logs = Array.from({ length: count }, (_, i): SessionInfo => ({ agent: 'codex', id: 'dup', storage: 'file', path: `/r/${i}.jsonl`, updatedAt: at(1), size: 1 }));
    const started = performance.now();
    const keyed = withKeys(logs);
    // About 0.3 s here, many minutes before; the keys are made synchronously, so only a measure can fail it.
    expect(performance.now() - started).toBeLessThan(10_000);
    // Each is the id and 8 hex digits of its own path's hash (among 100,000 two such digits may meet by chance: pickSession refuses that key).
    expect(keyed.filter((s) => s.key !== `dup@${hash(s.path)}`)).toEqual([]);
  });
});
