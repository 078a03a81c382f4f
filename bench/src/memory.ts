import { spawn } from 'node:child_process';
import { createReadStream, existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

/**
 * `@x/cli`'s built bin, by path: the bench does not depend on `@x/cli`, so
 * that installing the workspace never links an `xview` bin before it is built.
 */
const BUILT_BIN = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'packages', 'cli', 'dist', 'bin.cjs');

/** The built `xview` binary, or `override` (`--cli`, to measure a changed build). */
export function cliBin(override?: string): string {
  const bin = override ?? BUILT_BIN;
  if (!existsSync(bin)) throw new Error(`${bin} is missing: run \`pnpm build\` first.`);
  return bin;
}

export type CliMode = 'html' | 'terminal' | 'events' | 'summary';

const MODE_ARGS: Record<CliMode, string[]> = {
  html: ['--html', '/dev/null'],
  terminal: ['--verbose'],
  events: ['--events'],
  summary: ['--summary'],
};

export interface CliRun {
  mode: CliMode;
  inputBytes: number;
  seconds: number;
  maxRssBytes: number;
  heapPeakBytes: number;
  outputBytes: number;
  exitCode: number | null;
  /** Every run's peak RSS, when the median of several is reported. */
  rssRuns?: number[];
}

/** What a probed run of `xview` reports. */
export interface ProbedRun {
  seconds: number;
  maxRssBytes: number;
  heapPeakBytes: number;
  outputBytes: number;
  exitCode: number | null;
  /** The input bytes written to its standard input. */
  written: number;
}

/**
 * Runs `node --import rss-probe.js <bin> ...args` as a child with `env` added,
 * its standard output drained and counted, `input` (a file, or chunks) piped
 * into its standard input when given. Reports its peak RSS; an exit other
 * than 0, 1 or 5 (the run was rendered) is a crash, thrown.
 */
export async function runProbed(
  args: readonly string[],
  input: string | Iterable<Buffer> | undefined,
  env: Record<string, string> = {},
  bin?: string,
): Promise<ProbedRun> {
  const probe = join(dirname(fileURLToPath(import.meta.url)), 'rss-probe.js');
  const rssFile = join(tmpdir(), `x-bench-rss-${process.pid}-${Date.now()}.json`);
  const argv = ['--import', probe, cliBin(bin), ...args];
  const started = performance.now();
  const child = spawn(process.execPath, argv, { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...env, X_BENCH_RSS_FILE: rssFile, NO_COLOR: '1' } });
  let outputBytes = 0;
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    outputBytes += chunk.length;
  });
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < 4000) stderr += chunk.toString('utf8');
  });
  let written = 0;
  if (typeof input === 'string') {
    written = statSync(input).size;
    createReadStream(input).pipe(child.stdin);
  } else if (input !== undefined) {
    const stream = Readable.from(
      (function* () {
        for (const chunk of input) {
          written += chunk.length;
          yield chunk;
        }
      })(),
    );
    stream.pipe(child.stdin);
  } else {
    child.stdin.end();
  }
  // The child may stop reading early (a crash); that is reported by its exit code, not as EPIPE here.
  child.stdin.on('error', () => {});
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  const seconds = (performance.now() - started) / 1000;
  if (!existsSync(rssFile)) throw new Error(`xview ${args.join(' ')} exited with ${exitCode} without reporting memory:\n${stderr}`);
  const report = JSON.parse(readFileSync(rssFile, 'utf8')) as { maxRssBytes: number; heapPeakBytes: number };
  rmSync(rssFile, { force: true });
  // 0 ok, 1 run failed, 5 incomplete: the run was rendered. Anything else is a crash.
  if (exitCode !== 0 && exitCode !== 1 && exitCode !== 5) throw new Error(`xview ${args.join(' ')} exited with ${exitCode}:\n${stderr}`);
  return { seconds, maxRssBytes: report.maxRssBytes, heapPeakBytes: report.heapPeakBytes, outputBytes, exitCode, written };
}

/**
 * Runs `xview` as a user would, with the stream piped into its standard
 * input: `--html /dev/null` for HTML, `--verbose` with standard output a
 * pipe (drained and counted here) for the terminal, `--events` and
 * `--summary` the same way. The input is a file, or chunks generated on the
 * fly (the hostile shapes, never written to disk). Reports its peak RSS.
 */
export async function runCli(input: string | Iterable<Buffer>, inputBytes: number, mode: CliMode, bin?: string): Promise<CliRun> {
  const run = await runProbed(MODE_ARGS[mode], input, {}, bin);
  const { written, ...rest } = run;
  return { mode, inputBytes: typeof input === 'string' ? inputBytes : written, ...rest };
}
