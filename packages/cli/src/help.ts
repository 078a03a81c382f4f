import type { DisplayEventSource } from '@x/core';
import { OPTIONS } from './args.js';
import { neutralizeForTerminal } from '@x/renderer-terminal/sanitize';
import { EXIT_CODES } from './exit-codes.js';
import { VERSION } from './version.js';

/** Rows of two columns, the first padded to the widest of all tables so every column lines up. */
type Row = readonly [string, string];

function flagOf(option: (typeof OPTIONS)[number]): string {
  const long = `--${option.name}${option.value === undefined ? '' : ` ${option.value}`}`;
  return option.short === undefined ? `    ${long}` : `-${option.short}, ${long}`;
}

/** The help's width: a long description wraps under itself. */
const HELP_COLUMNS = 100;

function wrap(text: string, indent: number): string {
  const room = Math.max(40, HELP_COLUMNS - indent);
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    if (current !== '' && current.length + 1 + word.length > room) {
      lines.push(current);
      current = word;
    } else {
      current = current === '' ? word : `${current} ${word}`;
    }
  }
  lines.push(current);
  return lines.join(`\n${' '.repeat(indent)}`);
}

function table(rows: readonly Row[], width: number): string {
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${wrap(right, width + 4)}`).join('\n');
}

/** The `--help` text, generated from the option, provider and exit-code tables. */
export function helpText(sources: readonly Pick<DisplayEventSource, 'id' | 'displayName'>[]): string {
  const section = (name: string): Row[] => OPTIONS.filter((o) => o.section === name).map((o) => [flagOf(o), o.help]);
  const providers: Row[] = [...sources.map((s): Row => [`    ${s.id}`, s.displayName]), ['    text', 'any other text, shown as it is']];
  const codes: Row[] = EXIT_CODES.map(({ code, meaning }): Row => [String(code), meaning]);
  const all = [...section('Output'), ...section('Input'), ...providers, ...section('Behaviour')];
  const width = Math.max(...all.map(([left]) => left.length));
  const codeWidth = Math.max(...codes.map(([left]) => left.length));
  return `xview: show any AI coding agent's output the same way.

Usage
  <agent> | xview [options]
  xview [options] <file> [<file> ...]
  xview sessions [--agent <a>] [--all-projects] [--since <date>] [--json]
                                     list the agents' session logs on this machine
  xview show <session-id | path> [options] [--follow] [--redact]
                                     render one session log (--follow: as it grows)
  xview site <out-dir> [--agent <a>] [--project <dir>] [--redact]
                                     write a static site of the sessions
  xview serve [--port <n>] [--open] [--redact]
                                     a local web app: browse, search, follow sessions
  xview acp [options] -- <agent command...>
                                     drive an ACP agent: one prompt (-m), rendered live
  xview acp-agent <agent> [-- <agent arguments>]
                                     drive an agent's CLI from any ACP client (stdio)
  xview help <command>               a command's usage, options and examples (or <command> --help)

Examples
  claude -p "fix the tests" --output-format stream-json --verbose | xview
  codex exec --json "add a README" | xview --verbose
  xview --html run.html run.jsonl
  xview --summary --json run.jsonl

Output (choose one; the default renders to the terminal)
${table(section('Output'), width)}

Input
${table(section('Input'), width)}
  Providers (--provider):
${table(providers, width)}

Behaviour
${table(section('Behaviour'), width)}

Exit codes
${table(codes, codeWidth)}
`;
}

/** What `xview` says when it is run on a terminal with nothing to read. */
export const USAGE_HINT = `xview: nothing to read: pipe an agent's output in, or name a recorded run.
  claude -p "fix the tests" --output-format stream-json --verbose | xview
  xview run.jsonl
Run xview --help for the options.
`;

/** The one line a bug prints: what went wrong, the version, and where to report it. */
export function internalError(error: unknown, env: Record<string, string | undefined>): string {
  const message = error instanceof Error ? error.message : String(error);
  const stack = env.XVIEW_DEBUG && error instanceof Error && error.stack ? `\n${error.stack}` : '';
  return `xview ${VERSION}: internal error: ${neutralizeForTerminal(message.split('\n')[0] ?? '')}. This is a bug: please report it at https://github.com/x-sdk/x/issues with the command and the input that caused it (XVIEW_DEBUG=1 adds a stack trace).${stack}\n`;
}
