import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SessionInfo } from '@x/sessions';
import { afterAll, describe, expect, it } from 'vitest';
import { writeClaude } from '../../sessions/test/fake-home.js';
import { SOURCES, STORES } from '../test/serve-home.js';
import { catalogFind, catalogSessions, createCatalog } from './catalog.js';
import { loadListing, saveListing } from './listing-file.js';

const dirs: string[] = [];
const temp = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), name));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const ROW: SessionInfo = {
  agent: 'claude',
  id: 'a',
  key: 'a',
  storage: 'file',
  path: '/h/.claude/projects/-w/a.jsonl',
  updatedAt: '2026-03-01T00:00:00.000Z',
  size: 10,
  title: 'hello',
  turns: 2,
};

describe('the kept listing', () => {
  it('reads back what was kept, for the same home and known agents only, private to the user', async () => {
    const file = join(temp('x-listing-'), 'cache', 'listing.json');
    await saveListing(file, '/h', [ROW]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await loadListing(file, '/h', ['claude'])).toEqual([ROW]);
    expect(await loadListing(file, '/other', ['claude'])).toBeUndefined();
    expect(await loadListing(file, '/h', ['codex'])).toBeUndefined();
    expect(await loadListing(join(file, 'missing'), '/h', ['claude'])).toBeUndefined();
  });

  it('leaves no temporary file behind when the listing cannot be written, and keeps the one kept before', async () => {
    const dir = temp('x-listing-');
    const file = join(dir, 'listing.json');
    await saveListing(file, '/h', [ROW]);
    // A folder with a file in it where the listing goes: the rename fails as a full disk's write would.
    const blocked = join(dir, 'blocked.json');
    mkdirSync(join(blocked, 'inside'), { recursive: true });
    await expect(saveListing(blocked, '/h', [ROW])).rejects.toThrow();
    expect(readdirSync(dir).sort()).toEqual(['blocked.json', 'listing.json']);
    expect(await loadListing(file, '/h', ['claude'])).toEqual([ROW]);
  });

  it('writes nothing through a symlink planted where a temporary file named by the pid would be', async () => {
    const dir = temp('x-listing-');
    const file = join(dir, 'listing.json');
    const victim = join(temp('x-listing-victim-'), 'victim.txt');
    writeFileSync(victim, 'untouched');
    symlinkSync(victim, `${file}.${process.pid}.tmp`);
    await saveListing(file, '/h', [ROW]);
    expect(readFileSync(victim, 'utf8')).toBe('untouched');
    expect(await loadListing(file, '/h', ['claude'])).toEqual([ROW]);
  });

  it('drops a file with any row of the wrong shape, and keeps only the fields a listing has', async () => {
    const file = join(temp('x-listing-'), 'listing.json');
    const write = (sessions: unknown[], extra: object = {}) => writeFileSync(file, JSON.stringify({ version: 1, home: '/h', sessions, ...extra }));
    for (const bad of [
      { ...ROW, size: -1 },
      { ...ROW, size: '10' },
      { ...ROW, title: 7 },
      { ...ROW, turns: Number.NaN },
      { ...ROW, path: undefined },
      null,
      'row',
    ]) {
      write([ROW, bad]);
      expect(await loadListing(file, '/h', ['claude'])).toBeUndefined();
    }
    write([{ ...ROW, __proto__: { polluted: true }, script: '<script>' }]);
    expect(await loadListing(file, '/h', ['claude'])).toEqual([ROW]);
    write([ROW], { version: 2 });
    expect(await loadListing(file, '/h', ['claude'])).toBeUndefined();
    writeFileSync(file, '{"version":1,');
    expect(await loadListing(file, '/h', ['claude'])).toBeUndefined();
  });

  it('is not read through a FIFO or a directory', async () => {
    const dir = temp('x-listing-');
    symlinkSync(dir, join(dir, 'listing.json'));
    expect(await loadListing(join(dir, 'listing.json'), '/h', ['claude'])).toBeUndefined();
    execFileSync('mkfifo', [join(dir, 'fifo.json')]);
    expect(await loadListing(join(dir, 'fifo.json'), '/h', ['claude'])).toBeUndefined();
  });
});

describe('a catalog with a kept listing', () => {
  it('answers its first call from the kept listing, lists the stores at once in the background, and keeps the new listing', async () => {
    const home = temp('x-listing-home-');
    const file = join(temp('x-listing-cache-'), 'listing.json');
    const first = 'aaaaaaaa-0000-4000-8000-000000000001';
    writeClaude(join(home, '.claude'), { id: first, cwd: '/work/a', prompt: 'one', at: '2026-03-02T10:00:00.000Z' });
    const before = createCatalog({ home, env: {}, stores: STORES, sources: SOURCES, redact: false, listingFile: file });
    expect((await catalogSessions(before)).map((s) => s.id)).toEqual([first]);
    await before.saved;
    expect((JSON.parse(readFileSync(file, 'utf8')) as { sessions: SessionInfo[] }).sessions.map((s) => s.id)).toEqual([first]);

    const second = 'aaaaaaaa-0000-4000-8000-000000000002';
    writeClaude(join(home, '.claude'), { id: second, cwd: '/work/a', prompt: 'two', at: '2026-03-02T11:00:00.000Z' });
    const after = createCatalog({ home, env: {}, stores: STORES, sources: SOURCES, redact: false, listingFile: file });
    expect((await catalogSessions(after)).map((s) => s.id)).toEqual([first]);
    expect(after.pending).toBeDefined();
    await after.pending;
    expect((await catalogSessions(after)).map((s) => s.id)).toEqual([second, first]);
  });

  it('still checks that a session found through it lies inside its store before anything is read', async () => {
    const home = temp('x-listing-home-');
    const outside = temp('x-listing-outside-');
    writeFileSync(join(outside, 'secret.jsonl'), '{}\n');
    const file = join(temp('x-listing-cache-'), 'listing.json');
    await saveListing(file, home, [{ ...ROW, id: 'planted', key: 'planted', path: join(outside, 'secret.jsonl') }]);
    const catalog = createCatalog({ home, env: {}, stores: STORES, sources: SOURCES, redact: false, listingFile: file });
    expect((await catalogSessions(catalog)).map((s) => s.id)).toEqual(['planted']);
    expect(await catalogFind(catalog, 'planted')).toBeUndefined();
  });

  it('finds no session by a key that several logs hold, though each lies inside its store', async () => {
    const home = temp('x-listing-home-');
    const one = 'aaaaaaaa-0000-4000-8000-000000000001';
    const two = 'aaaaaaaa-0000-4000-8000-000000000002';
    writeClaude(join(home, '.claude'), { id: one, cwd: '/work/a', prompt: 'one', at: '2026-03-02T10:00:00.000Z' });
    writeClaude(join(home, '.claude'), { id: two, cwd: '/work/a', prompt: 'two', at: '2026-03-02T11:00:00.000Z' });
    const file = join(temp('x-listing-cache-'), 'listing.json');
    const listed = await catalogSessions(createCatalog({ home, env: {}, stores: STORES, sources: SOURCES, redact: false }));
    // The first call answers from the kept listing (above), where both logs are listed under one key.
    await saveListing(file, home, listed.map((s) => ({ ...s, key: 'shared' })));
    const catalog = createCatalog({ home, env: {}, stores: STORES, sources: SOURCES, redact: false, listingFile: file });
    expect((await catalogSessions(catalog)).map((s) => s.key)).toEqual(['shared', 'shared']);
    expect(await catalogFind(catalog, 'shared')).toBeUndefined();
    await catalog.pending;
    expect((await catalogFind(catalog, one))?.id).toBe(one);
  });
});
