import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPathKey } from './path-key.js';

const dir = mkdtempSync(join(tmpdir(), 'x-path-key-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loadPathKey', () => {
  it('makes a key on the first start, readable by this user only, and gives the same one after', async () => {
    const file = join(dir, 'new', 'serve-path.key');
    const first = await loadPathKey(file);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toBe(first);
    expect(await loadPathKey(file)).toBe(first);
  });

  it('replaces what is not a key: too short, other characters, too large, a folder, a FIFO', async () => {
    const plants: [string, (file: string) => void][] = [
      ['short', (file) => writeFileSync(file, 'abc')],
      ['markup', (file) => writeFileSync(file, `<script>${'a'.repeat(50)}`)],
      ['large', (file) => writeFileSync(file, 'a'.repeat(10_000))],
      ['folder', (file) => mkdirSync(file)],
      ['fifo', (file) => execFileSync('mkfifo', [file])],
    ];
    for (const [name, plant] of plants) {
      const file = join(dir, `${name}.key`);
      plant(file);
      const key = await loadPathKey(file);
      expect(key, name).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    // A regular file planted in place is written over with the new key.
    expect(readFileSync(join(dir, 'short.key'), 'utf8')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  // The key keeps the token's cookie from other servers on the host only while no one else knows it: in a
  // cache folder someone else can write (a shared --cache-dir), a key planted there would give the app's path away.
  it('does not take a key someone else could have put or read: a symlink, a file others can read, one of another user', async () => {
    const planted = 'P'.repeat(43);
    const elsewhere = join(dir, 'elsewhere.key');
    writeFileSync(elsewhere, planted, { mode: 0o600 });
    const plants: [string, (file: string) => void][] = [
      ['symlink', (file) => symlinkSync(elsewhere, file)],
      [
        'readable',
        (file) => {
          writeFileSync(file, planted);
          // chmod, not a mode at creation, from which the umask could take the others' bit.
          chmodSync(file, 0o644);
        },
      ],
    ];
    const ownedByNobody = (file: string) => {
      writeFileSync(file, planted, { mode: 0o600 });
      chownSync(file, 65534, 65534);
    };
    // Only root can give a file to another user; for anyone else the two above say it all.
    if (process.getuid?.() === 0) plants.push(['owned', ownedByNobody]);
    for (const [name, plant] of plants) {
      const file = join(dir, `planted-${name}.key`);
      plant(file);
      expect(await loadPathKey(file), name).not.toBe(planted);
    }
  });

  it('uses a new key for this start alone when it cannot be kept, and says why', async () => {
    // A file where the folder should be: no folder can be made under it, not even by root.
    const blocked = join(dir, 'not-a-folder');
    writeFileSync(blocked, '');
    const told: unknown[] = [];
    const key = await loadPathKey(join(blocked, 'serve-path.key'), (error) => told.push(error));
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(told).toHaveLength(1);
    expect(String(told[0])).toContain("the app's path could not be kept for the next start");
    expect(await loadPathKey(join(blocked, 'serve-path.key'))).not.toBe(key);
  });

  // Node's recursive mkdir loops for ever on /proc/x/y: `xview serve --cache-dir /proc/x/y` spun before makeFolders.
  it.skipIf(!existsSync('/proc/self'))('says at once that a key under /proc cannot be kept', async () => {
    const told: unknown[] = [];
    expect(await loadPathKey(`/proc/xview-no-such-${process.pid}/y/serve-path.key`, (error) => told.push(error))).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(told).toHaveLength(1);
  });
});
