import { existsSync, statSync } from 'node:fs';
import { basename, dirname, resolve, sep } from 'node:path';
import type { AgentId, ListSessionsOptions, SessionInfo, SessionLookup, SessionStoreRegistry } from '@x/sessions';
import { findSession, followFile, followSession, insideSessionStore, listSessions, nodeStoreFileSystem, openSession, redactSecrets } from '@x/sessions';
import { neutralizeForTerminal } from '@x/renderer-terminal/sanitize';
import type { CliOptions } from '../args.js';
import { parseCliArgs } from '../args.js';
import type { ExitCodeValue } from '../exit-codes.js';
import { CliError, ExitCode } from '../exit-codes.js';
import type { CliInput } from '../input.js';
import type { GuardedStream } from '../output.js';
import { REDACTION } from '../redaction.js';
import type { RunExtras } from '../session.js';
import type { BuiltInRendererSettings } from '../built-in-renderers.js';
import { builtInRenderers } from '../built-in-renderers.js';
import { loadPlugins } from '../plugins.js';
import { SHOW_REFUSED, scopeOf } from './command-help.js';
import type { SessionCommandIo } from './session-common.js';
import { homeOf, printHelp, storeWarnings } from './session-common.js';
import { sessionPluginPlaces, sessionRegistries } from './session-plugins.js';

/** What `show` reads: a listed session, or a log file named by path (its agent known when it lies where an agent keeps logs). */
type ShowTarget = Pick<SessionInfo, 'storage' | 'path' | 'id'> & { agent?: AgentId };

function under(path: string, dir: string): boolean {
  return path.startsWith(resolve(dir) + sep);
}

/**
 * A log file named by path: the session its store lists at that path (so an
 * OpenCode info file opens as its export), else the file as it is, with the
 * agent whose store's folders hold it, when one does.
 */
async function targetOfPath(path: string, lookup: SessionLookup & { stores: SessionStoreRegistry; onWarning: (message: string) => void }): Promise<ShowTarget> {
  const full = resolve(path);
  const env = lookup.env ?? {};
  const store = lookup.stores.list().find((s) => s.roots({ home: lookup.home, env, fs: nodeStoreFileSystem([]) }).some((root) => under(full, root)));
  if (store === undefined) return { storage: 'file', path: full, id: basename(full) };
  const rows = await listSessions({ ...lookup, agent: store.id, subagents: true });
  return rows.find((row) => resolve(row.path) === full) ?? { agent: store.id, storage: 'file', path: full, id: basename(full) };
}

async function sessionOf(ref: string, lookup: SessionLookup & Pick<ListSessionsOptions, 'onWarning'>): Promise<SessionInfo | undefined> {
  try {
    return await findSession(ref, lookup);
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error), ExitCode.usage);
  }
}

/**
 * A word that could be an id (no `/` or `.`) and names a file in the current
 * folder as well as a session is refused rather than guessed: a file planted
 * under a session's id (a cloned repository's) would otherwise be shown in
 * its place. A path with `/` or `.` is a path: no id has them.
 */
async function resolveTarget(ref: string, io: SessionCommandIo, stores: SessionStoreRegistry, redact: boolean): Promise<ShowTarget> {
  const lookup = { home: homeOf(io), env: io.env, stores, onWarning: storeWarnings(io, redact) };
  const isFile = existsSync(ref) && statSync(ref).isFile();
  if (isFile && /[/.]/.test(ref)) return targetOfPath(ref, lookup);
  const found = await sessionOf(ref, lookup);
  if (isFile && found !== undefined) {
    throw new CliError(`"${ref}" names both the file ./${ref} and the session ${found.key ?? found.id}: write ./${ref} for the file, or more of the id.`, ExitCode.usage);
  }
  if (isFile) return targetOfPath(ref, lookup);
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

/**
 * A store's refusal (a log that leads out of its folders, an export past the
 * pipeline's bounds) is a fact about the input, told in one line with exit 3,
 * not a bug.
 */
function refusedByStore(error: unknown): never {
  if (!(error instanceof RangeError)) throw error;
  throw new CliError(neutralizeForTerminal(error.message), ExitCode.input);
}

/** The session as the run's one input: read with its agent's log source, or detected when its agent is not known. */
function inputOf(target: ShowTarget, lookup: SessionLookup & { stores: SessionStoreRegistry }, follow: FollowRead | undefined): CliInput {
  const size = target.storage === 'file' ? statSync(target.path).size : undefined;
  async function* open(): AsyncGenerator<Uint8Array> {
    if (follow === undefined) {
      // A file no store holds is read through a file system confined to its own folder: a regular file, streamed.
      if (target.agent === undefined) {
        yield* await nodeStoreFileSystem([dirname(target.path)]).stream(target.path);
        return;
      }
      // A store may refuse while its bytes are read, too: a compressed rollout that breaks past the head its listing read.
      try {
        yield* await openSession({ ...target, agent: target.agent }, lookup);
      } catch (error) {
        refusedByStore(error);
      }
      return;
    }
    const options = { signal: follow.signal, onNotice: follow.notice, ...(follow.maxLineBytes === undefined ? {} : { maxLineBytes: follow.maxLineBytes }) };
    // A log of a store is followed held to its folders, checked on the file opened: the check below (insideSessionStore) may be stale by then.
    const agent = target.agent;
    try {
      yield* agent === undefined ? followFile(target.path, options) : followSession({ agent, path: target.path }, lookup, options);
    } catch (error) {
      refusedByStore(error);
    }
  }
  return { name: target.path, size: follow ? undefined : size, open, ...(target.agent ? { sourceId: lookup.stores.get(target.agent)?.logSource ?? `${target.agent}-log` } : {}) };
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
  const gate = (text: string) => neutralizeForTerminal(redact ? redactSecrets(text) : text);
  // Loaded once, here, for both the stores that find the session and the run
  // that renders it; the HTML page's title is known only once the session is
  // found, and the built-in renderers read it when they are created.
  const settings: BuiltInRendererSettings = { options };
  const plugins = await loadPlugins(options.plugins, sessionPluginPlaces(io, { renderers: builtInRenderers(settings) }));
  for (const line of plugins.problems) io.stderr.write(`${gate(line)}\n`);
  const { stores } = sessionRegistries(plugins);
  const lookup = { home: homeOf(io), env: io.env, stores };
  const target = await resolveTarget(options.files[0] as string, io, stores, redact);
  if (follow && target.storage !== 'file') throw new CliError(`--follow reads a log file as it grows; ${target.agent ?? 'this agent'} keeps this session in a database or a folder of files.`, ExitCode.usage);
  // A log followed by path is held to the rule its store reads by: a symlink out of the agent's folders is not followed.
  if (follow && target.agent !== undefined && !(await insideSessionStore({ agent: target.agent, path: target.path }, lookup)))
    throw new CliError(`${neutralizeForTerminal(target.path)} leads outside ${target.agent}'s session folders or is not a regular file; not followed.`, ExitCode.input);
  const following = follow ? followSignal(io) : undefined;
  const title = target.agent === undefined ? undefined : `${target.agent} session ${target.id}`;
  settings.title = title === undefined || !redact ? title : redactSecrets(title);
  const extras: RunExtras = {
    plugins,
    inputs: [inputOf(target, lookup, following && { signal: following.signal, maxLineBytes: options.maxLineBytes, notice: (message) => io.stderr.write(`xview: ${gate(message)}\n`) })],
    ...(redact ? { redact: REDACTION } : {}),
    ...(follow ? { follow } : {}),
  };
  try {
    const { runInputs } = await import('../run-inputs.js');
    return await runInputs(options, following ? { ...io, signal: following.signal } : io, out, extras);
  } finally {
    following?.release();
  }
}
