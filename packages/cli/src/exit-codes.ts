/**
 * What `xview` exits with. Documented in the README and in `--help`; scripts
 * may rely on them.
 */
export const ExitCode = {
  /** Rendered; the run ended normally. */
  ok: 0,
  /** Rendered; the agent's run reported failure. */
  runFailed: 1,
  /** A mistake in the command line: unknown option, unknown provider. */
  usage: 2,
  /** An input could not be read: missing file, binary data, nothing to detect. */
  input: 3,
  /** `--strict`, and some lines were malformed or of an unknown type. */
  strict: 4,
  /** Rendered; the stream ended without the run's final line (the agent died or was cut off). */
  incomplete: 5,
} as const;

/** One of the {@link ExitCode} values. */
export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** An error a person can fix; shown as one line, never with a stack trace. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCodeValue,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
