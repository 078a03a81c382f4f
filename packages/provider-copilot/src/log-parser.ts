import type { DisplayEvent, LineContext, SourceParser } from '@x/core';
import { createJsonDocumentReader, quickAccept, type JsonDocumentReader } from '@x/core/provider-utils';
import { isLegacyDocument, legacyDocumentEvents } from './legacy-document.js';
import { compactionComplete, endWithoutShutdown, LOG_IGNORED, logSessionStart, shutdown, userMessage } from './log-events.js';
import { copilotLogLineSchema, logEventLineSchemas, type CopilotLogLine } from './log-wire-schema.js';
import { otherEvents } from './other-events.js';
import { copilotEvents, readCopilotLine } from './parser.js';
import { flushEvents } from './result-events.js';
import { createCopilotState, type CopilotSourceOptions, type CopilotState } from './state.js';
import { resultLineSchema, sharedEventLineSchemas, typesOf, type CopilotOtherLine } from './wire-schema.js';

/** The log's wire schema, with its common lines checked without zod (quickAccept). */
const copilotLogLine = quickAccept(copilotLogLineSchema);

/** The types {@link copilotLogLineSchema} knows. */
const COPILOT_LOG_LINE_TYPES = typesOf([resultLineSchema, ...sharedEventLineSchemas, ...logEventLineSchemas]);

/** The events of a line of a type the log parser shows: what only the log has, else as on stdout. */
function logEvents(state: CopilotState, line: CopilotLogLine, context: LineContext): DisplayEvent[] {
  switch (line.type) {
    case 'session.start':
      return logSessionStart(state, line.data, context);
    case 'user.message':
      return userMessage(line.data, line.id, context);
    case 'session.shutdown':
      return shutdown(state, line.data, line.timestamp);
    case 'session.compaction_complete':
      return compactionComplete(line.data);
    default:
      return copilotEvents(state, line, context);
  }
}

/** A line of a type without a handler: the log's own reasons first, then the stdout parser's. */
function logOtherEvents(line: CopilotOtherLine, context: LineContext): DisplayEvent[] {
  const reason = LOG_IGNORED.get(line.type);
  if (reason === undefined) return otherEvents(line, context);
  context.ignore(reason);
  return [];
}

/** The history document being read (0.0.340 and before): its reader, and whether a document is open in it. */
interface DocumentState {
  readonly reader: JsonDocumentReader;
  open: boolean;
}

/**
 * A line of a pretty-printed document, which opens at a line that is `{`
 * alone (an event line never is): held until the document closes, then read
 * as a history document. A line the reader hands back on its own (the
 * opener was a stray line) is read as an event line.
 */
function documentLine(state: CopilotState, doc: DocumentState, text: string, context: LineContext): DisplayEvent[] | undefined {
  const read = doc.reader.read(text, context);
  doc.open = read.status === 'pending';
  if (read.status === 'pending') {
    context.ignore('line of a history document that is still open');
    return [];
  }
  if (read.status === 'invalid') {
    context.malformed(read.reason);
    return [];
  }
  if (isLegacyDocument(read.value)) return legacyDocumentEvents(state, read.value, context);
  if (!text.startsWith('}')) return undefined;
  context.unknown('JSON document that is no Copilot history document (no sessionId and chatMessages)');
  return [];
}

/**
 * Creates the parser of one Copilot CLI session-state log: the stdout
 * parser's handling of the events both share, plus prompts, the session end
 * from `session.shutdown` and compaction markers; every event carries its
 * line's `timestamp`. It also reads the one-document session of Copilot CLI
 * 0.0.340 and before (legacy-document.ts), within core's document limit.
 */
export function createCopilotLogParser(options: CopilotSourceOptions = {}): SourceParser {
  const state = createCopilotState(options);
  const doc: DocumentState = { reader: createJsonDocumentReader(), open: false };
  return {
    parse(text, context) {
      // Every line passes here: the length is looked at before a trimmed copy is made (an event line is never this short).
      if (doc.open || (text.length < 16 && text.trimEnd() === '{')) {
        const events = documentLine(state, doc, text, context);
        if (events !== undefined) return events;
      }
      const read = readCopilotLine(text, context, copilotLogLine, COPILOT_LOG_LINE_TYPES);
      if (read === undefined) return [];
      const events = read.known ? logEvents(state, read.line, context) : logOtherEvents(read.line, context);
      const timestamp = read.line.timestamp;
      if (timestamp !== undefined) for (const event of events) event.timestamp ??= timestamp;
      return events;
    },
    // A session that crashed has no shutdown: it ends incomplete, unless its version writes none (0.0.x).
    // A history document still open is given back by the line processor, each line malformed.
    flush: () => {
      doc.reader.end();
      return flushEvents(state, endWithoutShutdown(state));
    },
  };
}
