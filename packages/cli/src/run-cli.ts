import { neutralizeForTerminal } from '@x/renderer-terminal/sanitize';
import { parseCliArgs } from './args.js';
import { runSessionCommand } from './commands/dispatch.js';
import type { ExitCodeValue } from './exit-codes.js';
import { CliError, ExitCode } from './exit-codes.js';
import { helpText, internalError } from './help.js';
import type { CliStream } from './output.js';
import { guardStream, write } from './output.js';
import { VERSION } from './version.js';

export type { CliStream } from './output.js';

/** Everything the CLI touches of its process, so tests can run it in-process. */
export interface CliIo {
  stdin: AsyncIterable<Uint8Array> & { isTTY?: boolean };
  stdout: CliStream;
  stderr: CliStream;
  env: Record<string, string | undefined>;
  /**
   * Aborted on SIGINT or SIGTERM (its reason the signal's name): reading
   * stops, what was read is rendered and closed properly, and `runCli`
   * resolves with 130 (143 for `'SIGTERM'`).
   */
  signal?: AbortSignal;
  /** Where `--plugin` paths are resolved from; default `process.cwd()`. Plugins are never found here unasked. */
  cwd?: string;
  /**
   * Called when the run ended leaving work that nothing can stop (a plugin's
   * module that never settled, see `CliError.unsettled`): the process should
   * exit once its output is written, since that work may keep it alive.
   */
  onUnsettled?: () => void;
}

/**
 * Runs `xview` with the given arguments and process streams, and resolves
 * with the exit code. Every error ends in one line on standard error and a
 * documented exit code; only a bug in `xview` itself says "internal error"
 * (exit 70).
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<ExitCodeValue> {
  try {
    const out = guardStream(io.stdout, 'standard output');
    const sessionCommand = runSessionCommand(argv, io, out);
    if (sessionCommand !== undefined) return await sessionCommand;
    const options = parseCliArgs(argv);
    if (!options.help && !options.version) {
      // Everything else loads with the run: plugins, detection, the chosen provider and renderer.
      const { runInputs } = await import('./run-inputs.js');
      return await runInputs(options, io, out);
    }
    // Help and version run no plugin code and load no provider or renderer.
    await write(out, options.help ? helpText((await import('./built-in-sources.js')).BUILT_IN) : `${VERSION}\n`);
    await out.settle();
    return ExitCode.ok;
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr.write(`xview: ${neutralizeForTerminal(error.message)}\n`);
      if (error.unsettled) io.onUnsettled?.();
      return error.exitCode;
    }
    io.stderr.write(internalError(error, io.env));
    return ExitCode.internal;
  }
}
