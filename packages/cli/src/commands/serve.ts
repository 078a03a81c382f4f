import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startServer } from '@x/serve';
import { neutralizeForTerminal } from '@x/renderer-terminal/sanitize';
import type { ExitCodeValue } from '../exit-codes.js';
import { CliError, ExitCode, describeSystemError } from '../exit-codes.js';
import type { GuardedStream } from '../output.js';
import { write } from '../output.js';
import type { SessionCommandIo } from './session-common.js';
import { homeOf, parseCommand, pluginSpecs, printHelp, storeWarnings } from './session-common.js';
import { loadSessionPlugins } from './session-plugins.js';

/** `--port`, checked: a whole number from 0 (the system picks) to 65535. */
export function parsePort(value: string | undefined): number {
  if (value === undefined) return 0;
  const port = Number(value);
  if (!/^\d{1,5}$/.test(value) || port > 65535) throw new CliError(`--port needs a number from 0 to 65535, got "${value}".`, ExitCode.usage);
  return port;
}

/** The search index's folder: `--cache-dir`, else `$XDG_CACHE_HOME/xview/search`, else `~/.cache/xview/search`. */
export function searchDirOf(cacheDir: string | undefined, io: SessionCommandIo): string {
  if (cacheDir !== undefined) return cacheDir;
  const xdg = io.env.XDG_CACHE_HOME;
  return join(xdg !== undefined && xdg !== '' ? xdg : join(homeOf(io), '.cache'), 'xview', 'search');
}

/**
 * What the server keeps on disk: the search index and, beside it, the key
 * its pages' path is derived from (so their addresses outlive a restart) and
 * the last listing (a new server's first page answers from it). With
 * `--redact` no listing is kept, since its titles are the logs' own; with
 * `--no-search` nothing is.
 */
function cacheOf(values: Record<string, unknown>, io: SessionCommandIo): { searchDir?: string; listingFile?: string; pathKeyFile?: string } {
  if (values['no-search'] === true) return {};
  const searchDir = searchDirOf(values['cache-dir'] as string | undefined, io);
  const kept = { searchDir, pathKeyFile: join(searchDir, 'serve-path.key') };
  return values.redact === true ? kept : { ...kept, listingFile: join(searchDir, 'listing.json') };
}

/** Opens the address in the default browser; a failure is told on standard error, not fatal. The URL is one argument, never a shell string. */
function openBrowser(url: string, io: SessionCommandIo): void {
  const [command, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['rundll32', ['url.dll,FileProtocolHandler', url]] : ['xdg-open', [url]];
  const child = spawn(command, args as string[], { stdio: 'ignore', detached: true });
  child.on('error', () => io.stderr.write('xview: could not open a browser; open the address above.\n'));
  child.unref();
}

/** Stopped by `io.signal` (tests), else by Ctrl-C or SIGTERM. */
function stopSignal(io: SessionCommandIo): { signal: AbortSignal; release: () => void } {
  if (io.signal) return { signal: io.signal, release: () => {} };
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return {
    signal: controller.signal,
    release: () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    },
  };
}

/**
 * `xview serve [--port N] [--host H] [--open] [--redact] [--cache-dir D] [--no-search]`:
 * the session web app, until Ctrl-C. Standard output gets the address (token
 * included) on one line, so a script can read it.
 */
export async function runServeCommand(argv: readonly string[], io: SessionCommandIo, out: GuardedStream): Promise<ExitCodeValue> {
  const { values, positionals } = parseCommand('serve', argv);
  if (values.help === true) return printHelp('serve', out);
  if (positionals.length > 0) throw new CliError('serve takes no file or folder; xview serve --help lists its options.', ExitCode.usage);
  const port = parsePort(values.port as string | undefined);
  const host = (values.host as string | undefined) ?? '127.0.0.1';
  const { stores, sources } = await loadSessionPlugins(pluginSpecs(values), io);
  const stop = stopSignal(io);
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer({
      home: homeOf(io),
      env: io.env,
      stores,
      sources,
      port,
      host,
      redact: values.redact === true,
      ...cacheOf(values, io),
      onError: (error) => io.stderr.write(`xview: ${neutralizeForTerminal(error instanceof Error ? error.message : String(error))}\n`),
      // Once per distinct warning (the server dedupes: the stores are listed again every few seconds), as sessions, show and site say it.
      onWarning: storeWarnings(io, values.redact === true),
    });
  } catch (error) {
    stop.release();
    if ((error as NodeJS.ErrnoException | undefined)?.code === undefined) throw error;
    throw new CliError(`cannot serve on ${neutralizeForTerminal(host)}:${port}: ${neutralizeForTerminal(describeSystemError(error))}.`, ExitCode.input);
  }
  await write(out, `${server.url}\n`);
  if (host !== '127.0.0.1' && host !== '::1' && host !== 'localhost')
    io.stderr.write(`xview: listening on ${neutralizeForTerminal(host)}: reachable beyond this machine, still only with the token.\n`);
  if (values.open === true) openBrowser(server.url, io);
  await new Promise<void>((resolve) => {
    if (stop.signal.aborted) resolve();
    stop.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  stop.release();
  await server.close();
  await out.settle();
  return ExitCode.ok;
}
