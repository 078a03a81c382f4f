/**
 * What a `run_shell_command` result says, read apart: the command's own
 * output, its standard error where reported apart, its exit code and the
 * error the tool reported.
 */
export interface ShellOutput {
  /** The command's output (standard output, or both streams merged). */
  output: string;
  stderr?: string;
  exitCode?: number;
  /** The tool's `Error:` line, when it is not `(none)`. */
  error?: string;
}

// The shell tool's report to the model (`llmContent`, kept in chat recordings
// and shown by stream-json in debug mode), one field a line:
//   Command: <command>          (the command may span lines)
//   Directory: <dir or (root)>
//   Output: <output or (empty)> (since 0.1x; before, `Stdout: ...` then `Stderr: ...`)
//   Error: <message or (none)>
//   Exit Code: <n or (none)>
//   Signal, Background PIDs, Process Group PGID: one line each
const HEAD = /^Command: [\s\S]*?\nDirectory: [^\n]*\n(?=Output: |Stdout: )/;
const EXIT = '\nExit Code: ';
const ERROR = '\nError: ';
const EXIT_CODE = /^-?\d+$/;
// What the shell tool displays instead of an empty output (stream-json's `output`).
const EXITED_WITH = /^Command exited with code:? (-?\d+)\.?$/;

/** The value of a field, `undefined` for the tool's placeholders `(empty)` and `(none)`. */
function fieldValue(text: string): string | undefined {
  return text === '(empty)' || text === '(none)' ? undefined : text;
}

/** The output fields between `Directory:` and `Error:`: `Output: …`, or `Stdout: …` then `Stderr: …`. */
function outputFields(body: string): Pick<ShellOutput, 'output' | 'stderr'> {
  if (body.startsWith('Output: ')) return { output: fieldValue(body.slice('Output: '.length)) ?? '' };
  const split = body.lastIndexOf('\nStderr: ');
  const stdout = body.slice('Stdout: '.length, split === -1 ? body.length : split);
  const stderr = split === -1 ? undefined : fieldValue(body.slice(split + '\nStderr: '.length));
  const fields: Pick<ShellOutput, 'output' | 'stderr'> = { output: fieldValue(stdout) ?? '' };
  if (stderr !== undefined) fields.stderr = stderr;
  return fields;
}

/**
 * Reads the report `run_shell_command` gives the model. The output may hold
 * lines that look like fields, so the trailing fields are found from the end:
 * the last `Exit Code:` line, and the last `Error:` line before it.
 * `undefined` when the text is not such a report.
 */
export function parseShellReport(text: string): ShellOutput | undefined {
  const head = HEAD.exec(text);
  if (head === null) return undefined;
  const exitAt = text.lastIndexOf(EXIT);
  const errorAt = exitAt === -1 ? -1 : text.lastIndexOf(ERROR, exitAt - 1);
  if (errorAt < head[0].length) return undefined;
  const report: ShellOutput = outputFields(text.slice(head[0].length, errorAt));
  const error = fieldValue(text.slice(errorAt + ERROR.length, exitAt));
  if (error !== undefined) report.error = error;
  const exitLine = text.slice(exitAt + EXIT.length).split('\n', 1)[0] ?? '';
  if (EXIT_CODE.test(exitLine)) report.exitCode = Number(exitLine);
  return report;
}

// The reports without Command and Directory lines: the output, then the
// fields that apply, one a line, and no Exit Code line when the command exited 0.
// 0.38 writes it bare (recorded: fixtures/gemini-log/recorded/0.38.2/failing-command),
// 0.6x wraps it as untrusted (recorded: fixtures/gemini-log/recorded/0.61.0/):
//   <untrusted_context>
//   Output: <output>
//   Error: <message>, Exit Code: <n>, Signal, Background PIDs, Process Group PGID (each when there is one)
//   </untrusted_context>
const OUTPUT_HEAD = 'Output: ';
const UNTRUSTED_HEAD = '<untrusted_context>\n';
const UNTRUSTED_TAIL = '\n</untrusted_context>';
const TRAILING_FIELD = /^(Error|Exit Code|Signal|Background PIDs|Process Group PGID): (.*)$/;

/** The report's body: inside the untrusted wrapper, or the bare text (which must then end in a field the output cannot fake alone). */
function reportBody(text: string): { body: string; wrapped: boolean } {
  if (text.startsWith(UNTRUSTED_HEAD) && text.endsWith(UNTRUSTED_TAIL)) {
    return { body: text.slice(UNTRUSTED_HEAD.length, text.length - UNTRUSTED_TAIL.length), wrapped: true };
  }
  return { body: text, wrapped: false };
}

/** Reads a report of output then fields; the fields are found from the end, so that output lines that look like fields stay output. */
function parseFieldsReport(text: string): ShellOutput | undefined {
  const found = reportBody(text);
  if (!found.body.startsWith(OUTPUT_HEAD)) return undefined;
  const lines = found.body.slice(OUTPUT_HEAD.length).split('\n');
  const fields = new Map<string, string>();
  let end = lines.length;
  for (; end > 1; end -= 1) {
    const field = TRAILING_FIELD.exec(lines[end - 1] as string);
    if (field === null || fields.has(field[1] as string)) break;
    fields.set(field[1] as string, field[2] as string);
  }
  // Bare, a report always ends with the process group the shell ran in (0.38 writes it even for exit 0).
  if (!found.wrapped && !fields.has('Process Group PGID')) return undefined;
  const report: ShellOutput = { output: fieldValue(lines.slice(0, end).join('\n')) ?? '' };
  const error = fieldValue(fields.get('Error') ?? '(none)');
  if (error !== undefined) report.error = error;
  const exit = fields.get('Exit Code');
  if (exit !== undefined && EXIT_CODE.test(exit)) report.exitCode = Number(exit);
  return report;
}

/**
 * A shell result as Gemini gives it: one of the reports above, or the display string
 * of stream-json (the output itself, or `Command exited with code: N` when
 * the command printed nothing).
 */
export function readShellOutput(text: string): ShellOutput {
  const report = parseShellReport(text) ?? parseFieldsReport(text);
  if (report !== undefined) return report;
  const exited = EXITED_WITH.exec(text.trim());
  return exited === null ? { output: text } : { output: text, exitCode: Number(exited[1]) };
}
