import type { Detection } from '@x/core';
import { arrayField, detectFromLines, isJsonObject, numberField, objectField, ownField, parseJson, stringField, unframeSseLine } from '@x/core/provider-utils';

const NONE: Detection = { confidence: 0, evidence: 'no chat completion, Response, stream event or error body' };
const OBJECT_LINE = /^\s*"object"\s*:\s*"(chat\.completion(?:\.chunk)?|response)"\s*,?\s*$/;
/** How many leading lines detect looks at, as the registry samples them. */
const SAMPLE_LINES = 20;

/** A Chat Completions body, chunk or error body. */
function scoreChat(value: Record<string, unknown>): Detection | undefined {
  const object = stringField(value, 'object');
  if (object === 'chat.completion' || object === 'chat.completion.chunk') return { confidence: 1, evidence: `"object": "${object}"` };
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
  return undefined;
}

/** A Responses API body or stream event. */
function scoreResponses(value: Record<string, unknown>): Detection | undefined {
  const type = stringField(value, 'type');
  if (stringField(value, 'object') === 'response' && type === undefined) return { confidence: 1, evidence: '"object": "response"' };
  const numbered = numberField(value, 'sequence_number') !== undefined;
  if (type?.startsWith('response.') === true) {
    // `response.created` and kin carry the whole `Response`; the others a `sequence_number` (compatible servers may drop it).
    if (numbered || stringField(objectField(value, 'response'), 'object') === 'response') return { confidence: 1, evidence: `"type": "${type}"` };
    return { confidence: 0.8, evidence: `"type": "${type}" without "sequence_number"` };
  }
  // Other tools print `{"type": "error"}` too (Codex, OpenCode): only the numbered one is a Responses event.
  if (type === 'error' && numbered) return { confidence: 0.9, evidence: '"type": "error" with a "sequence_number"' };
  return undefined;
}

function score(value: unknown): Detection {
  if (!isJsonObject(value)) return NONE;
  return scoreChat(value) ?? scoreResponses(value) ?? NONE;
}

/**
 * Whether the first lines of a stream are what an OpenAI-compatible server
 * returns from either API: `1` for a chat-completion body or chunk that names
 * its `object`, a `Response` body or a numbered Responses stream event; lower
 * for an Azure first chunk, a body without `object`, an event without its
 * `sequence_number`, a numbered `error` event or an error body.
 * Pretty-printed bodies are recognised whole or by their `"object"` line. SSE
 * framing is taken off first. Never throws.
 */
export function detectOpenAICompatible(lines: readonly string[]): Detection {
  const payloads: string[] = [];
  for (const line of lines.slice(0, SAMPLE_LINES)) {
    const framed = unframeSseLine(line);
    if (framed.kind === 'data' && framed.text.trim() !== '') payloads.push(framed.text);
  }
  const best = detectFromLines(payloads, score, { none: NONE });
  if (best.confidence === 1 || payloads[0]?.trim() !== '{') return best;
  // A pretty-printed document: whole within the sample, or recognised by its `"object"` line.
  const whole = parseJson(payloads.join('\n'));
  const found = whole === undefined ? undefined : score(whole.value);
  const match = whole === undefined ? payloads.map((text) => OBJECT_LINE.exec(text)).find((m) => m !== null) : undefined;
  const pretty: Detection | undefined = found ?? (match ? { confidence: 0.9, evidence: `pretty-printed "object": "${match[1]}"` } : undefined);
  return pretty !== undefined && pretty.confidence > best.confidence ? pretty : best;
}
