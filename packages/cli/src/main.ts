import { runCli } from './run-cli.js';
import { readsSmallFiles } from './run-size.js';

/** What bin.ts reads from the bundle's exports when the run ends. */
export { loadedParts } from './loaded-parts.js';

/*
 * xview's process: what bin.ts runs, from the bundle dist/xview.cjs (built by
 * tsup.config.ts), once V8 is set up and the code cache read.
 */

// A reader that goes away (`xview run.jsonl | head`) is not an error: stop quietly.
// Any other failed write to standard output is reported by runCli (exit 7);
// one to standard error has nowhere to be reported, and must not crash.
const quietWhenClosed = (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
};
process.stdout.on('error', quietWhenClosed);

// Standard error as runCli writes to it, made on first use: most runs write
// nothing there, and Node builds process.stderr on first use, which costs a
// start 1-2.5 ms (a pipe or a terminal loads node:net or node:tty).
let stderrStream: NodeJS.WriteStream | undefined;
const openStderr = (): NodeJS.WriteStream => {
  if (stderrStream === undefined) {
    stderrStream = process.stderr;
    stderrStream.on('error', quietWhenClosed);
  }
  return stderrStream;
};
const stderr = {
  get isTTY() {
    return openStderr().isTTY;
  },
  write: (chunk: string | Uint8Array) => openStderr().write(chunk),
  once: (event: 'drain', listener: () => void) => openStderr().once(event, listener),
  on: (event: 'error', listener: (error: Error) => void) => openStderr().on(event, listener),
};

// The first Ctrl-C (or SIGTERM) ends reading: what was read is rendered and
// closed properly, and xview exits 130 (143). A second one kills it as usual.
const interrupt = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => interrupt.abort(signal));
}

// Standard input as runCli reads it, touched only when a run reads it: Node
// builds process.stdin, and loads the stream modules behind it, on first use.
const stdin = {
  get isTTY() {
    return process.stdin.isTTY;
  },
  [Symbol.asyncIterator]: () => process.stdin[Symbol.asyncIterator](),
};

const args = process.argv.slice(2);
// zod's generated parsers do not pay for themselves on a small input (run-size.ts).
// Loaded only then: zod itself loads with the first provider, not for --version.
const zodSet = readsSmallFiles(args) ? import('./zod-settings.js').then((zod) => zod.parseWithoutGeneratedCode()) : Promise.resolve();

// Set when the run stopped with a plugin's module still loading: its timers, sockets or reads may keep the event loop alive for ever.
const ending = { unsettled: false };
const onUnsettled = () => {
  ending.unsettled = true;
};

zodSet.then(() => runCli(args, { stdin, stdout: process.stdout, stderr, env: process.env, signal: interrupt.signal, onUnsettled })).then(
  (code) => {
    process.exitCode = code;
    // A read of standard input still pending after an interruption would keep the process alive.
    if (interrupt.signal.aborted) process.stdin.destroy();
    // Exits once what was written has gone out: the line saying why, then the code (exit 2), whatever the plugin holds.
    if (ending.unsettled) process.stdout.write('', () => openStderr().write('', () => process.exit(code)));
  },
  (error: unknown) => {
    // runCli reports its own errors; this is the last resort for one in reporting.
    openStderr().write(`xview: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 70;
  },
);
