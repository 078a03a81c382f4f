import { statSync } from 'node:fs';
import { SESSION_COMMANDS } from './commands/names.js';

/*
 * How large a run's input is, judged from its arguments before anything
 * runs: V8's flags must be set before code is compiled (bin.ts), and zod's
 * before a provider builds its schemas (main.ts).
 */

/**
 * Past this size an input file is read long enough that V8 should favour
 * memory from the first byte. Favouring memory costs CPU: at 100 MB, 9-16%
 * more (Claude, Gemini, Copilot, Codex `--events`, best of 5 in turn) for a
 * peak 4-22 MiB lower (85-105 MiB without it); at 250 MB without it runs
 * peaked at 117-134 MiB, which is where a flat peak starts to matter. A pipe,
 * whose length is not known, always favours memory.
 */
const LARGE_INPUT_BYTES = 128 * 1024 * 1024;

/**
 * Up to this size in all, a run's files are parsed without zod generating
 * code. zod compiles a parser of its own for each object schema on its first
 * use (`new Function`): on a 10 KB file that cost about 3 ms of a 30 ms start
 * and saved nothing, while on a stream of thousands of lines the compiled
 * parsers pay for themselves. At 256 KiB the two came out even (Codex, Gemini
 * and OpenCode streams, CPU time, best of 11).
 */
const SMALL_INPUT_BYTES = 256 * 1024;

const HELP_OR_VERSION = /^(-h|--help|-V|--version)$/;

/** Size in bytes of `arg` when it names a file, else -1. */
function fileSize(arg: string): number {
  try {
    return statSync(arg).size;
  } catch {
    return -1;
  }
}

/*
 * The options that take a value, as args.ts's OPTIONS has them (a test keeps
 * the two in step; bin.ts reads this file before the bundle is loaded, so it
 * does not import the parser). Their values name no input: `--html page.html`
 * is the page, and a page from an earlier run, or `/dev/null` (0 bytes),
 * counted as an input read from a file, so a piped run did not favour memory
 * (1 GB of Gemini into `--html /dev/null`: 152 against 100 MiB).
 */
export const VALUE_OPTIONS: ReadonlySet<string> = new Set(['--html', '--renderer', '--provider', '-p', '--plugin', '--max-line-mib']);

/** Whether `arg` takes the next argument as its value: a long option of {@link VALUE_OPTIONS}, or short flags ending in one (`-vp`). */
function takesValue(arg: string): boolean {
  if (arg.startsWith('--')) return VALUE_OPTIONS.has(arg);
  return arg.length > 1 && VALUE_OPTIONS.has(`-${arg[arg.length - 1]}`);
}

/** The sizes of the arguments that name inputs, not options or their values (-1 for one that names no file). */
function argumentSizes(args: readonly string[]): number[] {
  const sizes: number[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') return [...sizes, ...args.slice(i + 1).map(fileSize)];
    if (!arg.startsWith('-')) sizes.push(fileSize(arg));
    else if (takesValue(arg)) i += 1;
  }
  return sizes;
}

/**
 * Whether V8 should favour memory over speed from the start (v8-flags.ts):
 * for a run that reads a file past {@link LARGE_INPUT_BYTES}, a pipe (no
 * file argument, standard input not a terminal; its length is not known), or
 * session logs (`show`, `site`), however short it turns out. Decided before
 * anything runs: set late, the flag leaves the heap V8 already sized for
 * throughput (1,000 unfinished 5 MB calls in --html peaked at 154 instead of
 * 104 MiB), and it must not change once code is compiled from the cache.
 */
export function favoursMemory(args: readonly string[], stdinIsTTY: () => boolean): boolean {
  if (args[0] === 'help' || args.some((arg) => HELP_OR_VERSION.test(arg))) return false;
  // The session commands read logs, not standard input: `show` and `site` render them, `sessions` lists them.
  if ((SESSION_COMMANDS as readonly string[]).includes(args[0] ?? '')) return args[0] !== 'sessions';
  const sizes = argumentSizes(args);
  if (sizes.some((size) => size > LARGE_INPUT_BYTES)) return true;
  return sizes.every((size) => size < 0) && !stdinIsTTY();
}

/** Whether the run reads files, and at most {@link SMALL_INPUT_BYTES} of them in all (not standard input, whose length is not known). */
export function readsSmallFiles(args: readonly string[]): boolean {
  if (args.some((arg) => HELP_OR_VERSION.test(arg)) || (SESSION_COMMANDS as readonly string[]).includes(args[0] ?? '')) return false;
  const files = argumentSizes(args).filter((size) => size >= 0);
  return files.length > 0 && files.reduce((sum, size) => sum + size, 0) <= SMALL_INPUT_BYTES;
}
