import { decodeJsonString, isJsonObject, ownField } from './json-value.js';
import { PREVIEW_MAX_CHARS, toOneLine } from './text-limits.js';

/**
 * The input fields that identify a call, most telling first. The first one
 * present with a usable value is the preview.
 */
export const PREVIEW_FIELDS = [
  'file_path',
  'filePath',
  'absolute_path',
  'notebook_path',
  'path',
  'dir_path',
  'command',
  'cmd',
  'pattern',
  'url',
  'query',
  'description',
] as const;

function previewValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // argv arrays, such as Codex's legacy `["bash", "-lc", "ls"]`.
  if (Array.isArray(value) && value.length > 0 && value.every((part) => typeof part === 'string')) {
    return value.join(' ');
  }
  return undefined;
}

/**
 * A single-line preview of a tool's input, at most 40 characters, taken from a
 * known field (`file_path`, `command`, `pattern`, `url`, `query`, ...). Input
 * that arrives as a JSON-encoded string is decoded first; a string that is not
 * JSON is previewed as it is. An object with no known field gives `""`, never
 * raw JSON. `preferFields` are tried first (a search is told by its
 * `pattern` before its `path`).
 */
export function previewToolInput(input: unknown, preferFields: readonly string[] = []): string {
  const decoded = decodeJsonString(input);
  if (typeof decoded === 'string') return toOneLine(decoded, PREVIEW_MAX_CHARS);
  if (!isJsonObject(decoded)) return '';
  for (const field of preferFields.length === 0 ? PREVIEW_FIELDS : [...preferFields, ...PREVIEW_FIELDS]) {
    const text = previewValue(ownField(decoded, field));
    if (text !== undefined) return toOneLine(text, PREVIEW_MAX_CHARS);
  }
  return '';
}
