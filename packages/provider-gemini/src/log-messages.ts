import type { DisplayEvent, UsageDisplayEvent } from '@x/core';
import {
  arrayField,
  cutText,
  isJsonObject,
  numberField,
  objectField,
  ownField,
  stringField,
  type JsonObject,
  type ToolCallOutcome,
  type TextAssembler,
  type ToolCallTracker,
} from '@x/core/provider-utils';
import type { SubagentMessage } from './legacy-subagent.js';
import { readShellOutput } from './shell-output.js';
import { failedSubagent } from './subagent-outcome.js';
import { GEMINI_TOOL_ALIASES, previewOverride } from './tool-names.js';
import { userRecordText } from './user-record.js';

/**
 * What was already shown of one message, so that a later copy of it (same
 * `id`) adds only what is new. Its text is in the log state's text
 * assembler, under the message id.
 */
export interface ShownMessage {
  type: string;
  thoughts: number;
  usage: boolean;
  /** Whether every tool call of the message had a final status when last shown. */
  settled: boolean;
  /** Whether an `info`, `warning` or `error` record was shown: they are shown once. */
  noted: boolean;
}

/** The longest message type a shown message keeps whole; the recorder writes `user`, `gemini`, `info`, `warning` and `error`. */
const MAX_KEPT_TYPE_CHARS = 64;

/** Tool call statuses after which a call no longer changes (`CoreToolCallStatus`). */
const FINAL_STATUSES: ReadonlySet<string> = new Set(['success', 'error', 'cancelled']);

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

/**
 * A successful call's outcome. The recording keeps what the model got (a
 * read's file text), not only the short display string stream-json carries;
 * a shell's is the report that quotes the command first, read apart into the
 * command's output, stderr and exit code (#18). A one-string array is one
 * text block, which core takes as it is.
 */
function successOutcome(toolName: string, output: string | undefined): ToolCallOutcome {
  if (output === undefined) return { status: 'success' };
  if (GEMINI_TOOL_ALIASES.get(toolName) === 'Task') return failedSubagent(output) ?? { status: 'success', output: [output] };
  if (toolName !== 'run_shell_command') return { status: 'success', output: [output] };
  const shell = readShellOutput(output);
  const outcome: ToolCallOutcome = { status: 'success', output: [shell.output], stderr: shell.stderr, exitCode: shell.exitCode };
  if (shell.error !== undefined) outcome.errorMessage = shell.error;
  return outcome;
}

function toolOutcome(call: JsonObject, toolName: string, status: string): ToolCallOutcome {
  const { output, error } = responseOf(call);
  if (status === 'success') return successOutcome(toolName, output);
  const display = stringField(call, 'resultDisplay');
  const reason = status === 'cancelled' ? 'Cancelled' : (error ?? (display === '' ? undefined : display) ?? 'Tool call failed');
  return { status: 'error', errorMessage: reason };
}

/** Tool calls of a `gemini` message: one `tool-use` per id, a `tool-result` once its status is final; a subagent's nested under its call. */
function toolEvents(calls: unknown[], tracker: ToolCallTracker, fallbackTime: string | undefined, parent: string | undefined, out: DisplayEvent[]): boolean {
  let settled = true;
  for (const call of calls) {
    if (!isJsonObject(call)) continue;
    const id = stringField(call, 'id');
    const toolName = stringField(call, 'name');
    if (id === undefined || toolName === undefined) continue;
    const input = ownField(call, 'args') ?? {};
    const time = stringField(call, 'timestamp') ?? fallbackTime;
    const start = { id, toolName, input, arg: previewOverride(toolName, input), ...(parent === undefined ? {} : { parentToolUseId: parent }) };
    for (const use of tracker.start(start)) out.push(withTime(use, fallbackTime));
    const status = stringField(call, 'status') ?? '';
    if (!FINAL_STATUSES.has(status)) {
      settled = false;
      continue;
    }
    for (const result of tracker.finish(id, toolOutcome(call, toolName, status))) out.push(withTime(result, time));
  }
  return settled;
}

/** A message's text, as an increment over what was shown; `changed` when the shown part was rewritten. */
function textIncrement({ id, timestamp, text: assembler }: RecordInput, text: string, out: DisplayEvent[]): boolean {
  const copy = assembler.copy(id, text, false);
  if (copy.match === 'differs') return true;
  if (copy.added !== '') out.push(withTime({ kind: 'text', id, text: copy.added }, timestamp));
  return false;
}

/**
 * The events of one `MessageRecord`, given what was already shown of it
 * (`shown` is updated). Returns `changed` when the record rewrites something
 * already shown in a way no increment can express; the caller says so. A
 * message a subagent wrote into the main session (`subagent`, 0.20, 0.26) is
 * nested under its call: all of it, but the main session's calls its
 * carrier holds.
 */
export function messageEvents(
  record: JsonObject,
  shown: ShownMessage,
  tracker: ToolCallTracker,
  text: TextAssembler,
  subagent?: SubagentMessage,
): { events: DisplayEvent[]; changed: boolean } {
  const message: RecordInput = { record, id: stringField(record, 'id') ?? '', timestamp: stringField(record, 'timestamp'), shown, text };
  const parent = subagent?.parent;
  if (shown.type === 'user') return nested(userRecordEvents(message), parent);
  if (shown.type !== 'gemini') return nested({ events: statusRecordEvents(message), changed: false }, parent);
  const calls: DisplayEvent[] = [];
  shown.settled = toolEvents(arrayField(record, 'toolCalls') ?? [], tracker, message.timestamp, subagent?.carrier === true ? undefined : parent, calls);
  const own = nested(geminiRecordEvents(message), parent);
  // The calls come after the message's text and before its usage, as the reply made them.
  const usage = own.events.findIndex((event) => event.kind === 'usage');
  own.events.splice(usage === -1 ? own.events.length : usage, 0, ...calls);
  return own;
}

/** Events nested under the subagent call `parent`, when there is one. */
function nested(result: { events: DisplayEvent[]; changed: boolean }, parent: string | undefined): { events: DisplayEvent[]; changed: boolean } {
  if (parent !== undefined) for (const event of result.events) event.parentToolUseId = parent;
  return result;
}

/** A `MessageRecord` with its id, timestamp and what was already shown of it. */
interface RecordInput {
  record: JsonObject;
  id: string;
  timestamp: string | undefined;
  shown: ShownMessage;
  /** The texts shown, by message id. */
  text: TextAssembler;
}

/** A `user` record: a prompt is shown whole once; any later difference is a rewrite. */
function userRecordEvents({ record, id, timestamp, text: assembler }: RecordInput): { events: DisplayEvent[]; changed: boolean } {
  const user = userRecordText(record);
  if (user.kind === 'context') return { events: [], changed: false };
  if (user.kind === 'grace') {
    if (assembler.copy(id, user.reason, false).match !== 'new') return { events: [], changed: false };
    const message = `Gemini CLI gave the subagent a last chance to call complete_task${user.reason === '' ? '' : `: ${user.reason}`}`;
    return { events: [withTime({ kind: 'notice', level: 'info', code: 'grace-period', message }, timestamp)], changed: false };
  }
  const text = user.text;
  if (user.kind === 'continue') {
    if (assembler.copy(id, text, false).match !== 'new') return { events: [], changed: false };
    return { events: [withTime({ kind: 'notice', level: 'info', code: 'continue', message: 'Gemini CLI asked the model to continue its reply' }, timestamp)], changed: false };
  }
  const copy = assembler.copy(id, text, false);
  if (copy.match !== 'new') return { events: [], changed: copy.added !== '' || copy.match === 'differs' };
  return { events: text === '' ? [] : [withTime({ kind: 'prompt', form: 'prompt', text, id }, timestamp)], changed: false };
}

/** An `info`, `warning` or `error` record: shown once, as a notice or an error. */
function statusRecordEvents({ record, timestamp, shown }: RecordInput): DisplayEvent[] {
  if (shown.noted) return [];
  shown.noted = true;
  const type = shown.type;
  const message = partsText(ownField(record, 'content')).trim() || `Gemini CLI ${type} message without text`;
  if (type === 'error') return [withTime({ kind: 'error', message, fatal: false }, timestamp)];
  return [withTime({ kind: 'notice', level: type === 'warning' ? 'warning' : 'info', message }, timestamp)];
}

/** A `gemini` record but its tool calls: new thoughts, the text's increment and, once, its usage. */
function geminiRecordEvents(message: RecordInput): { events: DisplayEvent[]; changed: boolean } {
  const { record, id, timestamp, shown } = message;
  const out: DisplayEvent[] = [];
  const thoughts = arrayField(record, 'thoughts') ?? [];
  const fresh = thoughts
    .slice(shown.thoughts)
    .map(thoughtText)
    .filter((text) => text !== '');
  if (fresh.length > 0)
    out.push(withTime({ kind: 'reasoning', id: `${id}:thoughts`, text: (shown.thoughts > 0 ? '\n\n' : '') + fresh.join('\n\n') }, timestamp));
  shown.thoughts = Math.max(shown.thoughts, thoughts.length);
  const changed = textIncrement(message, partsText(ownField(record, 'content')), out);
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
  // Up to MAX_SHOWN are kept, each from a line of up to 16 MiB: a type no recorder writes is kept cut.
  return { type: cutText(type, MAX_KEPT_TYPE_CHARS), thoughts: 0, usage: false, settled: true, noted: false };
}
