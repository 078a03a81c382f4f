import { homedir } from 'node:os';
import type { SourceRegistry } from '@x/core';
import { neutralizeForTerminal } from '@x/renderer-terminal/sanitize';
import type { AgentId, SessionSources, SessionStoreRegistry } from '@x/sessions';
import { redactSecrets } from '@x/sessions';
import { parseArgs } from 'node:util';
import { parseError } from '../args.js';
import type { ExitCodeValue } from '../exit-codes.js';
import { CliError, ExitCode } from '../exit-codes.js';
import type { GuardedStream } from '../output.js';
import { write } from '../output.js';
import { commandHelp, parseOptions, scopeOf } from './command-help.js';
import type { SessionCommandName } from './names.js';
import type { CliIo } from '../run-cli.js';

/** What the session commands use of their process besides the CLI's streams; tests pass their own. */
export interface SessionCommandIo extends CliIo {
  /** The home directory the agents' logs are under; default the user's. */
  home?: string;
  /** The directory whose project `xview sessions` lists by default; default the process's. */
  cwd?: string;
  /** Stops `xview show --follow`; default: Ctrl-C (SIGINT). */
  signal?: AbortSignal;
}

export function homeOf(io: SessionCommandIo): string {
  return io.home ?? homedir();
}

/**
 * The source for each store's sessions from the registry: the log source the
 * store names (`logSource`) where one is registered, else the agent's stdout source.
 */
export function sessionSourcesFrom(registry: SourceRegistry, stores: SessionStoreRegistry): SessionSources {
  const sources: SessionSources = {};
  for (const store of stores.list()) {
    const source = registry.get(store.logSource) ?? registry.get(store.id);
    if (source !== undefined) sources[store.id] = source;
  }
  return sources;
}

/** The value of `--agent`, checked against the registered stores. */
export function parseAgent(value: string | undefined, stores: SessionStoreRegistry): AgentId | undefined {
  if (value === undefined) return undefined;
  const ids = stores.list().map((store) => store.id);
  if (!ids.includes(value)) throw new CliError(`unknown agent "${value}". Choose one of: ${ids.join(', ')}.`, ExitCode.usage);
  return value;
}

/** A `--since`/`--until` date, checked. */
export function parseDate(option: string, value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new CliError(`${option} needs a date such as 2026-03-01 or 2026-03-01T14:00, got "${value}".`, ExitCode.usage);
  return date;
}

/** A command's options and positionals by its table in command-help.ts; a mistake is a one-line usage error that suggests the closest option. */
export function parseCommand(command: 'sessions' | 'site' | 'serve', argv: readonly string[]): { values: Record<string, string | boolean | (string | boolean)[] | undefined>; positionals: string[] } {
  try {
    return parseArgs({ args: [...argv], allowPositionals: command === 'site', strict: true, options: parseOptions(command) });
  } catch (error) {
    throw parseError(error, scopeOf(command));
  }
}

/** The `--plugin` values of a parsed command line, in order. */
export function pluginSpecs(values: Record<string, unknown>): string[] {
  return Array.isArray(values.plugin) ? (values.plugin as string[]) : [];
}

/** Writes a command's `--help` to standard output. */
export async function printHelp(command: SessionCommandName, out: GuardedStream): Promise<ExitCodeValue> {
  await write(out, commandHelp(command));
  await out.settle();
  return ExitCode.ok;
}

/**
 * Tells on standard error, one line each through the terminal gate, why a
 * store left sessions out (a database too large to load, a store that
 * failed): `listSessions`' `onWarning`.
 */
export function storeWarnings(io: Pick<SessionCommandIo, 'stderr'>, redact: boolean): (message: string) => void {
  return (message) => io.stderr.write(`xview: warning: ${neutralizeForTerminal(redact ? redactSecrets(message) : message)}\n`);
}
