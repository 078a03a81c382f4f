import {
  defineSource,
  type Detection,
  type DisplayEvent,
  type DisplayEventSource,
  type LineContext,
  type SourceParser,
} from '@x/core';
import {
  isJsonObject,
  objectField,
  parseJson,
  stringField,
  type JsonObject,
} from '@x/core/provider-utils';
import { createCodexState, endSession, ensureStarted, type CodexState } from './codex-state.js';
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

const CURRENT_TYPES = new Set(['turn.started', 'turn.completed', 'turn.failed', 'item.started', 'item.updated', 'item.completed']);
const CONFIG_KEYS = ['model', 'provider', 'approval', 'sandbox'] as const;

function detectLine(line: string): Detection {
  const parsed = parseJson(line);
  const value = parsed?.value;
  if (!isJsonObject(value)) return { confidence: 0, evidence: '' };
  const type = stringField(value, 'type');
  if (type === 'thread.started' && stringField(value, 'thread_id') !== undefined) {
    return { confidence: 1, evidence: 'thread.started line with thread_id' };
  }
  const msg = objectField(value, 'msg');
  if (msg !== undefined && stringField(msg, 'type') !== undefined && stringField(value, 'id') !== undefined) {
    return { confidence: 1, evidence: 'legacy {"id","msg"} event line' };
  }
  if (type === 'session.created' && stringField(value, 'session_id') !== undefined && !Object.hasOwn(value, 'properties')) {
    return { confidence: 0.9, evidence: 'session.created line of --experimental-json (0.42)' };
  }
  if (type !== undefined && CURRENT_TYPES.has(type)) {
    const item = objectField(value, 'item');
    if (type.startsWith('turn.') || (stringField(item, 'id') !== undefined && (stringField(item, 'type') ?? stringField(item, 'item_type')) !== undefined)) {
      return { confidence: 0.9, evidence: `${type} line` };
    }
  }
  if (type === undefined && Object.hasOwn(value, 'reasoning effort')) {
    return { confidence: 1, evidence: 'legacy config summary with "reasoning effort"' };
  }
  if (type === undefined && CONFIG_KEYS.every((key) => stringField(value, key) !== undefined)) {
    return { confidence: 0.9, evidence: 'legacy config summary' };
  }
  return { confidence: 0, evidence: '' };
}

/** Whether the first lines of a stream are Codex `exec --json` output, current or legacy. */
export function detectCodex(lines: readonly string[]): Detection {
  let best: Detection = { confidence: 0, evidence: 'no Codex exec --json line' };
  for (const line of lines) {
    const found = detectLine(line);
    if (found.confidence > best.confidence) best = found;
    if (best.confidence === 1) break;
  }
  return best;
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
