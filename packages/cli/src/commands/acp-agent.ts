import { parseArgs } from 'node:util';
import { AGENT_IDS, isAgentId, serveAcpAgent } from '@x/acp-agent';
import { neutralizeForTerminal } from '@x/renderer-terminal/sanitize';
import { parseError } from '../args.js';
import type { ExitCodeValue } from '../exit-codes.js';
import { CliError, ExitCode } from '../exit-codes.js';
import type { GuardedStream } from '../output.js';
import { parseOptions, scopeOf } from './command-help.js';
import type { SessionCommandIo } from './session-common.js';
import { printHelp } from './session-common.js';

/** The command's own arguments, and those after `--`, which go to the agent's CLI as they are. */
interface AcpAgentArgs {
  agent: string | undefined;
  command: string | undefined;
  graceMs: number | undefined;
  help: boolean;
  extraArgs: string[];
}

function graceOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = Number(value);
  if (value.trim() === '' || !Number.isInteger(ms) || ms < 0 || ms > 600_000)
    throw new CliError(`acp-agent: --grace-ms takes milliseconds from 0 to 600000, such as 2000; got "${value}".`, ExitCode.usage);
  return ms;
}

function parseAcpAgentArgs(argv: readonly string[]): AcpAgentArgs {
  const split = argv.indexOf('--');
  const own = split < 0 ? [...argv] : argv.slice(0, split);
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: own, allowPositionals: true, strict: true, options: parseOptions('acp-agent') });
  } catch (error) {
    throw parseError(error, scopeOf('acp-agent'));
  }
  const { values, positionals } = parsed;
  if (positionals.length > 1) throw new CliError(`acp-agent takes one agent, got ${positionals.length}: arguments for the agent go after --.`, ExitCode.usage);
  return {
    agent: positionals[0],
    command: typeof values.command === 'string' ? values.command : undefined,
    graceMs: graceOf(typeof values['grace-ms'] === 'string' ? values['grace-ms'] : undefined),
    help: values.help === true,
    extraArgs: split < 0 ? [] : argv.slice(split + 1),
  };
}

/**
 * Why the connection closed when the client sent a message past the ACP
 * SDK's limit (32 MiB): the SDK closes the connection as the client ending
 * it would, and the session then ended with exit 0 and no word of why.
 */
function oversizedMessage(reason: unknown): string | undefined {
  if (!(reason instanceof Error) || reason.name !== 'MessageTooLargeError') return undefined;
  return `the client sent a message too large to read (${reason.message}); the connection is closed.`;
}

/**
 * `xview acp-agent <agent> [-- <agent arguments>]`: serves ACP on standard
 * input and output until the client closes its end (exit 0) or xview is
 * interrupted, which cancels a running CLI. What is not for the client goes
 * to standard error, through the terminal gate.
 */
export async function runAcpAgentCommand(argv: readonly string[], io: SessionCommandIo, out: GuardedStream): Promise<ExitCodeValue> {
  const args = parseAcpAgentArgs(argv);
  if (args.help) return printHelp('acp-agent', out);
  if (args.agent === undefined) throw new CliError(`acp-agent needs an agent: one of ${AGENT_IDS.join(', ')}.`, ExitCode.usage);
  if (!isAgentId(args.agent))
    throw new CliError(`acp-agent: unknown agent "${neutralizeForTerminal(args.agent)}". Choose one of: ${AGENT_IDS.join(', ')}.`, ExitCode.usage);
  const connection = serveAcpAgent(
    {
      agent: args.agent,
      command: args.command,
      extraArgs: args.extraArgs,
      env: io.env,
      graceMs: args.graceMs,
      log: (line) => io.stderr.write(`xview acp-agent: ${neutralizeForTerminal(line)}\n`),
    },
    { input: io.stdin, output: out },
  );
  const interrupted = () => connection.close();
  io.signal?.addEventListener('abort', interrupted);
  try {
    await connection.closed;
  } finally {
    io.signal?.removeEventListener('abort', interrupted);
  }
  const refused = oversizedMessage(connection.signal.reason);
  if (refused !== undefined && !io.signal?.aborted) {
    io.stderr.write(`xview acp-agent: ${neutralizeForTerminal(refused)}\n`);
    return ExitCode.input;
  }
  // Not settled: the client closing its end may have closed standard output too, which ends the session rather than failing it.
  if (!io.signal?.aborted) return ExitCode.ok;
  // 143 for SIGTERM, as every other command: an editor stopping its agent sends that, not Ctrl-C.
  return io.signal.reason === 'SIGTERM' ? ExitCode.terminated : ExitCode.interrupted;
}
