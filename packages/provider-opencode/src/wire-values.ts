import type { UsageDisplayEvent } from '@x/core';
import { numberField, objectField, parseJson, stringField, type JsonObject } from '@x/core/provider-utils';

/**
 * A message OpenCode left JSON-encoded (quirk 17): an in-stream error's body
 * as a quoted string (`"\"The server is overloaded.\""`) or as the object
 * the provider sent (`{"message":"…","type":…}`), read for its text.
 */
function unwrapped(message: string | undefined): string | undefined {
  const trimmed = message?.trim();
  if (trimmed === undefined || !(trimmed.startsWith('"') || trimmed.startsWith('{'))) return message;
  // Through core's parseJson: its look at the text's shape refuses a message
  // that would build far more than its length in objects, as a line would be.
  const parsed = parseJson(trimmed);
  if (parsed === undefined) return message;
  const text = typeof parsed.value === 'string' ? parsed.value : stringField(parsed.value, 'message');
  return text !== undefined && text.trim() !== '' ? text : message;
}

/** The message and error name of an OpenCode `error` (a string, or `{ name, data: { message } }`). */
export function errorMessage(error: unknown): { message: string; code?: string } {
  if (typeof error === 'string') return { message: error === '' ? 'Unknown error' : error };
  const name = stringField(error, 'name');
  const message = unwrapped(stringField(objectField(error, 'data'), 'message') ?? stringField(error, 'message'));
  const text = message !== undefined && message !== '' ? message : (name ?? 'Unknown error');
  return name === undefined ? { message: text } : { message: text, code: name };
}

/** `providerID/modelID` of a message or session, flat or nested (quirk 7). */
export function modelOf(info: JsonObject): string | undefined {
  // v1.4+ exports nest the model as `model.{providerID, modelID}` (quirk 7).
  const nested = objectField(info, 'model');
  const modelID = stringField(info, 'modelID') ?? stringField(nested, 'modelID') ?? stringField(nested, 'id');
  if (modelID === undefined || modelID === '') return undefined;
  const providerID = stringField(info, 'providerID') ?? stringField(nested, 'providerID');
  return providerID === undefined || providerID === '' ? modelID : `${providerID}/${modelID}`;
}

/**
 * The usage event of a step-finish part (`tokens`, `cost`), or `undefined`
 * when it has neither. Shared by the live parser and the session-log source.
 */
export function stepUsage(part: JsonObject, model: string | undefined): UsageDisplayEvent | undefined {
  const tokens = objectField(part, 'tokens');
  const cost = numberField(part, 'cost');
  if (tokens === undefined && cost === undefined) return undefined;
  const usage: UsageDisplayEvent = { kind: 'usage', cumulative: false };
  if (model !== undefined) usage.model = model;
  const input = numberField(tokens, 'input');
  const output = numberField(tokens, 'output');
  const reasoning = numberField(tokens, 'reasoning');
  const cache = objectField(tokens, 'cache');
  const cacheRead = numberField(cache, 'read');
  const cacheWrite = numberField(cache, 'write');
  // OpenCode's `input` leaves out the cached tokens; @x counts every input token in inputTokens.
  if (input !== undefined) usage.inputTokens = input + (cacheRead ?? 0) + (cacheWrite ?? 0);
  if (output !== undefined) usage.outputTokens = output;
  if (reasoning !== undefined) usage.reasoningTokens = reasoning;
  if (cacheRead !== undefined) usage.cacheReadTokens = cacheRead;
  if (cacheWrite !== undefined) usage.cacheWriteTokens = cacheWrite;
  if (cost !== undefined) usage.costUsd = cost;
  return usage;
}

/** An epoch-milliseconds time as the ISO 8601 string events carry, or `undefined` when it is no valid time. */
export function isoTime(ms: number | undefined): string | undefined {
  if (ms === undefined || !Number.isFinite(ms)) return undefined;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
