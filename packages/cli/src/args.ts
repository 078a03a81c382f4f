import { parseArgs } from 'node:util';
import { CliError, ExitCode } from './exit-codes.js';

/** What to produce. */
export type OutputMode = 'terminal' | 'html' | 'events' | 'raw' | 'summary';

/** The command line, understood. */
export interface CliOptions {
  files: string[];
  provider: string | undefined;
  output: OutputMode;
  /** The `--html` target; `-` is standard output. */
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
  /** Plugin modules named with `--plugin` (paths or package names), in order. */
  plugins: string[];
  /** The id of a plugin renderer chosen with `--renderer`. */
  renderer: string | undefined;
  /** `--redact`: secrets replaced with a marker in every output (best effort on known formats). */
  redact: boolean;
}

/** One option of `xview`: how it is parsed and how `--help` shows it. */
export interface OptionSpec {
  name: string;
  short?: string;
  /** The value it takes, as `--help` names it; a flag takes none. */
  value?: string;
  /** Whether it may be given more than once, each value kept. */
  multiple?: boolean;
  section: 'Output' | 'Input' | 'Behaviour';
  help: string;
}

/** Every option, in the order `--help` lists them: the one table parsing and help both read. */
export const OPTIONS: readonly OptionSpec[] = [
  { name: 'verbose', short: 'v', section: 'Output', help: 'tool calls, results, reasoning, errors and a footer besides the text' },
  { name: 'show-content', section: 'Output', help: 'with --verbose: the first lines of files that were read' },
  { name: 'html', value: '<file>', section: 'Output', help: 'write a self-contained HTML page (- for standard output)' },
  { name: 'events', section: 'Output', help: 'normalised events as NDJSON, one per line' },
  { name: 'raw', section: 'Output', help: 'pass the input through untouched' },
  { name: 'summary', section: 'Output', help: "the run's outcome as a table (add --json for JSON)" },
  { name: 'json', section: 'Output', help: 'with --summary: the outcome as JSON' },
  { name: 'renderer', value: '<id>', section: 'Output', help: 'render with this renderer of a plugin (see --plugin)' },
  { name: 'redact', section: 'Output', help: 'replace API keys, tokens, passwords and private keys of known formats with a marker in every output' },
  { name: 'provider', short: 'p', value: '<id>', section: 'Input', help: 'skip detection and read this format (see below)' },
  { name: 'list-providers', section: 'Input', help: 'list the providers and renderers, with where each came from, and exit' },
  {
    name: 'plugin',
    value: '<module>',
    multiple: true,
    section: 'Input',
    help:
      'load sources, renderers and session stores from a module: a path, or a package in ./node_modules (repeatable). Also loaded: ' +
      '"plugins" in ~/.config/xview/config.json and packages named x-provider-*, x-renderer-* (or @scope/...) ' +
      'in ~/.config/xview/node_modules; nothing in the current directory is loaded unasked. ' +
      'A plugin that fails to load, throws or declares another contract version is skipped with one line on ' +
      'standard error; the exit code is that of the run (2 if --provider or --renderer names an id nothing provides)',
  },
  { name: 'max-line-mib', value: '<n>', section: 'Input', help: 'longest line kept, in MiB, 0.001 to 512 (default 16)' },
  { name: 'strict', section: 'Behaviour', help: 'exit 4 when any line was malformed or of an unknown type, listing them' },
  { name: 'color', section: 'Behaviour', help: 'force colour on (NO_COLOR and FORCE_COLOR are honoured)' },
  { name: 'no-color', section: 'Behaviour', help: 'force colour off' },
  { name: 'help', short: 'h', section: 'Behaviour', help: 'show this help' },
  { name: 'version', short: 'V', section: 'Behaviour', help: 'show the version' },
];

const MiB = 1024 * 1024;
/** The range of `--max-line-mib`: from 1 KiB to the longest string a JavaScript engine reliably holds. */
export const MAX_LINE_MIB_RANGE = { min: 0.001, max: 512 } as const;

/** Edit distance, for suggesting the option a person meant. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}

/** The known option closest to an unknown one, when it is close enough to be a typo; `names` are a command's options, default xview's. */
export function suggestOption(unknown: string, names: readonly string[] = OPTIONS.map((o) => o.name)): string | undefined {
  const name = unknown.replace(/^-+/, '').split('=')[0] ?? '';
  let best: { name: string; distance: number } | undefined;
  for (const option of names) {
    const d = option.startsWith(name) && name.length >= 3 ? 0 : distance(name, option);
    if (best === undefined || d < best.distance) best = { name: option, distance: d };
  }
  return best !== undefined && best.distance <= Math.max(2, Math.floor(name.length / 3)) ? `--${best.name}` : undefined;
}

/** Which command's options an error is about: its name in messages, its options for suggestions. */
export interface CommandScope {
  /** `xview` or `xview show`: the prefix of messages and of `--help`. */
  command: string;
  names: readonly string[];
}

/** node:util parseArgs's error as one line: a typo suggests the closest option of `scope`. */
export function parseError(error: unknown, scope: CommandScope = { command: 'xview', names: OPTIONS.map((o) => o.name) }): CliError {
  const { code, message } = error as { code?: string; message?: string };
  const prefix = scope.command === 'xview' ? '' : `${scope.command.replace(/^xview /, '')}: `;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const option = /'([^']*)'/.exec(message ?? '')?.[1] ?? '';
    const suggestion = suggestOption(option, scope.names);
    return new CliError(`${prefix}unknown option '${option}'.${suggestion ? ` Did you mean ${suggestion}?` : ''} Run ${scope.command} --help for the options.`, ExitCode.usage);
  }
  const text = (message ?? String(error)).replace(/\. To specify a positional argument.*$/s, '');
  return new CliError(`${prefix}${text}. Run ${scope.command} --help for the options.`, ExitCode.usage);
}

function maxLineBytesOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const mib = Number(value);
  const { min, max } = MAX_LINE_MIB_RANGE;
  if (value.trim() === '' || !Number.isFinite(mib) || mib < min || mib > max) {
    throw new CliError(`--max-line-mib takes a number of MiB from ${min} to ${max}, such as 16; got "${value}".`, ExitCode.usage);
  }
  return Math.round(mib * MiB);
}

/** Parses `argv` (without node and the script). Throws a {@link CliError} with exit code 2 on a mistake; `scope` names the command (`xview show`) in it. */
export function parseCliArgs(argv: readonly string[], scope?: CommandScope): CliOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: Object.fromEntries(
        OPTIONS.map((o) => [
          o.name,
          {
            type: o.value === undefined ? ('boolean' as const) : ('string' as const),
            ...(o.short === undefined ? {} : { short: o.short }),
            ...(o.multiple === true ? { multiple: true } : {}),
          },
        ]),
      ),
    });
  } catch (error) {
    throw parseError(error, scope);
  }
  const v = parsed.values as Record<string, string | boolean | string[] | undefined>;
  const str = (name: string) => (typeof v[name] === 'string' ? (v[name] as string) : undefined);
  const flag = (name: string) => v[name] === true;
  const outputs = (['html', 'events', 'raw', 'summary'] as const).filter((name) => v[name] !== undefined && v[name] !== false);
  if (outputs.length > 1) {
    throw new CliError(`--${outputs[0]} and --${outputs[1]} cannot be combined: choose one output.`, ExitCode.usage);
  }
  if (str('renderer') !== undefined && outputs.length > 0) {
    throw new CliError(`--renderer and --${outputs[0]} cannot be combined: choose one output.`, ExitCode.usage);
  }
  if (flag('json') && !flag('summary')) throw new CliError('--json goes with --summary (for events as JSON, use --events).', ExitCode.usage);
  if (str('html') === '') throw new CliError('--html needs a file name, or - for standard output: xview --html run.html < run.jsonl', ExitCode.usage);
  return {
    files: parsed.positionals,
    provider: str('provider'),
    output: outputs[0] === undefined ? 'terminal' : outputs[0],
    htmlFile: str('html'),
    verbose: flag('verbose'),
    showContent: flag('show-content'),
    json: flag('json'),
    strict: flag('strict'),
    color: flag('no-color') ? false : v.color === undefined ? undefined : flag('color'),
    maxLineBytes: maxLineBytesOf(str('max-line-mib')),
    help: flag('help'),
    version: flag('version'),
    listProviders: flag('list-providers'),
    plugins: Array.isArray(v.plugin) ? v.plugin : [],
    renderer: str('renderer'),
    redact: flag('redact'),
  };
}
