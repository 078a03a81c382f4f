/**
 * What a transcript shows that the events may not carry: events name no
 * provider, and only some streams say when the run started, so the caller
 * says them.
 */
export interface TranscriptOptions {
  /** The document's title (`<title>` and `<h1>`); defaults to `Agent run`. */
  title?: string;
  /** The provider's name for the header, such as `claude`. */
  provider?: string;
  /**
   * When the run started: a `Date`, epoch milliseconds, or a string shown as
   * given. Wins over the session start's own `timestamp`; leave it out to
   * show the time the stream reports.
   */
  startedAt?: Date | number | string;
  /**
   * When the transcript is rendered. Shown, labelled `Rendered`, only when
   * no start time is known, so that a reader can still date the page
   * without taking the render time for the run's.
   */
  renderedAt?: Date | number | string;
}

/** A time as shown, and as an ISO 8601 instant for `<time datetime>` when it is one. */
export interface ShownTime {
  shown: string;
  iso: string | undefined;
}

/** {@link TranscriptOptions} checked once, with the times as strings. */
export interface ResolvedTranscriptOptions {
  title: string;
  provider: string | undefined;
  startedAt: ShownTime | undefined;
  renderedAt: ShownTime | undefined;
}

function toIso(value: Date | number, name: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) {
    throw new TypeError(`${name} must be a valid Date, epoch milliseconds or a string; got ${String(value)}.`);
  }
  return date.toISOString();
}

function resolveTime(value: Date | number | string | undefined, name: string): ShownTime | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return { shown: value, iso: undefined };
  const iso = toIso(value, name);
  return { shown: iso, iso };
}

/** A start time from the stream: shown as given, a `<time>` when it parses as one. */
export function streamTime(value: unknown): ShownTime | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const ms = Date.parse(value);
  return { shown: value, iso: Number.isNaN(ms) ? undefined : new Date(ms).toISOString() };
}

/** Checks {@link TranscriptOptions}; throws a `TypeError` for a time that is no valid date. */
export function resolveTranscriptOptions(options: TranscriptOptions = {}): ResolvedTranscriptOptions {
  return {
    title: options.title ?? 'Agent run',
    provider: options.provider,
    startedAt: resolveTime(options.startedAt, 'startedAt'),
    renderedAt: resolveTime(options.renderedAt, 'renderedAt'),
  };
}
