import type { Detection } from '@x/core';
import { arrayField, isJsonObject, numberField, objectField, ownField, parseJson, stringField, type JsonObject } from '@x/core/provider-utils';

const NONE: Detection = { confidence: 0, evidence: 'no goose stream-json line' };

// What each line type carries beside `type`, and how much only goose writes
// that combination. Gemini's `message` has a string `content` and no nested
// `message`; Claude and OpenCode never use these types with these fields;
// OpenCode's `error` carries an object, Codex's a `message`.
function lineConfidence(line: JsonObject): Detection | undefined {
  switch (ownField(line, 'type')) {
    case 'message': {
      const message = objectField(line, 'message');
      if (stringField(message, 'role') !== undefined && numberField(message, 'created') !== undefined && arrayField(message, 'content') !== undefined) {
        return { confidence: 1, evidence: 'message line with a goose Message (role, created, content[])' };
      }
      return undefined;
    }
    case 'notification':
      if (stringField(line, 'extension_id') !== undefined) return { confidence: 1, evidence: 'notification line with extension_id' };
      return undefined;
    case 'complete':
      if (Object.hasOwn(line, 'total_tokens')) return { confidence: 0.9, evidence: 'complete line with total_tokens' };
      return undefined;
    case 'error':
      // `{"type":"error","error":"..."}` alone is a weak sign: an error is all a failed run may print.
      if (stringField(line, 'error') !== undefined && Object.keys(line).length === 2) return { confidence: 0.6, evidence: 'error line with only a string error' };
      return undefined;
    default:
      return undefined;
  }
}

/**
 * How sure it is that lines are `goose run --output-format stream-json`
 * output. Lines that are not JSON objects (stderr mixed in) are skipped.
 * Never throws.
 */
export function detectGoose(lines: readonly string[]): Detection {
  let best = NONE;
  for (const line of lines) {
    const parsed = parseJson(line);
    if (parsed === undefined || !isJsonObject(parsed.value)) continue;
    const found = lineConfidence(parsed.value);
    if (found !== undefined && found.confidence > best.confidence) best = found;
    if (best.confidence === 1) break;
  }
  return best;
}
