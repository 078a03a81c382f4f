import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { listSessions, renderSessionHtml, writeSite } from '@x/sessions';
import type { ExitCodeValue } from '../exit-codes.js';
import { CliError, ExitCode } from '../exit-codes.js';
import { builtInRegistry } from '../providers.js';
import type { SessionCommandIo } from './session-common.js';
import { homeOf, parseAgent, parseDate, sessionSourcesFrom, usageErrors } from './session-common.js';

/**
 * The built worker module beside the built CLI. Run from source (tests) it
 * does not exist, and pages are rendered in this thread.
 */
function workerModule(): URL | undefined {
  const url = new URL('./site-worker.js', import.meta.url);
  return url.protocol === 'file:' && existsSync(fileURLToPath(url)) ? url : undefined;
}

/**
 * `xview site <out-dir> [--agent A] [--project DIR] [--since DATE] [--until DATE] [--redact]`:
 * a static site of the sessions on this machine (all projects unless `--project`).
 */
export async function runSiteCommand(argv: readonly string[], io: SessionCommandIo): Promise<ExitCodeValue> {
  const { values, positionals } = usageErrors('site', () =>
    parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        agent: { type: 'string' },
        project: { type: 'string' },
        since: { type: 'string' },
        until: { type: 'string' },
        redact: { type: 'boolean' },
      },
    }),
  );
  if (positionals.length !== 1) throw new CliError('site needs one output folder: xview site <out-dir>', ExitCode.usage);
  const agent = parseAgent(values.agent);
  const since = parseDate('--since', values.since);
  const until = parseDate('--until', values.until);
  const sessions = await listSessions({
    home: homeOf(io),
    env: io.env,
    ...(agent ? { agent } : {}),
    ...(values.project ? { project: values.project } : {}),
    ...(since ? { since } : {}),
    ...(until ? { until } : {}),
  });
  const redact = values.redact === true;
  const sources = sessionSourcesFrom(builtInRegistry());
  const worker = workerModule();
  const report = await writeSite(positionals[0] as string, sessions, {
    render: (session) => renderSessionHtml(session, { sources, redact }),
    ...(worker ? { worker: { module: worker, data: { redact } } } : {}),
    progress: io.stderr as { write(chunk: string): unknown; isTTY?: boolean },
    redact,
    variant: redact ? 'redact' : '',
  });
  io.stderr.write(`xview: ${report.indexPath}: ${sessions.length} session${sessions.length === 1 ? '' : 's'}, ${report.written} page${report.written === 1 ? '' : 's'} written, ${report.unchanged} unchanged.\n`);
  if (report.failed.length === 0) return ExitCode.ok;
  for (const { session, error } of report.failed.slice(0, 10)) io.stderr.write(`  ${session.agent} ${session.id}: ${error}\n`);
  io.stderr.write(`xview: ${report.failed.length} page${report.failed.length === 1 ? '' : 's'} could not be rendered; the index lists ${report.failed.length === 1 ? 'it' : 'them'} without a link.\n`);
  return ExitCode.input;
}
