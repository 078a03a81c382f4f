import {
  defineSource,
  isJsonObject,
  objectField,
  parseJson,
  stringField,
  type DisplayEvent,
  type DisplayEventSource,
  type JsonObject,
  type LineContext,
  type SourceParser,
} from '@x/core';
import { createCodexState, endSession, ensureStarted, type CodexState } from './codex-state.js';
import { detectCodex } from './detect.js';
import { parseLegacyEvent } from './legacy-events.js';
import { parseThreadEvent } from './thread-events.js';
import { legacyConfigSummarySchema } from './wire-schema.js';

// `RUST_LOG` tracing lines that get mixed in when stderr is merged into stdout (quirk 15).
const TRACING_LINE = /^\S*\s*(?:TRACE|DEBUG|INFO|WARN|ERROR)\s+[\w:]+/;

function dispatch(value: JsonObject, state: CodexState, context: LineContext): DisplayEvent[] {
  // Legacy and current lines may meet in one stream; each line says which it is.
  const msg = objectField(value, 'msg');
  if (msg !== undefined) return parseLegacyEvent(msg, state, context);
  const type = stringField(value, 'type');
  if (type !== undefined) return parseThreadEvent(value, type, state, context);
  if (stringField(value, 'prompt') !== undefined) {
    context.ignore('legacy prompt line');
    return [];
  }
  const config = legacyConfigSummarySchema.safeParse(value);
  if (config.success) {
    state.configSeen = true;
    state.model = config.data.model;
    if (config.data.workdir != null) state.cwd = config.data.workdir;
    context.ignore('legacy config summary; the session starts with the first event');
    return [];
  }
  context.unknown('JSON object with neither type nor msg');
  return [];
}

function createCodexParser(): SourceParser {
  const state = createCodexState();
  return {
    parse(line, context) {
      const parsed = parseJson(line);
      if (parsed === undefined) {
        context.malformed(TRACING_LINE.test(line) ? 'not JSON: a log line from stderr' : 'not JSON');
        return [];
      }
      if (!isJsonObject(parsed.value)) {
        context.malformed('not a JSON object');
        return [];
      }
      const events = dispatch(parsed.value, state, context);
      // A stream cut at the front (or legacy, whose config summary starts nothing) starts its session with its first event.
      return events.length > 0 && !state.started ? [...ensureStarted(state), ...events] : events;
    },
    flush() {
      // A legacy stream may stop after its config summary; any stream may stop before its terminal line (quirk 6).
      const events = state.configSeen ? ensureStarted(state) : [];
      return state.started ? [...events, ...endSession(state, 'incomplete')] : events;
    },
  };
}

/**
 * Creates the source for OpenAI Codex CLI `codex exec --json`: the current
 * format (0.44+, `thread.*`/`turn.*`/`item.*`), the 0.42
 * `--experimental-json` variant and the legacy `{"id","msg"}` format of
 * versions up to 0.43 (and `codex proto`), told apart line by line.
 *
 * @example
 * ```ts
 * import { replayLines } from '@x/core';
 * import { createCodexSource } from '@x/provider-codex';
 *
 * const { events } = replayLines(createCodexSource(), output.split('\n'));
 * ```
 */
export function createCodexSource(): DisplayEventSource {
  return defineSource({
    specificationVersion: 'v1',
    id: 'codex',
    displayName: 'OpenAI Codex CLI',
    cadence: 'streaming',
    detect: detectCodex,
    createParser: createCodexParser,
  });
}

/** The default Codex source. */
export const codexSource: DisplayEventSource = createCodexSource();
