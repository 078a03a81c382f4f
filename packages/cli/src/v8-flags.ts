/**
 * Asks V8 to favour memory over speed. xview keeps a few MiB of live state
 * however long the stream (docs/memory.md), but V8 sizes its heap for
 * throughput and lets it grow with the length of a run: from 100 MB to 1 GB
 * of input, peak RSS went from 98 to 129 MiB with a live heap of 10 MiB
 * throughout (x-bench, Codex). Favouring size keeps that growth to about
 * 10 MiB, for about 5% more CPU time. bin.ts calls it before a run that will
 * read a large input; a small one never loads node:v8 (some 20 million
 * instructions of a start, bench/FINDINGS.md). `require`: bin.ts is built as
 * CommonJS.
 */
export function favourMemory(): void {
  (require('node:v8') as typeof import('node:v8')).setFlagsFromString('--optimize-for-size');
}
