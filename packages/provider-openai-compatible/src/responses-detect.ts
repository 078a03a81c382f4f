import { type Detection } from '@x/core';
import { isJsonObject, numberField, objectField, parseJson, stringField, unframeSseLine } from '@x/core/provider-utils';

const NONE: Detection = { confidence: 0, evidence: 'no Response body or Responses stream event' };
const OBJECT_LINE = /^\s*"object"\s*:\s*"response"\s*,?\s*$/;
/** How many leading lines detect looks at, as the registry samples them. */
const SAMPLE_LINES = 20;

function detectValue(value: unknown): Detection {
  if (!isJsonObject(value)) return NONE;
  if (stringField(value, 'object') === 'response' && stringField(value, 'type') === undefined) {
    return { confidence: 1, evidence: '"object": "response"' };
  }
  const type = stringField(value, 'type');
  const numbered = numberField(value, 'sequence_number') !== undefined;
  if (type?.startsWith('response.') === true) {
    // `response.created` and kin carry the whole `Response`; the others a `sequence_number` (compatible servers may drop it).
    if (numbered || stringField(objectField(value, 'response'), 'object') === 'response') return { confidence: 1, evidence: `"type": "${type}"` };
    return { confidence: 0.8, evidence: `"type": "${type}" without "sequence_number"` };
  }
  // Other tools print `{"type": "error"}` too (Codex, OpenCode): only the numbered one is a Responses event.
  if (type === 'error' && numbered) return { confidence: 0.9, evidence: '"type": "error" with a "sequence_number"' };
  return NONE;
}

function better(a: Detection, b: Detection): Detection {
  return b.confidence > a.confidence ? b : a;
}

/**
 * Whether the first lines of a stream are the OpenAI Responses API: `1` for a
 * `Response` body (`"object": "response"`) or a stream event
 * (`"type": "response.*"`), lower for an event without its `sequence_number`
 * or a numbered `error` event. Pretty-printed bodies are recognised by their
 * `"object"` line. Never throws.
 */
export function detectResponses(lines: readonly string[]): Detection {
  let best = NONE;
  const payloads: string[] = [];
  for (const line of lines.slice(0, SAMPLE_LINES)) {
    const framed = unframeSseLine(line);
    if (framed.kind !== 'data' || framed.text.trim() === '') continue;
    payloads.push(framed.text);
    const parsed = parseJson(framed.text);
    if (parsed !== undefined) best = better(best, detectValue(parsed.value));
    if (best.confidence === 1) return best;
  }
  if (payloads[0]?.trim() === '{') {
    const whole = parseJson(payloads.join('\n'));
    if (whole !== undefined) return better(best, detectValue(whole.value));
    if (payloads.some((text) => OBJECT_LINE.test(text))) return better(best, { confidence: 0.9, evidence: 'pretty-printed "object": "response"' });
  }
  return best;
}
