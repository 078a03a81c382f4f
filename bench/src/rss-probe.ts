/*
 * Preloaded into the `xview` child (`node --import rss-probe.js bin.cjs`): at
 * exit it writes the process's peak resident set size, as the kernel counted
 * it, and the largest JS heap seen by sampling, to X_BENCH_RSS_FILE.
 */
import { writeFileSync } from 'node:fs';

const out = process.env.X_BENCH_RSS_FILE;
if (out !== undefined && out !== '') {
  let heapPeak = 0;
  const sample = () => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  };
  setInterval(sample, 100).unref();
  process.on('exit', () => {
    sample();
    writeFileSync(out, JSON.stringify({ maxRssBytes: process.resourceUsage().maxRSS * 1024, heapPeakBytes: heapPeak }));
  });
}
