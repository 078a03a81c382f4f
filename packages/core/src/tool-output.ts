import { decodeJsonString, isJsonObject, ownField, type JsonObject } from './json-value.js';

/** What could be read from a tool's output. */
export type ExtractedOutput = { state: 'text'; text: string } | { state: 'empty'; text: '' } | { state: 'unavailable' };

/** The keys output sits under, in the order they are tried. */
export const OUTPUT_FIELDS = ['output', 'content', 'text', 'value', 'data', 'result', 'stdout'] as const;

const MAX_DEPTH = 8;
const UNAVAILABLE: ExtractedOutput = { state: 'unavailable' };
const EMPTY: ExtractedOutput = { state: 'empty', text: '' };

function fromText(text: string): ExtractedOutput {
  return text === '' ? EMPTY : { state: 'text', text };
}

function fromBlocks(blocks: unknown[], depth: number): ExtractedOutput {
  const parts: string[] = [];
  let sawEmpty = false;
  for (const block of blocks) {
    const extracted = extract(block, depth + 1, false);
    if (extracted.state === 'text') parts.push(extracted.text);
    else if (extracted.state === 'empty') sawEmpty = true;
  }
  if (parts.length > 0) return { state: 'text', text: parts.join('\n') };
  if (sawEmpty || blocks.length === 0) return EMPTY;
  return UNAVAILABLE;
}

function fromString(value: string, depth: number, decodeStrings: boolean): ExtractedOutput {
  if (!decodeStrings) return fromText(value);
  const decoded = decodeJsonString(value);
  if (decoded === value) return fromText(value);
  // A JSON string counts only when it holds a recognised shape; otherwise the
  // JSON text is the output (a Read of package.json, say).
  const inner = extract(decoded, depth + 1, false);
  return inner.state === 'unavailable' ? fromText(value) : inner;
}

function fromObject(value: JsonObject, depth: number): ExtractedOutput {
  // Claude's Read result: { type: 'text', file: { content } }.
  const file = ownField(value, 'file');
  if (isJsonObject(file) && Object.hasOwn(file, 'content')) return extract(file.content, depth + 1, false);
  // An image or other non-text block has nothing to show as text.
  const type = ownField(value, 'type');
  if (typeof type === 'string' && type !== 'text' && !Object.hasOwn(value, 'text') && !Object.hasOwn(value, 'content')) {
    return UNAVAILABLE;
  }
  for (const key of OUTPUT_FIELDS) {
    if (Object.hasOwn(value, key)) {
      const inner = extract(value[key], depth + 1, true);
      if (inner.state !== 'unavailable') return inner;
    }
  }
  return UNAVAILABLE;
}

function extract(value: unknown, depth: number, decodeStrings: boolean): ExtractedOutput {
  if (depth > MAX_DEPTH || value === null || value === undefined) return UNAVAILABLE;
  if (typeof value === 'string') return fromString(value, depth, decodeStrings);
  if (typeof value === 'number' || typeof value === 'boolean') return fromText(String(value));
  if (Array.isArray(value)) return fromBlocks(value, depth);
  return isJsonObject(value) ? fromObject(value, depth) : UNAVAILABLE;
}

/**
 * Extracts the text of a tool's output from any shape providers use:
 * `file.content`, `output`, `content`, `text`, `value`, `data`, `result`,
 * `stdout`, arrays of text blocks, plain strings, and JSON strings of those.
 * Tells three outcomes apart: text found, found and empty, and nothing
 * extractable (`null`, `undefined`, an unknown object, an image).
 */
export function extractToolOutput(value: unknown): ExtractedOutput {
  return extract(value, 0, true);
}
