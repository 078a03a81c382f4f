import { neutralizeForTerminal } from '@x/renderer-terminal/sanitize';
import type { CliOptions } from './args.js';
import type { GuardedStream } from './output.js';
import type { PluginSet } from './plugins.js';
import type { CliIo } from './run-cli.js';

/** The process as `run` sees it: standard output guarded, standard error behind the terminal gate. */
export interface Session {
  options: CliOptions;
  io: CliIo;
  out: GuardedStream;
  /** The built-in sources and the plugins' sources and renderers. */
  plugins: PluginSet;
  /** Writes lines to standard error, each through the terminal gate, after ending an open line of text. */
  say(...lines: string[]): void;
}

/** The session of one run over the inputs, with the plugins loaded. */
export function createSession(options: CliOptions, io: CliIo, out: GuardedStream, plugins: PluginSet): Session {
  return {
    options,
    io,
    out,
    plugins,
    say(...lines) {
      // The last text always ends its line before anything else is written.
      if (out.openLine) out.write('\n');
      io.stderr.write(`${lines.map((line) => neutralizeForTerminal(line)).join('\n')}\n`);
    },
  };
}
