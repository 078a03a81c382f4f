import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, release, totalmem } from 'node:os';
import type { StreamGenerator } from './generators/index.js';
import { HOSTILE_SHAPES, type HostileMode } from './hostile.js';
import type { CliRun, CliMode } from './memory.js';
import type { LineCost, RenderMode } from './throughput.js';

/*
 * The in-process and memory parts' results and how they are reported: the
 * tables of docs/benchmarks.md and the targets they are held to.
 */

export const MB = 1_000_000;
export const MiB = 1024 * 1024;

/** The issue's targets, as ratios to the floor and absolute limits. */
export const TARGETS = {
  source: 0.6,
  terminal: 0.5,
  html: 0.3,
  p99Us: 50,
  typicalLineBytes: 10 * 1024,
  rssBytes: 150 * MiB,
};

export type Measure = 'floor' | 'readline' | 'source' | RenderMode;
export const MEASURES: readonly Measure[] = ['floor', 'readline', 'source', 'terminal', 'terminal-verbose', 'html'];
export const LABELS: Record<Measure, string> = {
  floor: 'floor (split + JSON.parse)',
  readline: 'readline + JSON.parse + switch',
  source: 'source',
  terminal: 'terminal',
  'terminal-verbose': 'terminal --verbose',
  html: 'HTML',
};

export interface StreamResult {
  generator: StreamGenerator;
  bytes: number;
  lines: number;
  events: number;
  /** CPU seconds (user + system, all threads) per repetition, per measure. */
  seconds: Record<Measure, number[]>;
  /** Wall-clock seconds per repetition, per measure. */
  wall: Record<Measure, number[]>;
  lineCost: LineCost;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export interface MemoryResult {
  stream: string;
  runs: CliRun[];
}

/** One hostile shape in one mode: its run, or how it crashed. */
export interface HostileResult {
  shape: string;
  mode: HostileMode;
  run?: CliRun;
  crash?: string;
}

export const pass = (ok: boolean) => (ok ? 'pass' : '**MISS**');
export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(' | ')} |`;
  return [line(header), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.map(line)].join('\n');
}

export function throughputReport(results: StreamResult[], reps: number): { text: string; misses: string[] } {
  const misses: string[] = [];
  const rows: string[][] = [];
  const lineRows: string[][] = [];
  const wallRows: string[][] = [];
  for (const r of results) {
    const med = Object.fromEntries(MEASURES.map((m) => [m, median(r.seconds[m])])) as Record<Measure, number>;
    // The ratio of each repetition (floor and measure ran moments apart), then their median.
    const ratio = (m: Measure) => median(r.seconds.floor.map((floorSeconds, i) => floorSeconds / (r.seconds[m][i] as number)));
    const cell = (m: Measure, target?: number) => {
      const mbs = r.bytes / MB / med[m];
      if (m === 'floor') return `${fmt(mbs)}`;
      const ok = target === undefined || ratio(m) >= target;
      if (!ok) misses.push(`${r.generator.id} ${LABELS[m]}: ${ratio(m).toFixed(3)} of the floor (target ${target})`);
      return `${fmt(mbs)} (${ratio(m).toFixed(2)}${ok ? '' : ' MISS'})`;
    };
    rows.push([
      r.generator.id,
      fmt(r.bytes / MB),
      cell('floor'),
      cell('readline'),
      cell('source', TARGETS.source),
      cell('terminal', TARGETS.terminal),
      cell('terminal-verbose', TARGETS.terminal),
      cell('html', TARGETS.html),
    ]);
    const wallMed = (m: Measure) => median(r.wall[m]);
    wallRows.push([
      r.generator.id,
      ...MEASURES.map((m) => `${fmt(r.bytes / MB / wallMed(m))}${m === 'floor' ? '' : ` (${(wallMed('floor') / wallMed(m)).toFixed(2)})`}`),
    ]);
    const lps = (m: Measure) => fmt(r.lines / med[m] / 1000);
    const c = r.lineCost;
    const lineOk = c.p99Us < TARGETS.p99Us;
    if (!lineOk) misses.push(`${r.generator.id} per-line p99 ${c.p99Us.toFixed(1)} µs (target < ${TARGETS.p99Us} µs)`);
    lineRows.push([
      r.generator.id,
      fmt(r.lines),
      fmt(r.events),
      lps('floor'),
      lps('source'),
      lps('terminal'),
      lps('terminal-verbose'),
      lps('html'),
      `${c.p50Us.toFixed(1)} / ${c.p99Us.toFixed(1)}${lineOk ? '' : ' MISS'}`,
      `${c.floorP50Us.toFixed(1)} / ${c.floorP99Us.toFixed(1)}`,
    ]);
  }
  const text = [
    `Throughput: MB per CPU second (median of ${reps}), and in brackets the ratio to the floor (the median of the repetitions' ratios). Targets: source ≥ ${TARGETS.source}, terminal ≥ ${TARGETS.terminal}, HTML ≥ ${TARGETS.html}. \`readline\` is the issue's twenty lines (readline, JSON.parse, a switch on the type), for context; no target.`,
    '',
    table(['stream', 'MB', 'floor', 'readline', 'source', 'terminal', 'terminal --verbose', 'HTML'], rows),
    '',
    `Lines: thousands of lines per second (the ratios are those above: the same lines), and the time to parse one line under 10 KiB, p50 / p99 in µs (target p99 < ${TARGETS.p99Us} µs), beside JSON.parse alone.`,
    '',
    table(['stream', 'lines', 'events', 'floor kl/s', 'source', 'terminal', 'verbose', 'HTML', 'parse µs p50 / p99', 'JSON.parse µs'], lineRows),
    '',
    'The same runs by wall clock, MB/s (median) and ratio of medians: equal to the CPU figures on an idle machine, lower when other work shares the cores.',
    '',
    table(['stream', ...MEASURES.map((m) => LABELS[m])], wallRows),
  ].join('\n');
  return { text, misses };
}

/** One row of the memory table: a run of xview, held to the limit and to the smallest input's peak. */
function memoryRow(stream: string, mode: CliMode, run: CliRun, smallest: CliRun, misses: string[]): string[] {
  const underLimit = run.maxRssBytes < TARGETS.rssBytes;
  if (!underLimit) misses.push(`${stream} xview ${mode} on ${fmt(run.inputBytes / MB)} MB: peak RSS ${fmt(run.maxRssBytes / MiB)} MiB (target < 150)`);
  // Flat: the largest input may cost at most 10% or 10 MiB more than the smallest, whichever is more.
  const first = run === smallest;
  const growth = first ? 0 : run.maxRssBytes - smallest.maxRssBytes;
  const flat = growth <= Math.max(10 * MiB, 0.1 * smallest.maxRssBytes);
  if (!flat)
    misses.push(
      `${stream} xview ${mode}: peak RSS grows by ${fmt(growth / MiB)} MiB from ${fmt(smallest.inputBytes / MB)} MB to ${fmt(run.inputBytes / MB)} MB`,
    );
  const spread = run.rssRuns !== undefined && run.rssRuns.length > 1 ? ` (${fmt(Math.min(...run.rssRuns) / MiB)}-${fmt(Math.max(...run.rssRuns) / MiB)})` : '';
  return [
    stream,
    mode === 'html' ? 'xview --html /dev/null' : 'xview --verbose | (pipe)',
    fmt(run.inputBytes / MB),
    `${fmt(run.maxRssBytes / MiB)}${spread}`,
    fmt(run.heapPeakBytes / MiB),
    first ? '' : `${growth >= 0 ? '+' : ''}${fmt(growth / MiB, 1)}`,
    fmt(run.inputBytes / MB / run.seconds),
    `${pass(underLimit)}${first ? '' : `, ${flat ? 'flat' : '**GROWS**'}`}`,
  ];
}

export function memoryReport(results: MemoryResult[]): { text: string; misses: string[] } {
  const misses: string[] = [];
  const rows: string[][] = [];
  for (const r of results) {
    for (const mode of ['html', 'terminal'] as CliMode[]) {
      const runs = r.runs.filter((run) => run.mode === mode).sort((a, b) => a.inputBytes - b.inputBytes);
      const smallest = runs[0];
      if (smallest !== undefined) for (const run of runs) rows.push(memoryRow(r.stream, mode, run, smallest, misses));
    }
  }
  const text = [
    "Memory: `xview` as a child process, the stream piped into its standard input. Peak RSS is the kernel's (`process.resourceUsage().maxRSS` at exit), the median of the runs and in brackets their range; heap peak is sampled every 100 ms. Target: peak RSS < 150 MiB at every size, and no growth from the smallest to the largest input (at most +10% or +10 MiB).",
    '',
    table(['stream', 'command', 'input MB', 'peak RSS MiB', 'heap peak MiB', 'growth MiB', 'MB/s', 'target'], rows),
  ].join('\n');
  return { text, misses };
}

const HOSTILE_COMMANDS: Record<HostileMode, string> = {
  terminal: 'xview --verbose | (pipe)',
  html: 'xview --html /dev/null',
  events: 'xview --events | (pipe)',
  summary: 'xview --summary',
};

export function hostileReport(results: HostileResult[]): { text: string; misses: string[] } {
  const misses: string[] = [];
  const rows = results.map((r) => {
    const shape = HOSTILE_SHAPES.find((h) => h.id === r.shape);
    if (r.run === undefined) {
      misses.push(`hostile ${r.shape} ${r.mode}: crashed (${r.crash ?? ''})`);
      return [r.shape, HOSTILE_COMMANDS[r.mode], '', 'crash', '', '', '**MISS**'];
    }
    const ok = r.run.maxRssBytes < TARGETS.rssBytes;
    if (!ok) misses.push(`hostile ${r.shape} ${r.mode}: peak RSS ${fmt(r.run.maxRssBytes / MiB)} MiB (target < 150)`);
    return [
      r.shape,
      HOSTILE_COMMANDS[r.mode],
      fmt(r.run.inputBytes / MB),
      fmt(r.run.maxRssBytes / MiB),
      fmt(r.run.heapPeakBytes / MiB),
      String(r.run.exitCode),
      pass(ok),
      shape?.description ?? '',
    ];
  });
  const text = [
    "Hostile memory: inputs built to make per-stream state grow (issue #21), every line under the 16 MiB limit, generated on the fly into `xview`'s standard input. Target: peak RSS < 150 MiB and no crash, in every output mode. docs/memory.md names the bound each shape meets.",
    '',
    table(['shape', 'command', 'input MB', 'peak RSS MiB', 'heap peak MiB', 'exit', 'target', 'what'], rows),
  ].join('\n');
  return { text, misses };
}

export function machine(): string {
  let cpu = cpus()[0]?.model ?? 'unknown CPU';
  try {
    const model = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    if (model?.[1]) cpu = model[1].trim();
  } catch {
    // Not Linux: os.cpus() said it.
  }
  let commit = '';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: import.meta.dirname, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    // Not a checkout.
  }
  return [
    `- Machine: ${cpu}, ${availableParallelism()} cores, ${fmt(totalmem() / 1024 ** 3, 1)} GiB RAM, Linux ${release()}`,
    `- Node.js ${process.version} (V8 ${process.versions.v8})`,
    `- Date: ${new Date().toISOString()}${commit === '' ? '' : `, commit ${commit} (plus uncommitted changes, if any)`}`,
  ].join('\n');
}
