/*
 * The search index bench (`pnpm --filter x-bench bench:search [--sessions N] [--total-mb M]`):
 * generates a home of session logs of the five agents (default 10,000
 * sessions, about 2 GB), runs search-child.js as a child over it (scan, cold
 * build, grown-session updates, searches, peak RSS) and prints the figures
 * against the goals of issue #32 as a Markdown table.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { MB, MiB, fmt, table } from './report.js';
import { generateSearchHome } from './search-home.js';

const GOALS = { buildVsScan: 2, updateMs: 200, searchP95Ms: 100, rssMiB: 300 };

interface ChildReport {
  sessions: number;
  scan: { bytes: number; wallSeconds: number; cpuSeconds: number };
  parse: { events: number; wallSeconds: number; cpuSeconds: number };
  build: { read: number; wallSeconds: number; cpuSeconds: number };
  updateMs: number[];
  updateCpuMs: number[];
  search: { p50Ms: number; p95Ms: number; maxMs: number; hits: Record<string, number> };
  peakRssBytes: number;
  maxRssBytes: number;
}

function dirBytes(dir: string): number {
  return readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
}

function report(run: ChildReport, indexBytes: number): string {
  const ratioWall = run.build.wallSeconds / run.scan.wallSeconds;
  const ratioCpu = run.build.cpuSeconds / run.scan.cpuSeconds;
  const updateMax = Math.max(...run.updateMs);
  const rss = Math.max(run.peakRssBytes, run.maxRssBytes) / MiB;
  const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const rows = [
    ['plain scan (every byte once)', `${fmt(run.scan.wallSeconds, 1)} s wall, ${fmt(run.scan.cpuSeconds, 1)} s CPU`, '', ''],
    [
      'parse only (every event through its source)',
      `${fmt(run.parse.wallSeconds, 1)} s wall, ${fmt(run.parse.cpuSeconds, 1)} s CPU`,
      '',
      `${fmt(run.parse.cpuSeconds / run.scan.cpuSeconds, 1)}x scan CPU`,
    ],
    [
      'cold index build',
      `${fmt(run.build.wallSeconds, 1)} s wall, ${fmt(run.build.cpuSeconds, 1)} s CPU`,
      `≤ ${GOALS.buildVsScan}x scan`,
      `${fmt(ratioWall, 1)}x wall, ${fmt(ratioCpu, 1)}x CPU (${fmt(run.build.cpuSeconds / run.parse.cpuSeconds, 1)}x parse): ${met(ratioCpu <= GOALS.buildVsScan)}`,
    ],
    [
      'update after one session grew (max of 5)',
      `${fmt(updateMax)} ms wall (median ${fmt(run.updateMs.sort((a, b) => a - b)[2] ?? 0)}), CPU max ${fmt(Math.max(...run.updateCpuMs))} ms`,
      `< ${GOALS.updateMs} ms`,
      met(updateMax < GOALS.updateMs),
    ],
    [
      'search latency',
      `p50 ${fmt(run.search.p50Ms)} ms, p95 ${fmt(run.search.p95Ms)} ms, max ${fmt(run.search.maxMs)} ms`,
      `p95 < ${GOALS.searchP95Ms} ms`,
      met(run.search.p95Ms < GOALS.searchP95Ms),
    ],
    ['peak RSS (child, throughout)', `${fmt(rss)} MiB`, `< ${GOALS.rssMiB} MiB`, met(rss < GOALS.rssMiB)],
    ['index on disk', `${fmt(indexBytes / MB)} MB`, '', ''],
  ];
  return [
    `${run.sessions} sessions, ${fmt(run.scan.bytes / MB)} MB of logs (claude, codex, gemini, opencode, copilot in turn).`,
    '',
    table(['step', 'measured', 'goal', 'result'], rows),
    '',
    `Hits per query (limit 20): ${Object.entries(run.search.hits)
      .map(([q, n]) => `\`${q}\` ${n}`)
      .join(', ')}.`,
  ].join('\n');
}

function main(): void {
  const { values } = parseArgs({ options: { sessions: { type: 'string', default: '10000' }, 'total-mb': { type: 'string' } } });
  const count = Number(values.sessions);
  const totalBytes = Math.round(Number(values['total-mb'] ?? (count * 0.2).toString()) * MB);
  const home = generateSearchHome(count, totalBytes);
  const indexDir = mkdtempSync(join(tmpdir(), 'x-bench-search-index-'));
  try {
    const child = spawnSync(process.execPath, [join(dirname(fileURLToPath(import.meta.url)), 'search-child.js'), home.dir, indexDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 1 << 20,
    });
    if (child.status !== 0) throw new Error(`search-child exited with ${child.status}`);
    process.stdout.write(`${report(JSON.parse(child.stdout.toString()) as ChildReport, dirBytes(indexDir))}\n`);
  } finally {
    rmSync(indexDir, { recursive: true, force: true });
  }
}

main();
