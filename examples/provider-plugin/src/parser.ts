import type { SourceParser } from '@x/core';
import { isJsonObject, ownField, parseJson } from '@x/core/provider-utils';
import { messageEvents } from './message-events.js';
import { completeEvents, errorEvents, notificationEvents } from './run-events.js';
import { quoted } from './skipped-items.js';
import { createGooseState } from './state.js';

/** A parser for one goose stream: reads each line's JSON and dispatches on its `type`. */
export function createGooseParser(): SourceParser {
  const state = createGooseState();
  return {
    parse(line, context) {
      const parsed = parseJson(line);
      if (parsed === undefined) {
        context.malformed('not JSON');
        return [];
      }
      if (!isJsonObject(parsed.value)) {
        context.malformed('JSON value that is not an object');
        return [];
      }
      const type = ownField(parsed.value, 'type');
      if (typeof type !== 'string') {
        if (type === undefined) context.unknown('JSON object without a type');
        else context.malformed('line whose type is not a string');
        return [];
      }
      switch (type) {
        case 'message':
          return messageEvents(state, parsed.value, context);
        case 'notification':
          return notificationEvents(state, parsed.value, context);
        case 'error':
          return errorEvents(state, parsed.value, context);
        case 'complete':
          return completeEvents(state, parsed.value);
        default:
          context.unknown(`unknown line type ${quoted(type)}`);
          return [];
      }
    },
    flush() {
      if (state.ended) return [];
      // The stream stopped before `complete` or `error`: killed, cut off, or still running when captured.
      state.ended = true;
      return [{ kind: 'session', phase: 'end', status: 'incomplete' }];
    },
  };
}
