import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateStream } from './generate.js';
import { GENERATORS, type StreamGenerator } from './generators/index.js';
import { cliBin } from './memory.js';
import { fmt, MB, median, pass, table } from './report.js';

/*
 * The end-to-end part: `xview` as a user runs it, a process of its own, from
 * `node` starting to its exit, against `node -e 0` and against the floor run
 * as a process too (floor-child.js), every command interleaved with the
 * others in one loop so that a busy moment of the machine hits them alike.
 * Each figure is the best of the runs: noise only ever adds time.
 */

const HERE = dirname(fileURLToPath(import.meta.url));
const FLOOR_CHILD = join(HERE, 'floor-child.js');
const SMALL_FIXTURE = join(HERE, '..', '..', 'fixtures', 'claude', 'read-edit-run.jsonl');

/** The targets: start-up at most 1.5 times bare Node, and the largest stream's ratios to the floor. */
export const E2E_TARGETS = { startup: 1.5, render: 0.5, events: 0.45 };

/** Seconds of each run: wall clock, and the child's CPU time (user + system) where the OS tells it. */
export interface Runs {
  wall: number[];
  cpu: number[];
}

/** One start-up command and its runs. */
export interface StartupRuns {
  label: string;
  target: boolean;
  runs: Runs;
}

/** One stream at one size: the floor, the readline baseline, xview's default render and `--events`. */
export interface StreamRuns {
  stream: string;
  bytes: number;
  floor: Runs;
  readline: Runs;
  render: Runs;
  events: Runs;
}

export interface EndToEndResult {
  startup: StartupRuns[];
  streams: StreamRuns[];
}

export interface EndToEndOptions {
  sizes: number[];
  streams: string[];
  runs: number;
  cli: string | undefined;
}

const log = (message: string) => process.stderr.write(`${message}\n`);

/** CPU seconds of this process's waited-for children so far (Linux `/proc/self/stat`), or undefined. */
function childrenCpu(): number | undefined {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    // After the command name: cutime and cstime are fields 14 and 15 (0-based), in clock ticks of 1/100 s.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * xview keeps V8's compiled code of its first run for the next ones (@x/cli
 * code-cache.ts): the bench gives it a cache folder of its own, written by
 * each command's unmeasured first run, so that figures are those of every
 * start after the first; "no code cache" is the first start after an install.
 */
const CACHE_HOME = mkdtempSync(join(tmpdir(), 'x-bench-code-cache-'));
process.once('exit', () => rmSync(CACHE_HOME, { recursive: true, force: true }));

/** A command: node's arguments, and `XVIEW_CODE_CACHE=0` for a start without the code cache. */
type Command = readonly string[] | { args: readonly string[]; noCodeCache: true };

function runOnce(command: Command, into: Runs): void {
  const args = 'args' in command ? command.args : command;
  const env = { ...process.env, NO_COLOR: '1', XDG_CACHE_HOME: CACHE_HOME, ...('args' in command ? { XVIEW_CODE_CACHE: '0' } : {}) };
  const cpu0 = childrenCpu();
  const t0 = performance.now();
  const result = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], env, maxBuffer: 1 << 20 });
  const wall = (performance.now() - t0) / 1000;
  const cpu1 = childrenCpu();
  // 0 ok, 1 run failed, 5 incomplete: the run was rendered. Anything else is a crash.
  if (result.status !== 0 && result.status !== 1 && result.status !== 5)
    throw new Error(`node ${args.join(' ')} exited with ${result.status}:\n${String(result.stderr).slice(0, 2000)}`);
  into.wall.push(wall);
  if (cpu0 !== undefined && cpu1 !== undefined) into.cpu.push(cpu1 - cpu0);
}

/** Runs every command `runs` times, interleaved, after one unmeasured run of each (file cache, disk). */
function interleaved<K extends string>(commands: Record<K, Command>, runs: number): Record<K, Runs> {
  const keys = Object.keys(commands) as K[];
  const results = Object.fromEntries(keys.map((key) => [key, { wall: [], cpu: [] }])) as unknown as Record<K, Runs>;
  for (const key of keys) runOnce(commands[key], { wall: [], cpu: [] });
  for (let i = 0; i < runs; i++) for (const key of keys) runOnce(commands[key], results[key]);
  return results;
}

const generatorOf = (id: string): StreamGenerator => GENERATORS.find((g) => g.id === id) as StreamGenerator;

function measureStartup(options: EndToEndOptions, bin: string, smallest: number): StartupRuns[] {
  const small = `xview fixtures/claude/read-edit-run.jsonl (${fmt(statSync(SMALL_FIXTURE).size / 1000, 1)} KB)`;
  const commands: Record<string, Command> = {
    'node -e 0': ['-e', '0'],
    'xview --version': [bin, '--version'],
    'xview --help': [bin, '--help'],
    [small]: [bin, SMALL_FIXTURE],
    [`${small}, no code cache`]: { args: [bin, SMALL_FIXTURE], noCodeCache: true },
  };
  for (const id of options.streams) commands[`xview, ${id}, ${fmt(smallest / 1000)} KB`] = [bin, generateStream(generatorOf(id), smallest).path];
  log(`end to end: start-up, ${Object.keys(commands).length} commands, ${options.runs} runs each`);
  const results = interleaved(commands, options.runs);
  return Object.entries(results).map(([label, runs]) => ({ label, target: label !== 'node -e 0' && label !== 'xview --help' && !label.endsWith('no code cache'), runs }));
}

function measureStream(id: string, size: number, bin: string, runs: number): StreamRuns {
  const file = generateStream(generatorOf(id), size);
  const results = interleaved(
    { floor: [FLOOR_CHILD, file.path], readline: [FLOOR_CHILD, '--readline', file.path], render: [bin, file.path], events: [bin, '--events', file.path] },
    runs,
  );
  const best = (r: Runs) => Math.min(...r.wall);
  log(
    `end to end: ${id} ${fmt(file.bytes / MB, 2)} MB, best of ${runs}: floor ${fmt(best(results.floor) * 1000)} ms, xview ${fmt(best(results.render) * 1000)} ms, --events ${fmt(best(results.events) * 1000)} ms`,
  );
  return { stream: id, bytes: file.bytes, ...results };
}

/** Measures start-up and every stream at every size but the smallest (which start-up covers). */
export function measureEndToEnd(options: EndToEndOptions): EndToEndResult {
  const bin = cliBin(options.cli);
  const sizes = [...options.sizes].sort((a, b) => a - b);
  const startup = measureStartup(options, bin, sizes[0] ?? 10_000);
  const streams: StreamRuns[] = [];
  for (const size of sizes.slice(1)) {
    // Fewer runs of the larger inputs: a 100 MB run takes seconds, and its noise is a smaller part of it.
    const runs = Math.max(1, Math.round(options.runs / (size >= 50 * MB ? 7 : 4)));
    for (const id of options.streams) streams.push(measureStream(id, size, bin, runs));
  }
  return { startup, streams };
}

// ---- report ----

const best = (runs: Runs) => Math.min(...runs.wall);
const ms = (seconds: number) => fmt(seconds * 1000);

function startupReport(startup: StartupRuns[], misses: string[]): string {
  const baseline = startup.find((s) => s.label === 'node -e 0');
  const rows = startup.map((s) => {
    const ratio = baseline === undefined ? Number.NaN : best(s.runs) / best(baseline.runs);
    const ok = ratio <= E2E_TARGETS.startup;
    if (s.target && !ok) misses.push(`start-up: ${s.label} takes ${ratio.toFixed(2)} times node -e 0 (target ≤ ${E2E_TARGETS.startup})`);
    return [s.label, ms(best(s.runs)), ms(median(s.runs.wall)), s === baseline ? '1.00' : ratio.toFixed(2), s.target ? pass(ok) : ''];
  });
  return table(['command', 'best ms', 'median ms', 'best / node -e 0', `target ≤ ${E2E_TARGETS.startup}`], rows);
}

function streamsReport(streams: StreamRuns[], misses: string[]): string {
  // Each stream's largest input holds the targets (generated streams of one size differ by a few bytes).
  const largest = (stream: string) => Math.max(...streams.filter((s) => s.stream === stream).map((s) => s.bytes));
  const rows = streams.map((s) => {
    const ratio = (r: Runs) => best(s.floor) / best(r);
    const cpuRatio = (r: Runs) => (r.cpu.length > 0 && s.floor.cpu.length > 0 ? (Math.min(...s.floor.cpu) / Math.min(...r.cpu)).toFixed(2) : 'n/a');
    const held = s.bytes === largest(s.stream) && s.bytes >= 50 * MB;
    const verdict = (label: string, r: Runs, target: number) => {
      const ok = ratio(r) >= target;
      if (held && !ok) misses.push(`end to end: ${s.stream} ${fmt(s.bytes / MB)} MB, ${label} at ${ratio(r).toFixed(2)} of the floor (target ≥ ${target})`);
      return held ? pass(ok) : '';
    };
    return [
      s.stream,
      fmt(s.bytes / MB, s.bytes < 10 * MB ? 1 : 0),
      ms(best(s.floor)),
      `${ms(best(s.readline))} (${ratio(s.readline).toFixed(2)})`,
      `${ms(best(s.render))} (${ratio(s.render).toFixed(2)}) ${verdict('default render', s.render, E2E_TARGETS.render)}`.trim(),
      `${ms(best(s.events))} (${ratio(s.events).toFixed(2)}) ${verdict('--events', s.events, E2E_TARGETS.events)}`.trim(),
      `${cpuRatio(s.render)} / ${cpuRatio(s.events)}`,
    ];
  });
  return table(['stream', 'MB', 'floor ms', 'readline ms', 'xview ms', 'xview --events ms', 'CPU ratio xview / --events'], rows);
}

/** The end-to-end section of docs/benchmarks.md, and the targets it misses. */
export function endToEndReport(result: EndToEndResult): { text: string; misses: string[] } {
  const misses: string[] = [];
  const runs = result.startup[0]?.runs.wall.length ?? 0;
  const text = [
    `End to end: \`xview\` as a process, as a user starts it, from \`node\` starting to its exit, its output to /dev/null; beside it \`node -e 0\`, and the floor and the readline baseline as processes of their own on the same file (bench/src/floor-child.ts: a 64 KiB read stream, as xview reads). Every command runs in one interleaved loop with the others; figures are the best of the runs (${runs} for start-up, fewer for larger inputs), since noise on this shared machine only ever adds time. Ratios are of those best wall times; the CPU ratio (the children's user + system time, in 10 ms ticks) is beside them for context.`,
    '',
    `Start-up: ${runs} runs each, after one unmeasured run that writes xview's code cache (V8's compiled code, kept for later starts; the "no code cache" row is a start without it, as the first after an install). Target: \`xview --version\` and \`xview\` on a small file at most ${E2E_TARGETS.startup} times \`node -e 0\`.`,
    '',
    startupReport(result.startup, misses),
    '',
    `Streams: ratio to the floor in brackets. Targets on the largest input: default render ≥ ${E2E_TARGETS.render}, \`--events\` ≥ ${E2E_TARGETS.events}.`,
    '',
    streamsReport(result.streams, misses),
  ].join('\n');
  return { text, misses };
}
