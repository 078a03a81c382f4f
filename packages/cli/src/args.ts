import { parseArgs } from 'node:util';
import { CliError, ExitCode } from './exit-codes.js';

/** What to produce. */
export type OutputMode = 'terminal' | 'html' | 'events' | 'raw' | 'summary';

/** The command line, understood. */
export interface CliOptions {
  files: string[];
  provider: string | undefined;
  output: OutputMode;
  htmlFile: string | undefined;
  verbose: boolean;
  showContent: boolean;
  json: boolean;
  strict: boolean;
  color: boolean | undefined;
  maxLineBytes: number | undefined;
  help: boolean;
  version: boolean;
  listProviders: boolean;
}

const MiB = 1024 * 1024;

/** Parses `argv` (without node and the script). Throws a {@link CliError} with exit code 2 on a mistake. */
export function parseCliArgs(argv: readonly string[]): CliOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        provider: { type: 'string', short: 'p' },
        verbose: { type: 'boolean', short: 'v' },
        'show-content': { type: 'boolean' },
        html: { type: 'string' },
        events: { type: 'boolean' },
        raw: { type: 'boolean' },
        summary: { type: 'boolean' },
        json: { type: 'boolean' },
        strict: { type: 'boolean' },
        color: { type: 'boolean' },
        'no-color': { type: 'boolean' },
        'max-line-mib': { type: 'string' },
        'list-providers': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'V' },
      },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message.replace(/\. To specify a positional argument.*$/s, '') : String(error);
    throw new CliError(`${message}. Run xview --help for the options.`, ExitCode.usage);
  }
  const v = parsed.values;
  const outputs = (['html', 'events', 'raw', 'summary'] as const).filter((name) => v[name] !== undefined && v[name] !== false);
  if (outputs.length > 1) {
    throw new CliError(`--${outputs[0]} and --${outputs[1]} cannot be combined: choose one output.`, ExitCode.usage);
  }
  if (v.json && !v.summary) throw new CliError('--json goes with --summary (for events as JSON, use --events).', ExitCode.usage);
  if (v.html === '') throw new CliError('--html needs a file name: xview --html run.html < run.jsonl', ExitCode.usage);
  let maxLineBytes: number | undefined;
  if (v['max-line-mib'] !== undefined) {
    const mib = Number(v['max-line-mib']);
    if (!Number.isFinite(mib) || mib <= 0) throw new CliError('--max-line-mib takes a positive number of MiB, such as 16.', ExitCode.usage);
    maxLineBytes = Math.round(mib * MiB);
  }
  return {
    files: parsed.positionals,
    provider: v.provider,
    output: outputs[0] === undefined ? 'terminal' : outputs[0],
    htmlFile: v.html,
    verbose: v.verbose ?? false,
    showContent: v['show-content'] ?? false,
    json: v.json ?? false,
    strict: v.strict ?? false,
    color: v['no-color'] ? false : v.color,
    maxLineBytes,
    help: v.help ?? false,
    version: v.version ?? false,
    listProviders: v['list-providers'] ?? false,
  };
}
