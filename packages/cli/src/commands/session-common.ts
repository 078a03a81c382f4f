import { homedir } from 'node:os';
import type { SourceRegistry } from '@x/core';
import type { AgentId, SessionSources } from '@x/sessions';
import { AGENTS } from '@x/sessions';
import { CliError, ExitCode } from '../exit-codes.js';
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
 * The source for each agent's logs from the registry: the agent's session-log
 * source (`<agent>-log`) where one is registered, else its stdout source.
 */
export function sessionSourcesFrom(registry: SourceRegistry): SessionSources {
  const sources: SessionSources = {};
  for (const agent of AGENTS) {
    const source = registry.get(`${agent}-log`) ?? registry.get(agent);
    if (source !== undefined) sources[agent] = source;
  }
  return sources;
}

/** The value of `--agent`, checked. */
export function parseAgent(value: string | undefined): AgentId | undefined {
  if (value === undefined) return undefined;
  if (!(AGENTS as readonly string[]).includes(value)) throw new CliError(`unknown agent "${value}". Choose one of: ${AGENTS.join(', ')}.`, ExitCode.usage);
  return value as AgentId;
}

/** A `--since`/`--until` date, checked. */
export function parseDate(option: string, value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new CliError(`${option} needs a date such as 2026-03-01 or 2026-03-01T14:00, got "${value}".`, ExitCode.usage);
  return date;
}

/** Runs node's parseArgs and turns its errors into one-line usage errors. */
export function usageErrors<T>(command: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new CliError(`${command}: ${error instanceof Error ? error.message : String(error)}`, ExitCode.usage);
  }
}
