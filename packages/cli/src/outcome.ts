import type { DisplayEvent, RunOutcome } from '@x/core';
import { neutralizeForTerminal } from '@x/renderer-terminal/sanitize';
import type { ExitCodeValue } from './exit-codes.js';
import { ExitCode } from './exit-codes.js';
import { shownExcerpt } from './excerpt.js';
import type { Redaction } from './session.js';

/** The longest provider message quoted in an outcome line. */
const MESSAGE_CHARS = 300;

/** How bad each exit code of a rendered run is: with several inputs, the worst wins. */
const SEVERITY: Partial<Record<ExitCodeValue, number>> = {
  [ExitCode.ok]: 0,
  [ExitCode.empty]: 1,
  [ExitCode.incomplete]: 2,
  [ExitCode.cancelled]: 3,
  [ExitCode.runFailed]: 4,
};

/** The worse of two exit codes of rendered runs. */
export function worse(a: ExitCodeValue, b: ExitCodeValue): ExitCodeValue {
  return (SEVERITY[b] ?? 0) > (SEVERITY[a] ?? 0) ? b : a;
}

/** The exit code a run's outcome calls for. */
export function exitCodeOf(outcome: RunOutcome): ExitCodeValue {
  switch (outcome.status) {
    case 'error':
      return ExitCode.runFailed;
    case 'cancelled':
      return ExitCode.cancelled;
    case 'incomplete':
      return ExitCode.incomplete;
    default:
      return ExitCode.ok;
  }
}

/** The message's first line, cut to MESSAGE_CHARS; behind `--redact` redacted before the cut, which then loses the word it goes through. */
function quote(message: string | undefined, redact: Redaction | undefined): string {
  const line = message?.trim().split('\n')[0]?.trim() ?? '';
  if (line === '') return '';
  const cut = line.length > MESSAGE_CHARS ? `${shownExcerpt(line, MESSAGE_CHARS - 3, redact)}...` : line;
  return `: ${neutralizeForTerminal(cut)}`;
}

/**
 * The one plain line default mode prints to standard error when a run did
 * not simply succeed: what happened, and the provider's own message. The
 * text went to standard output; this is the outcome, so a pipe shows both.
 * `fatal` is the first fatal error's message, if there was one, as the
 * provider wrote it: behind `--redact` (`redact`) it is redacted before it is cut.
 */
export function outcomeLine(outcome: RunOutcome, fatal: string | undefined, where: string, redact?: Redaction): string | undefined {
  const message = fatal ?? outcome.errors[0];
  const from = where === 'standard input' ? '' : ` (${where})`;
  switch (outcome.status) {
    case 'error':
      return `xview: the run failed${from}${quote(message ?? outcome.finalMessage, redact) || ': the agent reported failure'}\n`;
    case 'cancelled':
      return `xview: the run was cancelled${from}${quote(message, redact)}\n`;
    case 'incomplete':
      return `xview: the stream ended before the run did${from}: the agent died or was cut off${message === undefined ? '' : ` (${quote(message, redact).slice(2)})`}\n`;
    default:
      return fatal === undefined ? undefined : `xview: fatal error${from}${quote(fatal, redact)}\n`;
  }
}

/** The first fatal error of a run, kept as its events pass: hand `onEvent` to `runPipeline`. */
export interface FatalWatch {
  onEvent(event: DisplayEvent): void;
  readonly message: string | undefined;
}

/** Makes a {@link FatalWatch}; the message is cut to 1,000 characters (an outcome line quotes at most 300). */
export function watchFatal(): FatalWatch {
  let message: string | undefined;
  return {
    onEvent(event) {
      if (event.kind === 'error' && event.fatal) message ??= event.message.slice(0, 1000);
    },
    get message() {
      return message;
    },
  };
}
