import type { Renderer, RunAggregator } from '@x/core';
import { neutralizeForTerminal } from '@x/renderer-terminal/sanitize';
import type { CliOptions } from './args.js';
import type { CliInput } from './input.js';
import type { GuardedStream } from './output.js';
import type { PluginSet } from './plugins.js';
import type { CliIo } from './run-cli.js';

/** How `--redact` changes what a run shows: each output passes through these before its gate. */
export interface Redaction {
  text(text: string): string;
  value<T>(value: T): T;
  renderer(renderer: Renderer): Renderer;
  /** The aggregate an input's outcome (`--summary`, the outcome line) is read from, folding the events redacted. */
  aggregator(folded: RunAggregator): RunAggregator;
}

/**
 * What a command that renders something other than the files on its command
 * line (`xview show`) hands the run: its inputs, and how they are shown.
 */
export interface RunExtras {
  inputs?: CliInput[];
  redact?: Redaction;
  /** Reading follows a growing log: an abort is its normal end (exit 0), not an interruption. */
  follow?: boolean;
  /** The HTML page's title. */
  title?: string;
  /** The plugins, when the command loaded them itself (`xview show`, for their session stores); their problems are told. */
  plugins?: PluginSet;
}

/** The process as `run` sees it: standard output guarded, standard error behind the terminal gate. */
export interface Session {
  options: CliOptions;
  io: CliIo;
  out: GuardedStream;
  /** The built-in sources and the plugins' sources and renderers. */
  plugins: PluginSet;
  extras: RunExtras;
  /** Writes lines to standard error, each redacted when asked and through the terminal gate, after ending an open line of text. */
  say(...lines: string[]): void;
}

/** The session of one run over the inputs, with the plugins loaded. */
export function createSession(options: CliOptions, io: CliIo, out: GuardedStream, plugins: PluginSet, extras: RunExtras = {}): Session {
  const redact = extras.redact;
  return {
    options,
    io,
    out,
    plugins,
    extras,
    say(...lines) {
      // The last text always ends its line before anything else is written.
      if (out.openLine) out.write('\n');
      io.stderr.write(`${lines.map((line) => neutralizeForTerminal(redact ? redact.text(line) : line)).join('\n')}\n`);
    },
  };
}
