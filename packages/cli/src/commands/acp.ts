import { parseArgs } from 'node:util';
import { neutralizeForTerminal } from '@x/renderer-terminal/sanitize';
import { type CliOptions, parseCliArgs, parseError } from '../args.js';
import { CliError, ExitCode, type ExitCodeValue } from '../exit-codes.js';
import type { CliInput } from '../input.js';
import type { HtmlTarget } from '../html-file.js';
import type { GuardedStream } from '../output.js';
import type { CliIo } from '../run-cli.js';
import { type AcpRun, type AcpRunEnd, runAcpClient } from './acp-client.js';
import { ACP_REFUSED, parseOptions, scopeOf } from './command-help.js';
import { printHelp } from './session-common.js';
import { createTrafficQueue } from './traffic-queue.js';

/** What `xview acp` was asked, besides xview's rendering options. */
interface AcpCommand {
  options: CliOptions;
  command: string[];
  message: string | undefined;
  permission: 'allow' | 'deny';
  record: string | undefined;
}

/** Takes acp's own options (and their values) out of `args`; the rest are xview's rendering options. */
function splitOwn(args: readonly string[]): { own: string[]; rest: string[] } {
  const names = new Set(Object.keys(parseOptions('acp')));
  const split = { own: [] as string[], rest: [] as string[] };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const name = arg === '-m' ? 'message' : arg.startsWith('--') ? arg.slice(2).split('=')[0] : undefined;
    if (name === undefined || !names.has(name)) {
      split.rest.push(arg);
      continue;
    }
    split.own.push(arg);
    const takesValue = parseOptions('acp')[name]?.type === 'string';
    if (takesValue && !arg.includes('=') && i + 1 < args.length) split.own.push(args[++i] as string);
  }
  return split;
}

/** Refuses the rendering options that make no sense for the one session acp drives. */
function refuseOptions(options: CliOptions): void {
  const given: Record<(typeof ACP_REFUSED)[number], boolean> = {
    raw: options.output === 'raw',
    'list-providers': options.listProviders,
    version: options.version,
    provider: options.provider !== undefined,
  };
  const name = ACP_REFUSED.find((refused) => given[refused]);
  if (name !== undefined) throw new CliError(`acp does not take --${name}: it renders the ACP session it drives.`, ExitCode.usage);
  if (options.files.length > 0) throw new CliError(`acp: put the agent's command after --: xview acp -m "..." -- ${options.files.join(' ')}`, ExitCode.usage);
}

/** Splits `xview acp [options] -- <agent command...>`: acp's own options, the rendering options, the agent's command. */
function parseAcpArgs(argv: readonly string[]): AcpCommand {
  const dash = argv.indexOf('--');
  const { own, rest } = splitOwn(dash < 0 ? argv : argv.slice(0, dash));
  let values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  try {
    values = parseArgs({ args: own, options: parseOptions('acp'), strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw parseError(error, scopeOf('acp'));
  }
  const options = parseCliArgs(rest, scopeOf('acp'));
  refuseOptions(options);
  if (values.allow === true && values.deny === true)
    throw new CliError('acp: --allow and --deny cannot be combined: choose one answer to permission requests.', ExitCode.usage);
  return {
    options,
    command: dash < 0 ? [] : argv.slice(dash + 1),
    message: typeof values.message === 'string' ? values.message : undefined,
    permission: values.allow === true ? 'allow' : 'deny',
    record: typeof values.record === 'string' ? values.record : undefined,
  };
}

/** The prompt: `-m`, else standard input (not a terminal). */
async function promptOf(message: string | undefined, io: CliIo): Promise<string> {
  if (message !== undefined) return message;
  if (io.stdin.isTTY === true) throw new CliError('acp needs a prompt: -m "..." or on standard input.', ExitCode.usage);
  const chunks: Uint8Array[] = [];
  for await (const chunk of io.stdin) chunks.push(chunk);
  const text = new TextDecoder().decode(Buffer.concat(chunks)).trim();
  if (text === '') throw new CliError('acp needs a prompt: standard input was empty; give one with -m "...".', ExitCode.usage);
  return text;
}

/** The `--record` file, and how its messages are redacted (`--redact`), if they are. */
interface RecordFile {
  target: HtmlTarget;
  redact: (<T>(value: T) => T) | undefined;
}

/** Standard input as an input of the run: the prompt, when no -m gave it. */
const PROMPT_INPUT: CliInput = { name: '-', size: undefined, open: () => (async function* () {})() };

/**
 * Opens the `--record` file as `--html` opens its page: written beside and
 * renamed into place when the run ends, and refused when it is standard input
 * the prompt was read from (`--record /dev/stdin < prompt.txt` emptied the
 * prompt's file into a recording). `-` is a file of that name, as it was.
 */
async function openRecord(path: string, promptRead: boolean, out: GuardedStream, redacting: boolean): Promise<RecordFile> {
  const { openHtmlTarget } = await import('../html-file.js');
  const target = await openHtmlTarget(path === '-' ? './-' : path, promptRead ? [PROMPT_INPUT] : [], out, { option: '--record', suggestion: "the recording's file, such as run.acp.jsonl" });
  // Loaded only with --redact: its rules live in @x/sessions.
  return { target, redact: redacting ? (await import('../redaction.js')).REDACTION.value : undefined };
}

/** The input the run renders: the live traffic of the connection, read by the ACP source. */
function liveInput(run: AcpRun, record: RecordFile | undefined, end: AcpRunEnd): CliInput {
  // Behind --redact the recording is an output like any other: each message is written redacted.
  const traffic = createTrafficQueue((line, message) => record?.target.sink.write(record.redact ? `${JSON.stringify(record.redact(message))}\n` : line));
  return {
    name: run.command.join(' '),
    size: undefined,
    sourceId: 'acp',
    open() {
      void runAcpClient(run, traffic, end);
      return traffic.lines();
    },
  };
}

/**
 * `xview acp [options] -- <agent command...>`: starts an ACP agent, sends it
 * one prompt on the official SDK's client connection, and renders the session
 * live through the same run as `xview <file>` (every rendering option, gate
 * and exit code). Permission requests are denied unless `--allow`.
 */
export async function runAcpCommand(argv: readonly string[], io: CliIo, out: GuardedStream): Promise<ExitCodeValue> {
  const parsed = parseAcpArgs(argv);
  if (parsed.options.help) return printHelp('acp', out);
  if (parsed.command.length === 0)
    throw new CliError('acp needs the agent\'s command after --: xview acp -m "..." -- gemini --experimental-acp', ExitCode.usage);
  const prompt = await promptOf(parsed.message, io);
  if (parsed.permission === 'deny') io.stderr.write('xview: acp: permission requests are denied (--allow to allow them).\n');
  const record = parsed.record === undefined ? undefined : await openRecord(parsed.record, parsed.message === undefined, out, parsed.options.redact);
  const run: AcpRun = {
    command: parsed.command,
    prompt,
    permission: parsed.permission,
    cwd: io.cwd ?? process.cwd(),
    env: io.env,
    // The agent's own diagnostics reach the terminal through the one gate, like everything from content.
    stderrLine: (line) => io.stderr.write(`${neutralizeForTerminal(line)}\n`),
  };
  const end: AcpRunEnd = { failure: undefined, started: true };
  const { runInputs } = await import('../run-inputs.js');
  let code: ExitCodeValue;
  try {
    code = await runInputs(parsed.options, io, out, { inputs: [liveInput(run, record, end)] });
  } catch (error) {
    // The traffic recorded so far is kept: it tells what the agent did before the run failed.
    await record?.target.finish().catch(() => undefined);
    throw error;
  }
  await record?.target.finish();
  if (end.failure === undefined) return code;
  io.stderr.write(`xview: acp: ${neutralizeForTerminal(end.failure)}\n`);
  // An agent that never started is an input that cannot be read; one that died mid-run is the run's own status (incomplete).
  return end.started ? code : ExitCode.input;
}
