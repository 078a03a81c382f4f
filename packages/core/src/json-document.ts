import { jsonShapeRefusal } from './json-shape.js';
import { parseJson } from './json-value.js';
import type { LineContext } from './source.js';

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
  /**
   * Reads one line. Given the line's context, a line that opens or continues
   * a document is held (see {@link LineContext.hold}) and counted once the
   * document is read (ignored) or given back (malformed), so every line is
   * accounted for exactly once.
   */
  read(line: string, context?: LineContext): JsonLineRead;
  /**
   * Ends the stream: an open document that never closed is returned as
   * invalid, for a source that wants to say more (a notice, an incomplete
   * session). Its held lines are given back by the line processor, each
   * counted and reported as malformed: a source need not report them again.
   */
  end(): JsonLineRead | undefined;
}

/** The largest multi-line document buffered before it is given up as invalid. */
export const DEFAULT_MAX_DOCUMENT_CHARS = 64 * 1024 * 1024;

const NEVER_CLOSED = 'multi-line JSON document never closed';

/** Whether a line starts with a space or a tab: a line inside a pretty-printed document. */
function indented(line: string): boolean {
  const first = line.charCodeAt(0);
  return first === 32 || first === 9;
}

/**
 * Creates a {@link JsonDocumentReader}. Each line is tried as JSON on its own
 * first, so NDJSON costs one `JSON.parse` per line. A document opens only at
 * a line that is exactly `{` or `[` at the margin (how `JSON.stringify(v,
 * null, 2)` and its peers begin); its inner lines are indented, and the first
 * line at the margin ends it: a closing bracket is parsed with the document,
 * once, and anything else means the opener was a stray line. A document that
 * does not parse, grows past `maxDocumentChars`, or is interrupted gives its
 * lines back as malformed, and the reader goes on with the next line as if
 * no document had opened. Each line is looked at a bounded number of times,
 * so reading is linear in the input.
 */
export function createJsonDocumentReader(options: { maxDocumentChars?: number } = {}): JsonDocumentReader {
  const max = options.maxDocumentChars ?? DEFAULT_MAX_DOCUMENT_CHARS;
  let parts: string[] | undefined;
  let size = 0;

  const giveUp = (context: LineContext | undefined, reason: string) => {
    parts = undefined;
    context?.release?.('malformed', reason);
  };

  const continueDocument = (open: string[], line: string, context: LineContext | undefined): JsonLineRead => {
    open.push(line);
    size += line.length + 1;
    if (size > max) {
      const reason = `multi-line JSON document larger than ${max} characters`;
      giveUp(context, reason);
      return { status: 'invalid', reason };
    }
    context?.hold?.();
    return { status: 'pending' };
  };

  const closeDocument = (open: string[], line: string, context: LineContext | undefined): JsonLineRead => {
    open.push(line);
    parts = undefined;
    const parsed = parseJson(open.join('\n'));
    if (parsed === undefined) {
      const reason = 'multi-line JSON document that does not parse';
      context?.release?.('malformed', reason);
      return { status: 'invalid', reason };
    }
    context?.release?.('ignored', 'part of a multi-line JSON document');
    return { status: 'value', value: parsed.value };
  };

  return {
    read(line, context) {
      if (parts !== undefined) {
        if (indented(line)) return continueDocument(parts, line, context);
        const first = line[0];
        if (first === '}' || first === ']') return closeDocument(parts, line, context);
        // A line at the margin that does not close the document: the opener
        // was a stray line. Its lines are given back, and this one is read afresh.
        giveUp(context, `${NEVER_CLOSED}: a line at the margin came before its closing bracket`);
      }
      const parsed = parseJson(line);
      if (parsed !== undefined) return { status: 'value', value: parsed.value };
      const opener = line.trimEnd();
      if (opener === '{' || opener === '[') {
        parts = [line];
        size = line.length;
        context?.hold?.();
        return { status: 'pending' };
      }
      return { status: 'invalid', reason: jsonShapeRefusal(line) ?? 'not JSON' };
    },
    end() {
      if (parts === undefined) return undefined;
      parts = undefined;
      return { status: 'invalid', reason: NEVER_CLOSED };
    },
  };
}

/**
 * The value of a line read by `reader`, or `undefined` after telling
 * `context` why there is none yet or none at all: a line of a multi-line
 * document still open (ignored; its lines are counted when it closes), or a
 * document that does not parse (malformed). The one place a source handles
 * what the reader says of a line.
 */
export function readJsonLine(reader: JsonDocumentReader, line: string, context: LineContext): { value: unknown } | undefined {
  const read = reader.read(line, context);
  if (read.status === 'pending') {
    context.ignore('line of a multi-line JSON document that is still open');
    return undefined;
  }
  if (read.status === 'invalid') {
    context.malformed(read.reason);
    return undefined;
  }
  return { value: read.value };
}
