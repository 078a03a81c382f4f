import { arrayField, isJsonObject, objectField, ownField, parseJson, stringField, unframeSseLine, type Detection } from '@x/core';
import { detectResponses } from './responses-detect.js';

const NONE: Detection = { confidence: 0, evidence: 'no chat-completion body, chunk or error body' };
const OBJECT_LINE = /^\s*"object"\s*:\s*"(chat\.completion(?:\.chunk)?)"\s*,?\s*$/;
/** How many leading lines detect looks at, as the registry samples them. */
const SAMPLE_LINES = 20;

function detectValue(value: unknown): Detection {
  if (!isJsonObject(value)) return NONE;
  const object = stringField(value, 'object');
  if (object === 'chat.completion' || object === 'chat.completion.chunk') {
    return { confidence: 1, evidence: `"object": "${object}"` };
  }
  const choices = arrayField(value, 'choices');
  // Azure's first chunk: `object: ""`, no choices, prompt filter results.
  if (object === '' && choices?.length === 0 && ownField(value, 'prompt_filter_results') !== undefined) {
    return { confidence: 0.9, evidence: 'Azure first chunk with prompt_filter_results' };
  }
  const first = choices?.[0];
  if (stringField(value, 'id') !== undefined && (objectField(first, 'delta') !== undefined || objectField(first, 'message') !== undefined)) {
    return { confidence: 0.8, evidence: 'choices with a delta or message, without "object"' };
  }
  const error = objectField(value, 'error');
  if (error !== undefined && Object.keys(value).length === 1 && stringField(error, 'message') !== undefined) {
    return { confidence: 0.6, evidence: 'an error body {"error": {"message", ...}}' };
  }
  return NONE;
}

function better(a: Detection, b: Detection): Detection {
  return b.confidence > a.confidence ? b : a;
}

/**
 * Whether the first lines of a stream are an OpenAI-compatible chat
 * completion: `1` for a body or chunk that names its `object`, lower for an
 * Azure first chunk, a body without `object`, or an error body. Pretty-printed
 * bodies are recognised by their `"object"` line. Never throws.
 */
export function detectChatCompletion(lines: readonly string[]): Detection {
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
  // A pretty-printed document: whole within the sample, or recognised by its `"object"` line.
  if (payloads[0]?.trim() === '{') {
    const whole = parseJson(payloads.join('\n'));
    if (whole !== undefined) return better(best, detectValue(whole.value));
    for (const text of payloads) {
      const match = OBJECT_LINE.exec(text);
      if (match) return better(best, { confidence: 0.9, evidence: `pretty-printed "object": "${match[1]}"` });
    }
  }
  return best;
}

/**
 * Whether the first lines are what an OpenAI-compatible server returns from
 * either API: the surer of {@link detectChatCompletion} and `detectResponses`.
 * Never throws.
 */
export function detectOpenAICompatible(lines: readonly string[]): Detection {
  const chat = detectChatCompletion(lines);
  const responses = detectResponses(lines);
  return responses.confidence > chat.confidence ? responses : chat;
}
