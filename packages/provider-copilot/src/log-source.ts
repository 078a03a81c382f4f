import {
  defineSource,
  type DisplayEvent,
  type DisplayEventSource,
  type LineContext,
  type SessionStatus,
  type SourceParser,
  type UsageDisplayEvent,
} from '@x/core';
import {
  isJsonObject,
  numberField,
  objectField,
  ownField,
  parseJson,
  stringField,
  type JsonObject,
} from '@x/core/provider-utils';
import { createCopilotParser } from './copilot-source.js';
import { detectCopilotLog } from './log-detect.js';

/** Persisted types that show nothing, with the reason a diagnostic gives. */
const IGNORED: ReadonlyMap<string, string> = new Map([
  ['hook.start', 'hook run (hooks are not shown)'],
  ['hook.end', 'hook run (hooks are not shown)'],
  ['hook.progress', 'hook run (hooks are not shown)'],
  ['system.message', 'system prompt'],
  ['session.model_change', 'model change (later turns name the new model)'],
  ['session.compaction_start', 'compaction started (its marker comes when it completes)'],
  ['assistant.usage', 'per-call usage (the totals come from session.shutdown)'],
]);

interface LogState {
  sessionId: string | undefined;
  ended: boolean;
  failed: boolean;
  aborted: boolean;
  turns: number;
}

function usageEvents(metrics: JsonObject | undefined): UsageDisplayEvent[] {
  if (metrics === undefined) return [];
  const events: UsageDisplayEvent[] = [];
  for (const model of Object.keys(metrics)) {
    const usage = objectField(metrics[model], 'usage');
    if (usage === undefined) continue;
    // Increments, one per model: together they are the session's total.
    const event: UsageDisplayEvent = { kind: 'usage', cumulative: false, model };
    const fields = [
      ['inputTokens', 'inputTokens'],
      ['outputTokens', 'outputTokens'],
      ['cacheReadTokens', 'cacheReadTokens'],
      ['cacheWriteTokens', 'cacheWriteTokens'],
    ] as const;
    for (const [from, to] of fields) {
      const value = numberField(usage, from);
      if (value !== undefined) event[to] = value;
    }
    events.push(event);
  }
  return events;
}

function shutdownNotice(data: JsonObject): DisplayEvent | undefined {
  const parts: string[] = [];
  const premium = numberField(data, 'totalPremiumRequests');
  if (premium !== undefined) parts.push(`${premium} premium request(s)`);
  const changes = objectField(data, 'codeChanges');
  const added = numberField(changes, 'linesAdded');
  const removed = numberField(changes, 'linesRemoved');
  const files = ownField(changes, 'filesModified');
  if (added !== undefined || removed !== undefined) {
    const count = Array.isArray(files) ? ` in ${files.length} file(s)` : '';
    parts.push(`code changes +${added ?? 0} -${removed ?? 0}${count}`);
  }
  if (parts.length === 0) return undefined;
  return { kind: 'notice', level: 'info', code: 'shutdown', message: `Session ended: ${parts.join(', ')}` };
}

function shutdown(state: LogState, data: JsonObject, timestamp: string | undefined): DisplayEvent[] {
  state.ended = true;
  const events: DisplayEvent[] = [...usageEvents(objectField(data, 'modelMetrics'))];
  const notice = shutdownNotice(data);
  if (notice !== undefined) events.push(notice);
  const type = stringField(data, 'shutdownType');
  const status: SessionStatus = state.aborted ? 'cancelled' : state.failed || type === 'error' ? 'error' : 'success';
  const end: DisplayEvent = { kind: 'session', phase: 'end', status };
  if (state.sessionId !== undefined) end.sessionId = state.sessionId;
  const model = stringField(data, 'currentModel');
  if (model !== undefined) end.model = model;
  const started = numberField(data, 'sessionStartTime');
  const stopped = timestamp === undefined ? NaN : Date.parse(timestamp);
  if (started !== undefined && stopped >= started) end.durationMs = stopped - started;
  if (state.turns > 0) end.turns = state.turns;
  events.push(end);
  return events;
}

function logEvent(state: LogState, type: string, data: JsonObject, line: JsonObject, context: LineContext): DisplayEvent[] | undefined {
  switch (type) {
    case 'user.message': {
      const text = stringField(data, 'content');
      if (text === undefined) return undefined;
      const prompt: DisplayEvent = { kind: 'prompt', form: 'prompt', text };
      const id = stringField(line, 'id');
      if (id !== undefined) prompt.id = id;
      return [prompt];
    }
    case 'session.shutdown':
      return shutdown(state, data, stringField(line, 'timestamp'));
    case 'session.compaction_complete': {
      const failed = ownField(data, 'success') === false;
      return [{ kind: 'notice', level: failed ? 'warning' : 'info', code: 'compaction', message: failed ? 'Compaction failed' : 'Conversation compacted' }];
    }
  }
  const reason = IGNORED.get(type);
  if (reason === undefined) return undefined;
  context.ignore(reason);
  return [];
}

function observe(state: LogState, type: string, data: JsonObject, events: readonly DisplayEvent[]): void {
  if (type === 'session.start' || type === 'session.resume') {
    state.sessionId = stringField(data, 'sessionId') ?? state.sessionId;
    state.ended = false;
    state.failed = false;
    state.aborted = false;
    state.turns = 0;
  }
  if (type === 'abort') state.aborted = true;
  if (type === 'assistant.turn_start' && stringField(data, 'parentToolCallId') === undefined) state.turns += 1;
  if (events.some((event) => event.kind === 'error' && event.fatal)) state.failed = true;
}

function createParser(): SourceParser {
  const base = createCopilotParser();
  const state: LogState = { sessionId: undefined, ended: false, failed: false, aborted: false, turns: 0 };
  return {
    parse(line, context) {
      const parsed = parseJson(line);
      const value = parsed?.value;
      const type = stringField(value, 'type');
      const data = ownField(value, 'data');
      if (!isJsonObject(value) || type === undefined || !isJsonObject(data)) return base.parse(line, context);
      const events = logEvent(state, type, data, value, context) ?? base.parse(line, context);
      observe(state, type, data, events);
      const timestamp = stringField(value, 'timestamp');
      for (const event of events) {
        if (timestamp !== undefined) event.timestamp ??= timestamp;
        if (event.kind === 'session' && event.phase === 'start') {
          const branch = stringField(objectField(data, 'context'), 'branch');
          if (branch !== undefined && branch !== '') event.gitBranch = branch;
        }
      }
      return events;
    },
    flush(context) {
      // A session that crashed has no shutdown: the stdout parser's end says incomplete.
      return state.ended ? [] : base.flush(context);
    },
  };
}

/**
 * Creates the GitHub Copilot CLI session-log source:
 * `~/.copilot/session-state/<id>/events.jsonl`, the persisted session events.
 * Shares the stdout source's event handling and adds what only the log
 * has: prompts, per-model usage and the session end from `session.shutdown`,
 * compaction markers, and per-event timestamps.
 */
export function createCopilotLogSource(): DisplayEventSource {
  return defineSource({
    specificationVersion: 'v1',
    id: 'copilot-log',
    displayName: 'GitHub Copilot CLI session log',
    cadence: 'streaming',
    detect: detectCopilotLog,
    createParser,
  });
}

/** The default Copilot session-log source instance. */
export const copilotLogSource: DisplayEventSource = createCopilotLogSource();
