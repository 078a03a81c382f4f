import {
  arrayField,
  createJsonDocumentReader,
  createToolCallTracker,
  defineSource,
  isJsonObject,
  objectField,
  type DisplayEventSource,
  type SourceParser,
} from '@x/core';
import { detectOpenCodeLog } from './log-detect.js';
import { exportEvents } from './log-events.js';
import { OPENCODE_TOOL_ALIASES } from './tool-names.js';

function createParser(): SourceParser {
  const reader = createJsonDocumentReader();
  const tools = createToolCallTracker({ aliases: OPENCODE_TOOL_ALIASES });
  return {
    parse(line, context) {
      const read = reader.read(line, context);
      if (read.status === 'pending') {
        context.ignore('line of a multi-line export document');
        return [];
      }
      if (read.status === 'invalid') {
        context.malformed(read.reason);
        return [];
      }
      if (!isJsonObject(read.value)) {
        context.malformed('JSON value that is not an object');
        return [];
      }
      if (objectField(read.value, 'info') === undefined || arrayField(read.value, 'messages') === undefined) {
        context.unknown('JSON object that is no export document (no info and messages)');
        return [];
      }
      // Each document is a session of its own: a call id it repeats is another call.
      tools.newScope();
      return exportEvents(read.value, tools);
    },
    flush(context) {
      const unclosed = reader.end();
      if (unclosed !== undefined && unclosed.status === 'invalid') context.malformed(unclosed.reason);
      return [];
    },
  };
}

/**
 * Creates the OpenCode session-log source: the `opencode export <id>`
 * document `{ info: Session, messages: [{ info: Message, parts: Part[] }] }`,
 * or one assembled from OpenCode's storage by `storageToExport`. A
 * document gives its events when its closing line arrives.
 */
export function createOpenCodeLogSource(): DisplayEventSource {
  return defineSource({
    specificationVersion: 'v1',
    id: 'opencode-log',
    displayName: 'OpenCode session log',
    cadence: 'streaming',
    detect: detectOpenCodeLog,
    createParser,
  });
}

/** The default OpenCode session-log source instance. */
export const openCodeLogSource: DisplayEventSource = createOpenCodeLogSource();
