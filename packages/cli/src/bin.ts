#!/usr/bin/env node
import { statSync } from 'node:fs';
import { runCli } from './run-cli.js';
import { cacheCompiledCode, favourMemory } from './v8-flags.js';

/** How long a run lasts before V8 is asked to favour memory: a small input is done by then. */
const FAVOUR_MEMORY_AFTER_MS = 250;

/** Past this size an input file is read long enough that V8 should favour memory from the first byte. */
const LARGE_INPUT_BYTES = 4 * 1024 * 1024;

/** Size in bytes of `arg` when it names a file, else -1. */
function fileSize(arg: string): number {
  try {
    return statSync(arg).size;
  } catch {
    return -1;
  }
}

/**
 * Whether the run will read a large input: a file argument past
 * {@link LARGE_INPUT_BYTES}, or a pipe (no file argument, standard input not
 * a terminal), whose length is not known. Set late, the flag leaves the heap
 * V8 already sized for throughput (1,000 unfinished 5 MB calls in --html
 * peaked at 154 instead of 104 MiB).
 */
function readsLargeInput(args: readonly string[]): boolean {
  const sizes = args.filter((arg) => !arg.startsWith('-')).map(fileSize);
  if (sizes.some((size) => size > LARGE_INPUT_BYTES)) return true;
  return sizes.every((size) => size < 0) && process.stdin.isTTY !== true;
}

await cacheCompiledCode();
if (readsLargeInput(process.argv.slice(2))) await favourMemory();
else setTimeout(favourMemory, FAVOUR_MEMORY_AFTER_MS).unref();

// A reader that goes away (`xview run.jsonl | head`) is not an error: stop quietly.
// Any other failed write to standard output is reported by runCli (exit 7);
// one to standard error has nowhere to be reported, and must not crash.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
  });
}

// The first Ctrl-C (or SIGTERM) ends reading: what was read is rendered and
// closed properly, and xview exits 130 (143). A second one kills it as usual.
const interrupt = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => interrupt.abort(signal));
}

runCli(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env, signal: interrupt.signal }).then(
  (code) => {
    process.exitCode = code;
    // A read of standard input still pending after an interruption would keep the process alive.
    if (interrupt.signal.aborted) process.stdin.destroy();
  },
  (error: unknown) => {
    // runCli reports its own errors; this is the last resort for one in reporting.
    process.stderr.write(`xview: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 70;
  },
);
