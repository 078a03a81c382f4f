/** What `openai-fetch [--stream] <prompt>` was asked. */
export interface CommandLine {
  stream: boolean;
  prompt: string;
}

/**
 * Reads the arguments after the script name. A leading `--` is dropped:
 * `pnpm start -- "question"` hands it on (pnpm 10), and it is not part of the
 * prompt.
 */
export function parseCommandLine(args: readonly string[]): CommandLine {
  const rest = args[0] === '--' ? args.slice(1) : args;
  return { stream: rest.includes('--stream'), prompt: rest.filter((arg) => arg !== '--stream').join(' ').trim() };
}
