/**
 * The most V8's young generation may grow to, per semi-space (V8's own bound
 * is 16 MiB on Node 20): what a 100 MB run reaches anyway. At 4 MiB, a 1 GB
 * Codex page took 1.7 times the scavenges (at 8 MiB, 1.1-1.2 times).
 */
const SEMI_SPACE_CAP_BYTES = 8 * 1024 * 1024;

/** How often the young generation's size is looked at. */
const YOUNG_CHECK_MS = 100;

/** What {@link capYoungGeneration} uses of node:v8 (a test passes its own). */
export type HeapFlags = Pick<typeof import('node:v8'), 'getHeapSpaceStatistics' | 'setFlagsFromString'>;

/**
 * Keeps V8's young generation within {@link SEMI_SPACE_CAP_BYTES} per
 * semi-space. V8 doubles it whenever as much as it holds has survived
 * collections since it last grew: a total, not a rate, so a long run always
 * ends at V8's bound (2 x 16 MiB), a short one in between, and peak RSS grew
 * with the length of the run (x-bench, 100 MB to 1 GB, `--verbose`: +10-13
 * MiB with a flat live heap, bench/FINDINGS.md). Its bound cannot be changed
 * once the process runs (`--max-semi-space-size` is read at start), but the
 * factor it grows by is read at each growth: it is set to what takes the
 * present size to the cap, and to 1 at the cap. Looked at on a timer, as the
 * young generation shrinks again when memory is favoured.
 */
export function capYoungGeneration(v8: HeapFlags): void {
  let factor = 2;
  const check = () => {
    const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    // What a semi-space holds for objects: its size less page headers (under 2%), so the floor below is the cap's factor.
    const semiSpace = space === undefined ? 0 : space.space_used_size + space.space_available_size;
    if (semiSpace <= 0) return;
    const next = Math.max(1, Math.floor(SEMI_SPACE_CAP_BYTES / semiSpace));
    if (next === factor) return;
    factor = next;
    v8.setFlagsFromString(`--semi-space-growth-factor=${next}`);
  };
  check();
  setInterval(check, YOUNG_CHECK_MS).unref();
}

/**
 * Asks V8 to favour memory over speed. xview keeps a few MiB of live state
 * however long the stream (docs/memory.md), but V8 sizes its heap for
 * throughput and lets it grow with the length of a run: from 100 MB to 1 GB
 * of input, peak RSS went from 98 to 129 MiB with a live heap of 10 MiB
 * throughout (x-bench, Codex). Favouring size, and a young generation kept
 * small ({@link capYoungGeneration}), keep that growth within a few MiB.
 * bin.ts calls it before a run that will read a large input; a small one
 * never loads node:v8 (some 20 million instructions of a start,
 * bench/FINDINGS.md). `require`: bin.ts is built as CommonJS.
 */
export function favourMemory(): void {
  const v8 = require('node:v8') as typeof import('node:v8');
  v8.setFlagsFromString('--optimize-for-size');
  capYoungGeneration(v8);
}
