import type { DisplayEventSource } from '@x/core';

/** The `--help` text. */
export function helpText(sources: readonly DisplayEventSource[]): string {
  const providers = sources.map((s) => `  ${s.id.padEnd(19)} ${s.displayName}`).join('\n');
  return `xview: show any AI coding agent's output the same way.

Usage
  <agent> | xview [options]
  xview [options] <file> [<file> ...]

Examples
  claude -p "fix the tests" --output-format stream-json --verbose | xview
  codex exec --json "add a README" | xview --verbose
  xview --html run.html run.jsonl
  xview --summary --json run.jsonl

Output (choose one; the default renders to the terminal)
  -v, --verbose         tool calls, results, reasoning, errors and a footer besides the text
      --show-content    with --verbose: the first lines of files that were read
      --html <file>     write a self-contained HTML page
      --events          normalised events as NDJSON, one per line
      --raw             pass the input through untouched
      --summary         the run's outcome as a table (add --json for JSON)

Input
  -p, --provider <id>   skip detection and read this format:
${providers}
  text                  any other text, shown as it is
      --list-providers  list the providers and exit
      --max-line-mib <n> longest line kept, in MiB (default 16); longer lines are reported and skipped

Behaviour
      --strict          exit 4 when any line was malformed or of an unknown type, listing them
      --color, --no-color  force colour on or off (NO_COLOR and FORCE_COLOR are honoured)
  -h, --help            show this help
  -V, --version         show the version

Exit codes
  0  rendered; the run ended normally
  1  rendered; the agent's run reported failure
  2  a mistake on the command line
  3  an input could not be read (missing file, binary data)
  4  --strict and some lines were malformed or unknown
  5  rendered; the stream ended without the run's final line
`;
}
