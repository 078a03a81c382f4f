/**
 * What a transcript shows that no event carries: events name no provider and
 * no wall-clock time, so the caller says them.
 */
export interface TranscriptOptions {
  /** The document's title (`<title>` and `<h1>`); defaults to `Agent run`. */
  title?: string;
  /** The provider's name for the header, such as `claude`. */
  provider?: string;
  /** When the run started: a `Date`, epoch milliseconds, or a string shown as given. */
  startedAt?: Date | number | string;
}

/** {@link TranscriptOptions} checked once, with the start time as a string. */
export interface ResolvedTranscriptOptions {
  title: string;
  provider: string | undefined;
  /** The start time as shown. */
  startedAt: string | undefined;
  /** The start time as an ISO 8601 instant for `<time datetime>`, when it is one. */
  startedAtIso: string | undefined;
}

function toIso(value: Date | number): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) {
    throw new TypeError(`startedAt must be a valid Date, epoch milliseconds or a string; got ${String(value)}.`);
  }
  return date.toISOString();
}

/** Checks {@link TranscriptOptions}; throws a `TypeError` for a start time that is no valid date. */
export function resolveTranscriptOptions(options: TranscriptOptions = {}): ResolvedTranscriptOptions {
  const { startedAt } = options;
  let shown: string | undefined;
  let iso: string | undefined;
  if (typeof startedAt === 'string') {
    shown = startedAt;
  } else if (startedAt !== undefined) {
    iso = toIso(startedAt);
    shown = iso;
  }
  return { title: options.title ?? 'Agent run', provider: options.provider, startedAt: shown, startedAtIso: iso };
}
