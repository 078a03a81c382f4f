import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SessionInfo } from '@x/sessions';
import { afterAll, describe, expect, it } from 'vitest';
import { SOURCES, STORES } from '../test/serve-home.js';
import { writeClaude } from '../../sessions/test/fake-home.js';
import { MAX_SUMMARIES_BYTES, catalogFind, catalogKeep, catalogSessions, createCatalog, insideStore } from './catalog.js';
import type { SessionSummary } from './session-summary.js';

const home = mkdtempSync(join(tmpdir(), 'x-serve-catalog-'));
const outside = mkdtempSync(join(tmpdir(), 'x-serve-outside-'));
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const session = (path: string): SessionInfo => ({ agent: 'claude', id: 'x', storage: 'file', path, updatedAt: '2026-03-01T00:00:00Z', size: 1 });

describe('insideStore', () => {
  const catalog = createCatalog({ home, env: {}, stores: STORES, sources: SOURCES, redact: false });
  const project = join(home, '.claude', 'projects', '-work');
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 'in.jsonl'), '{}\n');
  writeFileSync(join(outside, 'secret.jsonl'), '{}\n');
  symlinkSync(join(outside, 'secret.jsonl'), join(project, 'link-out.jsonl'));
  symlinkSync(join(project, 'in.jsonl'), join(project, 'link-in.jsonl'));
  symlinkSync(outside, join(project, 'dir-out'));

  it('accepts a log inside its agent’s folder, through a symlink that stays inside too', async () => {
    expect(await insideStore(catalog, session(join(project, 'in.jsonl')))).toBe(true);
    expect(await insideStore(catalog, session(join(project, 'link-in.jsonl')))).toBe(true);
  });

  it('refuses a symlink out of the folder, a path that climbs out, a missing file and a folder', async () => {
    expect(await insideStore(catalog, session(join(project, 'link-out.jsonl')))).toBe(false);
    expect(await insideStore(catalog, session(join(project, 'dir-out', 'secret.jsonl')))).toBe(false);
    expect(await insideStore(catalog, session(join(project, '..', '..', '..', '..', outside, 'secret.jsonl')))).toBe(false);
    expect(await insideStore(catalog, session(join(project, 'missing.jsonl')))).toBe(false);
    expect(await insideStore(catalog, session(project))).toBe(false);
  });
});

describe('catalogSessions', () => {
  it('answers with the last listing at once and lists again in the background once it is stale; a key not listed yet waits for the new listing', async () => {
    const own = mkdtempSync(join(tmpdir(), 'x-serve-listing-'));
    try {
      let clock = 0;
      const catalog = createCatalog({ home: own, env: {}, stores: STORES, sources: SOURCES, redact: false, listTtlMs: 1000, now: () => clock });
      const at = '2026-03-02T10:00:00.000Z';
      writeClaude(join(own, '.claude'), { id: 'aaaaaaaa-0000-4000-8000-000000000001', cwd: '/work/a', prompt: 'one', at });
      expect((await catalogSessions(catalog)).map((s) => s.id)).toEqual(['aaaaaaaa-0000-4000-8000-000000000001']);
      writeClaude(join(own, '.claude'), { id: 'aaaaaaaa-0000-4000-8000-000000000002', cwd: '/work/a', prompt: 'two', at });
      expect(await catalogSessions(catalog)).toHaveLength(1);
      clock = 1000;
      expect(await catalogSessions(catalog)).toHaveLength(1);
      await catalog.pending;
      expect(await catalogSessions(catalog)).toHaveLength(2);
      writeClaude(join(own, '.claude'), { id: 'aaaaaaaa-0000-4000-8000-000000000003', cwd: '/work/a', prompt: 'three', at });
      expect(await catalogFind(catalog, 'aaaaaaaa-0000-4000-8000-000000000003')).toBeUndefined();
      clock = 2000;
      expect((await catalogFind(catalog, 'aaaaaaaa-0000-4000-8000-000000000003'))?.id).toBe('aaaaaaaa-0000-4000-8000-000000000003');
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
});

describe('why stores left sessions out', () => {
  it('is told once per distinct message however often the stores are listed again, and kept with each listing for its page', async () => {
    const own = mkdtempSync(join(tmpdir(), 'x-serve-warn-'));
    try {
      const db = join(own, '.local', 'share', 'opencode', 'opencode.db');
      mkdirSync(join(own, '.local', 'share', 'opencode'), { recursive: true });
      writeFileSync(db, 'not a database\n');
      let clock = 0;
      const told: string[] = [];
      const catalog = createCatalog({
        home: own,
        env: {},
        stores: STORES,
        sources: SOURCES,
        redact: false,
        listTtlMs: 1000,
        now: () => clock,
        onWarning: (m) => told.push(m),
      });
      await catalogSessions(catalog);
      for (clock = 1000; clock <= 3000; clock += 1000) {
        await catalogSessions(catalog);
        await catalog.pending;
      }
      expect(told).toHaveLength(1);
      expect(told[0]).toMatch(new RegExp(`^OpenCode's sessions in ${db.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} are not listed: `));
      // Each listing keeps what it heard: the page shows it as long as the store still leaves sessions out.
      expect(catalog.listing?.warnings).toEqual(told);
      expect(catalog.listing?.at).toBe(3000);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
});

describe('the summaries kept', () => {
  const summary = (estimatedBytes: number): SessionSummary => ({ status: 'success', turns: [], edits: [], compactions: [], events: 0, estimatedBytes, editsCut: false });
  const at = (n: number): SessionInfo => ({ agent: 'claude', id: `s${n}`, storage: 'file', path: `/h/s${n}.jsonl`, updatedAt: '2026-03-01T00:00:00Z', size: 1 });

  it('are bounded by their estimated bytes as well as by count, the oldest going first, the newest kept even alone', () => {
    const catalog = createCatalog({ home, env: {}, stores: STORES, sources: SOURCES, redact: false, maxSummaries: 100 });
    const quarter = MAX_SUMMARIES_BYTES / 4;
    for (let n = 0; n < 6; n++) catalogKeep(catalog, at(n), 'sig', summary(quarter));
    expect([...catalog.summaries.keys()].map((k) => k.split('\0')[2])).toEqual(['s2', 's3', 's4', 's5']);
    catalogKeep(catalog, at(9), 'sig', summary(MAX_SUMMARIES_BYTES * 2));
    expect([...catalog.summaries.keys()].map((k) => k.split('\0')[2])).toEqual(['s9']);
    const counted = createCatalog({ home, env: {}, stores: STORES, sources: SOURCES, redact: false, maxSummaries: 2 });
    for (let n = 0; n < 3; n++) catalogKeep(counted, at(n), 'sig', summary(1));
    expect(counted.summaries.size).toBe(2);
  });
});

