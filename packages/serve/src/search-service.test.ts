import type { SearchIndex, UpdateResult } from '@x/search';
import { describe, expect, it } from 'vitest';
import { refreshSearch, type SearchService } from './search-service.js';

/** A service over an index whose updates answer as `next` says. */
function service(next: () => Promise<UpdateResult>, told: unknown[]): SearchService {
  const index = { update: next } as unknown as SearchIndex;
  return { index, running: undefined, lastStarted: 0, controller: new AbortController(), failure: undefined, onError: (e) => told.push(e) };
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
});
