import type { DisplayEvent } from './display-event.js';
import { checkSourceVersion } from './specification-version.js';

/**
 * What became of one input line. Every line ends in exactly one of these:
 * - `events`: the line produced at least one event;
 * - `ignored`: recognised and intentionally shown as nothing (keep-alives,
 *   hook noise, a state update of a call already announced, a line of a
 *   multi-line JSON document that is still open);
 * - `malformed`: not JSON, not the shape its type promises, or too long;
 * - `unknown`: well-formed, but of a type the source does not know.
 */
export type LineOutcome = 'events' | 'ignored' | 'malformed' | 'unknown';

/** A line that did not produce events for a reason worth telling. */
export interface Diagnostic {
  /** 1-based number of the line in the stream. */
  line: number;
  outcome: Exclude<LineOutcome, 'events'>;
  /** Why, in words a person can act on. */
  reason: string;
  /** The first characters of the line, for context. */
  excerpt: string;
}

/**
 * Handed to {@link SourceParser.parse} with every line: where the line is, and
 * how a line that yields no events says why. A line that returns events needs
 * none of these; a line that returns none and calls none counts as `ignored`.
 */
export interface LineContext {
  /** 1-based number of the line in the stream. */
  readonly lineNumber: number;
  /** Recognised and intentionally shown as nothing. */
  ignore(reason: string): void;
  /** Not JSON, or not the shape its type promises. */
  malformed(reason: string): void;
  /** Well-formed, of a type this source does not know. */
  unknown(reason: string): void;
  /**
   * This line belongs to a value that spans lines and is still open (a
   * pretty-printed JSON document): it is not counted until {@link release}
   * says what became of it. The JSON document reader calls this; a source
   * that reads one line at a time never needs it.
   */
  hold?(): void;
  /**
   * Counts every held line: as `ignored` when the value they belong to was
   * read, or as `malformed`, each reported, when it was given back (it never
   * closed or never parsed). Held lines still open at the end of the stream
   * are given back.
   */
  release?(outcome: 'ignored' | 'malformed', reason: string): void;
}

/**
 * The per-stream state of a source: one wire line in, ordered events out.
 * `parse` never throws; a line it cannot use is reported through the context.
 * `flush` is called once at the end of the stream (for example to report calls
 * that never finished, or a document that never closed).
 */
export interface SourceParser {
  parse(line: string, context: LineContext): DisplayEvent[];
  flush(context: LineContext): DisplayEvent[];
}

/** How sure a source is that some lines are its format. */
export interface Detection {
  /** `1` for a line only this format writes, lower for a likely match, `0` for no. */
  confidence: number;
  /** What was seen, in words: `"system/init line with claude_code_version"`. */
  evidence: string;
}

/**
 * When a source's events arrive: `streaming` sources emit events as each line
 * arrives; `post-response` ones translate a response body that exists only
 * once the HTTP response has ended.
 */
export type SourceCadence = 'streaming' | 'post-response';

/** The contract versions this build of `@x/core` accepts. */
export type SpecificationVersion = 'v1';

/**
 * A provider plugin: metadata, a `detect` function, and a factory of
 * per-stream parsers. Create one with {@link defineSource}.
 */
export interface DisplayEventSource {
  readonly specificationVersion: SpecificationVersion;
  /** Short, stable identifier: `"claude"`, `"codex"`. */
  readonly id: string;
  /** Human name: `"Claude Code"`. */
  readonly displayName: string;
  readonly cadence: SourceCadence;
  /**
   * The newest version of the agent's CLI that this source's fixtures were
   * captured from (`"2.0.14"`), for the drift alarm: when a stream names a
   * newer `agentVersion` and something unknown turns up, the app says so.
   * Leave it out where the format has no version.
   */
  readonly testedUpTo?: string;
  /** Whether the first lines of a stream look like this format. Never throws. */
  detect(lines: readonly string[]): Detection;
  /** A fresh parser holding the state of one stream. */
  createParser(): SourceParser;
}

const SOURCE_ID = /^[a-z0-9][a-z0-9._-]*$/;

/**
 * Checks a provider plugin's metadata and returns it frozen. Throws a
 * `TypeError` that says what to fix when the metadata is wrong, and refuses a
 * plugin built against another contract version, naming both versions.
 *
 * @example
 * ```ts
 * export const mySource = defineSource({
 *   specificationVersion: 'v1',
 *   id: 'my-agent',
 *   displayName: 'My Agent',
 *   cadence: 'streaming',
 *   detect: (lines) => ({ confidence: lines.some((l) => l.includes('"my-agent"')) ? 1 : 0, evidence: 'agent marker' }),
 *   createParser: () => ({ parse: (line) => [{ kind: 'text', id: 'm', text: line }], flush: () => [] }),
 * });
 * ```
 */
export function defineSource(source: DisplayEventSource): DisplayEventSource {
  if (source === null || typeof source !== 'object') {
    throw new TypeError('defineSource expects an object with specificationVersion, id, displayName, cadence, detect and createParser.');
  }
  const label = typeof source.id === 'string' ? `source "${source.id}"` : 'source';
  checkSourceVersion(source);
  if (typeof source.id !== 'string' || !SOURCE_ID.test(source.id)) {
    throw new TypeError(`${label}: id must be a lowercase identifier such as "claude" or "my-agent", got ${JSON.stringify(source.id)}.`);
  }
  if (typeof source.displayName !== 'string' || source.displayName.trim() === '') {
    throw new TypeError(`${label}: displayName must be a non-empty string, such as "Claude Code".`);
  }
  if (source.cadence !== 'streaming' && source.cadence !== 'post-response') {
    throw new TypeError(`${label}: cadence must be "streaming" or "post-response", got ${JSON.stringify(source.cadence)}.`);
  }
  if (typeof source.detect !== 'function') {
    throw new TypeError(`${label}: detect must be a function (lines) => { confidence, evidence }.`);
  }
  if (typeof source.createParser !== 'function') {
    throw new TypeError(`${label}: createParser must be a function returning { parse, flush }.`);
  }
  if (source.testedUpTo !== undefined && (typeof source.testedUpTo !== 'string' || source.testedUpTo.trim() === '')) {
    throw new TypeError(`${label}: testedUpTo must be a version string such as "2.0.14", got ${JSON.stringify(source.testedUpTo)}.`);
  }
  return Object.freeze({ ...source });
}
