import {
  defineSource,
  type Detection,
  type DisplayEventSource,
  type SourceParser,
} from '@x/core';
import {
  arrayField,
  createJsonDocumentReader,
  createToolCallTracker,
  isJsonObject,
  objectField,
  parseJson,
  stringField,
  type JsonObject,
} from '@x/core/provider-utils';
import { exportEvents } from './log-events.js';
import { OPENCODE_TOOL_ALIASES } from './tool-names.js';

const NONE: Detection = { confidence: 0, evidence: 'no OpenCode export document' };

function isExport(value: JsonObject): boolean {
  const info = objectField(value, 'info');
  return (stringField(info, 'id') ?? '').startsWith('ses_') && arrayField(value, 'messages') !== undefined;
}

// `opencode export` pretty-prints with two spaces: `{`, `  "info": {`,
// `    "id": "ses_…"`. No stdout format of OpenCode or another agent opens so.
const INFO_KEY = /^ {2}"info": \{$/;
const SESSION_ID = /^ {4}"id": "ses_/;

/**
 * How sure it is that lines are an `opencode export` document (pretty-printed
 * or on one line). Live OpenCode output is one event per line and never has a
 * top-level `info` with a `ses_` id beside `messages`. Never throws.
 */
export function detectOpenCodeLog(lines: readonly string[]): Detection {
  const nonBlank = lines.filter((line) => line.trim() !== '');
  const first = nonBlank[0];
  if (first === undefined) return NONE;
  if (first.trim() === '{') {
    const whole = parseJson(nonBlank.join('\n'));
    if (whole !== undefined) return isJsonObject(whole.value) && isExport(whole.value) ? { confidence: 1, evidence: 'opencode export document' } : NONE;
    if (nonBlank[1] !== undefined && INFO_KEY.test(nonBlank[1]) && nonBlank.slice(2).some((line) => SESSION_ID.test(line))) {
      return { confidence: 1, evidence: 'first lines of a pretty-printed opencode export document' };
    }
    return NONE;
  }
  const parsed = parseJson(first);
  if (parsed !== undefined && isJsonObject(parsed.value) && isExport(parsed.value)) return { confidence: 1, evidence: 'opencode export document on one line' };
  return NONE;
}

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
    flush() {
      // A document still open is forgotten here; core gives its held lines back as malformed, each reported.
      reader.end();
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
