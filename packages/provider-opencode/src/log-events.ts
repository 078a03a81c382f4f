import {
  type DisplayEvent,
  type SessionDisplayEvent,
  type SessionStatus,
  type UsageDisplayEvent,
} from '@x/core';
import {
  arrayField,
  isJsonObject,
  numberField,
  objectField,
  ownField,
  stringField,
  type JsonObject,
  type ToolCallTracker,
} from '@x/core/provider-utils';
import { errorMessage, modelOf } from './opencode-parser.js';
import { toolPartOutcome } from './tool-outcome.js';

/** An epoch-milliseconds time as the ISO 8601 string events carry. */
function isoTime(ms: number | undefined): string | undefined {
  if (ms === undefined || !Number.isFinite(ms)) return undefined;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function stamp<E extends DisplayEvent>(event: E, timestamp: string | undefined): E {
  if (timestamp !== undefined) event.timestamp = timestamp;
  return event;
}

/** What one export document's messages add up to, for its session end. */
interface Walk {
  tools: ToolCallTracker;
  events: DisplayEvent[];
  model: string | undefined;
  steps: number;
  /** The last assistant message, whose `finish` or `error` says how the session ended. */
  lastAssistant: JsonObject | undefined;
}

function usageOf(part: JsonObject, model: string | undefined, timestamp: string | undefined): UsageDisplayEvent | undefined {
  const tokens = objectField(part, 'tokens');
  const cost = numberField(part, 'cost');
  if (tokens === undefined && cost === undefined) return undefined;
  const usage: UsageDisplayEvent = { kind: 'usage', cumulative: false };
  if (model !== undefined) usage.model = model;
  const input = numberField(tokens, 'input');
  const cache = objectField(tokens, 'cache');
  const cacheRead = numberField(cache, 'read');
  const cacheWrite = numberField(cache, 'write');
  // OpenCode's `input` leaves out the cached tokens; @x counts every input token in inputTokens.
  if (input !== undefined) usage.inputTokens = input + (cacheRead ?? 0) + (cacheWrite ?? 0);
  const output = numberField(tokens, 'output');
  const reasoning = numberField(tokens, 'reasoning');
  if (output !== undefined) usage.outputTokens = output;
  if (reasoning !== undefined) usage.reasoningTokens = reasoning;
  if (cacheRead !== undefined) usage.cacheReadTokens = cacheRead;
  if (cacheWrite !== undefined) usage.cacheWriteTokens = cacheWrite;
  if (cost !== undefined) usage.costUsd = cost;
  return stamp(usage, timestamp);
}

function userMessage(info: JsonObject, parts: unknown[], walk: Walk, timestamp: string | undefined): void {
  // Text OpenCode injects (file contents of an @-mention, mode reminders) is `synthetic`, not typed.
  const typed = parts.filter((part) => stringField(part, 'type') === 'text' && ownField(part, 'synthetic') !== true && ownField(part, 'ignored') !== true);
  const text = typed.map((part) => stringField(part, 'text') ?? '').join('\n\n').trim();
  if (text === '') return;
  const prompt: DisplayEvent = { kind: 'prompt', form: 'prompt', text };
  const id = stringField(info, 'id');
  if (id !== undefined) prompt.id = id;
  walk.events.push(stamp(prompt, timestamp));
}

function toolPart(part: JsonObject, walk: Walk, timestamp: string | undefined): void {
  const state = objectField(part, 'state');
  const status = stringField(state, 'status');
  const toolName = stringField(part, 'tool');
  const callId = stringField(part, 'callID') || stringField(part, 'id');
  if (state === undefined || toolName === undefined || callId === undefined) return;
  const use = walk.tools.start({ id: callId, toolName, input: ownField(state, 'input') ?? {} });
  const started = isoTime(numberField(objectField(state, 'time'), 'start')) ?? timestamp;
  if (use !== undefined) walk.events.push(stamp(use, started));
  // `pending` and `running` calls of a session that stopped stay unfinished.
  if (status !== 'completed' && status !== 'error') return;
  const result = walk.tools.finish(callId, toolPartOutcome(toolName, state, status));
  if (result !== undefined) walk.events.push(stamp(result, isoTime(numberField(objectField(state, 'time'), 'end')) ?? timestamp));
}

function assistantPart(part: JsonObject, walk: Walk, timestamp: string | undefined): void {
  const type = stringField(part, 'type');
  const id = stringField(part, 'id') ?? '';
  const time = isoTime(numberField(objectField(part, 'time'), 'start')) ?? timestamp;
  if (type === 'text' || type === 'reasoning') {
    // An empty reasoning part holds encrypted reasoning in its metadata: nothing to read.
    const text = stringField(part, 'text') ?? '';
    if (text !== '') walk.events.push(stamp({ kind: type, id, text }, time));
  } else if (type === 'tool') {
    toolPart(part, walk, timestamp);
  } else if (type === 'step-finish') {
    walk.steps += 1;
    const usage = usageOf(part, walk.model, timestamp);
    if (usage !== undefined) walk.events.push(usage);
  } else if (type === 'compaction') {
    walk.events.push(stamp({ kind: 'notice', level: 'info', message: 'Session compacted', code: 'compaction' }, timestamp));
  } else if (type === 'retry') {
    const attempt = numberField(part, 'attempt');
    walk.events.push(stamp({ kind: 'notice', level: 'warning', message: attempt === undefined ? 'Retrying' : `Retrying (attempt ${attempt})`, code: 'retry' }, timestamp));
  }
  // step-start, file, patch, snapshot, agent and subtask parts show nothing: edits show as tool results.
}

function assistantMessage(info: JsonObject, parts: unknown[], walk: Walk, timestamp: string | undefined): void {
  walk.model = modelOf(info) ?? walk.model;
  walk.lastAssistant = info;
  for (const part of parts) if (isJsonObject(part)) assistantPart(part, walk, timestamp);
  const error = ownField(info, 'error');
  if (error === undefined || error === null) return;
  const { message, code } = errorMessage(error);
  const event: DisplayEvent = { kind: 'error', message, fatal: false };
  if (code !== undefined) event.code = code;
  walk.events.push(stamp(event, isoTime(numberField(objectField(info, 'time'), 'completed')) ?? timestamp));
}

function endStatus(last: JsonObject | undefined): SessionStatus {
  if (last === undefined) return 'incomplete';
  const error = ownField(last, 'error');
  if (error !== undefined && error !== null) return errorMessage(error).code === 'MessageAbortedError' ? 'cancelled' : 'error';
  const finish = stringField(last, 'finish');
  // Tool calls promise another step; no finish at all means the message never completed.
  return finish === undefined || finish === 'tool-calls' ? 'incomplete' : 'success';
}

function sessionStart(info: JsonObject, model: string | undefined): DisplayEvent[] {
  const start: SessionDisplayEvent = { kind: 'session', phase: 'start' };
  const id = stringField(info, 'id');
  if (id !== undefined) start.sessionId = id;
  if (model !== undefined) start.model = model;
  const cwd = stringField(info, 'directory');
  if (cwd !== undefined) start.cwd = cwd;
  const title = stringField(info, 'title');
  if (title !== undefined && title !== '') start.title = title;
  const version = stringField(info, 'version');
  if (version !== undefined) start.agentVersion = version;
  const events: DisplayEvent[] = [stamp(start, isoTime(numberField(objectField(info, 'time'), 'created')))];
  const parent = stringField(info, 'parentID');
  if (parent !== undefined && parent !== '') {
    events.push({ kind: 'notice', level: 'info', message: `Child session of ${parent} (a subagent's session)`, code: 'child-session' });
  }
  return events;
}

function firstModel(messages: unknown[]): string | undefined {
  for (const message of messages) {
    const info = objectField(message, 'info');
    const model = info === undefined ? undefined : modelOf(info);
    if (model !== undefined) return model;
  }
  return undefined;
}

/**
 * The display events of an `opencode export` document: session start (with
 * a notice for a child session), the typed text of each user message as a
 * prompt, assistant text, reasoning and tool calls, usage per finished step,
 * message errors, and a session end whose status is the last assistant
 * message's `finish` or `error`. Times are the messages' `time.created`.
 * `tools` is the stream's tracker, so call ids stay unique across documents.
 */
export function exportEvents(doc: JsonObject, tools: ToolCallTracker): DisplayEvent[] {
  const info = objectField(doc, 'info') ?? {};
  const messages = arrayField(doc, 'messages') ?? [];
  const walk: Walk = { tools, events: [], model: undefined, steps: 0, lastAssistant: undefined };
  walk.events.push(...sessionStart(info, firstModel(messages)));
  let first: number | undefined;
  let last: number | undefined;
  for (const message of messages) {
    const messageInfo = objectField(message, 'info');
    if (messageInfo === undefined) continue;
    const time = objectField(messageInfo, 'time');
    const created = numberField(time, 'created');
    first ??= created;
    last = numberField(time, 'completed') ?? created ?? last;
    const parts = arrayField(message, 'parts') ?? [];
    const role = stringField(messageInfo, 'role');
    if (role === 'user') userMessage(messageInfo, parts, walk, isoTime(created));
    else if (role === 'assistant') assistantMessage(messageInfo, parts, walk, isoTime(created));
  }
  const end: SessionDisplayEvent = { kind: 'session', phase: 'end', status: endStatus(walk.lastAssistant) };
  const id = stringField(info, 'id');
  if (id !== undefined) end.sessionId = id;
  if (first !== undefined && last !== undefined && last >= first) end.durationMs = last - first;
  if (walk.steps > 0) end.turns = walk.steps;
  walk.events.push(stamp(end, isoTime(last)));
  return walk.events;
}
