/**
 * Reading untrusted JSON. `JSON.parse` itself never touches a prototype (a
 * `__proto__` key becomes an own property), so the risk is in how parsed
 * values are read afterwards: these helpers only ever read own properties.
 */

import { jsonShapeRefusal } from './json-shape.js';

/** A parsed JSON object. */
export type JsonObject = Record<string, unknown>;

/**
 * Parses one line of JSON; `undefined` when it is not JSON, or when its shape
 * would cost more memory than its length warrants ({@link jsonShapeRefusal}
 * says why). Never throws.
 */
export function parseJson(text: string): { value: unknown } | undefined {
  if (jsonShapeRefusal(text) !== undefined) return undefined;
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** Whether a value is a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An own property of an object, or `undefined`; safe for `__proto__` and `constructor`. */
export function ownField(value: unknown, key: string): unknown {
  if (!isJsonObject(value) || !Object.hasOwn(value, key)) return undefined;
  return value[key];
}

/** An own string property, or `undefined`. */
export function stringField(value: unknown, key: string): string | undefined {
  const field = ownField(value, key);
  return typeof field === 'string' ? field : undefined;
}

/** An own finite number property, or `undefined`. */
export function numberField(value: unknown, key: string): number | undefined {
  const field = ownField(value, key);
  return typeof field === 'number' && Number.isFinite(field) ? field : undefined;
}

/** An own object property, or `undefined`. */
export function objectField(value: unknown, key: string): JsonObject | undefined {
  const field = ownField(value, key);
  return isJsonObject(field) ? field : undefined;
}

/** An own array property, or `undefined`. */
export function arrayField(value: unknown, key: string): unknown[] | undefined {
  const field = ownField(value, key);
  return Array.isArray(field) ? field : undefined;
}

/**
 * Decodes a value that may be a JSON-encoded string of an object or array
 * (Codex function calls, OpenAI tool-call `arguments`). Anything else, and a
 * string that is not such JSON, is returned as it is.
 */
export function decodeJsonString(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const first = value.trimStart()[0];
  if (first !== '{' && first !== '[') return value;
  const parsed = parseJson(value);
  return parsed === undefined ? value : parsed.value;
}
