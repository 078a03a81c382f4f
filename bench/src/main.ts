import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, release, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { DisplayEventSource } from '@x/core';
import { claudeSource } from '@x/provider-claude';
import { codexSource } from '@x/provider-codex';
import { copilotSource } from '@x/provider-copilot';
import { geminiSource } from '@x/provider-gemini';
import { openAICompatibleSource } from '@x/provider-openai-compatible';
import { openCodeSource } from '@x/provider-opencode';
import { generateStream } from './generate.js';
import { GENERATORS, type StreamGenerator } from './generators/index.js';
import { chunksOfLines, HOSTILE_SHAPES, type HostileMode } from './hostile.js';
import { runCli, type CliMode, type CliRun } from './memory.js';
import { chunksOf, firstLines, floor, perLineCost, readlineSwitch, rendered, sourceOnly, type LineCost, type RenderMode } from './throughput.js';

const MB = 1_000_000;
const MiB = 1024 * 1024;
const BENCH_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DOCS_FILE = join(BENCH_DIR, '..', 'docs', 'benchmarks.md');

const SOURCES: Record<string, DisplayEventSource> = {
  claude: claudeSource,
  codex: codexSource,
  gemini: geminiSource,
  opencode: openCodeSource,
  copilot: copilotSource,
  'openai-compatible': openAICompatibleSource,
};

/** The issue's targets, as ratios to the floor and absolute limits. */
const TARGETS = {
  source: 0.6,
  terminal: 0.5,
  html: 0.3,
  p99Us: 50,
  typicalLineBytes: 10 * 1024,
  rssBytes: 150 * MiB,
};

type Measure = 'floor' | 'readline' | 'source' | RenderMode;
const MEASURES: readonly Measure[] = ['floor', 'readline', 'source', 'terminal', 'terminal-verbose', 'html'];
const LABELS: Record<Measure, string> = {
  floor: 'floor (split + JSON.parse)',
  readline: 'readline + JSON.parse + switch',
  source: 'source',
  terminal: 'terminal',
  'terminal-verbose': 'terminal --verbose',
  html: 'HTML',
};

interface StreamResult {
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

function parseOptions() {
  const { values } = parseArgs({
    options: {
      smoke: { type: 'boolean', default: false },
      'size-mb': { type: 'string' },
      reps: { type: 'string' },
      streams: { type: 'string' },
      'memory-sizes-mb': { type: 'string' },
      'memory-streams': { type: 'string' },
      'memory-reps': { type: 'string' },
      'no-memory': { type: 'boolean', default: false },
      'no-hostile': { type: 'boolean', default: false },
      'hostile-shapes': { type: 'string' },
      'hostile-scale': { type: 'string' },
      'no-throughput': { type: 'boolean', default: false },
      docs: { type: 'string' },
      cli: { type: 'string' },
      from: { type: 'string' },
      'no-docs': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`x-bench: @x against the floor of splitting lines and JSON.parse

  --smoke                  seconds, not minutes: 2 MB per stream, 1 repetition, small memory check; writes no docs
  --size-mb <n>            stream size per provider (default 100)
  --reps <n>               repetitions, the median is reported (default 5)
  --streams <a,b>          only these streams (${GENERATORS.map((g) => g.id).join(', ')})
  --memory-sizes-mb <a,b>  input sizes of the xview memory check (default 100,1000)
  --memory-reps <n>        runs of xview per size and mode, the median peak is compared (default 3)
  --memory-streams <a,b>   streams of the memory check (default every provider: claude,codex,gemini,opencode,copilot,openai-compatible)
  --hostile-shapes <a,b>   hostile memory shapes (default all: ${HOSTILE_SHAPES.map((h) => h.id).join(', ')})
  --hostile-scale <x>      size of the hostile shapes, 1 = the issue's sizes (default 1; smoke 0.01)
  --no-memory, --no-hostile, --no-throughput   skip a part
  --cli <bin.js>           the xview build the memory check runs (default: @x/cli's dist/bin.js)
  --from <file.json>       report a saved run again (each run saves to the temp dir) instead of measuring
  --docs <file>            where the report goes (default docs/benchmarks.md); --no-docs writes none
`);
    process.exit(0);
  }
  const smoke = values.smoke;
  const list = (text: string | undefined, fallback: string[]) => (text === undefined ? fallback : text.split(',').map((s) => s.trim()).filter(Boolean));
  const streams = list(values.streams, GENERATORS.map((g) => g.id));
  for (const id of streams) if (!GENERATORS.some((g) => g.id === id)) throw new Error(`unknown stream "${id}"; choose from ${GENERATORS.map((g) => g.id).join(', ')}`);
  return {
    smoke,
    sizeBytes: Math.round(Number(values['size-mb'] ?? (smoke ? 2 : 100)) * MB),
    reps: Number(values.reps ?? (smoke ? 1 : 5)),
    streams,
    memorySizes: list(values['memory-sizes-mb'], smoke ? ['2', '8'] : ['100', '1000']).map((s) => Math.round(Number(s) * MB)),
    memoryStreams: list(values['memory-streams'], smoke ? ['claude'] : ['claude', 'codex', 'gemini', 'opencode', 'copilot', 'openai-compatible']),
    memory: !values['no-memory'],
    hostile: !values['no-hostile'],
    hostileShapes: list(values['hostile-shapes'], HOSTILE_SHAPES.map((h) => h.id)),
    hostileScale: Number(values['hostile-scale'] ?? (smoke ? 0.01 : 1)),
    memoryReps: Number(values['memory-reps'] ?? (smoke ? 1 : 3)),
    cli: values.cli === undefined ? undefined : resolve(values.cli),
    from: values.from === undefined ? undefined : resolve(values.from),
    throughput: !values['no-throughput'],
    docs: values['no-docs'] || (smoke && values.docs === undefined) ? undefined : resolve(values.docs ?? DOCS_FILE),
    // The per-line sample: the first lines of each stream, in order.
    perLineBytes: smoke ? 1 * MB : 16 * MB,
  };
}

const gc = (globalThis as { gc?: () => void }).gc;

/**
 * Runs a measure and times it twice: CPU time of this process (user + system,
 * GC threads included) and wall time. The tables use CPU time: on an idle
 * machine the two are close, and on a shared one (CI, a laptop compiling)
 * CPU time still counts only this work, where wall time counts everyone's.
 */
async function time(fn: () => number | Promise<number>): Promise<{ seconds: number; wall: number; value: number }> {
  gc?.();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const value = await fn();
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(c0);
  return { seconds: (cpu.user + cpu.system) / 1e6, wall, value };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const log = (message: string) => process.stderr.write(`${message}\n`);

async function measureStream(generator: StreamGenerator, options: ReturnType<typeof parseOptions>): Promise<StreamResult> {
  const source = SOURCES[generator.provider] as DisplayEventSource;
  const t0 = performance.now();
  const file = generateStream(generator, options.sizeBytes);
  log(`${generator.id}: ${(file.bytes / MB).toFixed(1)} MB ${file.cached ? 'cached' : `generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`} (${file.path})`);
  const buffer = readFileSync(file.path);
  const run = (measure: Measure, limit?: number): Promise<number> | number => {
    const chunks = chunksOf(buffer, limit);
    switch (measure) {
      case 'floor':
        return floor(chunks);
      case 'readline':
        return readlineSwitch(chunks);
      case 'source':
        return sourceOnly(chunks, source);
      default:
        return rendered(chunks, source, measure);
    }
  };
  // Warm-up: every path runs once over the first few MB, so that the timed runs see optimised code.
  for (const measure of MEASURES) await run(measure, Math.min(buffer.length, 8 * MB));
  const seconds = Object.fromEntries(MEASURES.map((m) => [m, [] as number[]])) as Record<Measure, number[]>;
  const wall = Object.fromEntries(MEASURES.map((m) => [m, [] as number[]])) as Record<Measure, number[]>;
  let lines = 0;
  let events = 0;
  for (let rep = 0; rep < options.reps; rep++) {
    // Interleaved, so that a slower moment of the machine hits every measure alike.
    for (const measure of MEASURES) {
      const { seconds: s, wall: w, value } = await time(() => run(measure));
      seconds[measure].push(s);
      wall[measure].push(w);
      if (measure === 'floor') lines = value;
      if (measure === 'source') events = value;
    }
    log(`  rep ${rep + 1}/${options.reps}: ${MEASURES.map((m) => `${m} ${(buffer.length / MB / (seconds[m].at(-1) as number)).toFixed(0)} MB/s`).join(', ')}`);
  }
  const lineCost = perLineCost(source, firstLines(buffer, options.perLineBytes), TARGETS.typicalLineBytes);
  log(`  per line (< 10 KiB, ${lineCost.lines} lines): p50 ${lineCost.p50Us.toFixed(1)} µs, p99 ${lineCost.p99Us.toFixed(1)} µs (JSON.parse alone: p99 ${lineCost.floorP99Us.toFixed(1)} µs)`);
  return { generator, bytes: buffer.length, lines, events, seconds, wall, lineCost };
}

interface MemoryResult {
  stream: string;
  runs: CliRun[];
}

/** One hostile shape in one mode: its run, or how it crashed. */
interface HostileResult {
  shape: string;
  mode: HostileMode;
  run?: CliRun;
  crash?: string;
}

/** What `--from` reads back: a run's measurements, as the last full run saved them. */
interface SavedRun {
  machine: string;
  minutes: number;
  reps: number;
  results: (Omit<StreamResult, 'generator'> & { generator: string })[];
  memory: MemoryResult[];
  hostile?: HostileResult[];
}

const LAST_RUN = join(tmpdir(), 'x-bench-last-run.json');

async function measureMemory(options: ReturnType<typeof parseOptions>): Promise<MemoryResult[]> {
  const results: MemoryResult[] = [];
  for (const id of options.memoryStreams) {
    const generator = GENERATORS.find((g) => g.id === id);
    if (generator === undefined) throw new Error(`unknown memory stream "${id}"`);
    const runs: CliRun[] = [];
    for (const size of options.memorySizes) {
      const t0 = performance.now();
      const file = generateStream(generator, size);
      log(`memory ${id}: ${(file.bytes / MB).toFixed(0)} MB ${file.cached ? 'cached' : `generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`}`);
      for (const mode of ['html', 'terminal'] as CliMode[]) {
        // Peak RSS moves by tens of MB from one run to the next (when V8
        // grows its heap, what the kernel has not yet taken back): the
        // median of a few runs is compared, and the spread shown.
        const tries: CliRun[] = [];
        for (let i = 0; i < options.memoryReps; i++) tries.push(await runCli(file.path, file.bytes, mode, options.cli));
        tries.sort((a, b) => a.maxRssBytes - b.maxRssBytes);
        const run: CliRun = { ...(tries[tries.length >> 1] as CliRun), rssRuns: tries.map((t) => t.maxRssBytes) };
        log(`  xview ${mode}: peak RSS ${tries.map((t) => (t.maxRssBytes / MiB).toFixed(0)).join(', ')} MiB, heap peak ${(run.heapPeakBytes / MiB).toFixed(0)} MiB, ${(run.inputBytes / MB / run.seconds).toFixed(0)} MB/s`);
        runs.push(run);
      }
    }
    results.push({ stream: id, runs });
  }
  return results;
}

async function measureHostile(options: ReturnType<typeof parseOptions>): Promise<HostileResult[]> {
  const results: HostileResult[] = [];
  for (const id of options.hostileShapes) {
    const shape = HOSTILE_SHAPES.find((h) => h.id === id);
    if (shape === undefined) throw new Error(`unknown hostile shape "${id}"; choose from ${HOSTILE_SHAPES.map((h) => h.id).join(', ')}`);
    for (const mode of shape.modes) {
      try {
        const run = await runCli(chunksOfLines(shape.lines(options.hostileScale)), 0, mode as CliMode, options.cli);
        log(`hostile ${id} ${mode}: ${fmt(run.inputBytes / MB)} MB, peak RSS ${fmt(run.maxRssBytes / MiB)} MiB, heap peak ${fmt(run.heapPeakBytes / MiB)} MiB, exit ${run.exitCode}, ${fmt(run.seconds, 1)} s`);
        results.push({ shape: id, mode, run });
      } catch (error) {
        const crash = (error instanceof Error ? error.message : String(error)).split('\n').slice(0, 3).join(' ').slice(0, 300);
        log(`hostile ${id} ${mode}: CRASH ${crash}`);
        results.push({ shape: id, mode, crash });
      }
    }
  }
  return results;
}

// ---- report ----

const pass = (ok: boolean) => (ok ? 'pass' : '**MISS**');
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(' | ')} |`;
  return [line(header), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.map(line)].join('\n');
}

function throughputReport(results: StreamResult[], reps: number): { text: string; misses: string[] } {
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
    wallRows.push([r.generator.id, ...MEASURES.map((m) => `${fmt(r.bytes / MB / wallMed(m))}${m === 'floor' ? '' : ` (${(wallMed('floor') / wallMed(m)).toFixed(2)})`}`)]);
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

function memoryReport(results: MemoryResult[]): { text: string; misses: string[] } {
  const misses: string[] = [];
  const rows: string[][] = [];
  for (const r of results) {
    for (const mode of ['html', 'terminal'] as CliMode[]) {
      const runs = r.runs.filter((run) => run.mode === mode).sort((a, b) => a.inputBytes - b.inputBytes);
      const smallest = runs[0];
      for (const run of runs) {
        const underLimit = run.maxRssBytes < TARGETS.rssBytes;
        if (!underLimit) misses.push(`${r.stream} xview ${mode} on ${fmt(run.inputBytes / MB)} MB: peak RSS ${fmt(run.maxRssBytes / MiB)} MiB (target < 150)`);
        // Flat: the largest input may cost at most 10% or 10 MiB more than the smallest, whichever is more.
        const growth = smallest === undefined || run === smallest ? 0 : run.maxRssBytes - smallest.maxRssBytes;
        const flat = growth <= Math.max(10 * MiB, 0.1 * (smallest?.maxRssBytes ?? 0));
        if (!flat) misses.push(`${r.stream} xview ${mode}: peak RSS grows by ${fmt(growth / MiB)} MiB from ${fmt((smallest?.inputBytes ?? 0) / MB)} MB to ${fmt(run.inputBytes / MB)} MB`);
        const spread = run.rssRuns !== undefined && run.rssRuns.length > 1 ? ` (${fmt(Math.min(...run.rssRuns) / MiB)}-${fmt(Math.max(...run.rssRuns) / MiB)})` : '';
        rows.push([
          r.stream,
          mode === 'html' ? 'xview --html /dev/null' : 'xview --verbose | (pipe)',
          fmt(run.inputBytes / MB),
          `${fmt(run.maxRssBytes / MiB)}${spread}`,
          fmt(run.heapPeakBytes / MiB),
          run === smallest ? '' : `${growth >= 0 ? '+' : ''}${fmt(growth / MiB, 1)}`,
          fmt(run.inputBytes / MB / run.seconds),
          `${pass(underLimit)}${run === smallest ? '' : `, ${flat ? 'flat' : '**GROWS**'}`}`,
        ]);
      }
    }
  }
  const text = [
    'Memory: `xview` as a child process, the stream piped into its standard input. Peak RSS is the kernel\'s (`process.resourceUsage().maxRSS` at exit), the median of the runs and in brackets their range; heap peak is sampled every 100 ms. Target: peak RSS < 150 MiB at every size, and no growth from the smallest to the largest input (at most +10% or +10 MiB).',
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

function hostileReport(results: HostileResult[]): { text: string; misses: string[] } {
  const misses: string[] = [];
  const rows = results.map((r) => {
    const shape = HOSTILE_SHAPES.find((h) => h.id === r.shape);
    if (r.run === undefined) {
      misses.push(`hostile ${r.shape} ${r.mode}: crashed (${r.crash ?? ''})`);
      return [r.shape, HOSTILE_COMMANDS[r.mode], '', 'crash', '', '', '**MISS**'];
    }
    const ok = r.run.maxRssBytes < TARGETS.rssBytes;
    if (!ok) misses.push(`hostile ${r.shape} ${r.mode}: peak RSS ${fmt(r.run.maxRssBytes / MiB)} MiB (target < 150)`);
    return [r.shape, HOSTILE_COMMANDS[r.mode], fmt(r.run.inputBytes / MB), fmt(r.run.maxRssBytes / MiB), fmt(r.run.heapPeakBytes / MiB), String(r.run.exitCode), pass(ok), shape?.description ?? ''];
  });
  const text = [
    'Hostile memory: inputs built to make per-stream state grow (issue #21), every line under the 16 MiB limit, generated on the fly into `xview`\'s standard input. Target: peak RSS < 150 MiB and no crash, in every output mode. docs/memory.md names the bound each shape meets.',
    '',
    table(['shape', 'command', 'input MB', 'peak RSS MiB', 'heap peak MiB', 'exit', 'target', 'what'], rows),
  ].join('\n');
  return { text, misses };
}

function machine(): string {
  let cpu = cpus()[0]?.model ?? 'unknown CPU';
  try {
    const model = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    if (model?.[1]) cpu = model[1].trim();
  } catch {
    // Not Linux: os.cpus() said it.
  }
  let commit = '';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: BENCH_DIR, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    // Not a checkout.
  }
  return [
    `- Machine: ${cpu}, ${availableParallelism()} cores, ${fmt(totalmem() / 1024 ** 3, 1)} GiB RAM, Linux ${release()}`,
    `- Node.js ${process.version} (V8 ${process.versions.v8})`,
    `- Date: ${new Date().toISOString()}${commit === '' ? '' : `, commit ${commit} (plus uncommitted changes, if any)`}`,
  ].join('\n');
}

async function main(): Promise<void> {
  const options = parseOptions();
  const started = performance.now();
  if (gc === undefined) log('note: run with node --expose-gc for steadier numbers (the bench script does)');
  let results: StreamResult[] = [];
  let memory: MemoryResult[] = [];
  let hostile: HostileResult[] = [];
  let machineText: string;
  let minutes: number;
  if (options.from !== undefined) {
    // A saved run, reported again (after FINDINGS.md changed, say) without measuring.
    const saved = JSON.parse(readFileSync(options.from, 'utf8')) as SavedRun;
    results = saved.results.map((r) => ({ ...r, generator: GENERATORS.find((g) => g.id === r.generator) as StreamGenerator }));
    memory = saved.memory;
    hostile = saved.hostile ?? [];
    machineText = saved.machine;
    minutes = saved.minutes;
    options.reps = saved.reps;
  } else {
    // Memory first: run after the throughput part, whose 100 MB buffers this
    // process has just let go, xview's peak RSS came out 30-40 MiB higher and
    // steadier than from a fresh process (seen, not explained).
    memory = options.memory ? await measureMemory(options) : [];
    hostile = options.hostile ? await measureHostile(options) : [];
    if (options.throughput) {
      for (const id of options.streams) results.push(await measureStream(GENERATORS.find((g) => g.id === id) as StreamGenerator, options));
    }
    machineText = machine();
    minutes = (performance.now() - started) / 60000;
    const saved: SavedRun = { machine: machineText, minutes, reps: options.reps, results: results.map((r) => ({ ...r, generator: r.generator.id })), memory, hostile };
    if (!options.smoke) {
      writeFileSync(LAST_RUN, JSON.stringify(saved));
      log(`saved the measurements to ${LAST_RUN} (--from ${LAST_RUN} reports them again)`);
    }
  }

  const sections: string[] = [];
  const misses: string[] = [];
  if (results.length > 0) {
    const report = throughputReport(results, options.reps);
    sections.push(report.text);
    misses.push(...report.misses);
  }
  if (memory.length > 0) {
    const report = memoryReport(memory);
    sections.push(report.text);
    misses.push(...report.misses);
  }
  if (hostile.length > 0) {
    const report = hostileReport(hostile);
    sections.push(report.text);
    misses.push(...report.misses);
  }
  const verdict = misses.length === 0 ? 'Every target is met.' : `Targets missed:\n\n${misses.map((m) => `- ${m}`).join('\n')}`;
  const body = `${machineText}\n\n${sections.join('\n\n')}\n\n${verdict}\n`;
  process.stdout.write(`\n${body}`);
  if (options.docs !== undefined) {
    const findings = join(BENCH_DIR, 'FINDINGS.md');
    const streams = results.map((r) => `- \`${r.generator.id}\`: ${r.generator.description}.`).join('\n');
    const doc = [
      '# Benchmarks',
      '',
      '<!-- Written by `pnpm bench` (bench/src/main.ts); the findings come from bench/FINDINGS.md. Do not edit by hand. -->',
      '',
      'What @x costs over the twenty lines a user would write instead (split the bytes into lines, `JSON.parse` each line): every provider\'s source through the core pipeline, and the terminal and HTML renderers behind it, measured in one process and one run against that floor. Streams are generated (deterministic, seeded) from the line shapes of `fixtures/<provider>/`: text, reasoning, tool calls with file contents and command output, usage lines. Inputs are fed as 64 KiB chunks from memory; renderers write to a sink that discards. `source` is `streamEvents()`; the renderer columns are `runPipeline()` with the renderer, as `xview` runs it (the RunOutcome aggregation included).',
      '',
      `Run it with \`pnpm bench\` (about ${fmt(Math.max(1, minutes), 0)} minutes here); \`bench/smoke.sh\` runs a seconds-long version in CI. Options: \`node --expose-gc bench/dist/main.js --help\`.`,
      '',
      '## Latest run',
      '',
      body,
      ...(streams === '' ? [] : ['## Streams', '', streams, '']),
      existsSync(findings) ? readFileSync(findings, 'utf8').trimEnd() : '',
      '',
    ].join('\n');
    mkdirSync(dirname(options.docs), { recursive: true });
    writeFileSync(options.docs, doc);
    log(`wrote ${options.docs}`);
  }
  log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s${options.smoke ? ' (smoke: targets are reported, never enforced)' : ''}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`x-bench crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
