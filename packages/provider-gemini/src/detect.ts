import type { Detection } from '@x/core';
import { detectFromLines, isJsonObject, objectField, ownField, parseJson, type JsonObject } from '@x/core/provider-utils';

const NONE: Detection = { confidence: 0, evidence: 'no Gemini CLI event or JSON output document' };

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

// What each stream-json event type carries beside `type`, with how much only
// Gemini writes that combination (Claude's `result` has a `subtype`, Codex's
// `error` no `severity`).
function streamEventConfidence(event: JsonObject): Detection | undefined {
  const has = (key: string) => isString(ownField(event, key));
  switch (ownField(event, 'type')) {
    case 'init':
      if (has('session_id') && has('model') && has('timestamp') && !Object.hasOwn(event, 'subtype')) {
        return { confidence: 1, evidence: 'stream-json init line with session_id, model and timestamp' };
      }
      return undefined;
    case 'tool_use':
      if (has('tool_name') && has('tool_id')) return { confidence: 1, evidence: 'stream-json tool_use line with tool_name and tool_id' };
      return undefined;
    case 'tool_result':
      if (has('tool_id') && has('status')) return { confidence: 1, evidence: 'stream-json tool_result line with tool_id and status' };
      return undefined;
    case 'message':
      if (has('role') && has('content') && has('timestamp')) return { confidence: 0.9, evidence: 'stream-json message line with role and content' };
      return undefined;
    case 'error':
      if (has('severity') && has('message')) return { confidence: 0.9, evidence: 'stream-json error line with severity' };
      return undefined;
    case 'result': {
      const status = ownField(event, 'status');
      if ((status === 'success' || status === 'error') && !Object.hasOwn(event, 'subtype')) {
        return { confidence: 0.9, evidence: 'stream-json result line with status' };
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

// `--output-format json` prints JsonOutput; it has no `type`, unlike Claude's
// json result, and a fatal error comes with the session id, unlike an
// OpenAI-compatible error body.
function documentConfidence(doc: JsonObject): Detection | undefined {
  if (Object.hasOwn(doc, 'type') || Object.hasOwn(doc, 'object')) return undefined;
  const models = objectField(objectField(doc, 'stats'), 'models');
  if (models !== undefined && objectField(objectField(doc, 'stats'), 'tools') !== undefined) {
    return { confidence: 1, evidence: 'JSON output document with SessionMetrics stats' };
  }
  if (isString(ownField(doc, 'response'))) return { confidence: 0.9, evidence: 'JSON output document with response' };
  if (isString(ownField(doc, 'session_id')) && isJsonObject(ownField(doc, 'error'))) {
    return { confidence: 0.8, evidence: 'JSON output error document with session_id' };
  }
  return undefined;
}

// The top-level keys of a pretty-printed JsonOutput, as the first lines of a
// document too long for the detection sample show them.
const DOCUMENT_KEY = /^ {2}"(response|stats)": /;

const NO_LINE: Detection = { confidence: 0, evidence: '' };

/** How sure one line makes it: a stream-json event, or a JSON output document printed on one line. */
function scoreLine(value: unknown): Detection {
  if (!isJsonObject(value)) return NO_LINE;
  return (Object.hasOwn(value, 'type') ? streamEventConfidence(value) : documentConfidence(value)) ?? NO_LINE;
}

/** A pretty-printed JSON output document: whole, or the first lines of one too long for the sample. */
function detectDocument(lines: readonly string[]): Detection {
  const whole = parseJson(lines.join('\n'));
  if (whole !== undefined && isJsonObject(whole.value)) return documentConfidence(whole.value) ?? NONE;
  if (lines.some((line) => DOCUMENT_KEY.test(line))) return { confidence: 0.8, evidence: 'first lines of a pretty-printed JSON output document' };
  return NONE;
}

/**
 * How sure it is that lines are Gemini CLI output: `stream-json` events, or
 * the `--output-format json` document (whole or its first lines). Lines that
 * are not JSON (stderr noise mixed in) are skipped. Never throws.
 */
export function detectGemini(lines: readonly string[]): Detection {
  const first = lines.find((line) => line.trim() !== '');
  if (first?.trim() === '{') return detectDocument(lines);
  return detectFromLines(lines, scoreLine, { none: NONE });
}
