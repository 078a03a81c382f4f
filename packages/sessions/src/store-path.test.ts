import { execFileSync } from 'node:child_process';
import { existsSync, realpathSync, symlinkSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { put, tempHome, writeGemini, writeOpenCodeStorage } from '../test/fake-home.js';
import { listSessions } from './list-sessions.js';
import { openSession } from './open-session.js';
import { isStoreId, openRegularFile, openRealFile, openedRealPath, storePath } from './store-path.js';
import { STORES } from '../test/stores.js';

const s = { id: 'ses_abc', cwd: '/w', prompt: 'p', at: '2026-03-01T10:00:00.000Z' };

describe('store paths stay inside the store', () => {
  it('refuses ids with separators, dot-dot, NUL or no bound', () => {
    for (const bad of ['..', '../x', 'a/b', 'a\\b', 'a\0b', '', 'x'.repeat(201)]) expect(isStoreId(bad)).toBe(false);
    expect(() => storePath('/r', '../../etc')).toThrow(RangeError);
  });

  it('never reads OpenCode messages through a crafted session id', async () => {
    const home = tempHome();
    const data = join(home, '.local', 'share', 'opencode');
    const path = writeOpenCodeStorage(data, s);
    put(path, JSON.stringify({ id: '../../../secret', time: { created: 1 } }));
    put(join(home, '.local', 'secret', 'm.json'), JSON.stringify({ id: 'x', role: 'user' }));
    await expect(openSession({ agent: 'opencode', storage: 'opencode-storage', path, id: 'ses_abc' }, { stores: STORES, home, env: {} })).rejects.toThrow(RangeError);
    expect((await listSessions({ stores: STORES, home, env: {}, agent: 'opencode' })).filter((x) => x.turns === 1)).toEqual([]);
  });

  it('refuses a message folder that is a symlink out of the store', async () => {
    const home = tempHome();
    const data = join(home, '.local', 'share', 'opencode');
    writeOpenCodeStorage(data, { ...s, id: 'ses_link' });
    const outside = join(tempHome(), 'out');
    put(join(outside, 'a.json'), JSON.stringify({ id: 'a', role: 'user' }));
    execFileSync('rm', ['-r', join(data, 'storage', 'message', 'ses_link')]);
    symlinkSync(outside, join(data, 'storage', 'message', 'ses_link'));
    expect(await listSessions({ stores: STORES, home, env: {}, agent: 'opencode' })).toEqual([]);
  });

  it('a FIFO as Gemini .project_root or as a log does not hang', async () => {
    const home = tempHome();
    writeGemini(home, 'slug', s);
    put(join(home, '.gemini', 'projects.json'), '{}');
    execFileSync('mkfifo', [join(home, '.gemini', 'tmp', 'slug', '.project_root')]);
    const found = await listSessions({ stores: STORES, home, env: {}, agent: 'gemini' });
    expect(found.map((x) => x.project)).toEqual([undefined]);
    const fifo = join(home, 'fifo.jsonl');
    execFileSync('mkfifo', [fifo]);
    // A FIFO inside the store's folder, as a log would be: refused without blocking.
    const inStore = join(home, '.gemini', 'tmp', 'slug', 'chats', 'session-fifo.jsonl');
    execFileSync('mkfifo', [inStore]);
    await expect(openSession({ agent: 'gemini', storage: 'file', path: inStore, id: 'x' }, { stores: STORES, home, env: {} })).rejects.toThrow(/not a regular file/);
    // A file outside every folder of the session's store: refused before it is opened.
    await expect(openSession({ agent: 'gemini', storage: 'file', path: fifo, id: 'x' }, { stores: STORES, home, env: {} })).rejects.toThrow(/outside the session store's folders/);
  }, 5000);

  it('an out-of-range OpenCode time costs that field only', async () => {
    const home = tempHome();
    const data = join(home, '.local', 'share', 'opencode');
    const path = writeOpenCodeStorage(data, s);
    put(path, JSON.stringify({ id: 'ses_abc', directory: '/w', time: { created: 1e20, updated: 1e20 } }));
    writeOpenCodeStorage(data, { ...s, id: 'ses_ok' });
    const found = await listSessions({ stores: STORES, home, env: {}, agent: 'opencode' });
    expect(found.map((x) => [x.id, x.startedAt])).toEqual([['ses_ok', s.at], ['ses_abc', undefined]]);
  });
});

// A log's place swapped for a symlink around its open: the check must be of the file the open got. The swap is made
// between the open and the check here, by hand, so the race is played out without timing.
describe('the check of a log is made on the file opened', () => {
  function swapAfterOpen() {
    const home = tempHome();
    const inside = put(join(home, 'store', 'in.jsonl'), 'in\n');
    const outside = put(join(tempHome(), 'secret.jsonl'), 'secret\n');
    const link = join(home, 'store', 'log.jsonl');
    symlinkSync(outside, link);
    return { home, inside, outside, link };
  }

  it.skipIf(!existsSync('/proc/self/fd'))('names the opened file itself where /proc does, whatever the path names by the time of the check', async () => {
    const { inside, outside, link } = swapAfterOpen();
    const file = await openRegularFile(link);
    unlinkSync(link);
    symlinkSync(inside, link);
    try {
      expect(await openedRealPath(file, link)).toBe(realpathSync(outside));
    } finally {
      await file.close();
    }
  });

  it('elsewhere refuses a path whose real path, taken after the open, is not the opened file', async () => {
    const { home, inside, link } = swapAfterOpen();
    const file = await openRegularFile(link);
    unlinkSync(link);
    symlinkSync(inside, link);
    try {
      await expect(openedRealPath(file, link, join(home, 'no-proc'))).rejects.toThrow(`${link} changed while it was opened; not read.`);
    } finally {
      await file.close();
    }
    const { file: same, realPath } = await openRealFile(link, [realpathSync(join(home, 'store'))]);
    await same.close();
    expect(realPath).toBe(realpathSync(inside));
  });
});
