import type { DisplayEvent, SourceParser } from '@x/core';
import { isJsonObject, ownField, parseJson } from '@x/core/provider-utils';
import { assistantEvents } from './assistant-events.js';
import { resultEvents, systemEvents } from './run-events.js';
import { createQwenState } from './state.js';
import { streamEvents } from './stream-events.js';
import { userEvents } from './user-events.js';

/** A parser for one `qwen -p … --output-format stream-json` stream: reads each line's JSON and dispatches on its `type`. */
export function createQwenParser(): SourceParser {
  const state = createQwenState();
  return {
    parse(line, context): DisplayEvent[] {
      const parsed = parseJson(line);
      if (parsed === undefined || !isJsonObject(parsed.value)) {
        context.malformed(parsed === undefined ? 'not JSON' : 'JSON value that is not an object');
        return [];
      }
      const value = parsed.value;
      switch (ownField(value, 'type')) {
        case 'system':
          return systemEvents(state, value, context);
        case 'assistant':
          return assistantEvents(state, value, context);
        case 'user':
          return userEvents(state, value, context);
        case 'stream_event':
          return streamEvents(state, value, context);
        case 'result':
          return resultEvents(state, value);
        default: {
          const type = ownField(value, 'type');
          context.unknown(typeof type === 'string' ? `unknown line type ${JSON.stringify(type)}` : 'JSON object without a string type');
          return [];
        }
      }
    },
    // A stream that stopped before its `result` (interrupted, killed, cut off) ends as incomplete.
    flush: () => state.lifecycle.flush(),
  };
}
