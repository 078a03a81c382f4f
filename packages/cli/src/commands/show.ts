import { createWriteStream, existsSync, statSync } from 'node:fs';
import { basename, resolve, sep } from 'node:path';
import type { DisplayEvent, DisplayEventSource, Renderer, RunOutcome } from '@x/core';
import { defineRenderer, runPipeline } from '@x/core';
import { createHtmlRenderer } from '@x/renderer-html';
import { createTerminalRenderer } from '@x/renderer-terminal';
import type { AgentId, SessionInfo } from '@x/sessions';
import { AGENTS, findSession, followFile, openSession, redactSecrets, redactValue, redactingRenderer, sessionLocations } from '@x/sessions';
import type { CliOptions } from '../args.js';
import { parseCliArgs } from '../args.js';
import { detectStream } from '../detect-stream.js';
import type { ExitCodeValue } from '../exit-codes.js';
import { CliError, ExitCode } from '../exit-codes.js';
import { exitCodeOf, outcomeLine, watchFatal } from '../outcome.js';
import { builtInRegistry } from '../providers.js';
import { formatSummary } from '../summary-table.js';
import type { SessionCommandIo } from './session-common.js';
import { homeOf, sessionSourcesFrom } from './session-common.js';

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

function makeRenderer(options: CliOptions, io: SessionCommandIo, title: string): { renderer: Renderer | undefined; close: () => Promise<void> } {
  if (options.output === 'html') {
    const file = createWriteStream(options.htmlFile as string);
    const close = () => new Promise<void>((done, fail) => file.on('error', fail).end(done));
    return { renderer: createHtmlRenderer({ sink: file, title }), close };
  }
  if (options.output === 'events') {
    const renderer = defineRenderer({ specificationVersion: 'v1', write: (e: DisplayEvent) => void io.stdout.write(`${JSON.stringify(e)}\n`), end() {} });
    return { renderer, close: async () => {} };
  }
  if (options.output === 'summary') return { renderer: undefined, close: async () => {} };
  const renderer = createTerminalRenderer({
    sink: io.stdout,
    mode: options.verbose ? 'verbose' : 'default',
    showContent: options.showContent,
    ...(options.color === undefined ? {} : { color: options.color }),
    isTTY: io.stdout.isTTY === true,
    ...(io.stdout.columns === undefined ? {} : { columns: io.stdout.columns }),
    env: io.env,
  });
  return { renderer, close: async () => {} };
}

function followSignal(io: SessionCommandIo): { signal: AbortSignal; release: () => void } {
  if (io.signal) return { signal: io.signal, release: () => {} };
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  return { signal: controller.signal, release: () => process.off('SIGINT', stop) };
}

async function chooseSource(target: ShowTarget, options: CliOptions, bytes: AsyncIterable<Uint8Array>): Promise<{ source: DisplayEventSource; stream: AsyncIterable<Uint8Array> }> {
  const registry = builtInRegistry();
  const chosen = options.provider !== undefined ? registry.get(options.provider) : target.agent && sessionSourcesFrom(registry)[target.agent];
  if (options.provider !== undefined && chosen === undefined) throw new CliError(`unknown provider "${options.provider}" (xview --list-providers).`, ExitCode.usage);
  if (chosen) return { source: chosen, stream: bytes };
  const detected = await detectStream(bytes, registry);
  if (detected.detection.status === 'unknown') throw new CliError(`could not tell the format of ${target.path} (${detected.detection.reason}); choose one with --provider.`, ExitCode.input);
  return { source: detected.detection.source, stream: detected.stream };
}

/** What {@link finishRun} needs besides the outcome. */
interface RunEnd {
  fatal: string | undefined;
  options: CliOptions;
  io: SessionCommandIo;
  where: string;
  redact: boolean;
}

/**
 * The same ending as rendering the log file directly: in default mode one
 * line on standard error says why a run did not succeed, and the exit code is
 * `exitCodeOf`'s (a cancelled run exits 8, not 0).
 */
function finishRun(outcome: RunOutcome, end: RunEnd): ExitCodeValue {
  const { options, io } = end;
  const line = options.output === 'terminal' && !options.verbose ? outcomeLine(outcome, end.fatal, end.where) : undefined;
  if (line !== undefined) io.stderr.write(end.redact ? redactSecrets(line) : line);
  return exitCodeOf(outcome);
}

/**
 * `xview show <session-id | path> [render options] [--follow] [--redact]`: renders one session
 * with the usual options; `--follow` keeps reading a log that is still being written until Ctrl-C.
 */
export async function runShowCommand(argv: readonly string[], io: SessionCommandIo): Promise<ExitCodeValue> {
  const follow = argv.includes('--follow');
  const redact = argv.includes('--redact');
  const options = parseCliArgs(argv.filter((a) => a !== '--follow' && a !== '--redact'));
  if (options.files.length !== 1) throw new CliError('show needs one session id or log path: xview show <session-id | path>', ExitCode.usage);
  if (options.output === 'raw') throw new CliError('show renders a session; to see a log unchanged, open its file (xview sessions --json gives the path).', ExitCode.usage);
  const target = await resolveTarget(options.files[0] as string, io);
  if (follow && target.storage !== 'file') throw new CliError('--follow reads a log file as it grows; OpenCode keeps its sessions in a database or a folder of files.', ExitCode.usage);
  const following = follow ? followSignal(io) : undefined;
  try {
    const bytes = following ? followFile(target.path, { signal: following.signal }) : await openSession(target);
    const { source, stream } = await chooseSource(target, options, bytes);
    const made = makeRenderer(options, io, `${target.agent ?? source.displayName} session ${target.id}`);
    const renderer = made.renderer && redact ? redactingRenderer(made.renderer) : made.renderer;
    const fatal = watchFatal();
    const report = await runPipeline(stream, { source, renderer, listCalls: options.output === 'summary', maxLineBytes: options.maxLineBytes, onEvent: fatal.onEvent });
    await made.close();
    if (options.output === 'summary' && report.outcome) io.stdout.write(formatSummary(redact ? redactValue(report.outcome) : report.outcome, source.displayName));
    if (following?.signal.aborted) return ExitCode.ok;
    return report.outcome === undefined ? ExitCode.ok : finishRun(report.outcome, { fatal: fatal.message, options, io, where: target.path, redact });
  } finally {
    following?.release();
  }
}
