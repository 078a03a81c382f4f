import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** A recorded wire stream the viewer can replay. */
export interface CatalogEntry {
  /** `<provider folder>/<scenario>`, as it appears in URLs. */
  name: string;
  path: string;
}

/** A stream file: `.jsonl`, a `.json` document or an `.sse` body, not an expected-events file. */
const STREAM = /^(?!.*\.events\.json$).+\.(jsonl|json|sse)$/;

/**
 * The streams under `dir` (one folder per provider, as in the repository's
 * `fixtures/`), sorted by name. A request names a fixture only by an entry of
 * this list, so no path from a URL ever reaches the file system.
 */
export function listCatalog(dir: string): CatalogEntry[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((folder) =>
      readdirSync(join(dir, folder.name))
        .filter((file) => STREAM.test(file))
        .map((file) => ({ name: `${folder.name}/${file.slice(0, file.lastIndexOf('.'))}`, path: join(dir, folder.name, file) })),
    )
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
