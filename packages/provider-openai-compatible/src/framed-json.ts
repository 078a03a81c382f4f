import { type DisplayEvent, type LineContext, type SourceParser } from '@x/core';
import { createJsonDocumentReader, unframeSseLine } from '@x/core/provider-utils';

/**
 * A parser of one OpenAI API's parsed JSON values, without the line framing
 * around them: what the Chat Completions and the Responses readers share with
 * {@link framedJsonParser}.
 */
export interface ValueParser {
  /** Translates one parsed value: a body, a chunk, a stream event or an error body. */
  parseValue(value: unknown, context: LineContext): DisplayEvent[];
  /** Whether a response is open (its stream has started and not ended). */
  isOpen(): boolean;
  /** The `[DONE]` sentinel: ends the open response. */
  done(context: LineContext): DisplayEvent[];
  /** The end of the input: ends whatever response is still open. */
  end(): DisplayEvent[];
}

/** A {@link SourceParser} that also takes values already parsed (what the `translate*` functions use). */
export interface ValueSourceParser extends SourceParser {
  /** Translates one parsed value, as `parse` does for a line. */
  parseValue(value: unknown, context: LineContext): DisplayEvent[];
}

/** The SSE payload that ends a chat-completion stream. */
const DONE = '[DONE]';

/**
 * The line framing both APIs share: SSE `data:` lines or bare JSON lines,
 * SSE comments and fields ignored, the `[DONE]` sentinel, and JSON documents
 * pretty-printed over several lines.
 */
export function framedJsonParser(values: ValueParser): ValueSourceParser {
  const reader = createJsonDocumentReader();
  return {
    parseValue: values.parseValue,
    parse(line, context) {
      const framed = unframeSseLine(line);
      if (framed.kind === 'comment') {
        context.ignore('SSE comment (keep-alive)');
        return [];
      }
      if (framed.kind === 'field') {
        context.ignore(`SSE ${framed.name} field`);
        return [];
      }
      if (framed.text.trim() === DONE) {
        if (values.isOpen()) return values.done(context);
        context.ignore('[DONE] with no open stream');
        return [];
      }
      const read = reader.read(framed.text, context);
      if (read.status === 'pending') {
        context.ignore('line of a multi-line JSON document that is still open');
        return [];
      }
      if (read.status === 'invalid') {
        context.malformed(read.reason);
        return [];
      }
      return values.parseValue(read.value, context);
    },
    flush() {
      const events: DisplayEvent[] = [];
      const unclosed = reader.end();
      if (unclosed !== undefined && !values.isOpen()) {
        events.push(
          {
            kind: 'notice',
            level: 'warning',
            code: 'truncated-document',
            message: 'The response body ended before its JSON document closed; nothing could be read from it.',
          },
          { kind: 'session', phase: 'end', status: 'incomplete' },
        );
      }
      events.push(...values.end());
      return events;
    },
  };
}
