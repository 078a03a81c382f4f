import type { DisplayEvent } from '@x/core';
import { compactionNotice, isJsonObject, numberField, objectField, ownField, stringField, type JsonObject } from '@x/core/provider-utils';
import type { DocumentWalk } from './log-state.js';
import type { ExportMessage } from './log-wire-schema.js';
import { toolPartOutcome } from './tool-outcome.js';
import { displayedPartSchema, firstIssue, type ToolPart } from './wire-schema.js';
import { errorMessage, isoTime, modelOf, stepUsage } from './wire-values.js';

/** Part types of the SDK `Part` union that a session log shows nothing of: edits show as tool results. */
const PARTS_NOT_SHOWN: ReadonlySet<string> = new Set(['step-start', 'file', 'patch', 'snapshot', 'agent', 'subtask']);

/** `event` with its `timestamp`, when there is one. */
export function stamp<E extends DisplayEvent>(event: E, timestamp: string | undefined): E {
  if (timestamp !== undefined) event.timestamp = timestamp;
  return event;
}

/**
 * A part the log cannot show: a document is one line, and a line that gives
 * events cannot also be counted as unknown, so it says so with a notice that
 * names the part's type.
 */
function leftOut(walk: DocumentWalk, message: string, code: string, timestamp: string | undefined): void {
  walk.events.push(stamp({ kind: 'notice', level: 'warning', message, code }, timestamp));
}

/**
 * The notice of a compaction part `{ auto, overflow }` (L9): what started it,
 * which is all the part records (its summary's size is the summary message's).
 */
function compacted(part: unknown, walk: DocumentWalk, timestamp: string | undefined): void {
  const auto = ownField(part, 'auto');
  const trigger = auto === true ? 'auto' : auto === false ? 'manual' : undefined;
  walk.events.push(stamp(compactionNotice(trigger === undefined ? {} : { trigger }), timestamp));
}

/**
 * The typed text of a user message, as a prompt; text OpenCode injects (an
 * @-mention's file, reminders, the note after a compaction) is `synthetic`.
 * A compaction is a user message of its own whose part says so (L9).
 */
export function userMessage(info: ExportMessage['info'], parts: unknown[], walk: DocumentWalk, timestamp: string | undefined): void {
  const compaction = parts.find((part) => stringField(part, 'type') === 'compaction');
  if (compaction !== undefined) compacted(compaction, walk, timestamp);
  const typed = parts.filter((part) => stringField(part, 'type') === 'text' && ownField(part, 'synthetic') !== true && ownField(part, 'ignored') !== true);
  const text = typed
    .map((part) => stringField(part, 'text') ?? '')
    .join('\n\n')
    .trim();
  if (text === '') return;
  const prompt: DisplayEvent = { kind: 'prompt', form: 'prompt', text };
  if (info.id !== undefined) prompt.id = info.id;
  walk.events.push(stamp(prompt, timestamp));
}

function toolPart(part: ToolPart, walk: DocumentWalk, timestamp: string | undefined): void {
  const { state } = part;
  const callId = part.callID || part.id;
  if (callId === undefined || callId === '') return leftOut(walk, `OpenCode tool part ${part.tool} without callID or id left out`, 'malformed-part', timestamp);
  const time = objectField(state, 'time');
  for (const use of walk.tools.start({ id: callId, toolName: part.tool, input: state.input ?? {} })) walk.events.push(stamp(use, isoTime(numberField(time, 'start')) ?? timestamp));
  // `pending` and `running` calls of a session that stopped stay unfinished.
  if (state.status !== 'completed' && state.status !== 'error') return;
  for (const result of walk.tools.finish(callId, toolPartOutcome(part.tool, state, state.status))) walk.events.push(stamp(result, isoTime(numberField(time, 'end')) ?? timestamp));
}

function shownPart(part: JsonObject, type: string, walk: DocumentWalk, timestamp: string | undefined): void {
  const parsed = displayedPartSchema.safeParse(part);
  if (!parsed.success) return leftOut(walk, `OpenCode ${type} part left out: ${firstIssue(parsed.error)}`, 'malformed-part', timestamp);
  const shown = parsed.data;
  if (shown.type === 'text' || shown.type === 'reasoning') {
    // An empty reasoning part holds encrypted reasoning in its metadata: nothing to read.
    const text = shown.text ?? '';
    const time = isoTime(numberField(objectField(part, 'time'), 'start')) ?? timestamp;
    if (text !== '') walk.events.push(stamp({ kind: shown.type, id: shown.id, text }, time));
  } else if (shown.type === 'tool') {
    toolPart(shown, walk, timestamp);
  } else if (shown.type === 'step-finish') {
    walk.steps += 1;
    const usage = stepUsage(shown, walk.model);
    if (usage !== undefined) walk.events.push(stamp(usage, timestamp));
  }
}

function assistantPart(part: JsonObject, walk: DocumentWalk, timestamp: string | undefined): void {
  const type = stringField(part, 'type');
  if (type === undefined) return leftOut(walk, 'OpenCode part without type left out', 'malformed-part', timestamp);
  if (PARTS_NOT_SHOWN.has(type)) return;
  if (type === 'compaction') {
    compacted(part, walk, timestamp);
  } else if (type === 'retry') {
    const attempt = numberField(part, 'attempt');
    const message = attempt === undefined ? 'Retrying' : `Retrying (attempt ${attempt})`;
    walk.events.push(stamp({ kind: 'notice', level: 'warning', message, code: 'retry' }, timestamp));
  } else if (type === 'text' || type === 'reasoning' || type === 'tool' || type === 'step-finish') {
    shownPart(part, type, walk, timestamp);
  } else {
    leftOut(walk, `Unknown OpenCode part type "${type}" not shown`, 'unknown-part', timestamp);
  }
}

/**
 * The `reason` of a message's last step-finish part: OpenCode 1.0.0 writes no `finish` on its assistant
 * messages, only on their step-finish parts (docs/formats/opencode.md, log quirk L10).
 */
function lastStepReason(parts: readonly unknown[]): string | undefined {
  const steps = parts.filter((part) => isJsonObject(part) && stringField(part, 'type') === 'step-finish');
  const last = steps.at(-1);
  return last === undefined ? undefined : stringField(last, 'reason');
}

/**
 * How a message without `finish` ended: its last step-finish part's `reason` (1.0.0, L10); in a 0.x session,
 * which writes neither (and keeps every step of a turn in one message, L11), `stop` for a message that
 * completed without an error; `undefined` (never finished) otherwise.
 */
function finishWithout(info: ExportMessage['info'], parts: readonly unknown[], walk: DocumentWalk): string | undefined {
  const reason = lastStepReason(parts);
  if (reason !== undefined || !walk.unmarkedFinish) return reason;
  const errored = info.error !== undefined && info.error !== null;
  return info.time?.completed !== undefined && !errored ? 'stop' : undefined;
}

/** The text and reasoning of a compaction's summary (`summary: true`, L9): the agent's, not shown, as no agent's summary is. */
const isSummaryText = (info: ExportMessage['info'], part: JsonObject): boolean => ownField(info, 'summary') === true && ['text', 'reasoning'].includes(stringField(part, 'type') ?? '');

/** An assistant message: its parts in order, then its error (not fatal: the session's end says how it ended). */
export function assistantMessage(info: ExportMessage['info'], parts: unknown[], walk: DocumentWalk, timestamp: string | undefined): void {
  walk.model = modelOf(info) ?? walk.model;
  walk.lastAssistant = info.finish === undefined ? { ...info, finish: finishWithout(info, parts, walk) } : info;
  for (const part of parts) {
    if (isJsonObject(part) && isSummaryText(info, part)) continue;
    if (isJsonObject(part)) assistantPart(part, walk, timestamp);
    else leftOut(walk, 'OpenCode part that is not an object left out', 'malformed-part', timestamp);
  }
  if (info.error === undefined || info.error === null) return;
  const { message, code } = errorMessage(info.error);
  const event: DisplayEvent = { kind: 'error', message, fatal: false };
  if (code !== undefined) event.code = code;
  walk.events.push(stamp(event, isoTime(info.time?.completed) ?? timestamp));
}
