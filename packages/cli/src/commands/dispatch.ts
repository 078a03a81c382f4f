import { CliError, ExitCode } from '../exit-codes.js';
import type { ExitCodeValue } from '../exit-codes.js';
import { loadedParts } from '../loaded-parts.js';
import type { GuardedStream } from '../output.js';
import { write } from '../output.js';
import { SESSION_COMMANDS, type SessionCommandName } from './names.js';
import type { SessionCommandIo } from './session-common.js';

type SessionCommand = (argv: readonly string[], io: SessionCommandIo, out: GuardedStream) => Promise<ExitCodeValue>;

// Each command loads when named: `xview run.jsonl` never loads @x/sessions.
const COMMANDS: Record<SessionCommandName, () => Promise<SessionCommand>> = {
  sessions: async () => (await import('./sessions.js')).runSessionsCommand,
  show: async () => (await import('./show.js')).runShowCommand,
  site: async () => (await import('./site.js')).runSiteCommand,
  serve: async () => (await import('./serve.js')).runServeCommand,
  acp: async () => (await import('./acp.js')).runAcpCommand,
  'acp-agent': async () => (await import('./acp-agent.js')).runAcpAgentCommand,
};

const isCommand = (name: string | undefined): name is SessionCommandName => (SESSION_COMMANDS as readonly string[]).includes(name ?? '');

/** `xview help [command]`: xview's help, or a command's. */
async function runHelp(argv: readonly string[], out: GuardedStream): Promise<ExitCodeValue> {
  const [name, ...rest] = argv;
  if (rest.length > 0 || (name !== undefined && !isCommand(name))) {
    throw new CliError(`help takes one command of: ${SESSION_COMMANDS.join(', ')}; xview help alone shows xview's own.`, ExitCode.usage);
  }
  const text =
    name === undefined
      ? (await import('../help.js')).helpText((await import('../built-in-sources.js')).BUILT_IN)
      : (await import('./command-help.js')).commandHelp(name);
  await write(out, text);
  await out.settle();
  return ExitCode.ok;
}

/**
 * Runs `xview sessions | show | site | serve | acp | acp-agent | help` when the first argument names
 * one, and returns `undefined` otherwise (a file of that name is read as
 * `./show`). Each writes standard output through `out`, so a failed write
 * exits 7 as the main path does.
 */
export function runSessionCommand(argv: readonly string[], io: SessionCommandIo, out: GuardedStream): Promise<ExitCodeValue> | undefined {
  const name = argv[0];
  if (name === 'help') return runHelp(argv.slice(1), out);
  if (!isCommand(name)) return undefined;
  loadedParts.add(`command:${name}`);
  return COMMANDS[name]().then((command) => command(argv.slice(1), io, out));
}
