import { existsSync } from 'node:fs';
import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SessionInfo, SiteReport, WriteSiteOptions } from '@x/sessions';
import { listSessions, redactSecrets, writeSite } from '@x/sessions';
import { staticListHtml, staticSearchHtml, writeStaticSessionPage } from '@x/serve';
import { neutralizeForTerminal } from '@x/renderer-terminal/sanitize';
import type { ExitCodeValue } from '../exit-codes.js';
import { CliError, ExitCode, describeSystemError } from '../exit-codes.js';
import type { GuardedStream } from '../output.js';
import type { SessionCommandIo } from './session-common.js';
import { homeOf, parseAgent, parseCommand, parseDate, pluginSpecs, printHelp, storeWarnings } from './session-common.js';
import { loadSessionPlugins } from './session-plugins.js';

/**
 * The built worker module beside the built CLI. Run from source (tests) it
 * does not exist, and pages are rendered in this thread.
 */
function workerModule(): URL | undefined {
  const url = new URL('./site-worker.js', import.meta.url);
  return url.protocol === 'file:' && existsSync(fileURLToPath(url)) ? url : undefined;
}

/** The temporary files in the site's folders: a write that fails leaves its own behind, and only those are removed. */
async function temporaryFiles(outDir: string): Promise<Set<string>> {
  const found = new Set<string>();
  for (const dir of [outDir, join(outDir, 'sessions')]) {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) if (name.endsWith('.tmp')) found.add(join(dir, name));
  }
  return found;
}

/**
 * Writes the site; a failed write (a full disk, no permission, a file where
 * a folder goes) is a one-line error with exit 7, after removing the
 * temporary files this run left, not an internal error.
 */
async function writeOrExplain(outDir: string, sessions: readonly SessionInfo[], options: WriteSiteOptions): Promise<SiteReport> {
  const before = await temporaryFiles(outDir);
  try {
    return await writeSite(outDir, sessions, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException | undefined)?.code === undefined) throw error;
    for (const file of await temporaryFiles(outDir)) if (!before.has(file)) await unlink(file).catch(() => undefined);
    const why = neutralizeForTerminal(describeSystemError(error));
    throw new CliError(`cannot write the site in ${neutralizeForTerminal(outDir)}: ${why}.`, ExitCode.output);
  }
}

/** The end of a run on standard error: counts, then each page that failed, its names and error through the terminal gate. */
export function reportSite(io: Pick<SessionCommandIo, 'stderr'>, sessions: readonly SessionInfo[], done: SiteReport, redact: boolean): ExitCodeValue {
  const gate = (text: string) => neutralizeForTerminal(redact ? redactSecrets(text) : text);
  const n = sessions.length;
  io.stderr.write(
    `xview: ${gate(done.indexPath)}: ${n} session${n === 1 ? '' : 's'}, ${done.written} page${done.written === 1 ? '' : 's'} written, ${done.unchanged} unchanged.\n`,
  );
  if (done.failed.length === 0) return ExitCode.ok;
  for (const { session, error } of done.failed.slice(0, 10)) io.stderr.write(`  ${gate(session.agent)} ${gate(session.id)}: ${gate(error)}\n`);
  const one = done.failed.length === 1;
  io.stderr.write(`xview: ${done.failed.length} page${one ? '' : 's'} could not be rendered; the index lists ${one ? 'it' : 'them'} without a link.\n`);
  return ExitCode.input;
}

/**
 * `xview site <out-dir> [--agent A] [--project DIR] [--since DATE] [--until DATE] [--redact]`:
 * a static site of the sessions on this machine (all projects unless `--project`).
 */
export async function runSiteCommand(argv: readonly string[], io: SessionCommandIo, out: GuardedStream): Promise<ExitCodeValue> {
  const { values, positionals } = parseCommand('site', argv);
  if (values.help === true) return printHelp('site', out);
  // An empty name is no folder: resolved, it would be the current one, and the site written among its files.
  if (positionals.length !== 1 || positionals[0] === '') throw new CliError('site needs one output folder: xview site <out-dir>', ExitCode.usage);
  const outDir = positionals[0] as string;
  const plugins = pluginSpecs(values);
  const { stores, sources } = await loadSessionPlugins(plugins, io);
  const agent = parseAgent(values.agent as string | undefined, stores);
  const since = parseDate('--since', values.since as string | undefined);
  const until = parseDate('--until', values.until as string | undefined);
  const project = values.project as string | undefined;
  const sessions = await listSessions({
    stores,
    home: homeOf(io),
    env: io.env,
    ...(agent ? { agent } : {}),
    ...(project ? { project } : {}),
    ...(since ? { since } : {}),
    ...(until ? { until } : {}),
    onWarning: storeWarnings(io, values.redact === true),
  });
  const redact = values.redact === true;
  const lookup = { home: homeOf(io), env: io.env };
  const worker = workerModule();
  const done = await writeOrExplain(outDir, sessions, {
    render: (session, file) => writeStaticSessionPage(session, file, { ...lookup, stores, sources, redact }),
    renderIndex: staticListHtml,
    renderSearch: staticSearchHtml,
    // Each worker thread loads the same plugins (from the same folder) for their stores and sources.
    ...(worker ? { worker: { module: worker, data: { ...lookup, redact, plugins, cwd: io.cwd ?? process.cwd() } } } : {}),
    progress: io.stderr as { write(chunk: string): unknown; isTTY?: boolean },
    redact,
    variant: redact ? 'redact' : '',
  });
  return reportSite(io, sessions, done, redact);
}
