import type { DisplayEvent, LineContext, NoticeDisplayEvent, SourceParser } from '@x/core';
import { isJsonObject, type JsonObject, jsonShapeRefusal, ownField, parseJson, quickAccept, stringField } from '@x/core/provider-utils';
import { legacyEvents } from './legacy-events.js';
import { createCodexState, endSession, ensureStarted, type CodexState } from './state.js';
import { earlyFormEnd, threadEvents } from './thread-events.js';
import { THREAD_EVENT_TYPES, THREAD_MALFORMED_REASONS, legacyConfigSummarySchema, legacyEventSchema, threadEventSchema } from './wire-schema.js';

/** The current form's schema, with its common lines checked without zod (quickAccept). */
const threadEvent = quickAccept(threadEventSchema);

// `RUST_LOG` tracing lines that get mixed in when stderr is merged into stdout (quirk 15).
const TRACING_LINE = /^\S*\s*(?:TRACE|DEBUG|INFO|WARN|ERROR)\s+[\w:]+/;

/** A legacy line: `{ id, msg }`. */
function legacyLine(state: CodexState, value: JsonObject, context: LineContext): DisplayEvent[] {
  const parsed = legacyEventSchema.safeParse(value);
  if (!parsed.success) {
    context.malformed('legacy event without msg.type');
    return [];
  }
  return legacyEvents(state, parsed.data.msg, context);
}

/** A line of the current form (or the 0.42 variant), by its `type`. */
function threadLine(state: CodexState, value: JsonObject, type: string, context: LineContext): DisplayEvent[] {
  if (!THREAD_EVENT_TYPES.has(type)) {
    context.unknown(`unknown event type "${type}"`);
    return [];
  }
  const parsed = threadEvent.safeParse(value);
  if (!parsed.success) {
    context.malformed(THREAD_MALFORMED_REASONS.get(type) ?? `${type} of the wrong shape`);
    return [];
  }
  return threadEvents(state, parsed.data, context);
}

/** A line without `type` or `msg`: the legacy prompt line, the legacy config summary, or unknown. */
function untypedLine(state: CodexState, value: JsonObject, context: LineContext): DisplayEvent[] {
  if (stringField(value, 'prompt') !== undefined) {
    context.ignore('legacy prompt line');
    return [];
  }
  const config = legacyConfigSummarySchema.safeParse(value);
  if (!config.success) {
    context.unknown('JSON object with neither type nor msg');
    return [];
  }
  state.configSeen = true;
  state.model = config.data.model;
  if (config.data.workdir != null) state.cwd = config.data.workdir;
  context.ignore('legacy config summary; the session starts with the first event');
  return [];
}

/** Legacy and current lines may meet in one stream; each line says which it is. */
function lineEvents(state: CodexState, value: JsonObject, context: LineContext): DisplayEvent[] {
  if (isJsonObject(ownField(value, 'msg'))) return legacyLine(state, value, context);
  const type = stringField(value, 'type');
  if (type !== undefined) return threadLine(state, value, type, context);
  return untypedLine(state, value, context);
}

/** A held top-level error before the next line's events, unless they fail with the same message (`turn.failed`, quirk 5). */
function withHeldError(held: NoticeDisplayEvent | undefined, events: DisplayEvent[]): DisplayEvent[] {
  if (held === undefined) return events;
  const repeated = events.some((event) => event.kind === 'error' && event.message === held.message);
  return repeated ? events : [held, ...events];
}

/**
 * The parser of one `codex exec --json` stream: current, 0.42 and legacy
 * lines, told apart line by line. A stream cut at the front starts its
 * session with its first event; one that stops before its terminal line
 * ends `incomplete`.
 */
export function createCodexParser(): SourceParser {
  const state = createCodexState();
  return {
    parse(line, context) {
      const parsed = parseJson(line);
      if (parsed === undefined) {
        context.malformed(TRACING_LINE.test(line) ? 'not JSON: a log line from stderr' : (jsonShapeRefusal(line) ?? 'not JSON'));
        return [];
      }
      if (!isJsonObject(parsed.value)) {
        context.malformed('not a JSON object');
        return [];
      }
      const held = state.heldError;
      state.heldError = undefined;
      const events = withHeldError(held, lineEvents(state, parsed.value, context));
      // A stream cut at the front (or legacy, whose config summary starts nothing) starts its session with its first event.
      return events.length > 0 && !state.started ? [...ensureStarted(state), ...events] : events;
    },
    flush() {
      if (state.earlyForm !== 'none' && state.started) return earlyFormEnd(state);
      // A legacy stream may stop after its config summary; any stream may stop before its terminal line (quirk 6),
      // but a legacy task whose last response answered is over: exec --json never prints its task_complete (quirk 17).
      const events = [...(state.configSeen ? ensureStarted(state) : []), ...(state.heldError === undefined ? [] : [state.heldError])];
      state.heldError = undefined;
      const finished = state.taskActive && state.legacyTurn === 'answered';
      return state.started ? [...events, ...endSession(state, finished ? 'success' : 'incomplete')] : events;
    },
  };
}
