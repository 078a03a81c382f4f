import { type DisplayEvent, type LineContext } from '@x/core';
import { isJsonObject, objectField, stringField } from '@x/core/provider-utils';
import type { ValueParser } from './framed-json.js';
import { isResponsesValue } from './responses-event-types.js';

/**
 * One reader of both OpenAI APIs: each value goes to the Chat Completions or
 * the Responses reader by its shape. A response is one API from its start to
 * its end, so a value of the other API inside an open response is reported
 * as unknown rather than taken for the start of another response. An error
 * body (`{"error": {...}}`), which both APIs send, goes to the open one.
 */
export function dispatchByApi(chat: ValueParser, responses: ValueParser): ValueParser {
  return {
    parseValue(value: unknown, context: LineContext): DisplayEvent[] {
      if (!isJsonObject(value)) return chat.parseValue(value, context);
      const errorBody = stringField(value, 'type') === undefined && objectField(value, 'error') !== undefined;
      if (errorBody) return (responses.isOpen() ? responses : chat).parseValue(value, context);
      if (isResponsesValue(value)) {
        if (!chat.isOpen()) return responses.parseValue(value, context);
        context.unknown(`Responses API event (${stringField(value, 'type') ?? 'response'}) inside an open Chat Completions stream`);
        return [];
      }
      if (!responses.isOpen()) return chat.parseValue(value, context);
      context.unknown('a Chat Completions value inside an open Responses stream');
      return [];
    },
    isOpen: () => chat.isOpen() || responses.isOpen(),
    done(context) {
      return [...chat.done(context), ...responses.done(context)];
    },
    end() {
      return [...chat.end(), ...responses.end()];
    },
  };
}
