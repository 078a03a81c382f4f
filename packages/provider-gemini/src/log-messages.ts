import { type DisplayEvent, type UsageDisplayEvent } from '@x/core';
import {
  arrayField,
  isJsonObject,
  numberField,
  objectField,
  ownField,
  stringField,
  type JsonObject,
  type ToolCallOutcome,
  type ToolCallTracker,
} from '@x/core/provider-utils';
import { previewOverride } from './tool-names.js';

/**
 * What was already shown of one message, so that a later copy of it (same
 * `id`) adds only what is new. Text is remembered by length and hash, not
 * kept, so that memory stays small however long the messages.
 */
export interface ShownMessage {
  type: string;
  textLength: number;
  textHash: number;
  thoughts: number;
  usage: boolean;
  /** Whether every tool call of the message had a final status when last shown. */
  settled: boolean;
}

/** Tool call statuses after which a call no longer changes (`CoreToolCallStatus`). */
const FINAL_STATUSES: ReadonlySet<string> = new Set(['success', 'error', 'cancelled']);

/** FNV-1a over UTF-16 code units: a cheap fingerprint of text already shown. */
export function textHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * The text of a Gemini `PartListUnion`: a string, one part, or a list of
 * parts, of which only `text` parts are shown (inline data, function calls
 * and responses are not text a person typed or read).
 */
export function partsText(content: unknown): string {
  if (typeof content === 'string') return content;
  const parts = Array.isArray(content) ? content : [content];
  return parts.flatMap((part) => (typeof part === 'string' ? [part] : (stringField(part, 'text') ?? []))).join('');
}

function thoughtText(thought: unknown): string {
  const subject = stringField(thought, 'subject') ?? '';
  const description = stringField(thought, 'description') ?? '';
  return subject !== '' && description !== '' ? `${subject}\n${description}` : subject || description;
}

function withTime<E extends DisplayEvent>(event: E, timestamp: string | undefined): E {
  if (timestamp !== undefined) event.timestamp = timestamp;
  return event;
}

function usageOf(tokens: JsonObject, model: string | undefined, timestamp: string | undefined): UsageDisplayEvent | undefined {
  // `input` is the prompt count, cached tokens included (core's convention);
  // `output` leaves out `thoughts`, reported as reasoning.
  const fields = [
    ['inputTokens', numberField(tokens, 'input')],
    ['outputTokens', numberField(tokens, 'output')],
    ['reasoningTokens', numberField(tokens, 'thoughts')],
    ['cacheReadTokens', numberField(tokens, 'cached')],
  ] as const;
  const usage: UsageDisplayEvent = { kind: 'usage', cumulative: false };
  if (model !== undefined) usage.model = model;
  let any = false;
  for (const [field, value] of fields) {
    if (value === undefined) continue;
    usage[field] = value;
    any = true;
  }
  return any ? withTime(usage, timestamp) : undefined;
}

const EXIT_CODE = /^Exit Code: (-?\d+)$/m;

/** The text a tool call's `result` (functionResponse parts) carries, and its error. */
function responseOf(call: JsonObject): { output: string | undefined; error: string | undefined } {
  let output: string | undefined;
  let error: string | undefined;
  for (const part of arrayField(call, 'result') ?? []) {
    const response = objectField(objectField(part, 'functionResponse'), 'response');
    output ??= stringField(response, 'output');
    error ??= stringField(response, 'error');
  }
  return { output, error };
}

function toolOutcome(call: JsonObject, status: string): ToolCallOutcome {
  const { output, error } = responseOf(call);
  const display = stringField(call, 'resultDisplay');
  if (status === 'success') {
    // The recording keeps what the model got (a read's file text), not only
    // the short display string stream-json carries. A one-string array is one
    // text block, which core takes as it is.
    const outcome: ToolCallOutcome = { status: 'success', output: output === undefined ? undefined : [output] };
    const exit = output === undefined ? null : EXIT_CODE.exec(output);
    if (exit) outcome.exitCode = Number(exit[1]);
    return outcome;
  }
  const reason = status === 'cancelled' ? 'Cancelled' : (error ?? (display === '' ? undefined : display) ?? 'Tool call failed');
  return { status: 'error', errorMessage: reason };
}

/** Tool calls of a `gemini` message: one `tool-use` per id, a `tool-result` once its status is final. */
function toolEvents(calls: unknown[], tracker: ToolCallTracker, fallbackTime: string | undefined, out: DisplayEvent[]): boolean {
  let settled = true;
  for (const call of calls) {
    if (!isJsonObject(call)) continue;
    const id = stringField(call, 'id');
    const toolName = stringField(call, 'name');
    if (id === undefined || toolName === undefined) continue;
    const input = ownField(call, 'args') ?? {};
    const time = stringField(call, 'timestamp') ?? fallbackTime;
    const use = tracker.start({ id, toolName, input, arg: previewOverride(toolName, input) });
    if (use !== undefined) out.push(withTime(use, fallbackTime));
    const status = stringField(call, 'status') ?? '';
    if (!FINAL_STATUSES.has(status)) {
      settled = false;
      continue;
    }
    const result = tracker.finish(id, toolOutcome(call, status));
    if (result === undefined) continue;
    // Gemini's search output opens with a header line ("Directory listing
    // for ...", "Found 2 matches ..."): counting its lines would overcount.
    if (result.toolKind === 'search') {
      delete result.details.matchCount;
      delete result.details.fileCount;
    }
    out.push(withTime(result, time));
  }
  return settled;
}

/** A message's text, as an increment over what was shown; `changed` when the shown part was rewritten. */
function textIncrement(id: string, text: string, shown: ShownMessage, timestamp: string | undefined, out: DisplayEvent[], kind: 'text' | 'prompt'): boolean {
  const before = shown.textLength;
  if (text.length < before || textHash(text.slice(0, before)) !== shown.textHash) return true;
  if (text.length === before) return false;
  if (kind === 'prompt') out.push(withTime({ kind: 'prompt', form: 'prompt', text, id }, timestamp));
  else out.push(withTime({ kind: 'text', id, text: text.slice(before) }, timestamp));
  shown.textLength = text.length;
  shown.textHash = textHash(text);
  return false;
}

/**
 * The events of one `MessageRecord`, given what was already shown of it
 * (`shown` is updated). Returns `changed` when the record rewrites something
 * already shown in a way no increment can express; the caller says so.
 */
export function messageEvents(record: JsonObject, shown: ShownMessage, tracker: ToolCallTracker): { events: DisplayEvent[]; changed: boolean } {
  const message: RecordInput = { record, id: stringField(record, 'id') ?? '', timestamp: stringField(record, 'timestamp'), shown };
  if (shown.type === 'user') return userRecordEvents(message);
  if (shown.type !== 'gemini') return { events: statusRecordEvents(message), changed: false };
  return geminiRecordEvents(message, tracker);
}

/** A `MessageRecord` with its id, timestamp and what was already shown of it. */
interface RecordInput {
  record: JsonObject;
  id: string;
  timestamp: string | undefined;
  shown: ShownMessage;
}

/** A `user` record: a prompt is shown whole once; any later difference is a rewrite. */
function userRecordEvents({ record, id, timestamp, shown }: RecordInput): { events: DisplayEvent[]; changed: boolean } {
  const out: DisplayEvent[] = [];
  const text = partsText(ownField(record, 'displayContent') ?? ownField(record, 'content')).trimEnd();
  if (shown.textLength > 0) return { events: out, changed: textHash(text) !== shown.textHash || text.length !== shown.textLength };
  textIncrement(id, text, shown, timestamp, out, 'prompt');
  return { events: out, changed: false };
}

/** An `info`, `warning` or `error` record: shown once, as a notice or an error. */
function statusRecordEvents({ record, timestamp, shown }: RecordInput): DisplayEvent[] {
  if (shown.textLength > 0) return [];
  const type = shown.type;
  const message = partsText(ownField(record, 'content')).trim() || `Gemini CLI ${type} message without text`;
  shown.textLength = message.length;
  if (type === 'error') return [withTime({ kind: 'error', message, fatal: false }, timestamp)];
  return [withTime({ kind: 'notice', level: type === 'warning' ? 'warning' : 'info', message }, timestamp)];
}

/** A `gemini` record: new thoughts, the text's increment, its tool calls and, once, its usage. */
function geminiRecordEvents({ record, id, timestamp, shown }: RecordInput, tracker: ToolCallTracker): { events: DisplayEvent[]; changed: boolean } {
  const out: DisplayEvent[] = [];
  const thoughts = arrayField(record, 'thoughts') ?? [];
  const fresh = thoughts.slice(shown.thoughts).map(thoughtText).filter((text) => text !== '');
  if (fresh.length > 0) out.push(withTime({ kind: 'reasoning', id: `${id}:thoughts`, text: (shown.thoughts > 0 ? '\n\n' : '') + fresh.join('\n\n') }, timestamp));
  shown.thoughts = Math.max(shown.thoughts, thoughts.length);
  const changed = textIncrement(id, partsText(ownField(record, 'content')), shown, timestamp, out, 'text');
  shown.settled = toolEvents(arrayField(record, 'toolCalls') ?? [], tracker, timestamp, out);
  const tokens = objectField(record, 'tokens');
  if (!shown.usage && tokens !== undefined) {
    const usage = usageOf(tokens, stringField(record, 'model'), timestamp);
    if (usage !== undefined) {
      out.push(usage);
      shown.usage = true;
    }
  }
  return { events: out, changed };
}

/** A fresh {@link ShownMessage} for a record of `type`. */
export function newShown(type: string): ShownMessage {
  return { type, textLength: 0, textHash: textHash(''), thoughts: 0, usage: false, settled: true };
}
