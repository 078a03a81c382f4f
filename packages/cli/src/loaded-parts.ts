/**
 * The parts of xview a run has loaded by name (`source:claude`,
 * `renderer:terminal`, `command:sessions`). bin.ts reads them when the run
 * ends: the code V8 compiled for a part not yet in the code cache is worth
 * keeping (code-cache.ts), even when the run started from the cache.
 */
export const loadedParts = new Set<string>();
