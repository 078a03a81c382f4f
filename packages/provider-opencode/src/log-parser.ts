import type { DisplayEvent, LineContext, SourceParser } from '@x/core';
import { isJsonObject, readJsonLine } from '@x/core/provider-utils';
import { exportEvents } from './log-session.js';
import { createOpenCodeLogState, type OpenCodeLogState } from './log-state.js';
import { exportDocumentSchema } from './log-wire-schema.js';
import { firstIssue } from './wire-schema.js';

function parseLogLine(state: OpenCodeLogState, line: string, context: LineContext): DisplayEvent[] {
  const read = readJsonLine(state.reader, line, context);
  if (read === undefined) return [];
  if (!isJsonObject(read.value)) {
    context.malformed('JSON value that is not an object');
    return [];
  }
  const doc = exportDocumentSchema.safeParse(read.value);
  if (!doc.success) {
    // Without an `info` object and a `messages` array it is some other document; with them, a broken export.
    const issue = doc.error.issues[0];
    if (issue !== undefined && issue.path.length > 1) context.malformed(`export document: ${firstIssue(doc.error)}`);
    else context.unknown('JSON object that is no export document (no info and messages)');
    return [];
  }
  // Each document is a session of its own: a call id it repeats is another call.
  state.tools.newScope();
  return exportEvents(state, doc.data);
}

/**
 * Creates the per-stream parser of OpenCode session logs: `opencode export`
 * documents, pretty-printed over many lines or one per line, each read when
 * its closing line arrives.
 */
export function createOpenCodeLogParser(): SourceParser {
  const state = createOpenCodeLogState();
  return {
    parse: (line, context) => parseLogLine(state, line, context),
    flush() {
      // A document still open is forgotten here; core gives its held lines back as malformed, each reported.
      state.reader.end();
      return [];
    },
  };
}
