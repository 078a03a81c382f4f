import type { Detection } from '@x/core';
import { isJsonObject, ownField, parseJson, stringField } from '@x/core/provider-utils';
import { isLegacyDocument } from './legacy-document.js';

/**
 * Persisted session event types that the CLI never writes to stdout
 * (`--output-format json` filters them out): seeing one says the lines are a
 * session-state `events.jsonl`. `assistant.usage` is ephemeral as well, but
 * a replay that carries it is no stdout either.
 */
const LOG_ONLY_TYPES: ReadonlySet<string> = new Set([
  'session.shutdown',
  'session.model_change',
  'session.mode_changed',
  'session.plan_changed',
  'session.truncation',
  'session.snapshot_rewind',
  'session.compaction_start',
  'session.compaction_complete',
  'system.message',
  'hook.start',
  'hook.end',
  'assistant.usage',
]);

/** What the first lines of a Copilot event stream say about where they come from. */
export interface CopilotStreamKind {
  /** A line only a session-state log has. */
  logOnly: string | undefined;
  /** A line only stdout has: an ephemeral event or the final `result`. */
  stdoutOnly: string | undefined;
  /** A `session.start` or `session.resume` envelope (either place). */
  sessionStart: boolean;
}

/** Looks at each line's `type` and `ephemeral` flag. Never throws. */
export function classifyCopilotLines(lines: readonly string[]): CopilotStreamKind {
  const kind: CopilotStreamKind = { logOnly: undefined, stdoutOnly: undefined, sessionStart: false };
  for (const line of lines) {
    const parsed = parseJson(line);
    if (parsed === undefined || !isJsonObject(parsed.value)) continue;
    const type = stringField(parsed.value, 'type');
    if (type === undefined) continue;
    if (type === 'result' || ownField(parsed.value, 'ephemeral') === true) kind.stdoutOnly ??= type;
    else if (LOG_ONLY_TYPES.has(type) && isJsonObject(ownField(parsed.value, 'data'))) kind.logOnly ??= type;
    if ((type === 'session.start' || type === 'session.resume') && stringField(parsed.value, 'id') !== undefined) kind.sessionStart = true;
  }
  return kind;
}

/*
 * The first keys of a pretty-printed 0.0.340 history document (two spaces
 * of indent, as its first lines show them when the whole document does not
 * fit the sample). Gemini's ≤0.38 document has `sessionId` and `startTime`
 * too, but `projectHash` where this one has `chatMessages`.
 */
const HISTORY_KEY = /^ {2}"(sessionId|startTime|chatMessages)": /;

/** Whether lines that open a document are a 0.0.340 history document, whole or its first lines. */
function historyDocument(lines: readonly string[]): boolean {
  const whole = parseJson(lines.join('\n'));
  if (whole !== undefined) return isLegacyDocument(whole.value);
  return new Set(lines.flatMap((line) => HISTORY_KEY.exec(line)?.[1] ?? [])).size === 3;
}

/**
 * How sure it is that lines are a Copilot CLI session-state `events.jsonl`
 * (or a 0.0.340 history document).
 * The log holds the same event objects as `--output-format json`, minus the
 * ephemeral ones and the `result` line, plus types stdout filters out; lines
 * that hold neither kind of evidence are left to the stdout source.
 */
export function detectCopilotLog(lines: readonly string[]): Detection {
  if (lines.find((line) => line.trim() !== '')?.trim() === '{' && historyDocument(lines)) {
    return { confidence: 1, evidence: 'a Copilot CLI history document (sessionId, startTime, chatMessages)' };
  }
  const kind = classifyCopilotLines(lines);
  if (kind.stdoutOnly !== undefined) return { confidence: 0, evidence: `${kind.stdoutOnly} is a line only stdout carries` };
  if (kind.logOnly !== undefined) return { confidence: 1, evidence: `${kind.logOnly} is an event stdout never carries` };
  if (kind.sessionStart) return { confidence: 0.4, evidence: 'Copilot session events with nothing that tells a log from stdout' };
  return { confidence: 0, evidence: 'no Copilot session event' };
}
