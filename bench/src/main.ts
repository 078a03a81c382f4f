import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DisplayEventSource } from '@x/core';
import { claudeSource } from '@x/provider-claude';
import { codexSource } from '@x/provider-codex';
import { copilotSource } from '@x/provider-copilot';
import { geminiSource } from '@x/provider-gemini';
import { openAICompatibleSource } from '@x/provider-openai-compatible';
import { openCodeSource } from '@x/provider-opencode';
import { generateStream } from './generate.js';
import { GENERATORS, type StreamGenerator } from './generators/index.js';
import { chunksOfLines, HOSTILE_SHAPES } from './hostile.js';
import { type EndToEndResult, endToEndReport, measureEndToEnd } from './end-to-end.js';
import { runCli, type CliMode, type CliRun } from './memory.js';
import { measureSiteMemory, siteMemoryReport, type SiteMemoryRun } from './site-memory.js';
import { type BenchOptions, parseOptions } from './options.js';
import {
  fmt,
  type HostileResult,
  hostileReport,
  machine,
  MB,
  type Measure,
  MEASURES,
  type MemoryResult,
  memoryReport,
  MiB,
  type StreamResult,
  TARGETS,
  throughputReport,
} from './report.js';
import { chunksOf, firstLines, floor, perLineCost, readlineSwitch, rendered, sourceOnly } from './throughput.js';

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

const gc = (globalThis as { gc?: (options?: { type: 'minor' }) => void }).gc;

/** How much of a stream each measure runs untimed: once before the first timed run, and again between the full GC and each timed run. */
const WARM_BYTES = 8 * MB;

/**
 * Runs a measure and times it twice: CPU time of this process (user + system,
 * GC threads included) and wall time. The tables use CPU time: on an idle
 * machine the two are close, and on a shared one (CI, a laptop compiling)
 * CPU time still counts only this work, where wall time counts everyone's.
 *
 * Each timed run starts from a full GC, so that no measure pays for the
 * garbage of the one before. `gc()` is a forced, memory-reducing collection:
 * besides the garbage it frees the object layouts no live object has, and V8
 * deoptimises every function compiled against one (markdown-it's,
 * highlight.js's, the providers'). The timed run would then pay for
 * compiling them again, which no warm process does (the start of a process
 * is what the end-to-end part measures): so `rewarm`, the same measure over
 * the first few MB, runs between the GC and the clock, and a minor GC (which
 * frees no layout) clears its young garbage (FINDINGS, issue 18 (7)).
 */
async function time(fn: () => number | Promise<number>, rewarm?: () => number | Promise<number>): Promise<{ seconds: number; wall: number; value: number }> {
  gc?.();
  if (rewarm !== undefined) {
    await rewarm();
    gc?.({ type: 'minor' });
  }
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const value = await fn();
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(c0);
  return { seconds: (cpu.user + cpu.system) / 1e6, wall, value };
}

const log = (message: string) => process.stderr.write(`${message}\n`);

async function measureStream(generator: StreamGenerator, options: BenchOptions): Promise<StreamResult> {
  const source = SOURCES[generator.provider] as DisplayEventSource;
  const t0 = performance.now();
  const file = generateStream(generator, options.sizeBytes);
  log(
    `${generator.id}: ${(file.bytes / MB).toFixed(1)} MB ${file.cached ? 'cached' : `generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`} (${file.path})`,
  );
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
  for (const measure of MEASURES) await run(measure, Math.min(buffer.length, WARM_BYTES));
  const seconds = Object.fromEntries(MEASURES.map((m) => [m, [] as number[]])) as Record<Measure, number[]>;
  const wall = Object.fromEntries(MEASURES.map((m) => [m, [] as number[]])) as Record<Measure, number[]>;
  let lines = 0;
  let events = 0;
  for (let rep = 0; rep < options.reps; rep++) {
    // Interleaved, so that a slower moment of the machine hits every measure alike.
    for (const measure of MEASURES) {
      const { seconds: s, wall: w, value } = await time(
        () => run(measure),
        () => run(measure, Math.min(buffer.length, WARM_BYTES)),
      );
      seconds[measure].push(s);
      wall[measure].push(w);
      if (measure === 'floor') lines = value;
      if (measure === 'source') events = value;
    }
    log(`  rep ${rep + 1}/${options.reps}: ${MEASURES.map((m) => `${m} ${(buffer.length / MB / (seconds[m].at(-1) as number)).toFixed(0)} MB/s`).join(', ')}`);
  }
  const lineCost = perLineCost(source, firstLines(buffer, options.perLineBytes), TARGETS.typicalLineBytes);
  log(
    `  per line (< 10 KiB, ${lineCost.lines} lines): p50 ${lineCost.p50Us.toFixed(1)} µs, p99 ${lineCost.p99Us.toFixed(1)} µs (JSON.parse alone: p99 ${lineCost.floorP99Us.toFixed(1)} µs)`,
  );
  return { generator, bytes: buffer.length, lines, events, seconds, wall, lineCost };
}

/** What `--from` reads back: a run's measurements, as the last full run saved them. */
interface SavedRun {
  machine: string;
  minutes: number;
  reps: number;
  results: (Omit<StreamResult, 'generator'> & { generator: string })[];
  memory: MemoryResult[];
  hostile?: HostileResult[];
  site?: SiteMemoryRun[];
  endToEnd?: EndToEndResult;
}

/** A run's measurements, measured now or read back with `--from`. */
interface Measured {
  machine: string;
  minutes: number;
  reps: number;
  results: StreamResult[];
  memory: MemoryResult[];
  hostile: HostileResult[];
  site: SiteMemoryRun[];
  endToEnd: EndToEndResult | undefined;
}

const LAST_RUN = join(tmpdir(), 'x-bench-last-run.json');

async function measureMemory(options: BenchOptions): Promise<MemoryResult[]> {
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
        log(
          `  xview ${mode}: peak RSS ${tries.map((t) => (t.maxRssBytes / MiB).toFixed(0)).join(', ')} MiB, heap peak ${(run.heapPeakBytes / MiB).toFixed(0)} MiB, ${(run.inputBytes / MB / run.seconds).toFixed(0)} MB/s`,
        );
        runs.push(run);
      }
    }
    results.push({ stream: id, runs });
  }
  return results;
}

async function measureHostile(options: BenchOptions): Promise<HostileResult[]> {
  const results: HostileResult[] = [];
  for (const id of options.hostileShapes) {
    const shape = HOSTILE_SHAPES.find((h) => h.id === id);
    if (shape === undefined) throw new Error(`unknown hostile shape "${id}"; choose from ${HOSTILE_SHAPES.map((h) => h.id).join(', ')}`);
    for (const mode of shape.modes) {
      try {
        const run = await runCli(chunksOfLines(shape.lines(options.hostileScale)), 0, mode as CliMode, options.cli);
        log(
          `hostile ${id} ${mode}: ${fmt(run.inputBytes / MB, run.inputBytes < 10 * MB ? 1 : 0)} MB, peak RSS ${fmt(run.maxRssBytes / MiB)} MiB, heap peak ${fmt(run.heapPeakBytes / MiB)} MiB, exit ${run.exitCode}, ${fmt(run.seconds, 1)} s`,
        );
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

async function measure(options: BenchOptions, started: number): Promise<Measured> {
  // Memory first: run after the throughput part, whose 100 MB buffers this
  // process has just let go, xview's peak RSS came out 30-40 MiB higher and
  // steadier than from a fresh process (seen, not explained).
  const memory = options.memory ? await measureMemory(options) : [];
  const hostile = options.hostile ? await measureHostile(options) : [];
  const site = options.site ? await measureSiteMemory(options.siteSizes, options.cli) : [];
  const endToEnd = options.e2e ? measureEndToEnd({ sizes: options.e2eSizes, streams: options.e2eStreams, runs: options.e2eRuns, cli: options.cli }) : undefined;
  const results: StreamResult[] = [];
  if (options.throughput) {
    for (const id of options.streams) results.push(await measureStream(GENERATORS.find((g) => g.id === id) as StreamGenerator, options));
  }
  const measured: Measured = { machine: machine(), minutes: (performance.now() - started) / 60000, reps: options.reps, results, memory, hostile, site, endToEnd };
  if (!options.smoke) {
    const saved: SavedRun = { ...measured, results: results.map((r) => ({ ...r, generator: r.generator.id })) };
    writeFileSync(LAST_RUN, JSON.stringify(saved));
    log(`saved the measurements to ${LAST_RUN} (--from ${LAST_RUN} reports them again)`);
  }
  return measured;
}

/** A saved run, reported again (after FINDINGS.md changed, say) without measuring. */
function readSaved(file: string): Measured {
  const saved = JSON.parse(readFileSync(file, 'utf8')) as SavedRun;
  const results = saved.results.map((r) => ({ ...r, generator: GENERATORS.find((g) => g.id === r.generator) as StreamGenerator }));
  return { ...saved, results, hostile: saved.hostile ?? [], site: saved.site ?? [], endToEnd: saved.endToEnd };
}

/** The report's sections, in order, and every target missed. */
function report(measured: Measured): { sections: string[]; misses: string[] } {
  const parts = [
    measured.endToEnd === undefined ? undefined : endToEndReport(measured.endToEnd),
    measured.results.length > 0 ? throughputReport(measured.results, measured.reps) : undefined,
    measured.memory.length > 0 ? memoryReport(measured.memory) : undefined,
    measured.hostile.length > 0 ? hostileReport(measured.hostile) : undefined,
    measured.site.length > 0 ? siteMemoryReport(measured.site) : undefined,
  ].filter((part) => part !== undefined);
  return { sections: parts.map((part) => part.text), misses: parts.flatMap((part) => part.misses) };
}

function writeDocs(file: string, measured: Measured, body: string): void {
  const findings = join(BENCH_DIR, 'FINDINGS.md');
  const streams = measured.results.map((r) => `- \`${r.generator.id}\`: ${r.generator.description}.`).join('\n');
  const doc = [
    '# Benchmarks',
    '',
    '<!-- Written by `pnpm bench` (bench/src/main.ts); the findings come from bench/FINDINGS.md. Do not edit by hand. -->',
    '',
    "What @x costs over the twenty lines a user would write instead (split the bytes into lines, `JSON.parse` each line). First end to end: `xview` as a process, its start-up against bare `node`, and whole runs against the floor run as a process too. Then in one process: every provider's source through the core pipeline, and the terminal and HTML renderers behind it, against that floor. Streams are generated (deterministic, seeded) from the line shapes of `fixtures/<provider>/`: text, reasoning, tool calls with file contents and command output, usage lines. In process, inputs are fed as 64 KiB chunks from memory; renderers write to a sink that discards; each timed run follows a full GC and an untimed run of the same measure over the stream's first 8 MB (the GC deoptimises code, which a warm process would not recompile: see the findings, issue 18 (7)). `source` is `streamEvents()`; the renderer columns are `runPipeline()` with the renderer, as `xview` runs it (the RunOutcome aggregation included).",
    '',
    `Run it with \`pnpm bench\` (about ${fmt(Math.max(1, measured.minutes), 0)} minutes here); \`bench/smoke.sh\` runs a seconds-long version in CI. Options: \`node --expose-gc bench/dist/main.js --help\`.`,
    '',
    '## Latest run',
    '',
    body,
    ...(streams === '' ? [] : ['## Streams', '', streams, '']),
    existsSync(findings) ? readFileSync(findings, 'utf8').trimEnd() : '',
    '',
  ].join('\n');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, doc);
  log(`wrote ${file}`);
}

async function main(): Promise<void> {
  const options = parseOptions(DOCS_FILE);
  const started = performance.now();
  if (gc === undefined) log('note: run with node --expose-gc for steadier numbers (the bench script does)');
  const measured = options.from === undefined ? await measure(options, started) : readSaved(options.from);
  if (options.from !== undefined) options.reps = measured.reps;
  const { sections, misses } = report(measured);
  const verdict = misses.length === 0 ? 'Every target is met.' : `Targets missed:\n\n${misses.map((m) => `- ${m}`).join('\n')}`;
  const body = `${measured.machine}\n\n${sections.join('\n\n')}\n\n${verdict}\n`;
  process.stdout.write(`\n${body}`);
  if (options.docs !== undefined) writeDocs(options.docs, measured, body);
  log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s${options.smoke ? ' (smoke: targets are reported, never enforced)' : ''}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`x-bench crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
