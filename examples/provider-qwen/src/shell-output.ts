/** What a shell call's result text says, where it is in Qwen Code's long form. */
export interface ShellResult {
  output: string;
  exitCode?: number;
}

const EXIT_CODE = /^Exit Code: (-?\d+)$/m;

/**
 * Qwen Code reports a shell command that failed with the whole record as its
 * result text (`Command: …`, `Directory: …`, `Output: …`, `Error: …`,
 * `Exit Code: N`, `Signal: …`, `Process Group PGID: …`, one per line, the
 * first left out in code mode; the shell tool's `llmContent` in its bundle), and a command that succeeded with the
 * output alone. The record is read by hand because it is a format of Qwen
 * Code's own: its `Output:` section and its exit code; any other text is the
 * output as it is.
 */
export function readShellResult(text: string): ShellResult {
  const exit = EXIT_CODE.exec(text);
  const start = text.indexOf('Directory: ') >= 0 ? text.indexOf('\nOutput: ') : -1;
  const end = start < 0 ? -1 : text.indexOf('\nError: ', start);
  if (exit === null || start < 0 || end < 0) return { output: text };
  const output = text.slice(start + '\nOutput: '.length, end);
  return { output: output === '(empty)' ? '' : output, ...(exit[1] === undefined ? {} : { exitCode: Number(exit[1]) }) };
}
