import { DiskIndex } from './disk-index.js';
import { emptyManifest, loadManifest } from './manifest.js';
import type { SearchIndex, SearchIndexOptions } from './types.js';

/**
 * Opens (or creates) the full-text index in `options.dir`: per batch of
 * sessions read, a segment of postings on disk (term → session, event and
 * field), found through a small sparse dictionary index; only the
 * segments of a query's terms are read, and only the sessions of the best
 * hits are read again for their snippets. See docs/search-index.md for why
 * it is built this way and what it costs.
 */
export async function openSearchIndex(options: SearchIndexOptions): Promise<SearchIndex> {
  const redact = options.redact ?? false;
  const index = new DiskIndex(options.dir, redact, options.readEvents, await loadManifest(options.dir, redact));
  try {
    await index.open();
    return index;
  } catch {
    // A segment the manifest lists is missing or unreadable (a crash, a cleaner, an edit): the index is
    // a cache, so it is built again rather than keeping `xview serve` from starting until it is deleted.
    await index.close().catch(() => undefined);
    const fresh = new DiskIndex(options.dir, redact, options.readEvents, emptyManifest(redact));
    await fresh.open();
    return fresh;
  }
}
