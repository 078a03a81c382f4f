/**
 * What `xview` exits with. `--help` and the README print {@link EXIT_CODES};
 * scripts may rely on them.
 */
export const ExitCode = {
  /** Rendered; the run ended normally. */
  ok: 0,
  /** Rendered; the agent's run reported failure. */
  runFailed: 1,
  /** A mistake in the command line: unknown option, unknown provider, a value out of range. */
  usage: 2,
  /** An input could not be read: missing file, directory, no permission, binary data. */
  input: 3,
  /** `--strict`, and some lines were malformed or of an unknown type. */
  strict: 4,
  /** Rendered; the stream ended without the run's final line (the agent died or was cut off). */
  incomplete: 5,
  /** The input was empty, or nothing in it was recognised as an agent's output. */
  empty: 6,
  /** An output could not be written: the `--html` file, or standard output (a full disk). */
  output: 7,
  /** Rendered; the run was cancelled (the agent or its user aborted it). */
  cancelled: 8,
  /** A bug in `xview`: it says "internal error" and asks for a report. */
  internal: 70,
  /** Interrupted by Ctrl-C (SIGINT): what was read is rendered and closed properly. */
  interrupted: 130,
  /** Terminated by SIGTERM, handled as SIGINT: 128 + 15, the shell's convention. */
  terminated: 143,
} as const;

/** One of the {@link ExitCode} values. */
export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** Every exit code with its meaning, in the words `--help` and the README use. */
export const EXIT_CODES: ReadonlyArray<{ code: ExitCodeValue; meaning: string }> = [
  { code: ExitCode.ok, meaning: 'rendered; the run ended normally' },
  { code: ExitCode.runFailed, meaning: "rendered; the agent's run reported failure" },
  { code: ExitCode.usage, meaning: 'a mistake on the command line (unknown option, bad value)' },
  { code: ExitCode.input, meaning: 'an input could not be read (missing, a directory, no permission, binary)' },
  { code: ExitCode.strict, meaning: '--strict, and some lines were malformed or of an unknown type' },
  { code: ExitCode.incomplete, meaning: "rendered; the stream ended without the run's final line (cut off)" },
  { code: ExitCode.empty, meaning: 'the input was empty, or its format was not recognised' },
  { code: ExitCode.output, meaning: 'an output could not be written (the --html file, a full disk)' },
  { code: ExitCode.cancelled, meaning: 'rendered; the run was cancelled' },
  { code: ExitCode.internal, meaning: 'internal error: a bug in xview, please report it' },
  { code: ExitCode.interrupted, meaning: 'interrupted by Ctrl-C; what was read is rendered (143 for SIGTERM)' },
];

/**
 * An error a person can fix; shown as one line, never with a stack trace.
 * `unsettled`: the run stopped while work it cannot cancel goes on (a
 * plugin's module that never settled, holding a timer or a socket), so the
 * process must end rather than wait for an event loop that work keeps alive.
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCodeValue,
    readonly unsettled = false,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** A system error's code in words: `ENOENT` is "no such file or directory". */
export function describeSystemError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file or directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'it is a directory';
    case 'ENOTDIR':
      return 'a part of the path is not a directory';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EROFS':
      return 'the file system is read-only';
    case 'EDQUOT':
      return 'the disk quota is exceeded';
    default: {
      const message = error instanceof Error ? error.message : String(error);
      return code === undefined ? message : `${message.replace(/^[A-Z]+: /, '').split(',')[0] ?? message} (${code})`;
    }
  }
}
