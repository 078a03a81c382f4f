import type { DisplayEvent } from './display-event.js';
import type { Diagnostic, DisplayEventSource, LineContext, LineOutcome, SourceParser } from './source.js';
import { createPlainPass } from './plain-pass.js';
import { checkSourceVersion } from './specification-version.js';

/**
 * How many lines ended in each outcome. `lines` is always the sum of the four
 * outcomes. Further counts check the sources themselves: `unexplained`
 * counts the `ignored` lines whose source returned no event and gave no
 * reason (a source that keeps "nothing silently dropped" has none; the
 * testkit fails one that has any), and `atEnd` counts the malformed or
 * unknown reports a source made in `flush`, at the end of the stream, which
 * belong to no single line (a document that never closed). `partial` counts
 * the `events` lines that also reported a part of themselves as unknown or
 * malformed (an unknown content block beside known ones); each such report
 * is a diagnostic like an unknown line's.
 */
export interface LineAccounting {
  lines: number;
  events: number;
  ignored: number;
  malformed: number;
  unknown: number;
  unexplained: number;
  atEnd: number;
  partial: number;
}

/** A fresh, all-zero {@link LineAccounting}. */
export function emptyAccounting(): LineAccounting {
  return { lines: 0, events: 0, ignored: 0, malformed: 0, unknown: 0, unexplained: 0, atEnd: 0, partial: 0 };
}

/** The longest excerpt a diagnostic carries, in UTF-16 units. */
export const DIAGNOSTIC_EXCERPT_CHARS = 80;
/** The longest reason a diagnostic carries: a reason may quote a type name of any length. */
export const DIAGNOSTIC_REASON_CHARS = 200;
/** How many held lines keep an excerpt for their diagnostic; later ones are reported without one. */
const HELD_EXCERPTS = 64;

/**
 * Runs one source parser over lines, classifying each line into exactly one
 * {@link LineOutcome} and reporting every line that produced no events for a
 * reason (malformed, unknown) as a {@link Diagnostic}. The pipeline and
 * {@link replayLines} both use it, so both count the same way.
 */
export interface LineProcessor {
  process(line: string): DisplayEvent[];
  /** Counts a line the pipeline itself rejected (too long), without calling the source. */
  reject(excerpt: string, reason: string): void;
  /** Ends the stream: flushes the source and gives back lines still held. */
  finish(): DisplayEvent[];
  readonly accounting: LineAccounting;
}

const SEVERITY: Record<LineOutcome, number> = { events: 0, ignored: 1, unknown: 2, malformed: 3 };

/**
 * Lines held by {@link LineContext.hold} until the value they belong to is
 * read or given back. Their numbers are kept as runs of consecutive lines (a
 * new run starts only when a rejected line came between), and excerpts only
 * for the first few, so a held document of any length costs little.
 */
interface HeldLines {
  count: number;
  runs: Array<{ from: number; count: number }>;
  excerpts: string[];
}

function cut(reason: string): string {
  return reason.length > DIAGNOSTIC_REASON_CHARS ? `${reason.slice(0, DIAGNOSTIC_REASON_CHARS - 3)}...` : reason;
}

/** Adds line `lineNumber` (text `line`) to the held lines, extending the last run when it follows it. */
function holdLine(held: HeldLines, lineNumber: number, line: string): void {
  const last = held.runs[held.runs.length - 1];
  if (last !== undefined && last.from + last.count === lineNumber) last.count += 1;
  else held.runs.push({ from: lineNumber, count: 1 });
  if (held.excerpts.length < HELD_EXCERPTS) held.excerpts.push(line.slice(0, DIAGNOSTIC_EXCERPT_CHARS));
  held.count += 1;
}

/**
 * Sources emit plain strings, and this is where that holds for any source and
 * any input; a CRLF cut between two increments of a block is joined first.
 */
function toPlainEvents(events: DisplayEvent[], plain: PlainPass): DisplayEvent[] {
  for (let i = 0; i < events.length; i++) events[i] = plain(events[i] as DisplayEvent);
  return events;
}

/** One stream's plain pass (see `createPlainPass`). */
type PlainPass = (event: DisplayEvent) => DisplayEvent;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Flushes a source's parser: its events, and `report` for what it said of
 * the end (`noted` reads the outcome the context recorded) or for a throw.
 */
function flushSource(
  { sourceId, parser, context, plain }: { sourceId: string; parser: SourceParser; context: LineContext; plain: PlainPass },
  noted: () => { kind: 'malformed' | 'unknown'; reason: string } | undefined,
  report: (kind: 'malformed' | 'unknown', reason: string) => void,
): DisplayEvent[] {
  try {
    const events = toPlainEvents(parser.flush(context), plain);
    const said = noted();
    if (said !== undefined) report(said.kind, `at the end of the stream: ${said.reason}`);
    return events;
  } catch (error) {
    report('malformed', `source "${sourceId}" threw in flush: ${errorText(error)}`);
    return [];
  }
}

/** Creates a {@link LineProcessor}; `onDiagnostic` hears about every malformed or unknown line. */
export function createLineProcessor(source: DisplayEventSource, onDiagnostic?: (diagnostic: Diagnostic) => void): LineProcessor {
  checkSourceVersion(source);
  const parser = source.createParser();
  const accounting = emptyAccounting();
  const plain = createPlainPass();
  let lineNumber = 0;
  let current = '';
  let outcome: Exclude<LineOutcome, 'events'> | undefined;
  let reason = '';
  let holding = false;
  let held: HeldLines = { count: 0, runs: [], excerpts: [] };

  const note = (next: Exclude<LineOutcome, 'events'>, why: string) => {
    if (outcome === undefined || SEVERITY[next] > SEVERITY[outcome]) {
      outcome = next;
      reason = why;
    }
  };
  const diagnose = (line: number, excerpt: string, kind: Exclude<LineOutcome, 'events'>, why: string) => {
    if (kind === 'ignored' || onDiagnostic === undefined) return;
    onDiagnostic({ line, outcome: kind, reason: cut(why), excerpt: excerpt.slice(0, DIAGNOSTIC_EXCERPT_CHARS) });
  };
  const release = (kind: 'ignored' | 'malformed', why: string) => {
    const lines = held;
    held = { count: 0, runs: [], excerpts: [] };
    accounting.lines += lines.count;
    accounting[kind] += lines.count;
    let i = 0;
    for (const run of lines.runs) {
      for (let line = run.from; line < run.from + run.count; line++) diagnose(line, lines.excerpts[i++] ?? '', kind, why);
    }
  };
  const context: LineContext = {
    get lineNumber() {
      return lineNumber;
    },
    ignore: (why) => note('ignored', why),
    malformed: (why) => note('malformed', why),
    unknown: (why) => note('unknown', why),
    hold: () => {
      holding = true;
    },
    release,
  };
  const count = (line: string, events: DisplayEvent[]) => {
    if (events.length > 0) {
      accounting.lines += 1;
      accounting.events += 1;
      // A line can show what it knows and still hold a part the source does not (an unknown content block).
      if (outcome === 'unknown' || outcome === 'malformed') {
        accounting.partial += 1;
        diagnose(lineNumber, line, outcome, reason);
      }
    } else if (holding) {
      holdLine(held, lineNumber, current);
    } else {
      const kind = outcome ?? 'ignored';
      accounting.lines += 1;
      accounting[kind] += 1;
      if (outcome === undefined) accounting.unexplained += 1;
      diagnose(lineNumber, line, kind, reason);
    }
  };

  return {
    accounting,
    process(line) {
      lineNumber += 1;
      current = line;
      outcome = undefined;
      holding = false;
      let events: DisplayEvent[];
      try {
        events = parser.parse(line, context);
      } catch (error) {
        // The contract says parse never throws; a plugin that does still must not end the stream.
        events = [];
        holding = false;
        note('malformed', `source "${source.id}" threw: ${errorText(error)}`);
      }
      count(line, events);
      return toPlainEvents(events, plain);
    },
    reject(excerpt, why) {
      lineNumber += 1;
      accounting.lines += 1;
      accounting.malformed += 1;
      diagnose(lineNumber, excerpt, 'malformed', why);
    },
    finish() {
      outcome = undefined;
      holding = false;
      const said = () => (outcome === 'malformed' || outcome === 'unknown' ? { kind: outcome, reason } : undefined);
      const events = flushSource({ sourceId: source.id, parser, context, plain }, said, (kind, why) => {
        // What the source reported at the end belongs to no line; it is counted and told, never lost.
        accounting.atEnd += 1;
        diagnose(lineNumber, '', kind, why);
      });
      // A value still open at the end never closed: its lines are given back.
      if (held.count > 0) release('malformed', 'multi-line JSON document never closed');
      return events;
    },
  };
}

/** What {@link replayLines} returns. */
export interface ReplayResult {
  events: DisplayEvent[];
  diagnostics: Diagnostic[];
  accounting: LineAccounting;
}

/**
 * Runs a source over lines already split, synchronously: the quickest way to
 * test a source against a fixture. Blank lines are skipped as the pipeline
 * skips them.
 */
export function replayLines(source: DisplayEventSource, lines: Iterable<string>): ReplayResult {
  const diagnostics: Diagnostic[] = [];
  const processor = createLineProcessor(source, (d) => diagnostics.push(d));
  const events: DisplayEvent[] = [];
  for (const raw of lines) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') continue;
    for (const event of processor.process(line)) events.push(event);
  }
  for (const event of processor.finish()) events.push(event);
  return { events, diagnostics, accounting: { ...processor.accounting } };
}
