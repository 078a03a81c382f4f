import type { Detection } from '@x/core';
import { detectFromLines, isJsonObject, ownField, parseJson, type JsonObject } from '@x/core/provider-utils';

/**
 * The `type` values of a chat recording's `MessageRecord` (`chatRecordingTypes.d.ts`, 0.61.0).
 * Here, not beside the message handlers, so that detection loads no parser.
 */
export const MESSAGE_TYPES: ReadonlySet<string> = new Set(['user', 'gemini', 'info', 'error', 'warning']);

const NONE: Detection = { confidence: 0, evidence: 'no Gemini CLI chat recording' };
const NO_LINE: Detection = { confidence: 0, evidence: '' };

function isString(value: unknown): value is string {
  return typeof value === 'string';
}


// A ConversationRecord (the ≤0.38 document, or line 1 of a ≥0.39 JSONL
// file) has these three; no stdout format of any agent has `projectHash`.
function isConversationHead(value: JsonObject): boolean {
  return isString(ownField(value, 'sessionId')) && isString(ownField(value, 'projectHash')) && isString(ownField(value, 'startTime'));
}

function recordConfidence(value: JsonObject): Detection | undefined {
  if (isConversationHead(value)) return { confidence: 1, evidence: 'chat recording metadata with sessionId, projectHash and startTime' };
  if (isJsonObject(ownField(value, '$set')) || isString(ownField(value, '$rewindTo'))) {
    return { confidence: 0.6, evidence: 'chat recording $set or $rewindTo record' };
  }
  const type = ownField(value, 'type');
  // Stream-json events carry `role` or `tool_id`; a MessageRecord has an `id`
  // and `content` beside a type of its own vocabulary.
  if (
    isString(type) &&
    MESSAGE_TYPES.has(type) &&
    isString(ownField(value, 'id')) &&
    isString(ownField(value, 'timestamp')) &&
    Object.hasOwn(value, 'content') &&
    !Object.hasOwn(value, 'role')
  ) {
    return { confidence: 0.9, evidence: `chat recording MessageRecord of type ${type}` };
  }
  return undefined;
}

// The first keys of a pretty-printed ConversationRecord (JSON.stringify with
// two spaces), as the first lines of a document too long for the sample show them.
const DOCUMENT_KEY = /^ {2}"(sessionId|projectHash|startTime)": "/;

/**
 * How sure it is that lines are a Gemini CLI chat recording: the ≤0.38
 * pretty-printed `ConversationRecord` document (whole or its first lines) or
 * the ≥0.39 JSONL log (metadata line, `MessageRecord`s, `$set` and
 * `$rewindTo` records). Stream-json output has none of these shapes. Never throws.
 */
export function detectGeminiLog(lines: readonly string[]): Detection {
  const first = lines.find((line) => line.trim() !== '');
  if (first?.trim() === '{') {
    const whole = parseJson(lines.join('\n'));
    if (whole !== undefined && isJsonObject(whole.value)) return recordConfidence(whole.value) ?? NONE;
    const keys = new Set(lines.flatMap((line) => DOCUMENT_KEY.exec(line)?.[1] ?? []));
    if (keys.size === 3) return { confidence: 1, evidence: 'first lines of a pretty-printed ConversationRecord' };
    return NONE;
  }
  return detectFromLines(lines, (value) => (isJsonObject(value) ? recordConfidence(value) : undefined) ?? NO_LINE, { none: NONE });
}
