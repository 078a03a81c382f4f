/**
 * Asks V8 to favour memory over speed. xview keeps a few MiB of live state
 * however long the stream (docs/memory.md), but V8 sizes its heap for
 * throughput and lets it grow with the length of a run: from 100 MB to 1 GB
 * of input, peak RSS went from 98 to 129 MiB with a live heap of 10 MiB
 * throughout (x-bench, Codex). Favouring size keeps that growth to about
 * 10 MiB, for about 5% more CPU time. bin.ts calls it once a run has lasted
 * a moment: a short run ends first, and never loads node:v8 (some 20 million
 * instructions of every start otherwise, bench/FINDINGS.md).
 */
export async function favourMemory(): Promise<void> {
  const { setFlagsFromString } = await import('node:v8');
  setFlagsFromString('--optimize-for-size');
}

/**
 * On Node 22.1 and later, keeps V8's compiled code of the modules xview loads
 * from here on in Node's compile cache on disk (`module.enableCompileCache`,
 * as TypeScript's tsc does), so that later runs skip compiling zod and the
 * rest: most of what a start costs beyond Node's own. Node 20 has no such
 * cache, and is not made to load node:module for nothing;
 * NODE_DISABLE_COMPILE_CACHE turns it off.
 */
export async function cacheCompiledCode(): Promise<void> {
  if (Number(process.versions.node.split('.')[0]) < 22) return;
  const { default: module } = await import('node:module');
  (module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
}
