import { parseJson } from './json-value.js';

/** What a line added to a {@link JsonDocumentReader}. */
export type JsonLineRead =
  | { status: 'value'; value: unknown }
  | { status: 'pending' }
  | { status: 'invalid'; reason: string };

/**
 * Reads JSON values from lines, whether each line is one value (NDJSON) or a
 * value is pretty-printed across many lines (Gemini and Claude
 * `--output-format json`, a chat-completion body saved by `curl`).
 */
export interface JsonDocumentReader {
  read(line: string): JsonLineRead;
  /** Ends the stream: an open document that never closed is reported as invalid. */
  end(): JsonLineRead | undefined;
}

/** The largest multi-line document buffered before it is given up as invalid. */
export const DEFAULT_MAX_DOCUMENT_CHARS = 64 * 1024 * 1024;

/**
 * Creates a {@link JsonDocumentReader}. Each line is tried as JSON on its own
 * first, so NDJSON costs one `JSON.parse` per line. A document is collected
 * only when a line is exactly `{` or `[` (how `JSON.stringify(v, null, 2)` and
 * its peers begin), and is parsed when a line starts with the closing bracket.
 */
export function createJsonDocumentReader(options: { maxDocumentChars?: number } = {}): JsonDocumentReader {
  const max = options.maxDocumentChars ?? DEFAULT_MAX_DOCUMENT_CHARS;
  let parts: string[] | undefined;
  let size = 0;

  return {
    read(line) {
      if (parts === undefined) {
        const parsed = parseJson(line);
        if (parsed !== undefined) return { status: 'value', value: parsed.value };
        const trimmed = line.trim();
        if (trimmed === '{' || trimmed === '[') {
          parts = [line];
          size = line.length;
          return { status: 'pending' };
        }
        return { status: 'invalid', reason: 'not JSON' };
      }
      // An unindented line that is a JSON value on its own means the open
      // "document" was a stray bracket line: give it up rather than swallow the stream.
      const start = line[0];
      if (start === '{' || start === '[') {
        const alone = parseJson(line);
        if (alone !== undefined) {
          parts = undefined;
          return { status: 'value', value: alone.value };
        }
      }
      parts.push(line);
      size += line.length + 1;
      if (size > max) {
        parts = undefined;
        return { status: 'invalid', reason: `multi-line JSON document larger than ${max} characters` };
      }
      const first = line[0];
      if (first === '}' || first === ']') {
        const parsed = parseJson(parts.join('\n'));
        if (parsed !== undefined) {
          parts = undefined;
          return { status: 'value', value: parsed.value };
        }
      }
      return { status: 'pending' };
    },
    end() {
      if (parts === undefined) return undefined;
      parts = undefined;
      return { status: 'invalid', reason: 'multi-line JSON document never closed' };
    },
  };
}
