import type { SearchIndex, UpdateResult } from '@x/search';
import { describe, expect, it } from 'vitest';
import { refreshSearch, type SearchService } from './search-service.js';

/** A service over an index whose updates answer as `next` says. */
function service(next: () => Promise<UpdateResult>, told: unknown[], redact = false): SearchService {
  const index = { update: next } as unknown as SearchIndex;
  return { index, running: undefined, lastStarted: 0, controller: new AbortController(), failure: undefined, onError: (e) => told.push(e), redact };
}

describe('refreshSearch', () => {
  it('keeps why an update failed, tells it once per reason, and clears it when one succeeds; a stop on close is no failure', async () => {
    const told: unknown[] = [];
    let outcome: () => Promise<UpdateResult> = () => Promise.reject(new Error('ENOSPC: no space left on device'));
    const search = service(() => outcome(), told);
    let now = 10_000;
    for (let n = 0; n < 2; n++) {
      refreshSearch(search, [], now);
      await search.running;
      now += 10_000;
    }
    expect(search.failure).toBe('ENOSPC: no space left on device');
    expect(told.map((e) => (e as Error).message)).toEqual(['the search index could not be updated: ENOSPC: no space left on device']);
    outcome = () => Promise.resolve({ read: 0, skipped: 0, removed: 0 });
    refreshSearch(search, [], now);
    await search.running;
    expect(search.failure).toBeUndefined();
    outcome = () => Promise.reject(new Error('aborted'));
    search.controller.abort();
    refreshSearch(search, [], now + 10_000);
    await search.running;
    expect(search.failure).toBeUndefined();
    expect(told).toHaveLength(1);
  });

  it('with --redact, keeps and tells the reason redacted: it can quote a path or an id from the logs', async () => {
    const told: unknown[] = [];
    const key = 'sk-proj-Ab3dEfGh5iJkLmNoPqRsTuV';
    const search = service(() => Promise.reject(new Error(`ENAMETOOLONG: /home/u/.cache/xview/${key}/seg-1`)), told, true);
    refreshSearch(search, [], 10_000);
    await search.running;
    expect(search.failure).toBe('ENAMETOOLONG: /home/u/.cache/xview/[REDACTED:openai-key]/seg-1');
    expect(told.map((e) => (e as Error).message)).toEqual(['the search index could not be updated: ENAMETOOLONG: /home/u/.cache/xview/[REDACTED:openai-key]/seg-1']);
  });
});
