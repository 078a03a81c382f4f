import { linkSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateStream } from './generate.js';
import { GENERATORS, type StreamGenerator } from './generators/index.js';
import { runProbed } from './memory.js';
import { MB, MiB, TARGETS, fmt, table } from './report.js';

/*
 * `xview site` over one large session log (issue #28: a page was built as one
 * string, and a 300 MB log took 1.6 GB). The log is the Copilot stream, laid
 * where Copilot CLI keeps a session (`~/.copilot/session-state/<id>/events.jsonl`,
 * one event envelope per line, the shape its `--output-format json` prints) by a
 * hard link, so a 1 GB input costs no copy; the site is written to a fresh
 * folder, and its one page is streamed into its file.
 */

/** One `xview site` run: the log's size, the page's, and the child's peak memory. */
export interface SiteMemoryRun {
  inputBytes: number;
  pageBytes: number;
  seconds: number;
  maxRssBytes: number;
  heapPeakBytes: number;
}

const log = (message: string) => process.stderr.write(`${message}\n`);

async function runSite(path: string, cli: string | undefined): Promise<SiteMemoryRun> {
  const home = mkdtempSync(join(tmpdir(), 'x-bench-site-home-'));
  try {
    const dir = join(home, '.copilot', 'session-state', '0d3f6a52-7b1e-4c1a-9a0e-5f2b8c9d1e20');
    mkdirSync(dir, { recursive: true });
    linkSync(path, join(dir, 'events.jsonl'));
    const out = join(home, 'site');
    const run = await runProbed(['site', out, '--agent', 'copilot'], undefined, { HOME: home, COPILOT_HOME: '' }, cli);
    const pages = readdirSync(join(out, 'sessions'));
    if (pages.length !== 1) throw new Error(`xview site wrote ${pages.length} pages, not 1 (exit ${run.exitCode})`);
    const pageBytes = statSync(join(out, 'sessions', pages[0] as string)).size;
    return { inputBytes: statSync(path).size, pageBytes, seconds: run.seconds, maxRssBytes: run.maxRssBytes, heapPeakBytes: run.heapPeakBytes };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/** Runs `xview site` over a Copilot log of each size. */
export async function measureSiteMemory(sizes: readonly number[], cli: string | undefined): Promise<SiteMemoryRun[]> {
  const generator = GENERATORS.find((g) => g.id === 'copilot') as StreamGenerator;
  const runs: SiteMemoryRun[] = [];
  for (const size of sizes) {
    const file = generateStream(generator, size);
    const run = await runSite(file.path, cli);
    log(
      `site memory: ${fmt(run.inputBytes / MB)} MB log, page ${fmt(run.pageBytes / MB)} MB, peak RSS ${fmt(run.maxRssBytes / MiB)} MiB, heap peak ${fmt(run.heapPeakBytes / MiB)} MiB, ${fmt(run.seconds, 1)} s`,
    );
    runs.push(run);
  }
  return runs;
}

/** The site memory table; a run over the RSS limit is a miss. */
export function siteMemoryReport(runs: readonly SiteMemoryRun[]): { text: string; misses: string[] } {
  const misses: string[] = [];
  const rows = runs.map((run) => {
    const ok = run.maxRssBytes < TARGETS.rssBytes;
    if (!ok)
      misses.push(`xview site on a ${fmt(run.inputBytes / MB)} MB log: peak RSS ${fmt(run.maxRssBytes / MiB)} MiB (target < ${fmt(TARGETS.rssBytes / MiB)})`);
    return [
      fmt(run.inputBytes / MB),
      fmt(run.pageBytes / MB),
      fmt(run.maxRssBytes / MiB),
      fmt(run.heapPeakBytes / MiB),
      fmt(run.inputBytes / MB / run.seconds),
      ok ? 'met' : 'MISSED',
    ];
  });
  const text = [
    `Site memory: \`xview site\` as a child process over one Copilot session log (the copilot stream at \`~/.copilot/session-state/<id>/events.jsonl\`), its page streamed into its file. Target: peak RSS < ${fmt(TARGETS.rssBytes / MiB)} MiB at every size.`,
    '',
    table(['log MB', 'page MB', 'peak RSS MiB', 'heap peak MiB', 'MB/s', 'target'], rows),
  ].join('\n');
  return { text, misses };
}
