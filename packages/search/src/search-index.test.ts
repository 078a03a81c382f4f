import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DisplayEvent } from '@x/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSearchIndex } from './search-index.js';
import type { IndexedSession } from './types.js';

/** Sessions held in memory: what each log holds now, and how often each was read. */
class FakeLogs {
  readonly events = new Map<string, DisplayEvent[]>();
  readonly reads = new Map<string, number>();

  set(id: string, events: DisplayEvent[]): void {
    this.events.set(id, events);
  }

  session(id: string, agent = 'claude'): IndexedSession {
    const events = this.events.get(id) ?? [];
    return { id, agent, path: `/logs/${id}.jsonl`, size: JSON.stringify(events).length, mtimeMs: events.length, title: `title ${id}` };
  }

  readonly readEvents = async function* (this: FakeLogs, session: IndexedSession): AsyncGenerator<DisplayEvent> {
    this.reads.set(session.id, (this.reads.get(session.id) ?? 0) + 1);
    yield* this.events.get(session.id) ?? [];
  };
}

const prompt = (text: string): DisplayEvent => ({ kind: 'prompt', form: 'prompt', text });
const text = (value: string): DisplayEvent => ({ kind: 'text', id: 'm', text: value });

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'x-search-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('openSearchIndex', () => {
  it('finds every term of a query in one event, with a snippet and ranges', async () => {
    const logs = new FakeLogs();
    logs.set('a', [prompt('fix the flaky parser test'), text('The parser now handles CRLF line endings.')]);
    logs.set('b', [prompt('write a README'), text('Done: README.md written.')]);
    const index = await openSearchIndex({ dir, readEvents: (s) => logs.readEvents(s) });
    expect(await index.update([logs.session('a'), logs.session('b')])).toEqual({ read: 2, skipped: 0, removed: 0 });
    const hits = await index.search('Parser CRLF');
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ sessionId: 'a', agent: 'claude', eventIndex: 1, field: 'text', title: 'title a' });
    const hit = hits[0] as (typeof hits)[number];
    expect(hit.ranges.map(([from, to]) => hit.snippet.slice(from, to))).toEqual(['parser', 'CRLF']);
    await index.close();
  });

  it('reads again only new or grown logs, and drops removed ones', async () => {
    const logs = new FakeLogs();
    logs.set('a', [prompt('alpha one')]);
    logs.set('b', [prompt('beta one')]);
    let index = await openSearchIndex({ dir, readEvents: (s) => logs.readEvents(s) });
    await index.update([logs.session('a'), logs.session('b')]);
    await index.close();

    logs.set('b', [prompt('beta one'), text('beta grown')]);
    logs.set('c', [prompt('gamma')]);
    index = await openSearchIndex({ dir, readEvents: (s) => logs.readEvents(s) });
    expect(await index.update([logs.session('b'), logs.session('c')])).toEqual({ read: 2, skipped: 0, removed: 1 });
    expect(logs.reads.get('a')).toBe(1);
    expect(await index.search('alpha')).toEqual([]);
    expect((await index.search('grown')).map((h) => [h.sessionId, h.eventIndex])).toEqual([['b', 1]]);
    expect((await index.search('beta one')).map((h) => h.sessionId)).toEqual(['b']);
    expect(await index.update([logs.session('b'), logs.session('c')])).toEqual({ read: 0, skipped: 2, removed: 0 });
    await index.close();
  });

  it('redacts secrets before indexing, so neither a snippet nor a search holds one', async () => {
    const logs = new FakeLogs();
    const key = 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789';
    logs.set('a', [prompt(`deploy with ANTHROPIC_API_KEY=${key} please`)]);
    const index = await openSearchIndex({ dir, redact: true, readEvents: (s) => logs.readEvents(s) });
    await index.update([logs.session('a')]);
    expect(await index.search('abcdefghijklmnopqrstuvwxyz0123456789')).toEqual([]);
    const hits = await index.search('deploy');
    expect(hits).toHaveLength(1);
    expect(hits[0]?.snippet).not.toContain(key);
    expect(hits[0]?.snippet).toContain('REDACTED');
    await index.close();
  });

  it('joins the increments of a message, so a word cut across two is found at the first', async () => {
    const logs = new FakeLogs();
    logs.set('a', [prompt('go'), text('the quick brown fo'), text('x jumps'), { kind: 'reasoning', id: 'r', text: 'hmm' }]);
    const index = await openSearchIndex({ dir, readEvents: (s) => logs.readEvents(s) });
    await index.update([logs.session('a')]);
    expect((await index.search('fox jumps')).map((h) => [h.eventIndex, h.field, h.snippet])).toEqual([[1, 'text', 'the quick brown fox jumps']]);
    await index.close();
  });

  it('filters by agent, reports progress, and stops between sessions when aborted', async () => {
    const logs = new FakeLogs();
    for (const id of ['a', 'b', 'c']) logs.set(id, [prompt(`shared word ${id}`)]);
    const index = await openSearchIndex({ dir, readEvents: (s) => logs.readEvents(s) });
    const controller = new AbortController();
    const seen: number[] = [];
    const sessions = [logs.session('a', 'codex'), logs.session('b'), logs.session('c')];
    const aborted = index.update(sessions, {
      signal: controller.signal,
      onProgress: (p) => {
        seen.push(p.done);
        if (p.done === 1) controller.abort();
      },
    });
    await expect(aborted).rejects.toThrow();
    expect(seen).toEqual([1]);
    expect(index.progress()).toEqual({ total: 3, done: 1, indexing: false });
    expect(await index.update(sessions)).toEqual({ read: 2, skipped: 1, removed: 0 });
    expect((await index.search('shared', { agent: 'codex' })).map((h) => h.sessionId)).toEqual(['a']);
    expect(await index.search('shared')).toHaveLength(3);
    await index.close();
  });

  it('deletes a segment once none of its sessions is live, and rebuilds when the redaction setting changes', async () => {
    const logs = new FakeLogs();
    logs.set('a', [prompt('alpha')]);
    let index = await openSearchIndex({ dir, readEvents: (s) => logs.readEvents(s) });
    await index.update([logs.session('a')]);
    const before = (await readdir(dir)).filter((f) => f.startsWith('seg-'));
    expect(before.length).toBeGreaterThan(0);
    await index.update([]);
    expect((await readdir(dir)).filter((f) => f.startsWith('seg-'))).toEqual([]);
    await index.update([logs.session('a')]);
    await index.close();
    index = await openSearchIndex({ dir, redact: true, readEvents: (s) => logs.readEvents(s) });
    expect(await index.search('alpha')).toEqual([]);
    expect(await index.update([logs.session('a')])).toEqual({ read: 1, skipped: 0, removed: 0 });
    await index.close();
  });
});
