import { existsSync, statSync } from 'node:fs';
import { basename, resolve, sep } from 'node:path';
import type { AgentId, SessionInfo } from '@x/sessions';
import { AGENTS, findSession, followFile, openSession, redactSecrets, sessionLocations } from '@x/sessions';
import { neutralizeForTerminal } from '@x/renderer-terminal/sanitize';
import type { CliOptions } from '../args.js';
import { parseCliArgs } from '../args.js';
import type { ExitCodeValue } from '../exit-codes.js';
import { CliError, ExitCode } from '../exit-codes.js';
import type { CliInput } from '../input.js';
import type { GuardedStream } from '../output.js';
import { REDACTION } from '../redaction.js';
import type { RunExtras } from '../session.js';
import { SHOW_REFUSED, scopeOf } from './command-help.js';
import type { SessionCommandIo } from './session-common.js';
import { homeOf, printHelp } from './session-common.js';

/** What `show` reads: a listed session, or a log file named by path (its agent known when it lies where an agent keeps logs). */
type ShowTarget = Pick<SessionInfo, 'storage' | 'path' | 'id'> & { agent?: AgentId };

function under(path: string, dir: string): boolean {
  return path.startsWith(resolve(dir) + sep);
}

function targetOfPath(path: string, io: SessionCommandIo): ShowTarget {
  const where = sessionLocations({ home: homeOf(io), env: io.env });
  const full = resolve(path);
  if (under(full, `${where.opencode}/storage/session`)) return { agent: 'opencode', storage: 'opencode-storage', path: full, id: basename(full, '.json') };
  const dirs: Record<AgentId, string> = { claude: where.claude, codex: where.codex, gemini: `${where.gemini}/tmp`, opencode: where.opencode, copilot: where.copilot };
  const agent = AGENTS.find((a) => under(full, dirs[a]));
  return { ...(agent ? { agent } : {}), storage: 'file', path: full, id: basename(full) };
}

async function resolveTarget(ref: string, io: SessionCommandIo): Promise<ShowTarget> {
  if (existsSync(ref) && statSync(ref).isFile()) return targetOfPath(ref, io);
  let found: SessionInfo | undefined;
  try {
    found = await findSession(ref, { home: homeOf(io), env: io.env });
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error), ExitCode.usage);
  }
  if (found === undefined) throw new CliError(`no session or file "${ref}" (xview sessions --all-projects lists the sessions on this machine).`, ExitCode.input);
  return found;
}

function followSignal(io: SessionCommandIo): { signal: AbortSignal; release: () => void } {
  if (io.signal) return { signal: io.signal, release: () => {} };
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  return { signal: controller.signal, release: () => process.off('SIGINT', stop) };
}

/** How a follow reads: stopped by `signal`, lines bounded as the run bounds them, and its notices (the log started over) told on standard error. */
interface FollowRead {
  signal: AbortSignal;
  maxLineBytes: number | undefined;
  notice: (message: string) => void;
}

/** The session as the run's one input: read with its agent's log source, or detected when its agent is not known. */
function inputOf(target: ShowTarget, follow: FollowRead | undefined): CliInput {
  const size = target.storage === 'file' ? statSync(target.path).size : undefined;
  async function* open(): AsyncGenerator<Uint8Array> {
    if (follow === undefined) {
      yield* await openSession(target);
      return;
    }
    const limit = follow.maxLineBytes === undefined ? {} : { maxLineBytes: follow.maxLineBytes };
    yield* followFile(target.path, { signal: follow.signal, onNotice: follow.notice, ...limit });
  }
  return { name: target.path, size: follow ? undefined : size, open, ...(target.agent ? { sourceId: `${target.agent}-log` } : {}) };
}

/** The options, checked: those of xview that make no sense for one session are refused, not ignored. */
function showOptions(argv: readonly string[]): CliOptions {
  const options = parseCliArgs(argv, scopeOf('show'));
  for (const name of SHOW_REFUSED) {
    const given = name === 'raw' ? options.output === 'raw' : name === 'list-providers' ? options.listProviders : options.version;
    if (!given) continue;
    if (name === 'raw') throw new CliError('show renders a session; to see a log unchanged, open its file (xview sessions --json gives the path).', ExitCode.usage);
    throw new CliError(`show does not take --${name}: run xview --${name}.`, ExitCode.usage);
  }
  return options;
}

/**
 * `xview show <session-id | path> [render options] [--follow] [--redact]`: renders one session
 * through the same run as `xview <file>` (every rendering option, its gates and its exit codes);
 * `--follow` keeps reading a log that is still being written until Ctrl-C.
 */
export async function runShowCommand(argv: readonly string[], io: SessionCommandIo, out: GuardedStream): Promise<ExitCodeValue> {
  const follow = argv.includes('--follow');
  const redact = argv.includes('--redact');
  const options = showOptions(argv.filter((a) => a !== '--follow' && a !== '--redact'));
  if (options.help) return printHelp('show', out);
  if (options.files.length !== 1) throw new CliError('show needs one session id or log path: xview show <session-id | path>', ExitCode.usage);
  const target = await resolveTarget(options.files[0] as string, io);
  if (follow && target.storage !== 'file') throw new CliError('--follow reads a log file as it grows; OpenCode keeps its sessions in a database or a folder of files.', ExitCode.usage);
  const following = follow ? followSignal(io) : undefined;
  const title = target.agent === undefined ? undefined : `${target.agent} session ${target.id}`;
  const gate = (text: string) => neutralizeForTerminal(redact ? redactSecrets(text) : text);
  const extras: RunExtras = {
    inputs: [inputOf(target, following && { signal: following.signal, maxLineBytes: options.maxLineBytes, notice: (message) => io.stderr.write(`xview: ${gate(message)}\n`) })],
    ...(redact ? { redact: REDACTION } : {}),
    ...(follow ? { follow } : {}),
    ...(title === undefined ? {} : { title: redact ? redactSecrets(title) : title }),
  };
  try {
    const { runInputs } = await import('../run-inputs.js');
    return await runInputs(options, following ? { ...io, signal: following.signal } : io, out, extras);
  } finally {
    following?.release();
  }
}
