import type { DisplayEvent, LineContext, SourceParser } from '@x/core';
import { compactionNotice, isJsonObject, objectField, ownField, parseJson, stringField, type JsonObject } from '@x/core/provider-utils';
import { isBareMeta } from './bare-rollout.js';
import { eventMessage } from './log-events.js';
import { responseItem } from './log-items.js';
import { sessionMeta, turnContext } from './log-session.js';
import { createCodexLogState, endRollout, holdForStart, releaseEchoes, type CodexLogState } from './log-state.js';
import { ROLLOUT_LINE_TYPES, rolloutLineSchema, type RolloutLine } from './log-wire-schema.js';

/** Rollout line types of 0.17x that hold no conversation (recorded: fixtures/codex-log/recorded/0.171.0/). */
const ROLLOUT_BOOKKEEPING: ReadonlyMap<string, string> = new Map([
  ['world_state', 'the environment described to the model (folders, date, shell)'],
  ['token_usage_record', "one response's usage; the token_count events carry the totals shown"],
]);

/** Events of one rollout line, `{timestamp, type, payload}`; pre-envelope lines are a bare item or meta object. */
function lineEvents(state: CodexLogState, line: JsonObject, context: LineContext): DisplayEvent[] {
  const payload = objectField(line, 'payload');
  const type = stringField(line, 'type');
  const timestamp = stringField(line, 'timestamp');
  if (payload === undefined) {
    // Before the envelope (mid-2025): a bare meta object first, then bare response items and `record_type` lines.
    if (Object.hasOwn(line, 'record_type')) {
      context.ignore('record_type line: rollout bookkeeping of versions before the envelope');
      return [];
    }
    if (isBareMeta(line)) {
      state.bare = true;
      return sessionMeta(state, line, context);
    }
    if (type !== undefined) return responseItem(state, line, context);
    context.malformed('line without type or payload');
    return [];
  }
  const bookkeeping = type === undefined ? undefined : ROLLOUT_BOOKKEEPING.get(type);
  if (bookkeeping !== undefined) {
    context.ignore(`${type}: ${bookkeeping}`);
    return [];
  }
  // 0.171 writes the summary a compaction asked the model for as an assistant message of its own, marked so in the
  // line's metadata, before the `compacted` line that stands for it (recorded: 0.171.0, compaction): not an answer.
  if (type === 'response_item' && ownField(objectField(line, 'metadata'), 'compaction_output') === true) {
    context.ignore('the summary a compaction asked for (metadata.compaction_output); the compacted line that follows marks it');
    return [];
  }
  if (type === undefined || !ROLLOUT_LINE_TYPES.has(type)) {
    context.unknown(`unknown rollout line type "${type ?? '(none)'}"`);
    return [];
  }
  const parsed = rolloutLineSchema.safeParse(line);
  if (!parsed.success) {
    context.malformed(`${type} line of the wrong shape`);
    return [];
  }
  return envelopedLine(state, parsed.data, timestamp, context);
}

/** A `{timestamp, type, payload}` line, by its type. */
function envelopedLine(state: CodexLogState, line: RolloutLine, timestamp: string | undefined, context: LineContext): DisplayEvent[] {
  switch (line.type) {
    case 'session_meta':
      return sessionMeta(state, line.payload, context);
    case 'turn_context':
      return turnContext(state, line.payload, context);
    case 'response_item':
      return responseItem(state, line.payload, context);
    case 'event_msg':
      return eventMessage(state, line.payload, timestamp, context);
    case 'compacted':
      return [compactionNotice()];
  }
}

/** Event copies, usage and turn settings: lines that may come between an echo and its response item. */
const KEEPS_ECHOES = new Set(['token_count', 'agent_message', 'agent_reasoning', 'item_completed', 'thread_settings_applied']);
const keepsEchoes = (line: JsonObject) =>
  stringField(line, 'type') === 'turn_context' ||
  ROLLOUT_BOOKKEEPING.has(stringField(line, 'type') ?? '') ||
  (stringField(line, 'type') === 'event_msg' && KEEPS_ECHOES.has(stringField(objectField(line, 'payload'), 'type') ?? ''));

function parseLine(state: CodexLogState, line: JsonObject, context: LineContext): DisplayEvent[] {
  const timestamp = stringField(line, 'timestamp');
  if (timestamp !== undefined) state.lastTimestamp = timestamp;
  const held = state.echoes.length;
  state.echoesSettled = false;
  const events = lineEvents(state, line, context);
  for (const event of events) if (timestamp !== undefined && event.timestamp === undefined) event.timestamp = timestamp;
  // Echoes held before this line whose response item did not come with it are shown now, before its events.
  const missed = held > 0 && !keepsEchoes(line) && !state.echoesSettled ? releaseEchoes(state) : [];
  const all = [...missed, ...events];
  if (state.session.open || all.length === 0) return all;
  const released = holdForStart(state, all);
  if (released.length === 0) context.ignore('held until the first turn_context, which names the model for the session start');
  return released;
}

/**
 * The parser of one Codex rollout file. The file has no final line on most
 * versions: at its end the parser shows any echo whose response item never
 * came and ends the session with a status from what happened last.
 */
export function createCodexLogParser(): SourceParser {
  const state = createCodexLogState();
  return {
    parse(line, context) {
      const parsed = parseJson(line);
      if (parsed === undefined || !isJsonObject(parsed.value)) {
        context.malformed(parsed === undefined ? 'not JSON (a line cut while the session was writing it?)' : 'JSON value that is not an object');
        return [];
      }
      state.seen = true;
      return parseLine(state, parsed.value, context);
    },
    flush() {
      return state.seen ? endRollout(state) : [];
    },
  };
}
